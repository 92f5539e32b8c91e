import { storageSharedRecords } from '@/lib/data/guest/shared-records';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dayTotals, statsReport } from '@/lib/diary/stats';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import { InvalidDataError, StorageFullError } from '@/lib/data/types';
import { encodeDay } from '@/lib/data/guest/day-codec';
import type { Entry } from '@/lib/schemas/entry';
import type { FoodInput } from '@/lib/schemas/food';
import { buckwheatIngredients, recipeFood } from '../support/fixtures';
import { MemoryStorage } from '../support/memory-storage';

const NOW = new Date('2026-11-22T09:30:00.000Z');

function entry(overrides: Partial<Entry> = {}): Entry {
  return {
    id: '0b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f',
    meal: 'breakfast',
    food: 1,
    name: 'Oatmeal',
    amount: 150,
    unit: 'g',
    grams: 150,
    kcal: 555,
    protein: 19.5,
    fat: 9.8,
    carbs: 90.3,
    loggedAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

const oats: FoodInput = {
  name: 'Oats',
  brand: null,
  kcal: 370,
  protein: 13,
  fat: 6.5,
  carbs: 60,
  serving: null,
  favorite: false,
};

describe('GuestRepository on the seed storage contract', () => {
  let storage: MemoryStorage;
  let repo: GuestRepository;

  beforeEach(() => {
    storage = new MemoryStorage();
    repo = new GuestRepository(storage, () => NOW);
  });

  it('answers the seed defaults for settings before anything is saved', async () => {
    const settings = await repo.getSettings();
    expect(settings).toMatchObject({
      name: 'Guest',
      language: 'ru',
      currentGoal: 2500,
      weight: null,
      height: null,
      age: null,
      gender: null,
      theme: null,
    });
    expect(settings.savedAt).toBe(NOW.toISOString());
    expect(settings.updatedAt).toBe(NOW.toISOString());
    expect(storage.getItem('user-settings')).toBeNull();
  });

  it('stores settings under user-settings', async () => {
    await repo.updateSettings({ currentGoal: 2100, name: 'Anna' });
    const stored = JSON.parse(storage.getItem('user-settings')!);
    expect(stored).toMatchObject({ name: 'Anna', currentGoal: 2100, language: 'ru' });
  });

  it('stores a day under dashboard-{date}, carrying its date, with the goal in force', async () => {
    await repo.updateSettings({ currentGoal: 1800 });
    await repo.changeDay('2026-11-22', { kind: 'putEntry', entry: entry() });
    const stored = JSON.parse(storage.getItem('dashboard-2026-11-22')!);
    expect(stored.date).toBe('2026-11-22');
    expect(stored.goal).toBe(1800);
    const day = await repo.getDay('2026-11-22');
    expect(day?.entries).toEqual([entry()]);
  });

  it('never rewrites a past day when the goal changes later', async () => {
    await repo.changeDay('2026-11-21', { kind: 'putEntry', entry: entry() });
    await repo.updateSettings({ currentGoal: 3000 });
    await repo.changeDay('2026-11-21', {
      kind: 'putEntry',
      entry: entry({ id: '1b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f' }),
    });
    expect((await repo.getDay('2026-11-21'))?.goal).toBe(2500);
  });

  it('upserts entries by id and deletes them', async () => {
    await repo.changeDay('2026-11-22', { kind: 'putEntry', entry: entry() });
    await repo.changeDay('2026-11-22', {
      kind: 'putEntry',
      entry: entry({ amount: 200, grams: 200, kcal: 740 }),
    });
    let day = await repo.getDay('2026-11-22');
    expect(day?.entries).toHaveLength(1);
    expect(day?.entries[0]?.kcal).toBe(740);
    day = await repo.changeDay('2026-11-22', { kind: 'deleteEntry', entryId: entry().id });
    expect(day?.entries).toEqual([]);
  });

  it('loads all days by iterating the dashboard- keys into date order', async () => {
    for (const date of ['2026-11-20', '2026-11-18', '2026-11-22'])
      await repo.changeDay(date, { kind: 'setWeight', weight: 70 });
    storage.setItem('unrelated', 'x');
    const days = await repo.listDays('2026-11-19', '2026-11-30');
    expect(days.map((day) => day.date)).toEqual(['2026-11-20', '2026-11-22']);
  });

  it('gives a new food the last item id + 1 (0 for an empty list)', async () => {
    expect((await repo.createFood(oats)).id).toBe(1);
    expect((await repo.createFood({ ...oats, name: 'Rice' })).id).toBe(2);
    const list = JSON.parse(storage.getItem('food-items')!);
    expect(list.map((food: { id: number }) => food.id)).toEqual([1, 2]);
    storage.setItem(
      'food-items',
      JSON.stringify([
        { ...list[0], id: 7 },
        { ...list[1], id: 4 },
      ]),
    );
    expect((await repo.createFood({ ...oats, name: 'Buckwheat' })).id).toBe(5);
  });

  it('keeps an unreadable day untouched, skips it and reports it', async () => {
    storage.setItem('dashboard-2026-11-01', '{not json');
    await repo.changeDay('2026-11-02', { kind: 'setWeight', weight: 71 });
    const days = await repo.listDays('2026-11-01', '2026-11-30');
    expect(days.map((day) => day.date)).toEqual(['2026-11-02']);
    expect(storage.getItem('dashboard-2026-11-01')).toBe('{not json');
    const problems = await repo.problems.list();
    expect(problems).toEqual([expect.objectContaining({ key: 'dashboard-2026-11-01', raw: '{not json' })]);
  });

  it('reports stats as computed from the decoded days, skipping unreadable and misfiled records', async () => {
    await repo.changeDay('2026-11-20', { kind: 'putEntry', entry: entry({ kcal: 400.1, protein: 20.2 }) });
    await repo.changeDay('2026-11-20', {
      kind: 'putEntry',
      entry: entry({ id: '1b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f', kcal: 300.7 }),
    });
    await repo.changeDay('2026-11-21', { kind: 'putEntry', entry: entry({ kcal: 2000 }) });
    await repo.changeDay('2026-11-22', { kind: 'setWeight', weight: 70.5 });
    storage.setItem('dashboard-2026-11-19', '{not json');
    // A record filed under another date's key is not that date's day.
    storage.setItem('dashboard-2026-11-18', storage.getItem('dashboard-2026-11-21')!);

    const fresh = new GuestRepository(storage, () => NOW);
    const report = await fresh.getStats('2026-11-16', '2026-11-22', '2026-11-22');
    const days = await fresh.listDays('0000-01-01', '9999-12-31');
    expect(days.map((day) => day.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(report).toEqual(statsReport(days.map(dayTotals), '2026-11-16', '2026-11-22', '2026-11-22'));
    expect(report.loggedDays).toBe(2);
    expect(report.days.find((day) => day.date === '2026-11-20')?.kcal).toBe(400.1 + 300.7);
    expect(report.streaks).toEqual({ current: 2, longest: 2 });
    expect(report.weights).toEqual([{ date: '2026-11-22', weight: 70.5, average: 70.5 }]);

    // A change is seen by the next report (the totals are cached by the record's text).
    await fresh.changeDay('2026-11-22', { kind: 'putEntry', entry: entry({ kcal: 1000 }) });
    expect((await fresh.getStats('2026-11-16', '2026-11-22', '2026-11-22')).streaks.current).toBe(3);
  });

  it('copies an unreadable day aside before writing that date again', async () => {
    storage.setItem('dashboard-2026-11-01', '{"date":"2026-11-01","goal":"lots"}');
    await repo.changeDay('2026-11-01', { kind: 'putEntry', entry: entry() });
    const copies = Object.keys(
      Object.fromEntries(Array.from({ length: storage.length }, (_, i) => [storage.key(i)!, 1])),
    ).filter((key) => key.startsWith('corrupt:dashboard-2026-11-01:'));
    expect(copies).toHaveLength(1);
    expect(storage.getItem(copies[0]!)).toBe('{"date":"2026-11-01","goal":"lots"}');
    expect((await repo.getDay('2026-11-01'))?.entries).toHaveLength(1);
  });

  it('keeps unreadable food items in place when the list is rewritten', async () => {
    const good = await repo.createFood(oats);
    storage.setItem('food-items', JSON.stringify([good, { id: 'x', name: 42 }]));
    expect(await repo.listFoods()).toEqual([good]);
    const rice = await repo.createFood({ ...oats, name: 'Rice' });
    expect(rice.id).toBe(1 + 1);
    const stored = JSON.parse(storage.getItem('food-items')!);
    expect(stored[1]).toEqual({ id: 'x', name: 42 });
    expect((await repo.problems.list()).map((problem) => problem.key)).toEqual(['food-items#1']);
  });

  it('falls back to defaults for unreadable settings and keeps the record until replaced', async () => {
    storage.setItem('user-settings', '{"currentGoal": "many"}');
    expect((await repo.getSettings()).currentGoal).toBe(2500);
    expect(storage.getItem('user-settings')).toBe('{"currentGoal": "many"}');
    await repo.updateSettings({ currentGoal: 2000 });
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)!);
    expect(keys.some((key) => key.startsWith('corrupt:user-settings:'))).toBe(true);
  });

  it('reports a full storage as StorageFullError and keeps the previous record', async () => {
    const tight = new MemoryStorage(300);
    const small = new GuestRepository(tight, () => NOW);
    await small.changeDay('2026-11-22', { kind: 'putEntry', entry: entry() });
    const before = tight.getItem('dashboard-2026-11-22');
    await expect(
      small.changeDay('2026-11-22', {
        kind: 'putEntry',
        entry: entry({ id: '2b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f', name: 'x'.repeat(120) }),
      }),
    ).rejects.toBeInstanceOf(StorageFullError);
    expect(tight.getItem('dashboard-2026-11-22')).toBe(before);
  });

  it('writes an import that does not fit nowhere: every record as it was, StorageFullError', async () => {
    const food = await repo.createFood(oats);
    for (let day = 1; day <= 30; day++) {
      const date = `2026-10-${String(day).padStart(2, '0')}`;
      await repo.changeDay(date, {
        kind: 'putEntry',
        entry: entry({ id: crypto.randomUUID(), food: food.id, loggedAt: `${date}T08:00:00.000Z` }),
      });
    }
    const data = await repo.exportAll();

    const tight = new MemoryStorage(2_500);
    const small = new GuestRepository(tight, () => NOW);
    await small.changeDay('2026-10-05', {
      kind: 'putEntry',
      entry: entry({ food: null, unit: 'kcal', name: 'Quick add', grams: null }),
    });
    await small.changeDay('2026-10-06', { kind: 'setWeight', weight: 70 });
    const before = tight.snapshot();
    await expect(small.importAll(data)).rejects.toBeInstanceOf(StorageFullError);
    expect(tight.snapshot()).toEqual(before);
    // What the repository answers afterwards is what is stored, not what the import had written.
    expect((await small.getDay('2026-10-05'))?.entries).toHaveLength(1);
    expect(await small.getDay('2026-10-01')).toBeNull();
    expect(await small.listFoods()).toEqual([]);
  });

  it('round-trips an export into a fresh browser without duplicates', async () => {
    const food = await repo.createFood(oats);
    await repo.changeDay('2026-11-22', { kind: 'putEntry', entry: entry({ food: food.id }) });
    await repo.changeDay('2026-11-22', { kind: 'setWeight', weight: 70.5 });
    const data = await repo.exportAll();

    const other = new GuestRepository(new MemoryStorage(), () => NOW);
    await other.createFood({ ...oats, name: 'Kefir' });
    const plan = await other.importAll(data);
    expect(plan.foods.added).toBe(1);
    expect(plan.entries.added).toBe(1);
    const day = await other.getDay('2026-11-22');
    expect(day?.weight).toBe(70.5);
    // The imported food got the next local id, and the entry follows it.
    expect(day?.entries[0]?.food).toBe(2);

    const again = await other.importAll(data);
    expect(again.entries).toEqual({ added: 0, updated: 0, unchanged: 1 });
    expect(again.foods).toEqual({ added: 0, updated: 0, unchanged: 1 });
    expect((await other.getDay('2026-11-22'))?.entries).toHaveLength(1);
  });

  it('keeps an entry moved to another date since the export where it is, whole file or a part', async () => {
    const at = (time: string) => ({ loggedAt: time, updatedAt: time });
    const porridge = entry({ id: ids[0], name: 'Porridge', ...at('2026-11-20T08:00:00.000Z') });
    await repo.changeDay('2026-11-20', { kind: 'putEntry', entry: porridge });
    await repo.changeDay('2026-11-20', {
      kind: 'putEntry',
      entry: entry({ id: ids[1], name: 'Soup', ...at('2026-11-20T13:00:00.000Z') }),
    });
    await repo.changeDay('2026-11-21', {
      kind: 'putEntry',
      entry: entry({ id: ids[2], name: 'Dinner', ...at('2026-11-21T19:00:00.000Z') }),
    });
    const old = await repo.exportAll();
    // Logged on the wrong day: taken off it and put on the next one, renamed.
    await repo.changeDay('2026-11-20', { kind: 'deleteEntry', entryId: porridge.id });
    await repo.changeDay('2026-11-21', {
      kind: 'putEntry',
      entry: {
        ...porridge,
        name: 'Porridge, moved',
        ...at('2026-11-21T08:00:00.000Z'),
      },
    });
    const before = storage.snapshot();

    const firstDay = { ...old, days: old.days.filter((day) => day.date === '2026-11-20') };
    for (const [data, dayCount, entryCount] of [
      [old, 2, 3],
      [firstDay, 1, 2],
    ] as const) {
      const expected = {
        entries: { added: 0, updated: 0, unchanged: entryCount },
        days: { added: 0, updated: 0, unchanged: dayCount },
      };
      expect(await repo.planImport(data)).toMatchObject(expected);
      expect(await repo.importAll(data)).toMatchObject(expected);
      expect(storage.snapshot()).toEqual(before);
    }
    expect((await repo.getDay('2026-11-20'))?.entries.map((item) => item.name)).toEqual(['Soup']);
  });

  it('moves an entry whose copy in the file is newer off the date it is stored on', async () => {
    const stored = entry({ id: ids[0], food: null, name: 'Porridge', updatedAt: '2026-11-21T08:00:00.000Z' });
    await repo.changeDay('2026-11-21', { kind: 'putEntry', entry: stored });
    const data = await repo.exportAll();
    const newer = { ...stored, name: 'Porridge, moved', updatedAt: '2026-11-22T08:00:00.000Z' };
    data.days = [{ ...data.days[0]!, date: '2026-11-20', entries: [newer] }];

    const plan = await repo.importAll(data);
    expect(plan.entries).toEqual({ added: 0, updated: 1, unchanged: 0 });
    expect(plan.days).toEqual({ added: 1, updated: 1, unchanged: 0 });
    expect((await repo.getDay('2026-11-20'))?.entries).toEqual([newer]);
    expect((await repo.getDay('2026-11-21'))?.entries).toEqual([]);
  });

  it('points imported recipe ingredients at the foods of this diary', async () => {
    const sugar = await repo.createFood({
      ...oats,
      name: 'Sugar',
      kcal: 400,
      protein: 0,
      fat: 0,
      carbs: 100,
    });
    const butter = await repo.createFood(butterFood);
    const ingredients = [
      { food: butter.id, name: 'Butter', grams: 20, kcal: 717, protein: 0.9, fat: 81.1, carbs: 0.1 },
      { food: sugar.id, name: 'Sugar', grams: 10, kcal: 400, protein: 0, fat: 0, carbs: 100 },
      ...buckwheatIngredients.slice(0, 1),
    ];
    await repo.createFood({ ...recipeFood(ingredients, 2, null), name: 'Sweet buckwheat' });
    const data = await repo.exportAll();
    // The recipe listed before the foods it is made of: an import reads the file in any order.
    data.foods.reverse();

    const other = new GuestRepository(new MemoryStorage(), () => NOW);
    await other.createFood({ ...oats, name: 'Kefir' });
    await other.createFood(oats);
    // The same butter, under another id than the file's.
    const ownButter = await other.createFood(butterFood);
    expect((await other.importAll(data)).foods).toEqual({ added: 2, updated: 0, unchanged: 1 });

    const foods = await other.listFoods();
    const idOf = (name: string) => foods.find((food) => food.name === name)?.id;
    expect(
      foods.find((food) => food.name === 'Sweet buckwheat')?.recipe?.ingredients.map((item) => item.food),
    ).toEqual([ownButter.id, idOf('Sugar'), 'c:buckwheat-dry']);
    expect(idOf('Sugar')).not.toBe(sugar.id);
    expect((await other.importAll(data)).foods).toEqual({ added: 0, updated: 0, unchanged: 3 });
  });
});

const ids = [
  '1f0c7a52-3b9e-4d1a-8c2f-5e6d7a8b9c01',
  '2f0c7a52-3b9e-4d1a-8c2f-5e6d7a8b9c02',
  '3f0c7a52-3b9e-4d1a-8c2f-5e6d7a8b9c03',
];

const butterFood: FoodInput = { ...oats, name: 'Butter', kcal: 717, protein: 0.9, fat: 81.1, carbs: 0.1 };

describe('settings patches', () => {
  it('change only the fields they name', async () => {
    const repository = new GuestRepository(new MemoryStorage());
    await repository.updateSettings({ bottomNav: false, activity: 'active' });
    const renamed = await repository.updateSettings({ name: 'Alex' });
    expect(renamed).toMatchObject({ name: 'Alex', bottomNav: false, activity: 'active' });
  });
});

describe('stats from the sums stored in each day', () => {
  const RANGE = ['2026-11-16', '2026-11-22', '2026-11-22'] as const;
  let storage: MemoryStorage;
  let later: Array<() => void>;
  let stale: number;
  let fresh: GuestRepository;

  /** Runs the late check to its end, slice after slice. */
  function runLateCheck() {
    while (later.length > 0) later.shift()!();
  }

  beforeEach(async () => {
    storage = new MemoryStorage();
    const writer = new GuestRepository(storage, () => NOW);
    await writer.changeDay('2026-11-20', { kind: 'putEntry', entry: entry({ kcal: 400.1 }) });
    await writer.changeDay('2026-11-21', { kind: 'putEntry', entry: entry({ kcal: 2000 }) });
    later = [];
    stale = 0;
    fresh = new GuestRepository(
      storage,
      () => NOW,
      (task) => later.push(task),
    );
    fresh.onStale(() => stale++);
  });

  /** Rewrites the stored record of `date` by hand, as only a tool outside the app would. */
  function editRecord(date: string, change: (record: { t: number[]; e: unknown[][] }) => void) {
    const record = JSON.parse(storage.getItem(`dashboard-${date}`)!);
    change(record);
    storage.setItem(`dashboard-${date}`, JSON.stringify(record));
  }

  const kcalOf = (report: { days: { date: string; kcal: number }[] }, date: string) =>
    report.days.find((day) => day.date === date)?.kcal;

  it('match a full read, and the late check finds nothing to correct', async () => {
    const report = await fresh.getStats(...RANGE);
    const days = await new GuestRepository(storage, () => NOW).listDays('0000-01-01', '9999-12-31');
    expect(report).toEqual(statsReport(days.map(dayTotals), ...RANGE));
    expect(later).toHaveLength(1);
    runLateCheck();
    expect(stale).toBe(0);
    expect(await fresh.getStats(...RANGE)).toEqual(report);
    expect(later).toHaveLength(0);
  });

  it('are corrected by the late check when a record was edited by hand to disagree', async () => {
    editRecord('2026-11-20', (record) => (record.t[1] = 9999));
    expect(kcalOf(await fresh.getStats(...RANGE), '2026-11-20')).toBe(9999);
    runLateCheck();
    expect(stale).toBe(1);
    expect(kcalOf(await fresh.getStats(...RANGE), '2026-11-20')).toBe(400.1);
  });

  it('leave out an entry that turns out unreadable, set aside, and keep its record untouched', async () => {
    editRecord('2026-11-21', (record) => (record.e[0]![7] = -5));
    const before = storage.getItem('dashboard-2026-11-21');
    expect((await fresh.getStats(...RANGE)).loggedDays).toBe(2);
    runLateCheck();
    expect(stale).toBe(1);
    const report = await fresh.getStats(...RANGE);
    expect(report.loggedDays).toBe(1);
    expect(kcalOf(report, '2026-11-21')).toBe(0);
    expect(storage.getItem('dashboard-2026-11-21')).toBe(before);
    expect(await fresh.problems.list()).toEqual([
      expect.objectContaining({ key: 'dashboard-2026-11-21#x0', date: '2026-11-21' }),
    ]);
  });

  it('leave a record changed since the first read to the next report', async () => {
    await fresh.getStats(...RANGE);
    editRecord('2026-11-20', (record) => (record.t[1] = 9999));
    runLateCheck();
    expect(stale).toBe(0);
    // The next report reads the changed record again, and checks it later in turn.
    expect(kcalOf(await fresh.getStats(...RANGE), '2026-11-20')).toBe(9999);
    runLateCheck();
    expect(stale).toBe(1);
  });

  it('are not needed: days written without them are read in full, with nothing left to check', async () => {
    for (const date of ['2026-11-20', '2026-11-21']) {
      editRecord(date, (record) => delete (record as Partial<typeof record>).t);
    }
    expect(kcalOf(await fresh.getStats(...RANGE), '2026-11-20')).toBe(400.1);
    expect(later).toHaveLength(0);
  });

  it('are reported stale to the first listener when the check ended before anyone listened', async () => {
    const unheard = new GuestRepository(
      storage,
      () => NOW,
      (task) => later.push(task),
    );
    editRecord('2026-11-20', (record) => (record.t[1] = 9999));
    await unheard.getStats(...RANGE);
    runLateCheck();
    const listener = vi.fn();
    unheard.onStale(listener);
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    // Told once: a second listener has nothing to catch up on.
    const second = vi.fn();
    unheard.onStale(second);
    await Promise.resolve();
    expect(second).not.toHaveBeenCalled();
  });

  it('stop telling a listener that has left', async () => {
    const other = vi.fn();
    fresh.onStale(other)();
    editRecord('2026-11-20', (record) => (record.t[1] = 9999));
    await fresh.getStats(...RANGE);
    runLateCheck();
    expect(other).not.toHaveBeenCalled();
    expect(stale).toBe(1);
  });
});

describe('a guest write that storage would refuse', () => {
  const DATE = '2026-11-23';
  const oatmeal = entry({ id: crypto.randomUUID(), name: 'Oatmeal', kcal: 350 });

  it('is refused naming the limit, and leaves storage byte for byte as it was', async () => {
    const storage = new MemoryStorage();
    const repo = new GuestRepository(storage);
    await repo.changeDay(DATE, { kind: 'putEntry', entry: oatmeal });
    const before = JSON.stringify(storage.snapshot());
    const oil = entry({
      id: crypto.randomUUID(),
      name: 'Olive oil',
      amount: 3000,
      grams: 3000,
      kcal: 26_520,
      fat: 3000,
    });
    await expect(repo.changeDay(DATE, { kind: 'putEntry', entry: oil })).rejects.toMatchObject({
      field: 'kcal',
      messageKey: 'kcalRange',
    });
    await expect(repo.changeDay(DATE, { kind: 'setWeight', weight: 5000 })).rejects.toMatchObject({
      messageKey: 'weightRange',
    });
    await expect(repo.changeDay('0000-01-01', { kind: 'putEntry', entry: oatmeal })).rejects.toBeInstanceOf(
      InvalidDataError,
    );
    expect(JSON.stringify(storage.snapshot())).toBe(before);
    expect((await new GuestRepository(storage).getDay(DATE))?.entries).toEqual([oatmeal]);
  });

  it('refuses the 501st entry of a day and stores nothing', async () => {
    const storage = new MemoryStorage();
    const repo = new GuestRepository(storage);
    for (let index = 0; index < 500; index++)
      await repo.changeDay(DATE, { kind: 'putEntry', entry: entry({ id: crypto.randomUUID(), kcal: 1 }) });
    const before = storage.getItem(`dashboard-${DATE}`);
    await expect(
      repo.changeDay(DATE, { kind: 'putEntry', entry: entry({ id: crypto.randomUUID() }) }),
    ).rejects.toMatchObject({
      messageKey: 'entriesPerDay',
    });
    expect(storage.getItem(`dashboard-${DATE}`)).toBe(before);
    // Replacing one of the 500 is still fine.
    const first = (await repo.getDay(DATE))!.entries[0]!;
    await repo.changeDay(DATE, { kind: 'putEntry', entry: { ...first, kcal: 2 } });
  });
});

/** The records entries share, in `storage`, as the repository keeps them. */
const sharedIn = (storage: MemoryStorage) =>
  storageSharedRecords(storage, (key, value) => storage.setItem(key, value));

describe('an entry an older build stored past the limits', () => {
  const DATE = '2026-11-23';

  function storeWithBadEntry(storage: MemoryStorage) {
    const oatmeal = entry({ id: crypto.randomUUID(), name: 'Oatmeal', kcal: 350 });
    const text = encodeDay(
      {
        date: DATE,
        goal: 2500,
        weight: null,
        water: 0,
        updatedAt: oatmeal.updatedAt,
        entries: [oatmeal],
        activities: [],
      },
      [],
      sharedIn(storage),
    );
    const record = JSON.parse(text);
    const oil = [...record.e[0]];
    oil[0] = 'AAAAAAAAAAAAAAAAAAAAAA';
    oil[5] = 26_520;
    record.e.push(oil);
    storage.setItem(`dashboard-${DATE}`, JSON.stringify(record));
    return { oatmeal, oil };
  }

  it('is set aside alone: the rest of the day shows and stays writable, and the entry is kept', async () => {
    const storage = new MemoryStorage();
    const { oatmeal, oil } = storeWithBadEntry(storage);
    const repo = new GuestRepository(storage);
    expect((await repo.getDay(DATE))?.entries).toEqual([oatmeal]);
    // Logged after the oatmeal, so listed after it.
    const apple = entry({
      id: crypto.randomUUID(),
      name: 'Apple',
      kcal: 95,
      loggedAt: '2026-11-22T13:00:00.000Z',
    });
    await repo.changeDay(DATE, { kind: 'putEntry', entry: apple });
    expect((await new GuestRepository(storage).getDay(DATE))?.entries).toEqual([oatmeal, apple]);
    expect(JSON.parse(storage.getItem(`dashboard-${DATE}`)!).x).toEqual([oil]);
    expect(storage.allKeys().filter((key) => key.startsWith('corrupt:'))).toEqual([]);
    const problems = await repo.problems.list(DATE);
    expect(problems).toEqual([
      expect.objectContaining({ key: `dashboard-${DATE}#x0`, date: DATE, raw: JSON.stringify(oil) }),
    ]);
    await repo.problems.delete(problems[0]!.key);
    expect(await repo.problems.list()).toEqual([]);
    expect((await repo.getDay(DATE))?.entries).toEqual([oatmeal, apple]);
  });

  it('comes back with its day from a copy an older build kept aside', async () => {
    const storage = new MemoryStorage();
    const { oatmeal, oil } = storeWithBadEntry(storage);
    // What the older build did on the next write: the record moved aside, an empty day in its place.
    const copyKey = `corrupt:dashboard-${DATE}:1764000000000`;
    storage.setItem(copyKey, storage.getItem(`dashboard-${DATE}`)!);
    storage.setItem(
      `dashboard-${DATE}`,
      encodeDay(
        {
          date: DATE,
          goal: 2500,
          weight: null,
          water: 0,
          updatedAt: oatmeal.updatedAt,
          entries: [],
          activities: [],
        },
        [],
        sharedIn(storage),
      ),
    );
    const repo = new GuestRepository(storage);
    const [problem] = await repo.problems.list(DATE);
    expect(problem).toMatchObject({ key: copyKey, date: DATE, restorable: true });
    expect(await repo.problems.restore(copyKey)).toBe(1);
    expect((await repo.getDay(DATE))?.entries).toEqual([oatmeal]);
    expect(storage.getItem(copyKey)).toBeNull();
    expect(await repo.problems.list(DATE)).toEqual([
      expect.objectContaining({ key: `dashboard-${DATE}#x0`, raw: JSON.stringify(oil) }),
    ]);
  });
});
