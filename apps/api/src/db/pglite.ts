import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ServicoIndisponivel } from '../lib/app-error';
import type { Db, Queryable } from './db';
import { ConsultasPreparadas } from './pglite-preparadas';

/**
 * PGlite has one connection: a transaction holds it and every other call waits, with no bound of
 * its own. The calls queue here instead, and one that waits longer than `esperaMs` gives up with
 * 503 INDISPONIVEL before it ever reaches the database (issue 13).
 */
class UmaConexao {
  private ocupada = false;
  private readonly fila: (() => void)[] = [];

  /** The one connection: taken or free, and how many calls wait for it (metrics). */
  estado() {
    return { emUso: this.ocupada ? 1 : 0, ociosas: this.ocupada ? 0 : 1, aguardando: this.fila.length, maximo: 1 };
  }

  async usar<T>(esperaMs: number | undefined, fn: () => Promise<T>): Promise<T> {
    if (!this.ocupada) this.ocupada = true;
    else
      await new Promise<void>((resolve, reject) => {
        const entrar = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = esperaMs
          ? setTimeout(() => {
              this.fila.splice(this.fila.indexOf(entrar), 1);
              reject(new ServicoIndisponivel('banco', `waited ${esperaMs} ms for the PGlite connection`));
            }, esperaMs)
          : undefined;
        this.fila.push(entrar);
      });
    try {
      return await fn();
    } finally {
      // Handed straight to the next in line (it stays taken), or freed.
      const proxima = this.fila.shift();
      if (proxima) proxima();
      else this.ocupada = false;
    }
  }
}

/**
 * Embedded PostgreSQL: `dataDir` on disk, or in memory when undefined (tests). `snapshot` starts
 * from a dumped data directory (tests skip initdb, ~4 s, that way). `esperaMs` bounds the wait for
 * the single connection (unset: no bound).
 */
export async function openPglite(
  dataDir?: string,
  snapshot?: Blob,
  esperaMs?: number,
): Promise<Db & { dump(): Promise<Blob> }> {
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    // The provider guide's free text (migration 0004): trigram indexes.
    extensions: { pg_trgm },
  });
  const conexao = new UmaConexao();
  // Outside transactions, each SQL text is planned once (decision 0035); inside one, PGlite's own.
  const preparadas = new ConsultasPreparadas(pg);
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query<T>(sql, params);
      return r.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const comEspera = (espera: number | undefined): Db => ({
    kind: 'pglite',
    query<T>(sql: string, params?: unknown[]) {
      return conexao.usar(espera, () => preparadas.consultar<T>(sql, params ?? []));
    },
    exec: (sql) => conexao.usar(espera, () => wrap(pg).exec(sql)),
    transaction: (fn) => conexao.usar(espera, () => pg.transaction((tx) => fn(wrap(tx)))),
    estado: () => conexao.estado(),
    semLimites: () => ({ ...comEspera(undefined), close: async () => undefined }),
    close: () => pg.close(),
  });
  return { ...comEspera(esperaMs), dump: () => pg.dumpDataDir('none') };
}
