/**
 * The one database seam: PostgreSQL dialect only, two adapters (PGlite embedded, node-postgres pool).
 * The adapters differ on a few types, so queries cast what must read the same on both: bigint as
 * text (`codigo_sessao::text`), dates meant as calendar days as text (`data_nascimento::text`);
 * timestamps may come back as Date or string — repositories read them with `new Date(x)`.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
