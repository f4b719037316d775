import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

/** Embedded PostgreSQL: `dataDir` on disk, or in memory when undefined (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create(dataDir ? { dataDir } : {});
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query<T>(sql, params);
      return r.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
