#!/usr/bin/env node
// npm run restore -- <arquivo>
// Restores a file of `npm run backup` into an EMPTY database named by the server's environment:
//   DATABASE_URL=postgres://…/nome → the database is created when it does not exist, refused when
//   it holds any table, then pg_restore (--no-owner: the portal's role owns what it restores) in
//   one transaction, so a failed restore leaves it empty;
//   otherwise DATA_DIR (default ./.data) → must not exist or be empty; PGlite loads the dump there.
// Then start the portal on it: the migrations that are newer than the backup run at start.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import {
  abrirPglite,
  alvo,
  cli,
  conexaoLibpq,
  ErroDeUso,
  executar,
  formatoDoArquivo,
  semSenha,
} from './backup.lib.mjs';

const TABELAS = `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
  where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
    and s.nspname not like 'pg\\_toast%' and s.nspname not like 'pg\\_temp%'`;

/** Connects to the target database, creating it (from the server's `postgres` database) if it does not exist. */
async function bancoVazio(url) {
  const { nome } = conexaoLibpq(url);
  let c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
  } catch (err) {
    if (err?.code !== '3D000') throw err; // 3D000: invalid_catalog_name, the database does not exist
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const a = new pg.Client({ connectionString: admin.toString() });
    await a.connect();
    try {
      await a.query(`create database "${nome.replaceAll('"', '""')}"`);
    } finally {
      await a.end();
    }
    console.log(`Banco ${nome} criado.`);
    c = new pg.Client({ connectionString: url });
    await c.connect();
  }
  try {
    const [{ n }] = (await c.query(TABELAS)).rows;
    if (n > 0)
      throw new ErroDeUso(
        `O banco ${nome} não está vazio (${n} tabelas): restaure num banco novo (nada foi alterado).`,
      );
  } finally {
    await c.end();
  }
}

cli(async () => {
  const arquivo = process.argv[2];
  if (!arquivo || process.argv.length > 3)
    throw new ErroDeUso('Uso: npm run restore -- <arquivo>   (destino vazio: DATABASE_URL, ou DATA_DIR do PGlite)');
  if (!existsSync(arquivo)) throw new ErroDeUso(`${arquivo} não existe.`);
  const db = alvo();
  const formato = formatoDoArquivo(arquivo);
  if (formato === 'desconhecido') throw new ErroDeUso(`${arquivo} não é uma cópia feita por npm run backup.`);
  if (formato !== db.tipo)
    throw new ErroDeUso(
      formato === 'postgres'
        ? `${arquivo} é uma cópia do PostgreSQL (pg_dump): defina DATABASE_URL com o banco de destino.`
        : `${arquivo} é uma cópia do PGlite: restaure sem DATABASE_URL, com DATA_DIR apontando para um diretório novo.`,
    );
  const inicio = Date.now();
  if (db.tipo === 'postgres') {
    await bancoVazio(db.url);
    const { dbname, env } = conexaoLibpq(db.url);
    await executar(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', dbname, arquivo],
      env,
    );
  } else {
    if (existsSync(db.dataDir) && readdirSync(db.dataDir).length > 0)
      throw new ErroDeUso(`${db.dataDir} não está vazio: restaure num diretório novo (nada foi alterado).`);
    const criado = !existsSync(db.dataDir);
    mkdirSync(db.dataDir, { recursive: true });
    try {
      const pglite = await abrirPglite({ dataDir: db.dataDir, loadDataDir: new Blob([readFileSync(arquivo)]) });
      await pglite.query(TABELAS);
      await pglite.close();
    } catch (err) {
      // Leave the target as it was found: empty (or absent).
      for (const f of readdirSync(db.dataDir)) rmSync(`${db.dataDir}/${f}`, { recursive: true, force: true });
      if (criado) rmSync(db.dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  const destino = db.tipo === 'postgres' ? `PostgreSQL ${semSenha(db.url)}` : `PGlite ${db.dataDir}`;
  console.log(`${arquivo} restaurado em ${destino} (${((Date.now() - inicio) / 1000).toFixed(1)} s).`);
});
