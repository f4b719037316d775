import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config';

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
