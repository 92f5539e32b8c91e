import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// A setting `npm start`'s server cannot use stops it at once, exit code 1,
// with one JSON line naming the variable (docs/deploy.md, section 2), so a process manager
// reports a failed start. The checks run before Next.js loads, so these need no build: were a
// check missing, the server would go on to load Next.js and the test's deadline would catch it.

const ROOT = path.resolve(__dirname, '..', '..');
/** Well under the time Next.js takes to load (a second or more on this machine). */
const REFUSED_WITHIN_MS = 5_000;

/** Every process these tests started: none outlives them, whatever an assertion found. */
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

type Run = { code: number | null; stdout: string; stderr: string; tookMs: number };

/** Runs server/server.mjs with `env` until it exits, or kills it at the deadline. */
function runServer(env: Record<string, string>): Promise<Run> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['server/server.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: '/nonexistent/diary-settings-test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const deadline = setTimeout(() => child.kill('SIGKILL'), REFUSED_WITHIN_MS * 2);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(deadline);
      children.delete(child);
      resolve({ code, stdout, stderr, tookMs: Date.now() - startedAt });
    }),
  );
}

/** What an operator reads: exactly one JSON line, fatal, naming the variable, and exit code 1. */
function expectRefusal(run: Run, variable: string, says: RegExp) {
  const lines = run.stdout.split('\n').filter(Boolean);
  expect(run.stderr, 'nothing on stderr (no stack trace)').toBe('');
  expect(lines, run.stdout).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'fatal', variable, msg: expect.stringMatching(says) });
  expect(run.code).toBe(1);
  expect(run.tookMs).toBeLessThan(REFUSED_WITHIN_MS);
}

/** A port on loopback that another process (this test) holds. */
async function takenPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, resolve));
  const { port } = holder.address() as net.AddressInfo;
  return { port, release: () => new Promise((resolve) => holder.close(() => resolve())) };
}

describe(
  'the server refuses a setting it cannot use, before it loads the app',
  { timeout: REFUSED_WITHIN_MS * 3 },
  () => {
    it.each([
      ['TRUST_PROXY', 'lookback', /loopback, linklocal, uniquelocal, not "lookback"/],
      ['TRUST_PROXY', '10.0.0.0/33', /CIDR ranges/],
      ['LOG_LEVEL', 'verbose', /trace, debug, info, warn, error, fatal, silent, not "verbose"/],
      ['PORT', 'abc', /1 to 65535, not "abc"/],
      ['PORT', '70000', /1 to 65535, not "70000"/],
      ['PORT', '3000x', /1 to 65535/],
      ['HOSTNAME', 'not a host!', /IP address .* or a host name/],
      ['REQUEST_TIMEOUT_MS', '60s', /milliseconds from 1000 to 600000, not "60s"/],
      ['HEADERS_TIMEOUT_MS', '500', /milliseconds from 1000 to 600000, not "500"/],
      ['LEAN_API', 'no', /on or off, not "no"/],
      ['METRICS_PORT', '9464x', /1 to 65535, not "9464x"/],
      ['METRICS_PORT', '0', /1 to 65535, not "0"/],
      // The metrics on the app's own port would be open to anyone who reaches the app.
      ['METRICS_PORT', '3499', /must differ from PORT \(3499\)/],
    ])('%s=%s', async (variable, value, says) => {
      expectRefusal(await runServer({ PORT: '3499', [variable]: value }), variable, says);
    });

    it('METRICS_HOST that is no address, or set without METRICS_PORT: exit 1 naming it', async () => {
      expectRefusal(
        await runServer({ PORT: '3499', METRICS_PORT: '3498', METRICS_HOST: 'not a host!' }),
        'METRICS_HOST',
        /IP address .* or a host name, not "not a host!"/,
      );
      expectRefusal(
        await runServer({ PORT: '3499', METRICS_HOST: '0.0.0.0' }),
        'METRICS_PORT',
        /METRICS_HOST is set but METRICS_PORT is not/,
      );
    });

    it('a metrics port another process holds: exit 1 naming METRICS_PORT, before the app loads', async () => {
      const { port, release } = await takenPort();
      try {
        const run = await runServer({ PORT: '3499', METRICS_PORT: String(port) });
        expectRefusal(run, 'METRICS_PORT', new RegExp(`METRICS_PORT ${port} is in use`));
      } finally {
        await release();
      }
    });

    it('headers given longer than the whole request: exit 1 naming HEADERS_TIMEOUT_MS', async () => {
      expectRefusal(
        await runServer({ PORT: '3499', HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' }),
        'HEADERS_TIMEOUT_MS',
        /must not pass REQUEST_TIMEOUT_MS/,
      );
    });

    it('a port another process holds: exit 1 at once, not a clean exit later', async () => {
      const { port, release } = await takenPort();
      try {
        const run = await runServer({ PORT: String(port) });
        expectRefusal(run, 'PORT', new RegExp(`PORT ${port} is in use`));
        expect(JSON.parse(run.stdout)).toMatchObject({ code: 'EADDRINUSE' });
      } finally {
        await release();
      }
    });

    it('an address that is not this machine’s: exit 1 naming HOSTNAME', async () => {
      // TEST-NET-2 (RFC 5737): never an address of this machine.
      const run = await runServer({ PORT: '3499', HOSTNAME: '198.51.100.1' });
      expectRefusal(run, 'HOSTNAME', /not an address of this machine/);
    });
  },
);
