import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copiaDe } from 'pg-copy-streams';
import { ServicoIndisponivel } from '../lib/app-error';
import type { Db, Queryable } from './db';

/**
 * The bounded waits of request work (ms, issue 13). Unset: no bound (start-up work: migrations and
 * the seed may hold the schema lock or scan for longer).
 */
export interface LimitesPg {
  /** Wait for a pooled connection: the pool is full, or connecting takes too long. */
  conectarMs?: number;
  /** statement_timeout, lock_timeout and idle_in_transaction_session_timeout, set at connection start. */
  comandoMs?: number;
  bloqueioMs?: number;
  ociosoEmTransacaoMs?: number;
  /** Client-side wait for any answer: a server that is unreachable or silent. */
  respostaMs?: number;
}

/** The connection is gone or stuck: the transaction cannot be rolled back on it, only discarded. */
const perdeuConexao = (err: unknown) =>
  err instanceof Error && /Query read timeout|Connection terminated|not queryable/i.test(err.message);

/** PostgreSQL server through a node-postgres pool (DATABASE_URL). */
export function openPg(
  connectionString: string,
  max: number,
  onIdleError?: (err: Error) => void,
  limites: LimitesPg = {},
): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(limites.conectarMs ? { connectionTimeoutMillis: limites.conectarMs } : {}),
    ...(limites.comandoMs ? { statement_timeout: limites.comandoMs } : {}),
    ...(limites.bloqueioMs ? { lock_timeout: limites.bloqueioMs } : {}),
    ...(limites.ociosoEmTransacaoMs ? { idle_in_transaction_session_timeout: limites.ociosoEmTransacaoMs } : {}),
    ...(limites.respostaMs ? { query_timeout: limites.respostaMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  // It is still worth a log line: a flapping database shows up there first.
  pool.on('error', (err) => onIdleError?.(err));
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await c.query(sql, params);
      return r.rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'pg',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client has no listener of the pool's: without this one, a connection dropped
      // mid-transaction (failover, pg_terminate_backend, idle_in_transaction_session_timeout, a
      // network reset) is an unhandled 'error' event and the whole process exits.
      let perdida: Error | undefined;
      const aoPerder = (err: Error) => {
        perdida ??= err;
        onIdleError?.(err);
      };
      client.on('error', aoPerder);
      let descartar: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        if (perdida || perdeuConexao(err)) descartar = perdida ?? (err as Error);
        // On a stuck connection a rollback would queue behind the stuck statement: discarding the
        // connection ends the transaction on the server instead.
        if (!(err instanceof Error && /Query read timeout/.test(err.message)))
          await client.query('rollback').catch((e: Error) => void (descartar ??= e));
        if (perdida)
          throw new ServicoIndisponivel('banco', 'database connection lost during a transaction', { cause: err });
        throw err;
      } finally {
        // A discarded client keeps the listener: a dead socket may still report its end.
        if (!descartar) client.removeListener('error', aoPerder);
        client.release(descartar ?? perdida);
      }
    },
    async copiar(sql, origem) {
      const client = await pool.connect();
      let falhou: Error | undefined;
      try {
        await pipeline(origem, client.query(copiaDe(sql)));
      } catch (err) {
        falhou = err as Error;
        throw err;
      } finally {
        // A COPY cut short leaves the connection mid-protocol: it is discarded, not reused.
        client.release(falhou);
      }
    },
    estado: () => ({
      emUso: pool.totalCount - pool.idleCount,
      ociosas: pool.idleCount,
      aguardando: pool.waitingCount,
      maximo: max,
    }),
    semLimites: () => openPg(connectionString, 1, onIdleError),
    close: () => pool.end(),
  };
}
