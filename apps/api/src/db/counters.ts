import type { Clock } from '../clock';
import type { Counter, CounterStore } from '../lib/counters';
import type { Queryable } from './db';

/** Counters in PostgreSQL: one upsert per hit (rate_counters). Time comes from the clock. */
export class PgCounterStore implements CounterStore {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowMs: number, sliding = false): Promise<Counter> {
    const now = new Date(this.clock.now());
    const end = new Date(now.getTime() + windowMs);
    const [row] = await this.db.query<{ count: number; last_at: Date; expira_em: Date }>(
      `insert into rate_counters as r (key, count, last_at, expira_em) values ($1, 1, $2, $3)
       on conflict (key) do update set
         count = case when r.expira_em <= $2 then 1 else r.count + 1 end,
         last_at = $2,
         expira_em = case when r.expira_em <= $2 or $4 then $3 else r.expira_em end
       returning count, last_at, expira_em`,
      [key, now, end, sliding],
    );
    if (!row) throw new Error('rate counter upsert returned nothing');
    return { count: row.count, lastAt: new Date(row.last_at).getTime(), resetAt: new Date(row.expira_em).getTime() };
  }

  async peek(key: string): Promise<Counter | null> {
    const [row] = await this.db.query<{ count: number; last_at: Date; expira_em: Date }>(
      'select count, last_at, expira_em from rate_counters where key = $1 and expira_em > $2',
      [key, new Date(this.clock.now())],
    );
    return row
      ? { count: row.count, lastAt: new Date(row.last_at).getTime(), resetAt: new Date(row.expira_em).getTime() }
      : null;
  }

  async release(key: string): Promise<void> {
    await this.db.query('update rate_counters set count = greatest(count - 1, 0) where key = $1', [key]);
  }

  async reset(key: string): Promise<void> {
    await this.db.query('delete from rate_counters where key = $1', [key]);
  }

  /** Old windows are dead weight; removed now and then. */
  async prune(): Promise<void> {
    await this.db.query('delete from rate_counters where expira_em <= $1', [new Date(this.clock.now())]);
  }

  async close(): Promise<void> {}
}
