import { Redis } from 'ioredis';
import type { Clock } from '../clock';
import { ServicoIndisponivel } from './app-error';
import type { Counter, CounterStore } from './counters';
import { type Contadores, semContadores } from './metricas';

// One round trip, atomic: count, remember the last hit, set the expiry on the first hit (fixed
// window) or on every hit (sliding), and answer the count and the time left.
const HIT = `
local c = redis.call('HINCRBY', KEYS[1], 'c', 1)
redis.call('HSET', KEYS[1], 'l', ARGV[2])
if c == 1 or ARGV[3] == '1' then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}
`;

// Decrements an existing counter, never below zero, keeping its expiry.
const RELEASE = `
local c = tonumber(redis.call('HGET', KEYS[1], 'c'))
if c and c > 0 then redis.call('HINCRBY', KEYS[1], 'c', -1) end
return 1
`;

export interface LimitesRedis {
  conectarMs: number;
  comandoMs: number;
}

/**
 * Counters in Redis (REDIS_URL): shared by every instance, expiry handled by Redis itself.
 * Every command is bounded (connect and command timeouts): an unreachable Redis is a 503
 * INDISPONIVEL, never a skipped limit (fail closed) and never a hang (issue 13).
 */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'pb:rl:',
    private readonly contadores: Pick<Contadores, 'erroDoRedis'> = semContadores,
  ) {}

  static connect(
    url: string,
    clock: Clock,
    limites: LimitesRedis = { conectarMs: 2000, comandoMs: 2000 },
    onError?: (err: Error) => void,
    contadores: Pick<Contadores, 'erroDoRedis'> = semContadores,
  ): RedisCounterStore {
    const redis = new Redis(url, {
      connectTimeout: limites.conectarMs,
      commandTimeout: limites.comandoMs,
      // One reconnection attempt per command, then it fails; commands issued while (re)connecting
      // wait in the offline queue, still under commandTimeout.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      lazyConnect: false,
      // Reconnect quickly at first, then every 2 s at most: back as soon as Redis is.
      retryStrategy: (tentativas) => Math.min(tentativas * 100, 2000),
    });
    // Without a listener ioredis prints every failed reconnection to the console.
    let ultimo = '';
    redis.on('error', (err: Error) => {
      if (err.message !== ultimo) onError?.(err);
      ultimo = err.message;
    });
    redis.on('ready', () => (ultimo = ''));
    return new RedisCounterStore(redis, clock, undefined, contadores);
  }

  /** Answers when Redis does (readiness). */
  async ping(): Promise<void> {
    await this.comando(() => this.redis.ping());
  }

  private async comando<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.contadores.erroDoRedis();
      throw new ServicoIndisponivel('redis', `redis: ${(err as Error).message}`, { cause: err });
    }
  }

  async hit(key: string, windowMs: number, sliding = false): Promise<Counter> {
    const now = this.clock.now();
    const [count, ttl] = (await this.comando(() =>
      this.redis.eval(HIT, 1, this.prefix + key, String(windowMs), String(now), sliding ? '1' : '0'),
    )) as [number, number];
    return { count, lastAt: now, resetAt: now + Math.max(ttl, 0) };
  }

  async peek(key: string): Promise<Counter | null> {
    const k = this.prefix + key;
    const [[, h], [, ttl]] = (await this.comando(() => this.redis.multi().hgetall(k).pttl(k).exec())) as [
      [unknown, Record<string, string>],
      [unknown, number],
    ];
    if (!h || !h.c || ttl < 0) return null;
    return { count: Number(h.c), lastAt: Number(h.l), resetAt: this.clock.now() + ttl };
  }

  async release(key: string): Promise<void> {
    await this.comando(() => this.redis.eval(RELEASE, 1, this.prefix + key));
  }

  async reset(key: string): Promise<void> {
    await this.comando(() => this.redis.del(this.prefix + key));
  }

  async close(): Promise<void> {
    // QUIT on a connection that is not up would wait for its command timeout: just drop it.
    if (this.redis.status !== 'ready') return this.redis.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
