// @ts-check
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { logger } from './log.mjs';
import { SettingError } from './settings.mjs';

/**
 * One process per embedded database (docs/decisions/0045). PGlite keeps the database in
 * DATA_DIR/pglite and assumes it is the only process there: two servers on one folder both
 * started, both answered, each saw only its own writes, and a restart lost one's. The first
 * server to start takes the folder with a pid file, `DATA_DIR/server.pid`, as PostgreSQL's own
 * postmaster.pid does; a second one is refused, exit code 1, with one line naming DATA_DIR.
 *
 * The file goes when the process exits (a stop, a failed start, an uncaught error). A process
 * killed outright (kill -9, the OOM killer, a power cut) leaves it behind: it is stale when its
 * process is no longer running (or, on Linux, is a zombie its parent has not reaped yet), or when
 * the process with that id now is another one, started since (Linux: its start time differs; a
 * container's restarted server often gets the same id).
 */

/** Where the embedded database lives unless DATA_DIR says otherwise (lib/server/env.ts too). */
export const DEFAULT_DATA_DIR = './data';

/** The pid file in DATA_DIR. */
export const LOCK_FILE = 'server.pid';

/**
 * The folder of the embedded database `env` names, resolved, or null with DATABASE_URL: then the
 * database is PostgreSQL, which any number of instances share.
 * @param {NodeJS.ProcessEnv} env
 */
export function embeddedDataDir(env) {
  if (env.DATABASE_URL) return null;
  return path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR);
}

/** Another running process holds the folder: which one. */
export class DataDirInUseError extends SettingError {
  /** @param {string} directory @param {number} holder */
  constructor(directory, holder) {
    super(
      'DATA_DIR',
      `DATA_DIR ${directory} is in use by another server (process ${holder}): the embedded database takes one process at a time. Stop that one, give this one a DATA_DIR of its own, or share PostgreSQL with DATABASE_URL`,
    );
    this.holder = holder;
  }
}

/** @type {typeof globalThis & { __diaryDataDirs?: Set<string> }} */
const shared = globalThis;
// On globalThis: the server script and Next's bundles each load their own copy of this module.
const held = (shared.__diaryDataDirs ??= new Set());

/**
 * Takes `directory` for this process, or throws DataDirInUseError when a running process holds
 * it, or a SettingError when the folder cannot be made or written. Taking it again is nothing.
 * @param {string} directory
 * @throws {SettingError}
 */
export function holdDataDir(directory) {
  const resolved = path.resolve(directory);
  if (held.has(resolved)) return;
  const file = path.join(resolved, LOCK_FILE);
  const mine = lockText(process.pid);
  // Written whole under a name of its own, then linked to the lock's name: link() fails if the
  // lock exists, and no process ever reads a lock file half written.
  const draft = `${file}.${process.pid}`;
  try {
    mkdirSync(resolved, { recursive: true });
    writeFileSync(draft, mine);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? String(error);
    throw new SettingError('DATA_DIR', `DATA_DIR ${resolved} cannot be written (${code})`);
  }
  try {
    // A few rounds at most: each one either takes the lock, refuses, or clears a stale lock.
    for (let round = 0; round < 5; round++) {
      try {
        linkSync(draft, file);
        return taken(resolved, file, mine);
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      }
      const found = readLock(file);
      if (found === null) continue;
      // This very process's id: the lock of an earlier process that had it (a restarted container).
      if (found.pid === process.pid) {
        renameSync(draft, file);
        return taken(resolved, file, mine);
      }
      if (isRunning(found)) throw new DataDirInUseError(resolved, found.pid);
      if (removeStale(file, found.text)) {
        logger.warn(
          { stalePid: found.pid },
          `DATA_DIR ${resolved}: the server before this one (process ${found.pid}) did not stop cleanly; its lock is taken over`,
        );
      }
    }
    throw new SettingError('DATA_DIR', `DATA_DIR ${resolved}: its lock file ${LOCK_FILE} keeps changing`);
  } finally {
    try {
      unlinkSync(draft);
    } catch {
      // Renamed to the lock itself.
    }
  }
}

/**
 * @param {string} directory
 * @param {string} file
 * @param {string} mine
 */
function taken(directory, file, mine) {
  held.add(directory);
  process.once('exit', () => {
    // Only while it is still this process's: never another's that took it over.
    if (readLock(file)?.text === mine) unlinkSync(file);
  });
}

/**
 * The lock's text: the process id, and on Linux the process's start time (in clock ticks since
 * boot), which tells a later process that got the same id from the one that wrote it.
 * @param {number} pid
 */
function lockText(pid) {
  return `${pid}\n${processStat(pid)?.started ?? ''}\n`;
}

/**
 * @param {string} file
 * @returns {{ pid: number, started: string, text: string } | null} null when there is none
 */
function readLock(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
  const [pid = '', started = ''] = text.split('\n');
  return { pid: /^\d+$/.test(pid) ? Number(pid) : 0, started, text };
}

/**
 * Whether the process that wrote the lock is still running.
 * @param {{ pid: number, started: string }} lock
 */
function isRunning({ pid, started }) {
  // An unreadable lock (no id) was not written by this module: nothing holds it.
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: running, as another user.
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ESRCH') return false;
  }
  const now = processStat(pid);
  // Without /proc, what kill() said; with it, a process without an entry has just gone.
  if (!now) return !HAS_PROC;
  // A zombie (Z) has exited: it only waits for its parent to read its exit code.
  if (now.state === 'Z' || now.state === 'X') return false;
  return !(started && now.started && started !== now.started);
}

const HAS_PROC = existsSync('/proc/self/stat');

/**
 * Process `pid`'s state (R, S, Z ...) and start time in clock ticks since boot (/proc/PID/stat,
 * fields 3 and 22), or null where there is no /proc (macOS, Windows): there a process's id alone
 * says whether it runs.
 * @param {number} pid
 * @returns {{ state: string, started: string } | null}
 */
function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and brackets: fields are counted after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/**
 * Removes the stale lock whose text is `staleText`; answers false when another process replaced
 * it meanwhile (then that one is put back). Moved aside first, as a rename of the name is atomic:
 * two processes that both found the same stale lock must not both delete and take it.
 * @param {string} file
 * @param {string} staleText
 */
function removeStale(file, staleText) {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return false;
    throw error;
  }
  const moved = readLock(aside);
  if (moved && moved.text !== staleText) {
    try {
      linkSync(aside, file);
    } catch {
      // Yet another process took the name meanwhile: the next round reads whose it is.
    }
  }
  unlinkSync(aside);
  return moved?.text === staleText;
}
