// Bench section: an account's outbox of 500 changes made offline, replayed when the network
// returns, against the production server on PGlite: the time until everything is synced.
// Runs the app's own modules (bundled with esbuild) in Node, with fake-indexeddb.
import { build } from 'esbuild';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const REPLAY_CHANGES = 500;
const REPLAY_DAYS = 10;

async function loadEntry() {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./outbox-entry.ts', import.meta.url))],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    absWorkingDir: ROOT,
    tsconfig: `${ROOT}tsconfig.json`,
    logLevel: 'error',
  });
  const folder = await mkdtemp(join(ROOT, 'node_modules', '.bench-outbox-'));
  const file = join(folder, 'entry.mjs');
  await writeFile(file, result.outputFiles[0].text);
  return { module: await import(pathToFileURL(file).href), cleanup: () => rm(folder, { recursive: true }) };
}

const BATCH_SIZES = [1, 100];
const ROUND_TRIPS_MS = [0, 50];

/** A new account on the server; answers its session cookie. */
async function register(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
    body: JSON.stringify({ email: `outbox-${randomUUID()}@bench.test`, password: 'bench password 2026' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export async function outboxSection(ctx) {
  const server = await ctx.startServer({});
  const { module, cleanup } = await loadEntry();
  try {
    const rows = [];
    for (const roundTripMs of ROUND_TRIPS_MS) {
      for (const batchSize of BATCH_SIZES) {
        const cookie = await register(server.baseUrl);
        const result = await module.replayOutbox(server.baseUrl, cookie, REPLAY_CHANGES, REPLAY_DAYS, {
          batchSize,
          roundTripMs,
        });
        rows.push({ roundTripMs, batchSize, ...result, perChange: result.ms / result.queued });
      }
    }
    return {
      target: 'every queued change stored once',
      columns: [
        { key: 'roundTripMs', label: 'round trip (ms)', align: 'right' },
        { key: 'batchSize', label: 'per request', align: 'right' },
        { key: 'queued', label: 'queued', align: 'right' },
        { key: 'ms', label: 'to synced (ms)', align: 'right', format: (v) => v.toFixed(0) },
        { key: 'perChange', label: 'per change (ms)', align: 'right', format: (v) => v.toFixed(2) },
        { key: 'requests', label: 'requests', align: 'right' },
        { key: 'stored', label: 'stored', align: 'right' },
        { key: 'left', label: 'left queued', align: 'right' },
      ],
      rows,
      notes: [
        `${REPLAY_CHANGES} entry writes over ${REPLAY_DAYS} days, queued offline, then the network returns.`,
        'per request: the most changes one request carries (1: each alone; the outbox batches up to LIMITS.batchOperations).',
        'round trip: added before each request, as a phone network would.',
      ],
    };
  } finally {
    await cleanup();
    await server.stop();
  }
}
