import type { APIRequestContext, APIResponse } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { splitExport } from '../../lib/data/api/import-chunks';
import { THROTTLES } from '../../lib/limits';
import type { Day } from '../../lib/schemas/day';
import type { DiaryExport, ImportPlan } from '../../lib/schemas/export';
import { guestExport } from '../support/diary-data';
import { changesIn, visible } from '../support/export-view';
import { entry } from '../support/fixtures';
import { expect, test } from './fixtures';

// Several instances: two servers of one build on one PostgreSQL database, each request
// of a test going to the other one than the request before (A, B, A, B ...), as a load balancer
// without sticky sessions may send them. Whatever one instance did, the other must know at once:
// sessions, login failures, entry versions, imports, the build id.

const [A, B] = (process.env.E2E_INSTANCE_URLS ?? '').split(',') as [string, string];
/** The instance of the n-th request of a sequence: A, B, A, B ... */
const alternate = (index: number) => (index % 2 === 0 ? A : B);
const PASSWORD = 'correct horse battery staple';
const DATE = '2026-11-20';

// Without TEST_DATABASE_URL each instance has its own PGlite database, and there is nothing to share.
test.skip(!process.env.E2E_DATABASE_URL, 'needs TEST_DATABASE_URL: the two instances share one PostgreSQL');

/** A new account registered on `instance`; the context keeps its session cookie. */
async function register(request: APIRequestContext, instance: string) {
  const email = `instances-${randomUUID().slice(0, 8)}@example.com`;
  const answer = await request.post(`${instance}/api/auth/register`, { data: { email, password: PASSWORD } });
  expect(answer.status()).toBe(201);
  const { user } = (await answer.json()) as { user: { id: string } };
  return { email, userId: user.id };
}

async function statusOf(answer: Promise<APIResponse>): Promise<number> {
  return (await answer).status();
}

test('a session made on one instance works on the other, and a logout on one ends it on both', async ({
  request,
  playwright,
  extraHTTPHeaders,
}) => {
  const { userId } = await register(request, A);
  const me = await request.get(`${B}/api/me`);
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { user: { id: string } }).user.id).toBe(userId);

  // Another device with a copy of the cookie (one that was stolen, or a tab that missed the
  // logout), checked on A first: an instance that remembered a checked session would say 200.
  const copy = await playwright.request.newContext({
    extraHTTPHeaders,
    storageState: await request.storageState(),
  });
  try {
    expect(await statusOf(copy.get(`${A}/api/me`))).toBe(200);
    expect(await statusOf(request.post(`${B}/api/auth/logout`))).toBe(204);
    // The very next request, on the instance that did not log out.
    expect(await statusOf(copy.get(`${A}/api/me`))).toBe(401);
    expect(await statusOf(copy.get(`${B}/api/me`))).toBe(401);
  } finally {
    await copy.dispose();
  }
});

test('a password change on one instance signs out the other sessions on the other', async ({
  request,
  playwright,
  extraHTTPHeaders,
}) => {
  const { email } = await register(request, A);
  const laptop = await playwright.request.newContext({ extraHTTPHeaders });
  const logIn = (instance: string, password: string) =>
    statusOf(laptop.post(`${instance}/api/auth/login`, { data: { email, password } }));
  try {
    expect(await logIn(B, PASSWORD)).toBe(200);
    expect(await statusOf(laptop.get(`${A}/api/me`))).toBe(200);

    const next = 'a brand new secret phrase';
    const changed = request.put(`${B}/api/me/password`, { data: { current: PASSWORD, next } });
    expect(await statusOf(changed)).toBe(204);
    expect(await statusOf(laptop.get(`${A}/api/me`))).toBe(401);
    // The session that changed it stays, and only the new password logs in, on either instance.
    expect(await statusOf(request.get(`${B}/api/me`))).toBe(200);
    expect(await logIn(A, PASSWORD)).toBe(401);
    expect(await logIn(B, next)).toBe(200);
  } finally {
    await laptop.dispose();
  }
});

test('wrong passwords sent to both instances count together: the 429 comes at the same try as on one', async ({
  request,
}) => {
  const { email } = await register(request, A);
  const limit = THROTTLES.login.perEmailAndAddress.max;
  const statuses: number[] = [];
  // From B on, so the tries alternate after the registration on A.
  for (let attempt = 1; attempt <= limit + 1; attempt++) {
    const instance = alternate(attempt);
    const answer = request.post(`${instance}/api/auth/login`, {
      data: { email, password: `wrong password ${attempt}` },
    });
    statuses.push(await statusOf(answer));
  }
  // One instance lets `limit` tries through and refuses the next (tests/integration/throttle.test.ts).
  expect(statuses).toEqual([...Array<number>(limit).fill(401), 429]);

  // The right password is refused too, on whichever instance it comes to next.
  const right = await request.post(`${alternate(limit + 2)}/api/auth/login`, {
    data: { email, password: PASSWORD },
  });
  expect(right.status()).toBe(429);
  expect(Number(right.headers()['retry-after'])).toBeGreaterThan(0);
});

test('a stale write on one instance gets 409 with the write made on the other; the retry goes through', async ({
  request,
}) => {
  await register(request, A);
  const lunch = entry({ name: 'Lunch', kcal: 500 });
  const url = (instance: string) => `${instance}/api/days/${DATE}/entries/${lunch.id}`;

  const created = await request.put(url(B), { data: { ...lunch, baseUpdatedAt: null } });
  expect(created.status()).toBe(200);
  const firstVersion = ((await created.json()) as Day).updatedAt;

  // A phone that saw the first version changes the entry through A...
  const onA = await request.put(url(A), { data: { ...lunch, kcal: 650, baseUpdatedAt: firstVersion } });
  expect(onA.status()).toBe(200);
  const dayOnA = (await onA.json()) as Day;
  expect(dayOnA.updatedAt).not.toBe(firstVersion);

  // ...and a laptop that saw the same first version writes through B: B knows of A's write.
  const stale = await request.put(url(B), { data: { ...lunch, kcal: 450, baseUpdatedAt: firstVersion } });
  expect(stale.status()).toBe(409);
  const { error, current } = (await stale.json()) as { error: string; current: Day };
  expect(error).toBe('conflict');
  expect(current).toEqual(dayOnA);

  // The laptop merges onto the current version and retries, on A this time.
  const retried = await request.put(url(A), {
    data: { ...lunch, kcal: 450, baseUpdatedAt: current.updatedAt },
  });
  expect(retried.status()).toBe(200);
  const stored = await request.get(`${B}/api/days/${DATE}`);
  expect(((await stored.json()) as Day).entries.map((item) => item.kcal)).toEqual([450]);
});

test('concurrent writes of one entry on both instances: one winner per version, no lost update', async ({
  request,
}) => {
  await register(request, A);
  // No writer sends the entry as it is stored: that would be a retry, answered 200 whatever its base.
  const snack = entry({ name: 'Snack', kcal: 1 });
  const url = (instance: string) => `${instance}/api/days/${DATE}/entries/${snack.id}`;
  const created = await request.put(url(B), { data: { ...snack, baseUpdatedAt: null } });
  expect(created.status()).toBe(200);
  let version = (await created.json()) as Day;

  const ROUNDS = 4;
  const WRITERS = 6;
  for (let round = 1; round <= ROUNDS; round++) {
    // Every writer saw the same version and changes the entry its own way, all at once, half
    // of them through each instance.
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        const kcal = round * 100 + writer;
        const answer = await request.put(url(alternate(writer)), {
          data: { ...snack, kcal, baseUpdatedAt: version.updatedAt },
        });
        return { kcal, status: answer.status(), body: (await answer.json()) as Day & { current?: Day } };
      }),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    expect(
      winners.map((answer) => answer.kcal),
      `round ${round}`,
    ).toHaveLength(1);
    const winner = winners[0]!;
    expect(winner.body.updatedAt).not.toBe(version.updatedAt);
    expect(winner.body.entries.map((item) => item.kcal)).toEqual([winner.kcal]);
    // Each loser was told of the winner's write, and of nothing older.
    for (const loser of answers.filter((answer) => answer !== winner)) {
      expect(loser.status).toBe(409);
      expect(loser.body.current).toEqual(winner.body);
    }
    // Both instances read the winner's write.
    for (const instance of [alternate(round), alternate(round + 1)]) {
      expect(await (await request.get(`${instance}/api/days/${DATE}`)).json()).toEqual(winner.body);
    }
    version = winner.body;
  }
});

test('an import in parts sent to both instances at once ends with the data once; again, it adds nothing', async ({
  request,
}) => {
  await register(request, A);
  const data = guestExport('2025-01-01', 90, 7);
  // Parts as the client cuts a large file (lib/data/api/import-chunks.ts), only smaller, so a
  // small file makes several.
  const parts = splitExport(data, 16_000);
  expect(parts.length).toBeGreaterThanOrEqual(4);

  // All parts at once, alternating between the instances: the server takes one import of a user
  // at a time, so two parts never both add the same food.
  const first = await Promise.all(
    parts.map(async (part, index) => {
      const answer = await request.post(`${alternate(index + 1)}/api/import`, { data: part });
      expect(answer.status()).toBe(200);
      return (await answer.json()) as ImportPlan;
    }),
  );
  const entryCount = data.days.reduce((sum, day) => sum + day.entries.length, 0);
  expect(first.reduce((sum, plan) => sum + plan.entries.added, 0)).toBe(entryCount);
  expect(first.reduce((sum, plan) => sum + plan.days.added, 0)).toBe(data.days.length);
  expect(first.reduce((sum, plan) => sum + plan.foods.added, 0)).toBe(data.foods.length);

  // The same parts again, one after another as a retrying client sends them, starting on the
  // other instance this time.
  for (const [index, part] of parts.entries()) {
    const answer = await request.post(`${alternate(index)}/api/import`, { data: part });
    expect(answer.status()).toBe(200);
    expect(changesIn((await answer.json()) as ImportPlan), `part ${index + 1} again`).toBe(0);
  }

  const exported = await Promise.all(
    [A, B].map(
      async (instance) => (await (await request.get(`${instance}/api/export`)).json()) as DiaryExport,
    ),
  );
  expect(visible(exported[0]!)).toEqual(visible(data));
  expect(visible(exported[1]!)).toEqual(visible(data));
});

test('both instances answer the same build id, the one their pages carry', async ({ request }) => {
  const latest = await Promise.all(
    [A, B].map(async (instance) => {
      const answer = await request.get(`${instance}/builds/latest.json?t=${Date.now()}`);
      expect(answer.status()).toBe(200);
      return (await answer.json()) as { id: string; builtAt: string };
    }),
  );
  expect(latest[0]!.id).toMatch(/\S/);
  expect(latest[1]).toEqual(latest[0]);
  // A page from one instance compares its own build id with the other's latest.json
  // (components/pwa/build-watcher.tsx): an equal id means no "new version" prompt on every switch.
  for (const [page, other] of [
    [A, latest[1]!],
    [B, latest[0]!],
  ] as const) {
    const html = await (await request.get(`${page}/`)).text();
    expect(html).toContain(`\\"buildId\\":\\"${other.id}\\"`);
  }
});

test('health and readiness answer 200 on both instances', async ({ request }) => {
  for (const path of ['/api/health', '/api/ready']) {
    for (const instance of [A, B]) {
      const answer = await request.get(`${instance}${path}`);
      expect(answer.status(), `${instance}${path}`).toBe(200);
    }
  }
});
