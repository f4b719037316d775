import type { Config } from '../config';
import type { Db } from './db';
import { openPg } from './pg';
import { openPglite } from './pglite';

export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'databasePoolMax' | 'dataDir'>,
  onIdleError?: (err: Error) => void,
): Promise<Db> {
  if (config.databaseUrl) return openPg(config.databaseUrl, config.databasePoolMax, onIdleError);
  return openPglite(config.dataDir);
}
