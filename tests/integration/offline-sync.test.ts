import { describe, expect, it } from 'vitest';
import type { Day } from '@/lib/schemas/day';
import { getSyncStatus } from '@/lib/data/sync-status';
import { isTempFoodId } from '@/lib/data/offline/operations';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';
import { Device } from '../support/offline-device';

// An account keeps working offline. Changes show at once, wait in a durable outbox,
// and reach the real server (route handlers on PGlite and PostgreSQL) once, in order, when the
// network returns; what cannot merge is shown, never dropped.

const DATE = '2026-11-20';
const NEXT_DATE = '2026-11-21';
const soup = { name: 'Pumpkin soup', kcal: 45, protein: 1.2, fat: 2, carbs: 6 };

async function account(deviceName = 'phone') {
  const { client, user } = await signUp();
  const device = await Device.open(client, user.id, `${deviceName}-${Math.random()}`);
  return { client, user, device };
}

describe.each(engines)('an account offline on $name', (engine) => {
  useDatabase(engine);

  it('reads what it has seen, offline', async () => {
    const { device, client } = await account();
    const porridge = entry({ name: 'Porridge' });
    await client.put(`/api/days/${DATE}/entries/${porridge.id}`, porridge);
    await client.post('/api/foods', soup);
    await device.use(async (repository) => {
      await repository.getDay(DATE);
      await repository.listFoods();
      await repository.getSettings();
      device.online = false;
      expect((await repository.getDay(DATE))?.entries.map((item) => item.name)).toEqual(['Porridge']);
      expect((await repository.listFoods()).map((food) => food.name)).toEqual([soup.name]);
      expect((await repository.getSettings()).currentGoal).toBe(2500);
      expect((await repository.listDays(DATE, DATE)).length).toBe(1);
      const stats = await repository.getStats(DATE, DATE, DATE);
      expect(stats.averageKcal).toBeGreaterThan(0);
      // Never seen: the network error stands, nothing is made up (an empty day would look like
      // lost data).
      await expect(repository.getDay('2026-01-01')).rejects.toThrow();
    });
  });

  it('sends the first entry of a day the server has not got once, with no base to be refused', async () => {
    const { device, client } = await account();
    const breakfast = entry({ name: 'Breakfast' });
    const tea = entry({ name: 'Tea' });
    await device.use(async (repository) => {
      await repository.getSettings();
      const first = device.answers.length;
      await repository.changeDay(DATE, { kind: 'putEntry', entry: breakfast });
      await repository.changeDay(DATE, { kind: 'putEntry', entry: tea });
      expect(device.answers.slice(first).filter((answer) => answer.startsWith('POST'))).toEqual([
        'POST /api/batch 200: 1 of 1',
        'POST /api/batch 200: 1 of 1',
      ]);
    });
    const stored = (await client.get<Day>(`/api/days/${DATE}`)).body.entries.map((item) => item.name);
    expect(stored.sort()).toEqual(['Breakfast', 'Tea']);
  });

  it('a day started offline, its entry changed again offline, syncs with no conflict', async () => {
    const { device, client } = await account();
    const snack = entry({ name: 'Snack', kcal: 100 });
    const soupEntry = entry({ name: 'Soup', kcal: 200 });
    await device.use(async (repository) => {
      await repository.getSettings();
      device.online = false;
      await repository.changeDay(DATE, { kind: 'putEntry', entry: snack });
      await repository.changeDay(DATE, { kind: 'putEntry', entry: soupEntry });
      await repository.changeDay(DATE, {
        kind: 'putEntry',
        entry: { ...snack, kcal: 150, updatedAt: '2026-11-20T10:00:00.000Z' },
      });
      device.online = true;
      await repository.sync();
      expect(await device.store.outbox()).toEqual([]);
    });
    const stored = (await client.get<Day>(`/api/days/${DATE}`)).body.entries;
    expect(stored.map((item) => `${item.name} ${item.kcal}`).sort()).toEqual(['Snack 150', 'Soup 200']);
  });

  it('remembers the foods, the settings and the recent days on any page load', async () => {
    const { device, client } = await account();
    const supper = entry({ name: 'Supper' });
    await client.put(`/api/days/${DATE}/entries/${supper.id}`, supper);
    await client.post('/api/foods', soup);
    await device.use(async (repository) => {
      await repository.remember('2026-11-25');
      device.online = false;
      expect((await repository.getDay(DATE))?.entries.map((item) => item.name)).toEqual(['Supper']);
      expect((await repository.listFoods()).map((food) => food.name)).toEqual([soup.name]);
      expect((await repository.getSettings()).currentGoal).toBe(2500);
    });
  });

  it('keeps every kind of change made offline through a reload, then sends each once', async () => {
    const { device, client } = await account();
    const porridge = entry({ name: 'Porridge', kcal: 300 });
    const tea = entry({ name: 'Tea', kcal: 40, meal: 'snacks' });
    await device.use(async (repository) => {
      await repository.getSettings();
      await repository.getDay(DATE);
      device.online = false;
      await repository.changeDay(DATE, { kind: 'putEntry', entry: porridge });
      await repository.changeDay(DATE, { kind: 'putEntry', entry: tea });
      await repository.changeDay(DATE, {
        kind: 'putEntry',
        entry: { ...porridge, kcal: 320, updatedAt: '2026-11-20T09:00:00.000Z' },
      });
      await repository.changeDay(DATE, { kind: 'deleteEntry', entryId: tea.id });
      await repository.changeDay(DATE, { kind: 'setWeight', weight: 71.4 });
      await repository.changeDay(DATE, { kind: 'setGoal', goal: 1900 });
      const food = await repository.createFood(soup);
      expect(isTempFoodId(food.id)).toBe(true);
      const lunchAt = '2026-11-22T12:00:00.000Z';
      await repository.changeDay(DATE, {
        kind: 'putEntry',
        entry: entry({ name: soup.name, food: food.id, kcal: 90, loggedAt: lunchAt }),
      });
      await repository.updateSettings({ name: 'Offline Olga' });
      // Shown at once, as it will be: in the order they were logged.
      const shown = await repository.getDay(DATE);
      expect(shown?.entries.map((item) => [item.name, item.kcal])).toEqual([
        ['Porridge', 320],
        [soup.name, 90],
      ]);
      expect(shown).toMatchObject({ weight: 71.4, goal: 1900 });
      expect((await repository.getSettings()).name).toBe('Offline Olga');
      expect(getSyncStatus().pending).toBe(9);
    });
    // Nothing reached the server.
    expect((await client.get(`/api/days/${DATE}`)).status).toBe(404);

    // The tab is closed and opened again, still offline: the changes are still there.
    device.reload();
    await device.use(async (repository) => {
      expect((await repository.getDay(DATE))?.entries).toHaveLength(2);
      device.online = true;
      await repository.sync();
    });

    const stored = (await client.get(`/api/days/${DATE}`)).body;
    const foods = (await client.get('/api/foods')).body;
    expect(foods).toHaveLength(1);
    expect(stored).toMatchObject({ weight: 71.4, goal: 1900 });
    const byName = (items: Array<{ name: string; kcal: number; food: unknown }>) =>
      Object.fromEntries(items.map((item) => [item.name, item]));
    const storedEntries = byName(stored.entries);
    expect(Object.keys(storedEntries).sort()).toEqual(['Porridge', soup.name]);
    expect(storedEntries.Porridge!.kcal).toBe(320);
    // The entry that referred to the food made offline refers to the server's id.
    expect(storedEntries[soup.name]!.food).toBe(foods[0].id);
    expect((await client.get('/api/settings')).body.name).toBe('Offline Olga');
    expect(await device.store.outbox()).toEqual([]);
    // The device now shows the server's copy, ids included.
    await device.use(async (repository) => {
      const entries = (await repository.getDay(DATE))?.entries ?? [];
      expect(entries.find((item) => item.name === soup.name)?.food).toBe(foods[0].id);
      expect((await repository.listFoods()).map((food) => food.id)).toEqual([foods[0].id]);
    });
  });

  it('sends the changes of days made offline in one request when the network returns', async () => {
    const { device, client } = await account();
    const items = Array.from({ length: 6 }, (_, index) =>
      entry({ name: `Bite ${index}`, loggedAt: `2026-11-20T0${index}:00:00.000Z` }),
    );
    await device.use(async (repository) => {
      await repository.getDay(DATE);
      device.online = false;
      for (const [index, item] of items.entries())
        await repository.changeDay(index < 4 ? DATE : NEXT_DATE, { kind: 'putEntry', entry: item });
      await repository.changeDay(DATE, { kind: 'deleteEntry', entryId: items[1]!.id });
      await repository.changeDay(NEXT_DATE, { kind: 'setWeight', weight: 70.2 });
      device.online = true;
      const first = device.answers.length;
      await repository.sync();
      expect(device.answers.slice(first)).toEqual(['POST /api/batch 200: 8 of 8']);
      expect(await device.store.outbox()).toEqual([]);
      // The device shows the server's copy.
      expect((await repository.getDay(NEXT_DATE))?.weight).toBe(70.2);
    });
    const names = async (date: string) =>
      (await client.get<Day>(`/api/days/${date}`)).body.entries.map((item) => item.name);
    expect(await names(DATE)).toEqual(['Bite 0', 'Bite 2', 'Bite 3']);
    expect(await names(NEXT_DATE)).toEqual(['Bite 4', 'Bite 5']);
  });

  it('sends what an earlier build queued, in its own shape, and shows its conflicts', async () => {
    const { device, client } = await account();
    const kept = entry({ name: 'Kept', loggedAt: '2026-11-20T07:00:00.000Z' });
    const gone = entry({ name: 'Gone', loggedAt: '2026-11-20T08:00:00.000Z' });
    const edited = entry({ name: 'Edited elsewhere', loggedAt: '2026-11-20T09:00:00.000Z' });
    const base = (await client.put<Day>(`/api/days/${DATE}/entries/${edited.id}`, edited)).body.updatedAt;
    await client.put(`/api/days/${DATE}/entries/${gone.id}`, gone);
    await client.put(`/api/days/${DATE}/entries/${edited.id}`, { ...edited, kcal: 999 });
    // The earlier build's outbox: each kind on its own, the date beside it, an entry's base as
    // baseEntry and baseDay (a conflict it had already met among them).
    const queue = { queuedAt: '2026-11-20T10:00:00.000Z', state: 'queued', attempts: 0 };
    const earlier = [
      { ...queue, kind: 'putEntry', date: DATE, entry: kept, baseEntry: null, baseDay: base },
      { ...queue, kind: 'deleteEntry', date: DATE, entryId: gone.id },
      { ...queue, kind: 'setWeight', date: NEXT_DATE, weight: 70.4 },
      { ...queue, kind: 'setWater', date: NEXT_DATE, water: 750 },
      { ...queue, kind: 'setGoal', date: NEXT_DATE, goal: 1900 },
      {
        ...queue,
        state: 'conflict',
        kind: 'putEntry',
        date: DATE,
        entry: { ...edited, kcal: 120 },
        baseEntry: edited,
        baseDay: base,
        theirs: { ...edited, kcal: 999 },
      },
    ];
    for (const operation of earlier) await device.store.enqueue(operation as never);
    const read = await device.store.outbox();
    expect(read.map((operation) => operation.kind)).toEqual(earlier.map(() => 'changeDay'));
    expect(read[5]).toMatchObject({
      state: 'conflict',
      change: { kind: 'putEntry', entry: { kcal: 120 } },
      base: { day: base, entry: edited },
      theirs: { kcal: 999 },
    });
    await device.use(async (repository) => {
      await repository.sync();
      expect((await device.store.outbox()).map((operation) => operation.state)).toEqual(['conflict']);
      await repository.outbox.keepMine(read[5]!.seq);
      expect(await device.store.outbox()).toEqual([]);
    });
    const today = (await client.get<Day>(`/api/days/${DATE}`)).body;
    expect(today.entries.map((item) => [item.name, item.kcal])).toEqual([
      ['Kept', kept.kcal],
      ['Edited elsewhere', 120],
    ]);
    expect((await client.get<Day>(`/api/days/${NEXT_DATE}`)).body).toMatchObject({
      weight: 70.4,
      water: 750,
      goal: 1900,
    });
  });

  it('a batch stops at a day another device changed; that change merges alone and the rest follows', async () => {
    const { device, client } = await account();
    const mine = Array.from({ length: 3 }, (_, index) =>
      entry({ name: `Mine ${index}`, loggedAt: `2026-11-20T0${index + 1}:00:00.000Z` }),
    );
    const theirs = entry({ name: 'Theirs', loggedAt: '2026-11-20T05:00:00.000Z' });
    await device.use(async (repository) => {
      await repository.getDay(DATE);
      device.online = false;
      for (const item of mine) await repository.changeDay(DATE, { kind: 'putEntry', entry: item });
      await client.put(`/api/days/${DATE}/entries/${theirs.id}`, theirs);
      device.online = true;
      const first = device.answers.length;
      await repository.sync();
      // The first change meets the other device's, alone, as a 409; merged, it goes again; the
      // rest follow together.
      expect(device.answers.slice(first)).toEqual([
        'POST /api/batch 200: 0 of 3, then 409',
        'POST /api/batch 200: 0 of 1, then 409',
        'POST /api/batch 200: 1 of 1',
        'POST /api/batch 200: 2 of 2',
      ]);
      expect(await device.store.outbox()).toEqual([]);
    });
    const stored = (await client.get<Day>(`/api/days/${DATE}`)).body.entries.map((item) => item.name);
    expect(stored).toEqual(['Mine 0', 'Mine 1', 'Mine 2', 'Theirs']);
  });

  it('a change whose answer was lost is sent again and stored once', async () => {
    const { device, client } = await account();
    await device.use(async (repository) => {
      await repository.getDay(DATE);
      device.loseAnswers = true;
      const shown = await repository.changeDay(DATE, { kind: 'putEntry', entry: entry({ name: 'Kefir' }) });
      expect(shown?.entries).toHaveLength(1);
      expect(await device.store.outbox()).toHaveLength(1);
      device.loseAnswers = false;
      await repository.sync();
    });
    expect((await client.get(`/api/days/${DATE}`)).body.entries).toHaveLength(1);
    expect(await device.store.outbox()).toEqual([]);
  });

  it('a batch whose answer was lost is sent again, and each change is stored once', async () => {
    const { device, client } = await account();
    const tea = entry({ name: 'Tea' });
    await device.use(async (repository) => {
      await repository.getDay(DATE);
      device.online = false;
      await repository.changeDay(DATE, { kind: 'putEntry', entry: tea });
      await repository.changeDay(DATE, { kind: 'putEntry', entry: entry({ name: 'Toast' }) });
      await repository.changeDay(DATE, { kind: 'setWeight', weight: 70.5 });
      await repository.changeDay(DATE, { kind: 'deleteEntry', entryId: tea.id });
      device.online = true;
      device.loseAnswers = true;
      await repository.sync();
      expect(await device.store.outbox()).toHaveLength(4);
      device.loseAnswers = false;
      await repository.sync();
      expect(await device.store.outbox()).toEqual([]);
      expect(await repository.getDay(DATE)).toMatchObject({ weight: 70.5, entries: [{ name: 'Toast' }] });
    });
    expect((await client.get<Day>(`/api/days/${DATE}`)).body).toMatchObject({
      weight: 70.5,
      entries: [{ name: 'Toast' }],
    });
  });

  it('an online change the server refuses is taken back and refused, as before', async () => {
    const { device } = await account();
    await device.use(async (repository) => {
      await repository.getDay(DATE);
      await expect(repository.updateFood(999_999, soup)).rejects.toThrow();
      expect(await device.store.outbox()).toEqual([]);
    });
  });

  it('a change refused at replay stays, with its reason, until discarded', async () => {
    const { device, client } = await account();
    const food = (await client.post('/api/foods', soup)).body;
    await device.use(async (repository) => {
      await repository.listFoods();
      device.online = false;
      await repository.updateFood(food.id, { ...soup, name: 'Soup, renamed offline' });
    });
    // Meanwhile another device deleted the food.
    await client.delete(`/api/foods/${food.id}`);
    await device.use(async (repository) => {
      device.online = true;
      await repository.sync();
      const [failed] = await device.store.outbox();
      expect(failed).toMatchObject({ state: 'failed', kind: 'updateFood', error: 'notFound' });
      expect(getSyncStatus().failed).toHaveLength(1);
      await repository.outbox.discardChange(failed!.seq);
      expect(await device.store.outbox()).toEqual([]);
      expect(await repository.listFoods()).toEqual([]);
    });
  });

  it('the same entry changed on two devices offline is a conflict with both versions, and the choice holds', async () => {
    const { client, user } = await signUp();
    const phone = await Device.open(client, user.id, `phone-${Math.random()}`);
    const laptop = await Device.open(client, user.id, `laptop-${Math.random()}`);
    const lunch = entry({ name: 'Lunch', kcal: 500, updatedAt: '2026-11-20T12:00:00.000Z' });
    await client.put(`/api/days/${DATE}/entries/${lunch.id}`, lunch);
    for (const device of [phone, laptop]) await device.use((repository) => repository.getDay(DATE));

    phone.online = false;
    laptop.online = false;
    const other = entry({ name: 'Apple', kcal: 80 });
    await phone.use(async (repository) => {
      await repository.changeDay(DATE, {
        kind: 'putEntry',
        entry: { ...lunch, kcal: 650, updatedAt: '2026-11-20T13:00:00.000Z' },
      });
      await repository.changeDay(DATE, { kind: 'putEntry', entry: other });
    });
    await laptop.use((repository) =>
      repository.changeDay(DATE, {
        kind: 'putEntry',
        entry: { ...lunch, kcal: 450, updatedAt: '2026-11-20T14:00:00.000Z' },
      }),
    );
    laptop.online = true;
    await laptop.use((repository) => repository.sync());
    phone.online = true;
    await phone.use(async (repository) => {
      await repository.sync();
      const outbox = await phone.store.outbox();
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({
        state: 'conflict',
        change: { entry: { kcal: 650 } },
        theirs: { kcal: 450 },
      });
      // The other change of the same day went through.
      const stored = (await client.get(`/api/days/${DATE}`)).body;
      expect(stored.entries.map((item: { name: string }) => item.name).sort()).toEqual(['Apple', 'Lunch']);
      expect(stored.entries.find((item: { id: string }) => item.id === lunch.id).kcal).toBe(450);
      await repository.outbox.keepMine(outbox[0]!.seq);
    });
    const resolved = (await client.get(`/api/days/${DATE}`)).body;
    expect(resolved.entries.find((item: { id: string }) => item.id === lunch.id).kcal).toBe(650);
    expect(await phone.store.outbox()).toEqual([]);
  });

  // Entry times keep only the whole second (lib/schemas/common.ts), so a version is known by the
  // whole entry, not by its time: two devices can stamp the same second, and a device whose clock
  // is behind can stamp the second the entry already had.
  it.each([
    { case: 'the edit sent first', at: '2026-11-20T13:00:00.000Z', first: 'edit' },
    { case: 'the edit sent after a new entry', at: '2026-11-20T13:00:00.000Z', first: 'add' },
    { case: 'the other device stamps the base’s second', at: '2026-11-20T12:00:00.000Z', first: 'edit' },
  ] as const)(
    'an entry changed on two devices in the same second is still a conflict: $case',
    async ({ at, first }) => {
      const { client, user } = await signUp();
      const phone = await Device.open(client, user.id, `phone-${Math.random()}`);
      const laptop = await Device.open(client, user.id, `laptop-${Math.random()}`);
      const lunch = entry({ name: 'Lunch', kcal: 420, updatedAt: '2026-11-20T12:00:00.000Z' });
      await client.put(`/api/days/${DATE}/entries/${lunch.id}`, lunch);
      for (const device of [phone, laptop]) await device.use((repository) => repository.getDay(DATE));

      phone.online = false;
      laptop.online = false;
      await phone.use((repository) =>
        repository.changeDay(DATE, { kind: 'putEntry', entry: { ...lunch, kcal: 500, updatedAt: at } }),
      );
      const apple = entry({ name: 'Apple', kcal: 90 });
      await laptop.use(async (repository) => {
        if (first === 'add') await repository.changeDay(DATE, { kind: 'putEntry', entry: apple });
        await repository.changeDay(DATE, {
          kind: 'putEntry',
          entry: { ...lunch, kcal: 300, updatedAt: '2026-11-20T13:00:00.000Z' },
        });
        if (first === 'edit') await repository.changeDay(DATE, { kind: 'putEntry', entry: apple });
      });
      phone.online = true;
      await phone.use((repository) => repository.sync());
      laptop.online = true;
      await laptop.use((repository) => repository.sync());

      const outbox = await laptop.store.outbox();
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({
        state: 'conflict',
        change: { entry: { kcal: 300 } },
        theirs: { kcal: 500 },
      });
      // The phone's change is kept until the user chooses; the other change went through.
      const stored = (await client.get(`/api/days/${DATE}`)).body;
      expect(stored.entries.map((item: { kcal: number }) => item.kcal).sort()).toEqual([500, 90].sort());
    },
  );

  it('a change sent again after its answer was lost is not a conflict with itself', async () => {
    const { client, user } = await signUp();
    const phone = await Device.open(client, user.id, `phone-${Math.random()}`);
    const lunch = entry({ name: 'Lunch', kcal: 420, updatedAt: '2026-11-20T12:00:00.000Z' });
    await client.put(`/api/days/${DATE}/entries/${lunch.id}`, lunch);
    await phone.use(async (repository) => {
      await repository.getDay(DATE);
      phone.loseAnswers = true;
      await repository.changeDay(DATE, {
        kind: 'putEntry',
        entry: { ...lunch, kcal: 300, updatedAt: '2026-11-20T13:00:00.000Z' },
      });
      phone.loseAnswers = false;
    });
    // Another change of the day meanwhile: the replay's base is stale and meets a 409.
    const tea = entry({ name: 'Tea', kcal: 40 });
    await client.put(`/api/days/${DATE}/entries/${tea.id}`, tea);
    await phone.use((repository) => repository.sync());
    expect(await phone.store.outbox()).toEqual([]);
    const stored = (await client.get(`/api/days/${DATE}`)).body;
    expect(stored.entries.map((item: { kcal: number }) => item.kcal).sort()).toEqual([300, 40].sort());
  });

  it('an entry of a food made offline, changed again offline, is sent without a conflict', async () => {
    const { device, client } = await account();
    await device.use(async (repository) => {
      await repository.getDay(DATE);
      device.online = false;
      const food = await repository.createFood(soup);
      const bowl = entry({ name: soup.name, food: food.id, kcal: 90, updatedAt: '2026-11-20T12:00:00.000Z' });
      await repository.changeDay(DATE, { kind: 'putEntry', entry: bowl });
      await repository.changeDay(DATE, {
        kind: 'putEntry',
        entry: { ...bowl, kcal: 135, updatedAt: '2026-11-20T12:05:00.000Z' },
      });
      device.online = true;
      await repository.sync();
    });
    expect(await device.store.outbox()).toEqual([]);
    const [food] = (await client.get('/api/foods')).body;
    expect((await client.get(`/api/days/${DATE}`)).body.entries).toMatchObject([
      { kcal: 135, food: food.id },
    ]);
  });

  it('a session that ended keeps the changes for the same account to send after logging in', async () => {
    const { device, client } = await account();
    await device.use(async (repository) => {
      await repository.getDay(DATE);
      device.online = false;
      await repository.changeDay(DATE, { kind: 'putEntry', entry: entry({ name: 'Late snack' }) });
    });
    const cookies = new Map(client.cookies);
    client.cookies.clear();
    device.online = true;
    await device.use(async (repository) => {
      await repository.sync();
      expect(getSyncStatus().sessionEnded).toBe(true);
      expect(await device.store.outbox()).toHaveLength(1);
    });
    for (const [name, value] of cookies) client.cookies.set(name, value);
    await device.use((repository) => repository.sync());
    expect((await client.get(`/api/days/${DATE}`)).body.entries).toHaveLength(1);
  });
});
