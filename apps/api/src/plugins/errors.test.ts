import { expect, it } from 'vitest';
import { ServicoIndisponivel } from '../lib/app-error';
import { bancoIndisponivel } from './errors';

it('tells a database that is down or restarting from a failed request', () => {
  // What node-postgres throws while PostgreSQL restarts or is unreachable.
  for (const err of [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
    new Error('Connection terminated unexpectedly'),
    // The bounded waits (issue 13): statement_timeout, lock_timeout, idle_in_transaction_session_timeout,
    // the pool's wait for a connection, node-postgres' query timeout, PGlite's queue, Redis.
    Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
    Object.assign(new Error('terminating connection due to idle-in-transaction timeout'), { code: '25P03' }),
    new Error('timeout exceeded when trying to connect'),
    new Error('Query read timeout'),
    new ServicoIndisponivel('banco', 'waited 5000 ms for the PGlite connection'),
    new ServicoIndisponivel('redis', 'redis: Command timed out'),
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
