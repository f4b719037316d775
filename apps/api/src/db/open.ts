import type { Config } from '../config';
import type { Db } from './db';
import { openPg } from './pg';
import { openPglite } from './pglite';

export async function openDb(config: Pick<Config, 'databaseUrl' | 'databasePoolMax' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) return openPg(config.databaseUrl, config.databasePoolMax);
  return openPglite(config.dataDir);
}
