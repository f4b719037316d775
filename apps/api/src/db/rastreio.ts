import { rastreador, sqlSemDados } from '../lib/rastreamento';
import type { Db, Queryable } from './db';

/** The statement's verb (SELECT, INSERT, WITH…): the span's name. */
const operacao = (sql: string) => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';

/** A span for the statement when it runs inside another (a request, an import): as the pg instrumentation's requireParentSpan, the worker's polls make none. */
function emConsulta<T>(sql: string, fn: () => Promise<T>): Promise<T> {
  const r = rastreador();
  if (!r?.ids()) return fn();
  return r.emSpan(
    `pglite ${operacao(sql)}`,
    { 'db.system': 'postgresql', 'db.operation.name': operacao(sql), 'db.statement': sqlSemDados(sql) },
    fn,
  );
}

function consultas(q: Queryable): Queryable {
  return {
    query: (sql, params) => emConsulta(sql, () => q.query(sql, params)),
    exec: (sql) => emConsulta(sql, () => q.exec(sql)),
  };
}

/**
 * PGlite's statements as spans, the same attributes the pg instrumentation gives PostgreSQL's
 * (statement only, never the parameters): PGlite is not the `pg` driver, so nothing else sees them.
 * Used only when tracing is on (app.ts); development and tests run on PGlite (decision 0066).
 */
export function pgliteComSpans(db: Db): Db {
  return {
    ...db,
    ...consultas(db),
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(consultas(tx))),
    semLimites: () => pgliteComSpans(db.semLimites()),
    estado: () => db.estado(),
    close: () => db.close(),
  };
}
