// @ts-check
// The PostgreSQL database the e2e run's two split instances share (playwright.config.ts): made
// by tests/support/create-e2e-database.mjs as each starts, dropped by e2e-teardown.ts.
import pg from 'pg';

/** The URL of database `name` on the server of `serverUrl`. */
export function e2eDatabaseUrl(/** @type {string} */ serverUrl, /** @type {string} */ name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database's name, and a URL of the server's own database to run CREATE and DROP from. */
function split(/** @type {string} */ databaseUrl) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  url.pathname = '/postgres';
  return { name, serverUrl: url.toString() };
}

async function run(/** @type {string} */ serverUrl, /** @type {string} */ statement) {
  const client = new pg.Client(serverUrl);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createDatabase(/** @type {string} */ databaseUrl) {
  const { name, serverUrl } = split(databaseUrl);
  try {
    await run(serverUrl, `CREATE DATABASE ${name}`);
  } catch (error) {
    // 42P04: it exists; 23505: the other instance made it in the same instant.
    const code = /** @type {{ code?: string }} */ (error).code;
    if (code !== '42P04' && code !== '23505') throw error;
  }
}

export async function dropDatabase(/** @type {string} */ databaseUrl) {
  const { name, serverUrl } = split(databaseUrl);
  await run(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
