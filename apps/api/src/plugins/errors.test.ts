import { expect, it } from 'vitest';
import { bancoIndisponivel } from './errors';

it('tells a database that is down or restarting from a failed request', () => {
  // What node-postgres throws while PostgreSQL restarts or is unreachable.
  for (const err of [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
    new Error('Connection terminated unexpectedly'),
  ])
    expect(bancoIndisponivel(err), err.message).toBe(true);
  // A bug or a bad statement stays a 500.
  for (const err of [
    Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }),
    new TypeError("Cannot read properties of undefined (reading 'x')"),
    null,
  ])
    expect(bancoIndisponivel(err)).toBe(false);
});
