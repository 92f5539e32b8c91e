// The yardstick of bench section `apicost`: a bare node:http + pg server doing the work of three
// of the app's routes, and nothing else: GET /api/health, GET /api/days/{date} (the session's row,
// then the day with its entries) and PUT /api/days/{date}/entries/{id} (the session's row, then
// the day and the entry written and the day read back in one statement). The session cookie is
// the app's own (an HS256 token of AUTH_SECRET), checked once per token as the app does. What the
// app spends beyond this server's CPU per request is the cost of its path, not of its work.
// Run by scripts/bench/api-cost.mjs: PORT, DATABASE_URL and AUTH_SECRET come from the environment.
import { createServer } from 'node:http';
import { jwtVerify } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const secret = new TextEncoder().encode(process.env.AUTH_SECRET);
const verified = new Map();

const SESSION_SQL =
  'select user_id from sessions where id = $1 and revoked_at is null and expires_at > now()';
const ENTRY_COLUMNS =
  'id, meal, food_id, catalog_food, name, amount, unit, grams, kcal, protein, fat, carbs, logged_at, updated_at';
const DAY_SQL = `select d.goal, d.weight, d.updated_at as day_updated_at, e.${ENTRY_COLUMNS.split(', ').join(', e.')}
  from days d left join entries e on e.user_id = d.user_id and e.date = d.date
  where d.user_id = $1 and d.date = $2 order by e.logged_at, e.id`;
const PUT_SQL = `with day as (
    insert into days as d (user_id, date, goal, weight, updated_at)
    select $1::uuid, $2::date, s.current_goal, null, now() from settings s where s.user_id = $1::uuid
    on conflict (user_id, date) do update set updated_at = excluded.updated_at
    returning d.goal, d.weight, d.updated_at
  ), entry as (
    insert into entries as e (user_id, date, ${ENTRY_COLUMNS})
    select $1::uuid, $2::date, $3::uuid, $4, null, null, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14 from day
    on conflict (user_id, id) do update set date = excluded.date, kcal = excluded.kcal,
      amount = excluded.amount, updated_at = excluded.updated_at
    returning e.id
  )
  select day.goal, day.weight, day.updated_at as day_updated_at, x.* from day cross join lateral (
    select ${ENTRY_COLUMNS} from entries where user_id = $1::uuid and date = $2::date and id <> $3::uuid
    union all select $3::uuid, $4, null, null, $5, $6, $7, $8, $9, $10, $11, $12, $13::timestamptz, $14::timestamptz
  ) x`;

async function userOf(request) {
  const token = /(?:^|;\s*)session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return null;
  let claims = verified.get(token);
  if (!claims) {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    claims = { userId: payload.sub, sessionId: payload.sid };
    verified.set(token, claims);
  }
  const { rows } = await pool.query({ name: 'session', text: SESSION_SQL, values: [claims.sessionId] });
  return rows[0]?.user_id === claims.userId ? claims.userId : null;
}

function dayOf(rows, date) {
  const first = rows[0];
  return {
    date,
    goal: first.goal,
    weight: first.weight,
    entries: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id,
        meal: row.meal,
        name: row.name,
        amount: row.amount,
        unit: row.unit,
        grams: row.grams,
        kcal: row.kcal,
        protein: row.protein,
        fat: row.fat,
        carbs: row.carbs,
        loggedAt: new Date(row.logged_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      })),
    updatedAt: new Date(first.day_updated_at).toISOString(),
  };
}

function send(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function handle(request, response) {
  const url = new URL(request.url, 'http://bare');
  if (url.pathname === '/api/health') return send(response, 200, { status: 'ok' });
  const match = /^\/api\/days\/(\d{4}-\d{2}-\d{2})(?:\/entries\/([0-9a-f-]{36}))?$/.exec(url.pathname);
  if (!match) return send(response, 404, { error: 'notFound' });
  const userId = await userOf(request);
  if (!userId) return send(response, 401, { error: 'unauthorized' });
  const [, date, entryId] = match;
  if (request.method === 'GET' && !entryId) {
    const { rows } = await pool.query({ name: 'day', text: DAY_SQL, values: [userId, date] });
    return rows.length === 0
      ? send(response, 404, { error: 'notFound' })
      : send(response, 200, dayOf(rows, date));
  }
  if (request.method === 'PUT' && entryId) {
    let text = '';
    for await (const chunk of request) text += chunk;
    const entry = JSON.parse(text);
    const { rows } = await pool.query({
      name: 'put',
      text: PUT_SQL,
      values: [
        userId,
        date,
        entryId,
        entry.meal,
        entry.name,
        entry.amount,
        entry.unit,
        entry.grams,
        entry.kcal,
        entry.protein,
        entry.fat,
        entry.carbs,
        entry.loggedAt,
        entry.updatedAt,
      ],
    });
    return send(response, 200, dayOf(rows, date));
  }
  return send(response, 405, { error: 'methodNotAllowed' });
}

const server = createServer((request, response) => {
  handle(request, response).catch((error) => send(response, 500, { error: String(error?.message ?? error) }));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare API on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
