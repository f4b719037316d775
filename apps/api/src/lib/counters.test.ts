import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, systemClock } from '../clock';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { CPF, startApp } from '../../test/helper';
import { PgCounterStore } from '../db/counters';
import type { CounterStore } from './counters';
import { RedisCounterStore } from './counters-redis';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisUp(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
const hasRedis = await redisUp();

/** The same contract for both stores; `wait` moves time (the clock for PG, real time for Redis). */
function contract(
  name: string,
  make: () => Promise<{ store: CounterStore; wait(ms: number): Promise<void>; done(): Promise<void> }>,
) {
  describe(name, () => {
    let s: Awaited<ReturnType<typeof make>>;
    const key = () => `t:${randomBytes(6).toString('hex')}`;
    beforeAll(async () => {
      s = await make();
    });
    afterAll(() => s.done());

    // Windows of seconds, not milliseconds: with Redis the waits are real time, and on two cores
    // shared with other suites a call can take a few hundred ms (a 400 ms window once expired
    // between two hits 250 ms apart in CI).
    it('counts hits in a fixed window, then starts again', async () => {
      const k = key();
      expect((await s.store.hit(k, 2000)).count).toBe(1);
      expect((await s.store.hit(k, 2000)).count).toBe(2);
      const third = await s.store.hit(k, 2000);
      expect(third.count).toBe(3);
      expect(third.resetAt).toBeGreaterThan(third.lastAt);
      await s.wait(2100);
      expect((await s.store.hit(k, 2000)).count).toBe(1);
    });

    it('a sliding window moves with every hit', async () => {
      const k = key();
      // 2 × 1800 ms is past a fixed window of 3000 ms; each gap leaves 1200 ms for a slow call.
      await s.store.hit(k, 3000, true);
      await s.wait(1800);
      await s.store.hit(k, 3000, true);
      await s.wait(1800);
      expect((await s.store.hit(k, 3000, true)).count).toBe(3);
    });

    it('peek does not count; reset forgets; concurrent hits are all counted', async () => {
      const k = key();
      expect(await s.store.peek(k)).toBeNull();
      await Promise.all(Array.from({ length: 20 }, () => s.store.hit(k, 10_000)));
      expect((await s.store.peek(k))?.count).toBe(20);
      expect((await s.store.peek(k))?.count).toBe(20);
      await s.store.reset(k);
      expect(await s.store.peek(k)).toBeNull();
    });
  });
}

contract('PgCounterStore (rate_counters upserts)', async () => {
  const db: Db = await openPglite();
  await migrate(db);
  const clock = manualClock();
  return {
    store: new PgCounterStore(db, clock),
    wait: async (ms) => clock.advance(ms),
    done: () => db.close(),
  };
});

describe.skipIf(!hasRedis)('with Redis', () => {
  contract('RedisCounterStore (Lua HINCRBY + PEXPIRE)', async () => {
    const store = RedisCounterStore.connect(REDIS_URL, systemClock);
    return { store, wait: (ms) => new Promise((r) => setTimeout(r, ms)), done: () => store.close() };
  });

  it('the app throttles through Redis when REDIS_URL is set (nothing in rate_counters)', async () => {
    const t = await startApp({ env: { REDIS_URL, THROTTLE_CPF_CHECKS_PER_MINUTE: '3' } });
    try {
      const c = t.client();
      for (const cpf of [CPF.maria, CPF.carlos, CPF.roberto])
        expect((await c.post('/api/Login/VerificarCPF', { cpf })).status).toBe(200);
      const r = await c.post('/api/Login/VerificarCPF', { cpf: CPF.fernanda });
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({ code: 'MUITAS_TENTATIVAS' });
      expect(await t.db.query('select 1 from rate_counters')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
