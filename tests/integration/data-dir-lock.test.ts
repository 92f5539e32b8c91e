import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '@/server/data-dir-lock.mjs';

// One server per embedded database (server/data-dir-lock.mjs, docs/decisions/0045). Two servers
// on one DATA_DIR both used to start: each answered, saw only its own writes, and a restart lost
// one's accounts. The check runs before Next.js loads, so these need no build.

const ROOT = path.resolve(__dirname, '..', '..');
/** Well under the time Next.js takes to load, as tests/integration/server-settings.test.ts. */
const REFUSED_WITHIN_MS = 5_000;

const children = new Set<ChildProcess>();
const folders: string[] = [];
afterAll(async () => {
  for (const child of children) kill(child, 'SIGKILL');
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A process of its own group, so that kill() ends whatever it started too. */
function kill(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Gone already.
  }
}

type Started = { child: ChildProcess; lines: string[]; stderr: () => string; exited: Promise<number | null> };

/** A port free a moment ago: the lock is checked after the port, before Next.js loads. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function start(args: string[], dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  const lines: string[] = [];
  let stderr = '';
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (rest) lines.push(rest);
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, lines, stderr: () => stderr, exited };
}

/** `npm start`'s server. */
const startServer = (dataDir: string) => start(['server/server.mjs'], dataDir);

/**
 * A process that takes DATA_DIR as a server does at start, and holds it until it stops: a SIGTERM
 * ends it as it ends a server, by process.exit().
 */
const startHolder = (dataDir: string) => start(['--input-type=module', '-e', HOLD], dataDir);

const HOLD = `import { holdDataDir } from './server/data-dir-lock.mjs';
  holdDataDir(process.env.DATA_DIR);
  process.on('SIGTERM', () => process.exit(0));
  console.log('held');
  console.log('held ' + process.pid);
  setInterval(() => {}, 60_000);`;

async function until(found: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!found()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function freshDataDir() {
  const folder = await mkdtemp(path.join(tmpdir(), 'diary-lock-'));
  folders.push(folder);
  return folder;
}

const parsed = (lines: string[]) =>
  lines.filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('one server per DATA_DIR', { timeout: 30_000 }, () => {
  it('refuses a second server on the same DATA_DIR: exit 1 at once, one line naming it', async () => {
    const dataDir = await freshDataDir();
    const holder = await startHolder(dataDir);
    await until(() => holder.lines.includes('held'), 'hold');

    const startedAt = Date.now();
    const second = await startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(REFUSED_WITHIN_MS);
    expect(second.stderr(), 'nothing on stderr (no stack trace)').toBe('');
    const lines = parsed(second.lines);
    expect(lines, second.lines.join('\n')).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'fatal',
      variable: 'DATA_DIR',
      holder: holder.child.pid,
      msg: expect.stringMatching(
        `DATA_DIR ${dataDir} is in use by another server \\(process ${holder.child.pid}\\)`,
      ),
    });
    // The holder's lock is untouched.
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(holder.child.pid));

    // Stopped as a server stops, it leaves no lock behind.
    kill(holder.child, 'SIGTERM');
    expect(await holder.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('takes over the lock a killed server left (kill -9), and says so', async () => {
    const dataDir = await freshDataDir();
    const holder = await startHolder(dataDir);
    await until(() => holder.lines.includes('held'), 'hold');
    kill(holder.child, 'SIGKILL');
    await holder.exited;
    expect(existsSync(path.join(dataDir, LOCK_FILE)), 'a killed process leaves its lock').toBe(true);

    const next = await startServer(dataDir);
    const tookOver = () =>
      parsed(next.lines).find((line) => line.stalePid === holder.child.pid && line.level === 'warn');
    await until(() => tookOver() !== undefined || next.child.exitCode !== null, 'take-over');
    expect(tookOver(), next.lines.join('\n')).toMatchObject({
      msg: expect.stringContaining('did not stop cleanly'),
    });
    expect(parsed(next.lines).filter((line) => line.variable === 'DATA_DIR')).toEqual([]);
    kill(next.child, 'SIGKILL');
  });

  it.skipIf(process.platform !== 'linux')(
    'takes over the lock of a killed server its parent has not reaped yet (a zombie)',
    async () => {
      const dataDir = await freshDataDir();
      // The holder's parent becomes `sleep`, which never reads its children's exit codes.
      const parent = await start(
        [
          '-e',
          `require('node:child_process').spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(
            HOLD,
          )}], { stdio: 'inherit' }); require('node:child_process').execFileSync('sleep', ['60'])`,
        ],
        dataDir,
      );
      await until(() => parent.lines.some((line) => line.startsWith('held ')), 'hold');
      const holderPid = Number(parent.lines.find((line) => line.startsWith('held '))!.slice(5));
      process.kill(holderPid, 'SIGKILL');
      await until(() => readFileSync(`/proc/${holderPid}/stat`, 'utf8').includes(') Z '), 'zombie');

      const next = await startServer(dataDir);
      const tookOver = () => parsed(next.lines).find((line) => line.stalePid === holderPid);
      await until(() => tookOver() !== undefined || next.child.exitCode !== null, 'take-over');
      expect(tookOver(), next.lines.join('\n')).toMatchObject({ level: 'warn' });
      kill(next.child, 'SIGKILL');
      kill(parent.child, 'SIGKILL');
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'takes over a lock whose process id now belongs to another process (a restarted container)',
    async () => {
      const dataDir = await freshDataDir();
      // This test's own id, running, but written by a process that started at another time.
      writeFileSync(path.join(dataDir, LOCK_FILE), `${process.pid}\n1\n`);
      const next = await startHolder(dataDir);
      await until(() => next.lines.includes('held') || next.child.exitCode !== null, 'hold');
      expect(next.stderr()).toBe('');
      expect(parsed(next.lines.filter((line) => !line.startsWith('held')))).toMatchObject([
        { level: 'warn', stalePid: process.pid },
      ]);
      kill(next.child, 'SIGTERM');
      await next.exited;
    },
  );
});
