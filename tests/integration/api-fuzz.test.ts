import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/api-client';
import { entryArb, foodArb } from '../support/arbitraries';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';

// Every route, random and hostile requests: bodies, path parameters, query strings, cookies and
// headers. Never a 5xx; and a refused request (4xx) leaves the account's data as it was. Seeded
// (FUZZ_SEED replays a run; fast-check prints the seed of a failure), a few thousand cases per
// engine, bounded in time.
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const cases = Number(process.env.FUZZ_RUNS ?? 3000);
const TIME_LIMIT_MS = 60_000;

const routes: Array<{ method: string; path: string }> = [
  { method: 'POST', path: '/api/auth/register' },
  { method: 'POST', path: '/api/auth/login' },
  { method: 'GET', path: '/api/me' },
  { method: 'PUT', path: '/api/me/password' },
  { method: 'GET', path: '/api/settings' },
  { method: 'PATCH', path: '/api/settings' },
  { method: 'GET', path: '/api/foods' },
  { method: 'POST', path: '/api/foods' },
  { method: 'PATCH', path: '/api/foods/:id' },
  { method: 'DELETE', path: '/api/foods/:id' },
  { method: 'GET', path: '/api/days' },
  { method: 'GET', path: '/api/days/:date' },
  { method: 'PATCH', path: '/api/days/:date' },
  { method: 'PUT', path: '/api/days/:date/entries/:id' },
  { method: 'DELETE', path: '/api/days/:date/entries/:id' },
  { method: 'GET', path: '/api/stats' },
  { method: 'POST', path: '/api/parse' },
  { method: 'GET', path: '/api/catalog/search' },
  { method: 'GET', path: '/api/export' },
  { method: 'POST', path: '/api/import' },
  { method: 'POST', path: '/api/batch' },
  { method: 'GET', path: '/api/nope/:id' },
];

/** Strings an attacker or a broken client sends. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%',
    '%E0%A4%A',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "'; DROP TABLE entries; --",
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '9'.repeat(40),
    '0000-01-01',
    '9999-12-31',
    '2026-02-30',
    '2026-11-22T08:00:00Z',
    '9999-12-31T23:59:59-14:00',
    '00000000-0000-0000-0000-000000000000',
    'constructor',
    '__proto__',
    '\ud800',
    'ё'.repeat(200),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 2000 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.1, 2 ** 31, 2 ** 31 - 1, 2 ** 53, Number.MAX_VALUE, Number.MIN_VALUE, 1e21),
  fc.double(),
  fc.integer(),
);

/** Any JSON value, hostile leaves first. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A plausible record with one field made hostile: it gets past the first checks, so it probes deeper ones. */
function nearlyValid<T extends object>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.tuple(arb, hostileText, hostileJson).map(([record, key, value]) => {
    const keys = Object.keys(record);
    const field = keys[Math.abs(key.length) % keys.length]!;
    return { ...record, [field]: value };
  });
}

/** A batch of changes of days, each plausible or hostile in its date, kind, fields or base. */
const batchBody = fc.record({
  changes: fc.array(
    fc.record(
      {
        date: fc.oneof(fc.constant('2026-11-22'), hostileText),
        change: fc.oneof(
          entryArb.map((entry) => ({ kind: 'putEntry', entry })),
          nearlyValid(entryArb).map((entry) => ({ kind: 'putEntry', entry })),
          fc.record({ kind: fc.oneof(fc.constantFrom('setWeight', 'setWater', 'deleteEntry'), hostileText) }),
          hostileJson,
        ),
        base: fc.oneof(fc.constant(null), hostileText),
      },
      { requiredKeys: ['date', 'change'] },
    ),
    { maxLength: 5 },
  ),
});

/** A text for the phrase reader (POST /api/parse), hostile in its text or its language. */
const phraseBody = fc.record(
  { text: hostileText, locale: fc.oneof(fc.constantFrom('en', 'ru'), hostileText) },
  { requiredKeys: ['text'] },
);

const body = fc.oneof(
  hostileJson,
  batchBody,
  phraseBody,
  nearlyValid(entryArb),
  nearlyValid(foodArb),
  entryArb,
  fc.constant('{"unterminated'),
  fc.constant('['.repeat(5000)),
  fc.constant(JSON.stringify({ name: 'x'.repeat(1_100_000) })),
);

const param = fc.oneof(hostileText, fc.constantFrom('2026-11-22', '1', crypto.randomUUID()));

const request = fc.record({
  route: fc.constantFrom(...routes),
  // Often the path names the body's own id, so an entry gets past the id check to deeper ones.
  sameId: fc.boolean(),
  params: fc.array(param, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(fc.constantFrom('from', 'to', 'today', 'dryRun', 'x'), hostileText, { maxKeys: 3 }),
  body,
  cookie: fc.option(fc.tuple(fc.constantFrom('session', 'i18n_redirected', 'session-state'), hostileText), {
    nil: undefined,
  }),
  header: fc.option(
    fc.tuple(fc.constantFrom('origin', 'content-type', 'x-forwarded-for', 'accept-language'), hostileText),
    { nil: undefined },
  ),
});

describe.each(engines)('the API under fuzzing on $name', (engine) => {
  useDatabase(engine);

  it(
    `never answers 5xx, and a refused request changes nothing (seed ${seed})`,
    { timeout: TIME_LIMIT_MS + 30_000 },
    async () => {
      const { client } = await signUp();
      // Something to lose: a food and a day.
      await client.post('/api/foods', { name: 'Oats', kcal: 370, protein: 13, fat: 6.5, carbs: 60 });
      const logged = entry();
      await client.put(`/api/days/2026-11-22/entries/${logged.id}`, logged);
      const started = Date.now();
      let ran = 0;
      await fc.assert(
        fc.asyncProperty(request, async ({ route, sameId, params, query, body: sent, cookie, header }) => {
          if (Date.now() - started > TIME_LIMIT_MS) return;
          ran++;
          let index = 0;
          // A URL cannot hold a lone surrogate: a client sends U+FFFD in its place.
          const wellFormed = (text: string) => text.replace(/[\ud800-\udfff]/g, '\ufffd');
          const bodyId = (sent as { id?: unknown } | null)?.id;
          const path = route.path.replace(/:\w+/g, (name) =>
            name === ':id' && sameId && typeof bodyId === 'string'
              ? encodeURIComponent(wellFormed(bodyId))
              : encodeURIComponent(wellFormed(params[index++]!)),
          );
          const search = new URLSearchParams(
            Object.entries(query).map(([key, value]) => [key, wellFormed(value)]),
          ).toString();
          const before = (await client.get('/api/export')).body;
          const saved = new Map(client.cookies);
          // Only what an HTTP header can carry at all: a client cannot send the rest.
          const headerText = (text: string) => text.replace(/[^\t\x20-\x7e]/g, '');
          if (cookie) client.cookies.set(cookie[0], headerText(cookie[1]));
          const headers: Record<string, string> = {};
          if (header) headers[header[0]] = headerText(header[1]);
          let status: number;
          try {
            const answer = await client.call(route.method, search ? `${path}?${search}` : path, {
              body: route.method === 'GET' ? undefined : sent,
              headers,
            });
            status = answer.status;
          } finally {
            // A login or logout among the cases must not change whose data the next case probes.
            client.cookies.clear();
            for (const [name, value] of saved) client.cookies.set(name, value);
          }
          expect(status, `${route.method} ${path}`).toBeLessThan(500);
          if (status >= 400) {
            const after = (await client.get('/api/export')).body;
            expect({ ...after, exportedAt: null }).toEqual({ ...before, exportedAt: null });
          }
        }),
        { seed, numRuns: cases },
      );
      console.log(`api fuzz on ${engine.name}: ${ran} cases in ${Date.now() - started} ms, seed ${seed}`);
      expect(ran).toBeGreaterThan(100);
    },
  );
});
