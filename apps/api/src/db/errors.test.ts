import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' })],
    ['a refused connection to both addresses of localhost', new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])],
    ['a connection lost mid-query, wrapped by Drizzle', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a connection that broke earlier', wrapped(new Error('Client has encountered a connection error and is not queryable'))],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a server shutting down', wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))],
    ['a server starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a missing Unix socket', Object.assign(new Error('connect ENOENT /run/postgresql/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' })],
  ])('recognises %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(Object.assign(new Error('duplicate key'), { code: '23505' }))],
    ['a missing file', Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('does not take %s for it', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
