import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '@/lib/server/db/unavailable';

// Which errors say the database could not be asked (503 `unavailable`, lib/server/http.ts), and
// which are anything else (a refusal of the input, a bug: not this).

/** As PostgreSQL's errors reach us: the driver's, wrapped by Drizzle with the query. */
const pgError = (code: string, message = 'error') =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });
const wrapped = (cause: Error) =>
  Object.assign(new Error('Failed query: select 1\nparams: '), { query: 'select 1', params: [], cause });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('databaseUnavailable', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED'), 'ECONNREFUSED'],
    ['a host that does not resolve', socketError('ENOTFOUND'), 'ENOTFOUND'],
    ['a connection timed out', socketError('ETIMEDOUT'), 'ETIMEDOUT'],
    ['an administrator shut the server down (57P01)', wrapped(pgError('57P01')), '57P01'],
    ['the server is starting (57P03)', pgError('57P03', 'the database system is starting up'), '57P03'],
    ['a connection failure (08006)', wrapped(pgError('08006')), '08006'],
    ['all connections taken (53300)', pgError('53300', 'sorry, too many clients already'), '53300'],
    [
      'every address of localhost refused (AggregateError)',
      Object.assign(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]), {}),
      'ECONNREFUSED',
    ],
  ])('%s', (_, error, code) => {
    expect(databaseUnavailable(error)).toMatchObject({ code });
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
  ])('node-postgres says "%s", without a code', (message) => {
    expect(databaseUnavailable(wrapped(new Error(message)))).toEqual({ message });
  });

  it.each([
    ['a unique violation (23505)', wrapped(pgError('23505'))],
    ['a refused value (22P02)', wrapped(pgError('22P02'))],
    ['a deadlock (40P01)', wrapped(pgError('40P01'))],
    ['a disk full (53100)', pgError('53100')],
    ['a bug', new Error('Cannot read properties of undefined')],
    ['an outbound request refused', new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') })],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_, error) => {
    expect(databaseUnavailable(error)).toBeNull();
  });
});
