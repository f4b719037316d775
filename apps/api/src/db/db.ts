/**
 * The one database seam: PostgreSQL dialect only, two adapters (PGlite embedded, node-postgres pool).
 * Dates come back as text (cast in SQL) and bigints as text, so both adapters answer the same.
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
