// A small import of each entity through the CLI, as an operator would run it (issue 16; `.ci/run`
// can call it): the example files of docs/integracao/exemplos/ in their order (NN-<entidade>.csv)
// into an empty, migrated database — a throwaway PostgreSQL database (IMPORTACAO_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) or, with --pglite, a temporary PGlite directory.
// Each file must apply; then every file again must change nothing; then a file with a bad CPF must
// be refused (exit 1) and change nothing. Exit status non-zero on any failure. The Guia Médico's
// reference tables (municipios, especialidades, selos) go in by their own layouts, before prestadores.
//
//   npm run test:importacao [-- --pglite]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { migrate } from '../apps/api/src/db/migrate';
import { openDb } from '../apps/api/src/db/open';

const root = join(import.meta.dirname, '..');
// In CI, where lane 1 has just built it, the built tool (what an image runs; 19 starts without tsx
// take half the time); elsewhere the sources, so a stale build is never what gets tested.
const CLI =
  process.env.CI && existsSync(join(root, 'apps/api/dist/importar.js'))
    ? ['apps/api/dist/importar.js']
    : ['--import', 'tsx', 'apps/api/src/cli/importar.ts'];
const exemplos = join(root, 'docs/integracao/exemplos');
const pglite = process.argv.includes('--pglite');
const adminUrl = process.env.IMPORTACAO_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tmp = mkdtempSync(join(tmpdir(), 'importacao-exemplos-'));
const nomeBanco = `importacao_exemplos_${process.pid}`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

let env: Record<string, string>;
if (pglite) env = { DATA_DIR: join(tmp, 'pglite'), DATABASE_URL: '' };
else {
  await admin(`create database ${nomeBanco}`);
  const u = new URL(adminUrl);
  u.pathname = `/${nomeBanco}`;
  env = { DATABASE_URL: u.toString() };
}

function cli(entidade: string, arquivo: string) {
  const r = spawnSync(process.execPath, [...CLI, entidade, arquivo], {
    cwd: root,
    env: { ...process.env, SEED: 'none', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

const falhas: string[] = [];
try {
  const config = loadConfig({ ...process.env, ...env });
  const db = await openDb(config);
  const livre = db.semLimites();
  await migrate(livre);
  await livre.close();
  await db.close();

  const arquivos = readdirSync(exemplos)
    .filter((f) => /^\d\d-[a-z-]+\.(csv|jsonl)$/.test(f))
    .sort();
  for (const rodada of ['primeira', 'de novo'] as const)
    for (const f of arquivos) {
      const entidade = f.replace(/^\d\d-|\.(csv|jsonl)$/g, '');
      const t0 = performance.now();
      const r = cli(entidade, join(exemplos, f));
      const ok =
        r.status === 0 && (rodada === 'primeira' ? /: aplicado/.test(r.out) : /O arquivo não altera nada/.test(r.out));
      console.log(
        `${ok ? 'ok  ' : 'FALHA'} ${rodada.padEnd(9)} ${f.padEnd(24)} ${Math.round(performance.now() - t0)} ms`,
      );
      if (!ok) falhas.push(`${rodada} ${f}:\n${r.out}\n${r.err.slice(-1500)}`);
    }
  // A refused file changes nothing: a beneficiary whose CPF check digits do not hold.
  const bom = readFileSync(join(exemplos, '03-beneficiarios.csv'), 'utf8');
  const ruim = join(tmp, 'beneficiarios-ruim.csv');
  writeFileSync(
    ruim,
    bom
      .replace('Bia Exemplo Lima', 'Bia Alterada')
      .replace(/;(\d{10})(\d);/, (_, a, d) => `;${a}${(Number(d) + 1) % 10};`),
  );
  const r = cli('beneficiarios', ruim);
  const ok = r.status === 1 && /CPF inválido/.test(r.out) && /Nada foi alterado/.test(r.out);
  console.log(`${ok ? 'ok  ' : 'FALHA'} recusado  beneficiarios (CPF inválido)`);
  if (!ok) falhas.push(`arquivo ruim:\n${r.out}\n${r.err.slice(-1500)}`);
  const depois = cli('beneficiarios', join(exemplos, '03-beneficiarios.csv'));
  if (!/O arquivo não altera nada/.test(depois.out)) falhas.push(`o arquivo recusado alterou dados:\n${depois.out}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
  if (!pglite) await admin(`drop database if exists ${nomeBanco} with (force)`).catch(() => undefined);
}
if (falhas.length) {
  console.error(falhas.join('\n\n'));
  process.exit(1);
}
console.log('importação de exemplo: todas as entidades aplicadas, reimportadas sem mudança, arquivo ruim recusado');
