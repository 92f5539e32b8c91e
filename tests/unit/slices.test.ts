import { afterEach, describe, expect, it, vi } from 'vitest';
import { slicePauser } from '@/lib/browser/slices';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import { MemoryStorage } from '../support/memory-storage';

/** A clock that moves `step` ms each time it is read. */
function movingClock(step: number) {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += step));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('slicePauser', () => {
  it('answers at once within a slice, and gives the thread back once the slice has run its time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    movingClock(6);
    const pause = slicePauser(10);
    const order: string[] = [];
    // 6 ms into the slice, no task waited for.
    await pause().then(() => order.push('within'));
    // 12 ms into it: the slice is over, so the pause waits for a task of its own.
    void pause().then(() => order.push('after a task'));
    await Promise.resolve();
    order.push('other work');
    await vi.runAllTimersAsync();
    expect(order).toEqual(['within', 'other work', 'after a task']);
  });
});

describe('the guest problem scan in slices', () => {
  it('does not report a record removed while it gave the thread back', async () => {
    const storage = new MemoryStorage();
    storage.setItem('dashboard-2026-11-01', '{not json');
    storage.setItem('dashboard-2026-11-02', '{not json either');
    const repo = new GuestRepository(storage, () => new Date('2026-11-22T09:30:00.000Z'));
    // Every read of the clock is a slice's worth: the scan gives way before each record.
    movingClock(50);
    const scan = repo.problems.list();
    storage.removeItem('dashboard-2026-11-02');
    expect((await scan).map((problem) => problem.key)).toEqual(['dashboard-2026-11-01']);
  });
});
