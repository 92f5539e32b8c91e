/** The build-id file written after each production build (scripts/write-build-info.mjs). */
export const BUILD_INFO_PATH = '/builds/latest.json';
/** First check about 1 s after load, then hourly (the seed's 3,600,000 ms constant). */
export const BUILD_CHECK_DELAY_MS = 1000;
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

export type BuildInfo = { id: string; builtAt: string };

export function isBuildInfo(value: unknown): value is BuildInfo {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as BuildInfo).id === 'string' &&
    typeof (value as BuildInfo).builtAt === 'string'
  );
}

/** Fetches the newest build's id, bypassing every cache; null when offline or unreadable. */
export async function fetchLatestBuild(now = Date.now()): Promise<BuildInfo | null> {
  try {
    const response = await fetch(`${BUILD_INFO_PATH}?t=${now}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const data: unknown = await response.json();
    return isBuildInfo(data) ? data : null;
  } catch {
    return null;
  }
}
