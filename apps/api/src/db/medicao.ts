import { performance } from 'node:perf_hooks';
import type { Db, Queryable } from './db';

/** Told of every statement when it ends: its text (to read its kind, never its values), outcome and seconds. */
export type ObservarConsulta = (sql: string, ok: boolean, segundos: number) => void;

function medidas(q: Queryable, observar: ObservarConsulta): Queryable {
  const medir = async <T>(sql: string, fn: () => Promise<T>): Promise<T> => {
    const inicio = performance.now();
    try {
      const r = await fn();
      observar(sql, true, (performance.now() - inicio) / 1000);
      return r;
    } catch (err) {
      observar(sql, false, (performance.now() - inicio) / 1000);
      throw err;
    }
  };
  return {
    query: (sql, params) => medir(sql, () => q.query(sql, params)),
    exec: (sql) => medir(sql, () => q.exec(sql)),
  };
}

/**
 * Every statement timed for `portal_banco_consultas_segundos` (issue 32): the queries and execs of
 * both adapters, inside transactions too, the wait for a connection included. Wrapped only when
 * metrics are on (app.ts); off, the adapters are called directly and nothing is timed.
 */
export function comMedicao(db: Db, observar: ObservarConsulta): Db {
  return {
    ...db,
    ...medidas(db, observar),
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(medidas(tx, observar))),
    semLimites: () => comMedicao(db.semLimites(), observar),
    estado: () => db.estado(),
    close: () => db.close(),
  };
}
