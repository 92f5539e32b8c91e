// Settings save as you go (decision 0023): fields typed one after the other each reach the
// settings, however the saves overlap (issue 48: Saturday's weekday goal lost to Sunday's).
import { describe, expect, it } from 'vitest';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import { changeSettings, type SettingsCache } from '@/lib/data/settings-change';
import type { DiaryRepository } from '@/lib/data/types';
import type { Settings } from '@/lib/schemas/settings';
import type { Weekday } from '@/lib/diary/dates';
import { MemoryStorage } from '../support/memory-storage';

function cacheOf(start: Settings | undefined): SettingsCache & { sets: number } {
  let held = start;
  const cache = {
    sets: 0,
    get: () => held,
    set: (settings: Settings) => {
      held = settings;
      cache.sets += 1;
    },
  };
  return cache;
}

const goalOf = (day: Weekday, kcal: number) => (latest: Settings) => ({
  weekdayGoals: { ...latest.weekdayGoals, [day]: kcal },
});

/** A repository whose writes take a while, as an account's do. */
function slow(repository: DiaryRepository): DiaryRepository {
  return new Proxy(repository, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'updateSettings') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<DiaryRepository['updateSettings']>) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return target.updateSettings(...args);
      };
    },
  });
}

describe('changeSettings', () => {
  it('keeps both of two weekday goals saved back to back, each from the settings the other left', async () => {
    const repository = slow(new GuestRepository(new MemoryStorage()));
    const cache = cacheOf(await repository.getSettings());
    // Not awaited in between: Sunday's save starts while Saturday's is still being written.
    const saturday = changeSettings(repository, goalOf('sat', 1800), cache);
    const sunday = changeSettings(repository, goalOf('sun', 1900), cache);
    await Promise.all([saturday, sunday]);
    expect((await repository.getSettings()).weekdayGoals).toEqual({ sat: 1800, sun: 1900 });
    expect(cache.get()?.weekdayGoals).toEqual({ sat: 1800, sun: 1900 });
  });

  it('runs what follows a change (the days given its goal) before the next change', async () => {
    const repository = new GuestRepository(new MemoryStorage());
    const cache = cacheOf(await repository.getSettings());
    const events: string[] = [];
    const then = (name: string, ms: number) => async () => {
      events.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`${name} ends`);
    };
    await Promise.all([
      changeSettings(repository, goalOf('sat', 1800), cache, then('sat', 10)),
      changeSettings(repository, goalOf('sun', 1900), cache, then('sun', 0)),
    ]);
    expect(events).toEqual(['sat starts', 'sat ends', 'sun starts', 'sun ends']);
  });

  it('runs the next change after one that failed, and reads the repository when nothing is cached', async () => {
    const repository = new GuestRepository(new MemoryStorage());
    const cache = cacheOf(undefined);
    const refused = changeSettings(repository, { currentGoal: -5 }, cache);
    const next = changeSettings(repository, goalOf('mon', 2100), cache);
    await expect(refused).rejects.toThrow();
    expect((await next).settings.weekdayGoals).toEqual({ mon: 2100 });
  });

  it('writes nothing for a change that changes nothing', async () => {
    const storage = new MemoryStorage();
    const repository = new GuestRepository(storage);
    const before = await repository.getSettings();
    const cache = cacheOf(before);
    const stored = storage.snapshot();
    expect(await changeSettings(repository, () => null, cache)).toEqual({ patch: null, settings: before });
    expect(await changeSettings(repository, {}, cache)).toMatchObject({ patch: null });
    expect(cache.sets).toBe(0);
    expect(storage.snapshot()).toEqual(stored);
  });
});
