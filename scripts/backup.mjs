#!/usr/bin/env node
// npm run backup -- <arquivo>
// A backup of the portal's database, chosen by the same environment as the server:
//   DATABASE_URL=postgres://… → pg_dump in its custom format (-Fc), restored with pg_restore;
//   otherwise the PGlite data directory DATA_DIR (default ./.data) → its data-directory dump
//   (PGlite's dumpDataDir, a gzip'd tar). Stop the portal first when it runs on PGlite: the data
//   directory has one owner at a time. PostgreSQL may stay online (pg_dump reads one snapshot).
// The file appears only when complete (written beside it, then renamed); an existing file is never
// overwritten. README: "Running in production" → "Backup and restore".
import { existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { abrirPglite, alvo, cli, conexaoLibpq, ErroDeUso, executar, semSenha } from './backup.lib.mjs';

cli(async () => {
  const arquivo = process.argv[2];
  if (!arquivo || process.argv.length > 3)
    throw new ErroDeUso('Uso: npm run backup -- <arquivo>   (banco: DATABASE_URL, ou DATA_DIR do PGlite)');
  if (existsSync(arquivo)) throw new ErroDeUso(`${arquivo} já existe: escolha outro nome (nada foi sobrescrito).`);
  const db = alvo();
  const parcial = `${arquivo}.parcial-${process.pid}`;
  const inicio = Date.now();
  try {
    if (db.tipo === 'postgres') {
      const { dbname, env } = conexaoLibpq(db.url);
      await executar('pg_dump', ['--format=custom', '--file', parcial, '--dbname', dbname], env);
    } else {
      if (!existsSync(join(db.dataDir, 'PG_VERSION')))
        throw new ErroDeUso(`${db.dataDir} não é um diretório de dados do PGlite (defina DATA_DIR ou DATABASE_URL).`);
      const pg = await abrirPglite({ dataDir: db.dataDir });
      try {
        const dump = await pg.dumpDataDir('gzip');
        writeFileSync(parcial, Buffer.from(await dump.arrayBuffer()));
      } finally {
        await pg.close();
      }
    }
    renameSync(parcial, arquivo);
  } catch (err) {
    rmSync(parcial, { force: true });
    throw err;
  }
  const origem = db.tipo === 'postgres' ? `PostgreSQL ${semSenha(db.url)}` : `PGlite ${db.dataDir}`;
  console.log(
    `Cópia de segurança de ${origem} gravada em ${arquivo} (${statSync(arquivo).size} bytes, ${((Date.now() - inicio) / 1000).toFixed(1)} s).`,
  );
});
