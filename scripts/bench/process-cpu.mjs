// CPU time of whole process trees, read from Linux's /proc: a server with its workers (nginx's
// master and workers, PostgreSQL's postmaster and one backend per connection).
import { readdirSync, readFileSync } from 'node:fs';

// /proc/<pid>/stat counts in clock ticks; Linux has used 100 a second on every common platform.
const TICK_MS = 10;

/** pid → { ppid, ticks }, for every process now alive; null where there is no /proc. */
function readProcesses() {
  let names;
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const processes = new Map();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // it ended while we were reading
    }
    // The command name, in parentheses, may hold spaces: the fields are counted after it.
    // From field 3 (state) on: ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    // cutime/cstime hold the children that have ended and been waited for (a closed PostgreSQL
    // connection's backend): without them, a short-lived child's work would vanish from the sum.
    processes.set(Number(name), { ppid: Number(fields[1]), ticks: utime + stime + cutime + cstime });
  }
  return processes;
}

/**
 * Milliseconds of CPU (user + system) that each named tree of processes has used so far:
 * `{ app: [pid, pid], nginx: [pid] } → { app: 1234, nginx: 56 }`, each root with all its live
 * descendants and the ended ones they reaped. Null for every tree where /proc is missing.
 */
export function treeCpuMs(roots) {
  const processes = readProcesses();
  const result = {};
  for (const [name, pids] of Object.entries(roots)) {
    if (!processes) {
      result[name] = null;
      continue;
    }
    const inTree = new Set(pids.filter((pid) => processes.has(pid)));
    // Parents come before children in no particular order, so repeat until nothing joins.
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, { ppid }] of processes) {
        if (!inTree.has(pid) && inTree.has(ppid)) {
          inTree.add(pid);
          grew = true;
        }
      }
    }
    let ticks = 0;
    for (const pid of inTree) ticks += processes.get(pid).ticks;
    result[name] = inTree.size ? ticks * TICK_MS : null;
  }
  return result;
}

/** The parent of a process (PostgreSQL's postmaster, from one of its backends), or null. */
export function parentPid(pid) {
  return readProcesses()?.get(pid)?.ppid ?? null;
}

/** A process's command name ('postgres', 'nginx', 'node'), or null when there is no such process here. */
export function processName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Milliseconds of CPU the whole machine has been busy so far, all cores added (/proc/stat: every
 * state but idle and iowait), or null where there is no /proc. Less what the measured trees
 * used, it tells how much of a measurement other work on the machine took.
 */
export function machineBusyMs() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + steal) * TICK_MS;
  } catch {
    return null;
  }
}
