// `npm run selagem -- <comando>`: the sealing key (issue 30, defect 6; decision 0030). In a production
// image: `node apps/api/dist/selagem.js <comando>`.
//   gerar          prints a new key (base64 of 32 random bytes) for CHAVE_DE_SELAGEM
//   rotacionar     with CHAVE_DE_SELAGEM = the new key and CHAVE_DE_SELAGEM_ANTERIOR = the current one
//                  (or their _ARQUIVO forms): every sealed value — the webhook secrets and the staff's
//                  TOTP secrets — is opened and sealed again under the new key, in one transaction.
//                  A value neither key opens stops it and nothing changes. Afterwards the previous key
//                  opens nothing. Run it after the instances already have both keys (README,
//                  "Running in production"), then remove CHAVE_DE_SELAGEM_ANTERIOR and restart them.
// It reads the server's configuration (DATABASE_URL, else DATA_DIR: stop the server first, PGlite is
// one process's database) and applies pending migrations like the server does at start.
// Exit status: 0 done, 1 a value no key opens or a failure, 2 a usage or configuration error.
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config';
import type { Db } from '../db/db';
import { ErroDeSelagem, prepararSelagem, rotacionarSelagem } from '../db/selagem';
import { novaChaveDeSelagem } from '../lib/selagem';
import { bancoMigrado, rodarComoScript } from './script';

export const USO = `Uso: npm run selagem -- <comando>
  gerar        mostra uma chave nova para CHAVE_DE_SELAGEM
  rotacionar   sela de novo, sob CHAVE_DE_SELAGEM, tudo o que CHAVE_DE_SELAGEM_ANTERIOR selou`;

/** A usage mistake: the message, then the usage, exit status 2. */
export class UsoInvalido extends Error {}

/** What a command may need: the configuration (read only by those that need it) and the database. */
export interface ContextoDaSelagem {
  config: () => Config;
  comBanco: <T>(fn: (db: Db) => Promise<T>) => Promise<T>;
}

/** Runs one command; returns the exit status. `escrever` receives what goes to stdout. */
export async function executarSelagem(
  argv: string[],
  ctx: ContextoDaSelagem,
  escrever: (linha: string) => void,
): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: {} });
  const [comando, ...resto] = positionals;
  if (resto.length) throw new UsoInvalido(`Argumentos a mais: ${resto.join(' ')}.`);
  switch (comando) {
    case 'gerar':
      escrever(novaChaveDeSelagem());
      escrever('Guarde-a no cofre de segredos da plataforma (nunca no banco nem nos backups dele).');
      return 0;
    case 'rotacionar': {
      const config = ctx.config();
      const { chave, anterior } = config.selagem;
      if (!chave || !anterior)
        throw new UsoInvalido(
          'Defina CHAVE_DE_SELAGEM com a chave nova e CHAVE_DE_SELAGEM_ANTERIOR com a atual (ou as formas _ARQUIVO).',
        );
      try {
        const r = await ctx.comBanco(async (db) => {
          // A database that still keeps keys of its own moves off them first (as the server's start does).
          await prepararSelagem(db, config);
          return rotacionarSelagem(db, chave, anterior);
        });
        escrever(`${r.resselados} valor(es) selado(s) de novo sob a chave nova, numa transação.`);
        escrever(
          'Agora remova CHAVE_DE_SELAGEM_ANTERIOR e reinicie as instâncias: a chave anterior não abre mais nada.',
        );
        return 0;
      } catch (err) {
        if (!(err instanceof ErroDeSelagem)) throw err;
        escrever(err.message);
        return 1;
      }
    }
    default:
      throw new UsoInvalido(comando ? `Comando desconhecido: ${comando}.` : 'Informe um comando.');
  }
}

async function main(): Promise<number> {
  let config: Config | undefined;
  const lerConfig = () => (config ??= loadConfig());
  return executarSelagem(
    process.argv.slice(2),
    {
      config: lerConfig,
      comBanco: async (fn) => {
        const db = await bancoMigrado(lerConfig());
        try {
          return await fn(db);
        } finally {
          await db.close();
        }
      },
    },
    (l) => process.stdout.write(`${l}\n`),
  );
}

rodarComoScript(import.meta.url, main, { texto: USO, erro: UsoInvalido });
