import type { APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// `npm start`'s server as the e2e tests of its operations start it: a child process of its own,
// its stdout kept line by line (tests/e2e/graceful-stop.spec.ts, tests/e2e/operations.spec.ts).

const ROOT = path.resolve(__dirname, '..', '..');
export const AUTH_SECRET = 'e2e-graceful-stop-secret-0123456789abcdef';

export type StartOptions = { command?: string[]; env?: Record<string, string> };

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

/** `npm start`'s server as a child process, its stdout kept line by line. */
export class ServerProcess {
  readonly lines: string[] = [];
  stderr = '';
  readonly exited: Promise<Exit>;
  private rest = '';
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly dataDir: string,
  ) {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (this.rest + chunk).split('\n');
      this.rest = parts.pop()!;
      this.lines.push(...parts);
      for (const wake of this.waiters.splice(0)) wake();
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    // The time is the process's exit; the answer waits for 'close', when its output has all been
    // read: at 'exit' the last lines (the log's "stopped") may still be on their way.
    this.exited = new Promise((resolve) => {
      let at = 0;
      child.once('exit', () => (at = Date.now()));
      child.once('close', (code, signal) => {
        if (this.rest) this.lines.push(this.rest);
        for (const wake of this.waiters.splice(0)) wake();
        resolve({ code, signal, at: at || Date.now() });
      });
    });
  }

  /**
   * A server on `port` keeping its embedded database in `dataDir`: `node server/server.mjs`, or
   * `command` (`npm start`), with `env` added to what it gets.
   */
  static start(
    port: number,
    dataDir: string,
    { command = [process.execPath, 'server/server.mjs'], env = {} }: StartOptions = {},
  ): ServerProcess {
    const [file, ...args] = command;
    const child = spawn(file!, args, {
      cwd: ROOT,
      // Only what the server needs: no DATABASE_URL (so PGlite), no HOSTNAME (so every address),
      // nothing of the test runner's.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        AUTH_SECRET,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, so that kill() also ends what `command` started (the
      // server under `npm start`); terminate() signals the one process, as docker stop does.
      detached: true,
    });
    return new ServerProcess(child, `http://localhost:${port}`, dataDir);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The process id: npm's own when `command` is `npm start`. */
  get pid(): number {
    return this.child.pid!;
  }

  /** Sends SIGTERM; answers the moment it was sent. */
  terminate(): number {
    this.child.kill('SIGTERM');
    return Date.now();
  }

  /** Ends the process and whatever it started, at once: the test is over, whatever happened. */
  kill(): void {
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  }

  /** Waits until /api/ready answers 200: the database is open and migrated. */
  async ready(request: APIRequestContext, timeoutMs = 25_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`the server exited at start:\n${this.stderr}`);
      const answer = await request.get(`${this.url}/api/ready`).catch(() => null);
      if (answer?.status() === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.url} was not ready within ${timeoutMs} ms:\n${this.stderr}`);
  }

  /** Waits for a stdout line that `matches`. */
  async line(matches: (line: string) => boolean, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(matches);
      if (found) return found;
      if (!this.running || Date.now() > deadline) throw new Error('no such line on stdout');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
}
