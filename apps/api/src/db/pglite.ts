import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './db';

/**
 * Embedded PostgreSQL: `dataDir` on disk, or in memory when undefined (tests). `snapshot` starts
 * from a dumped data directory (tests skip initdb, ~4 s, that way).
 */
export async function openPglite(dataDir?: string, snapshot?: Blob): Promise<Db & { dump(): Promise<Blob> }> {
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    // The provider guide's free text (migration 0004): trigram indexes.
    extensions: { pg_trgm },
  });
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
    dump: () => pg.dumpDataDir('none'),
  };
}
