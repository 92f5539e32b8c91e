/** The seed's guard: a chunk-load error reloads a path at most once per 10 seconds. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const STORAGE_PREFIX = 'chunk-reload:';

/** True when an error or rejection reason means a script chunk of an older build is gone. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  const name = typeof reason === 'object' && 'name' in reason ? String(reason.name) : '';
  const message =
    typeof reason === 'string'
      ? reason
      : typeof reason === 'object' && 'message' in reason
        ? String(reason.message)
        : '';
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      message,
    )
  );
}

/**
 * Whether a reload of `path` is allowed now; when it is, the time is recorded so a broken
 * build cannot put the page into a reload loop.
 */
export function claimChunkReload(storage: Storage, path: string, now = Date.now()): boolean {
  const key = STORAGE_PREFIX + path;
  const last = Number(storage.getItem(key));
  if (storage.getItem(key) !== null && Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS)
    return false;
  storage.setItem(key, String(now));
  return true;
}
