/**
 * When new entries are logged. Times are kept to the second (the guest codec and the server), and
 * a day lists the entries of one second by their random ids: two entries added within a second
 * would swap places on the next read. So each new entry of this tab is logged a second after the
 * last one, never before now.
 */
let lastMs = 0;

/**
 * The time, in ms, the first of `count` new entries is logged at; the rest follow a second apart
 * (lib/diary/day-rules.ts `loggedInTurn`), and the next call starts after them.
 */
export function nextLogTime(count = 1, now = Date.now()): number {
  const first = Math.max(Math.floor(now / 1000) * 1000, lastMs + 1000);
  lastMs = first + (Math.max(count, 1) - 1) * 1000;
  return first;
}
