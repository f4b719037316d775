import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Config, ConfigError } from '../config';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';

/**
 * Runs a command-line tool's `main` when its file is the script node was started with (tsx
 * apps/api/src/cli/<tool>.ts or its bundle), not when a test imports it. Exit status: main's; 2 for
 * a wrong use (with the usage text) or a bad configuration; 1 for any other failure.
 */
export function rodarComoScript(
  url: string,
  main: () => Promise<number>,
  uso: { texto: string; erro: new (...args: never[]) => Error },
): void {
  if (!process.argv[1] || fileURLToPath(url) !== realpathSync(process.argv[1])) return;
  main().then(
    (status) => process.exit(status),
    (err: unknown) => {
      if (err instanceof uso.erro || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        console.error(`${(err as Error).message}\n\n${uso.texto}`);
        process.exit(2);
      }
      if (err instanceof ConfigError) {
        console.error(err.message);
        process.exit(2);
      }
      console.error('Falha:', err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

/**
 * The server's database (DATA_DIR or DATABASE_URL) brought to the current migration, as the server
 * does at start (the migration on a connection without the request bounds). The caller closes it.
 */
export async function bancoMigrado(config: Config): Promise<Db> {
  const db = await openDb(config);
  try {
    const inicio = db.semLimites();
    try {
      await migrate(inicio);
    } finally {
      await inicio.close().catch(() => undefined);
    }
    return db;
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}
