// What `npm run backup` (scripts/backup.mjs) and `npm run restore` (scripts/restore.mjs) share: which database the portal's environment
// names (the same variables as the server: DATABASE_URL, else the PGlite data directory DATA_DIR),
// how a connection string is handed to pg_dump/pg_restore without its password in the process list,
// and how the two kinds of backup file are told apart.
import { spawn } from 'node:child_process';
import { openSync, readSync, closeSync } from 'node:fs';

/** The database the portal would open with this environment (apps/api/src/config.ts). */
export function alvo(env = process.env) {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new ErroDeUso('DATABASE_URL deve começar com postgres://.');
    return { tipo: 'postgres', url };
  }
  return { tipo: 'pglite', dataDir: env.DATA_DIR?.trim() || './.data' };
}

export class ErroDeUso extends Error {}

/**
 * libpq's environment for a connection string: the password goes in PGPASSWORD (not in argv, which
 * any local user can read with `ps`), the rest stays a URL for --dbname.
 */
export function conexaoLibpq(url) {
  const u = new URL(url);
  const env = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env, nome: decodeURIComponent(u.pathname.slice(1)) || 'postgres' };
}

/** The URL without its password, for messages. */
export function semSenha(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** 'postgres' for pg_dump's custom format, 'pglite' for a PGlite data-directory dump (tar or tar.gz). */
export function formatoDoArquivo(arquivo) {
  const fd = openSync(arquivo, 'r');
  const b = Buffer.alloc(512);
  const n = readSync(fd, b, 0, 512, 0);
  closeSync(fd);
  if (n >= 5 && b.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (n >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'pglite';
  if (n >= 262 && b.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  return 'desconhecido';
}

/** Runs a client program, its output passed through; rejects with its exit status. */
export function executar(programa, args, env) {
  return new Promise((resolve, reject) => {
    const p = spawn(programa, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    p.on('error', (err) =>
      reject(
        err.code === 'ENOENT'
          ? new ErroDeUso(`${programa} não encontrado: instale o cliente do PostgreSQL (postgresql-client).`)
          : err,
      ),
    );
    p.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${programa} terminou com ${signal ?? `código ${code}`}`)),
    );
  });
}

/** PGlite as the portal opens it: the provider guide's trigram indexes need pg_trgm. */
export async function abrirPglite(opcoes) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create({ ...opcoes, extensions: { pg_trgm } });
}

/** Runs main, prints a usage error or failure in Portuguese, sets the exit status. */
export function cli(main) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err instanceof ErroDeUso ? err.message : `Falhou: ${err instanceof Error ? err.message : err}`);
      process.exit(err instanceof ErroDeUso ? 2 : 1);
    },
  );
}
