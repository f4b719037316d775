import type { Readable } from 'node:stream';
import type { EstadoDoBanco } from '../lib/metricas';

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
  /**
   * The same database without the request bounds (issue 13), for start-up work: migrations wait for
   * the schema lock while another instance migrates, the seed may scan for long. Close it after use.
   */
  semLimites(): Db;
  /**
   * PostgreSQL only: `copy … from stdin` fed by a stream (the importer's raw staging, decision 0037),
   * on a connection of its own, outside any transaction. PGlite has no such seam from a stream.
   */
  copiar?(sql: string, origem: Readable): Promise<void>;
  /** The connections now: in use, idle, calls waiting for one, the most there may be (metrics, 0051). */
  estado(): EstadoDoBanco;
}
