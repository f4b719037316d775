import type { Config } from '../config';
import type { Db } from './db';
import { type LimitesPg, openPg } from './pg';
import { openPglite } from './pglite';

/** The request bounds of the pool, from the configuration (README: DATABASE_*_TIMEOUT_MS). */
export function limitesPg(t: Config['timeouts']): LimitesPg {
  return {
    conectarMs: t.dbConnect,
    comandoMs: t.dbStatement,
    bloqueioMs: t.dbLock,
    ociosoEmTransacaoMs: t.dbIdleInTransaction,
    respostaMs: t.dbQuery,
  };
}

export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'databasePoolMax' | 'dataDir' | 'timeouts'>,
  onIdleError?: (err: Error) => void,
): Promise<Db> {
  if (config.databaseUrl)
    return openPg(config.databaseUrl, config.databasePoolMax, onIdleError, limitesPg(config.timeouts));
  return openPglite(config.dataDir, undefined, config.timeouts.dbConnect);
}
