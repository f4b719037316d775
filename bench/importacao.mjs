// Question: is the importer fast and lean enough for an operator's whole register? (issues 16, 32)
// 1 000 000 generated beneficiaries (with the products and contracts they need) in the layout of
// docs/integracao/beneficiarios.md, imported by the CLI (`npm run importar`, a child process, its
// peak RSS read from its own /proc/self/status VmHWM) into a throwaway PostgreSQL database. The
// baseline (issue 32): in the same database and run, a throwaway copy of the tables the import
// writes — schema `copia_bench`, `create table … (like … including all)` (columns, generated column,
// defaults, checks, primary keys, unique and GIN indexes) plus the foreign keys re-created inside the
// copy — given the same parents (the plan, the contracts and their financial responsibles), then a
// `COPY … FROM STDIN` (psql \copy) of the same rows as the import leaves them: the new people, then
// the beneficiaries. Checked after the import to hold the same rows as the real tables. Beside it, for
// continuity with issue 16, a bare COPY of the file into an unindexed unlogged text table. Then the
// same file again (re-import: all unchanged), and 100 000 beneficiaries on PGlite against the same
// 100 000 on PostgreSQL.
// Targets: import ≥ 0.5× the rows/s of the COPY into the indexed copy; peak RSS ≤ 300 MB; re-import
// ≥ 2× faster than the first; PGlite ≤ 3× the PostgreSQL time.
//
//   npm run bench:importacao
//
// BENCH_LINHAS (1000000), BENCH_LINHAS_PGLITE (100000; 0 skips it), BENCH_PG_URL
// (postgres://postgres@127.0.0.1:5432/postgres). IMPORTACAO_TEMPOS=1 prints the engine's phases.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { bancoDescartavel, root } from './lib.mjs';

const LINHAS = Number(process.env.BENCH_LINHAS ?? 1_000_000);
const LINHAS_PGLITE = Number(process.env.BENCH_LINHAS_PGLITE ?? 100_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POR_CONTRATO = 4; // a holder and three dependants

const dir = mkdtempSync(join(tmpdir(), 'bench-importacao-'));

function dv(d, peso) {
  let s = 0;
  for (let i = 0; i < d.length; i++) s += Number(d[i]) * (peso - i);
  const r = (s * 10) % 11;
  return r === 10 ? 0 : r;
}
function cpf(n) {
  const base = String(100_000_000 + n).slice(-9);
  const d1 = dv(base, 10);
  return base + d1 + dv(base + d1, 11);
}

async function escrever(arquivo, cabecalho, linhas) {
  const out = createWriteStream(arquivo);
  out.write(cabecalho.join(';') + '\n');
  let buf = '';
  for (const l of linhas) {
    buf += l.join(';') + '\n';
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
}

const celular = (i) => `119${String(10_000_000 + (i % 89_999_999)).slice(-8)}`;
function* contratos(n) {
  for (let c = 0; c < Math.ceil(n / POR_CONTRATO); c++)
    yield [`C${c}`, 'B1', 'INDIVIDUAL/FAMILIAR', '', cpf(c * POR_CONTRATO), `Titular ${c}`, '2020-01-01', ''];
}
function* beneficiarios(n) {
  for (let i = 0; i < n; i++) {
    const c = Math.floor(i / POR_CONTRATO);
    const titular = i % POR_CONTRATO === 0;
    yield [
      `B${i}`,
      `C${c}`,
      cpf(i),
      titular ? `Titular ${c}` : `Dependente ${i}`,
      i % 2 ? 'M' : 'F',
      titular ? '1980-05-02' : '2010-07-09',
      `Mãe ${i}`,
      titular ? '' : `B${c * POR_CONTRATO}`,
      titular ? '' : 'FILHO(A)',
      '2020-01-01',
      `pessoa${i}@example.com`,
      celular(i),
    ];
  }
}
/** The people the beneficiaries file adds, as the import leaves them (the holders came with the contracts). */
function* pessoasNovas(n) {
  for (let i = 0; i < n; i++) {
    if (i % POR_CONTRATO === 0) continue;
    yield [
      cpf(i),
      `Dependente ${i}`,
      '2010-07-09',
      i % 2 ? 'm' : 'f',
      `Mãe ${i}`,
      `pessoa${i}@example.com`,
      celular(i),
    ];
  }
}
/** The beneficiaries as the import leaves them. */
function* beneficiariosTabela(n) {
  for (let i = 0; i < n; i++) {
    const c = Math.floor(i / POR_CONTRATO);
    const titular = i % POR_CONTRATO === 0;
    yield [
      `B${i}`,
      `C${c}`,
      cpf(i),
      titular ? 'TITULAR' : 'DEPENDENTE',
      titular ? '' : 'FILHO(A)',
      titular ? '' : `B${c * POR_CONTRATO}`,
      't',
      '2020-01-01',
    ];
  }
}
const COLS_P = 'cpf, nome, data_nascimento, sexo, nome_mae, email, celular';
const COLS_B = 'codigo_beneficiario, codigo_contrato, cpf, tipo, parentesco, codigo_titular, ativo, data_inclusao';
const CAB_B = [
  'codigoBeneficiario',
  'codigoContrato',
  'cpf',
  'nome',
  'sexo',
  'dataNascimento',
  'nomeMae',
  'codigoBeneficiarioTitular',
  'relacaoDependencia',
  'dataContratacao',
  'email',
  'celular',
];

async function arquivos(n) {
  const p = join(dir, `produtos.csv`);
  const c = join(dir, `contratos-${n}.csv`);
  const b = join(dir, `beneficiarios-${n}.csv`);
  await escrever(
    p,
    ['codigoPlano', 'nomePlano', 'segmentacao', 'acomodacao', 'coparticipativo'],
    [['B1', 'Plano Bench', 'AMBULATORIAL', 'ENFERMARIA', 'N']],
  );
  await escrever(
    c,
    [
      'codigoContrato',
      'codigoPlano',
      'tipoContratacao',
      'cnpjContratante',
      'cpfResponsavelFinanceiro',
      'nomeResponsavelFinanceiro',
      'dataInicioVigencia',
      'dataCancelamento',
    ],
    contratos(n),
  );
  await escrever(b, CAB_B, beneficiarios(n));
  return { p, c, b };
}

/** The same rows in the tables' own columns, for the COPY into the indexed copy. */
async function arquivosTabela(n) {
  const p = join(dir, `pessoas-tabela-${n}.csv`);
  const b = join(dir, `beneficiarios-tabela-${n}.csv`);
  await escrever(p, COLS_P.split(', '), pessoasNovas(n));
  await escrever(b, COLS_B.split(', '), beneficiariosTabela(n));
  return { p, b };
}

/** One CLI import in a child process: wall seconds, the CLI's own import seconds, peak RSS, summary. */
async function importar(env, entidade, arquivo) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/importar.ts', entidade, arquivo], {
    cwd: root,
    env: { ...process.env, SEED: 'none', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const [code] = await once(child, 'exit');
  const wall = (performance.now() - t0) / 1000;
  if (code !== 0) throw new Error(`importar ${entidade} saiu com ${code}:\n${out}\n${err.slice(-2000)}`);
  const seg = Number(/linhas em ([\d.]+) s/.exec(out)?.[1]);
  const rss = Number(/VmHWM\): (\d+) MB/.exec(err)?.[1]);
  // IMPORTACAO_TEMPOS=1: the engine's phases (stderr), shown under each import.
  for (const l of err.split('\n')) if (l.startsWith('[importacao]')) console.error(`  ${entidade}: ${l}`);
  return { wall, seg, rss, out: out.trim() };
}

/** The baseline: psql's \copy (COPY … FROM STDIN) of the same file into an unindexed text table. */
function copiar(url, arquivo) {
  const cols = CAB_B.map((c) => `"${c}" text`).join(', ');
  execFileSync('psql', [url, '-q', '-c', `drop table if exists copia; create unlogged table copia (${cols})`]);
  const t0 = performance.now();
  execFileSync('psql', [url, '-q', '-c', `\\copy copia from '${arquivo}' with (format csv, delimiter ';', header)`]);
  return (performance.now() - t0) / 1000;
}

/** The tables the beneficiaries import writes, and the parents their foreign keys need. */
const TABELAS = ['planos', 'pessoas', 'contratos', 'beneficiarios'];

/**
 * The indexed baseline's schema: `copia_bench`, each table `like … including all` (columns, the
 * generated column, defaults, checks, primary keys, unique and GIN indexes), plus every foreign key
 * among them, which `like` does not copy, re-created to point inside the copy; then the parents the
 * beneficiaries need (the plan, the contracts and their financial responsibles) copied from the real
 * tables, as the contracts import left them. Untimed.
 */
async function criarCopia(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('drop schema if exists copia_bench cascade; create schema copia_bench');
    for (const t of TABELAS) await c.query(`create table copia_bench.${t} (like public.${t} including all)`);
    const { rows: fks } = await c.query(
      `select conrelid::regclass::text as tabela, conname, pg_get_constraintdef(oid) as def
         from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace
          and conrelid::regclass::text = any($1) and confrelid::regclass::text = any($1)`,
      [TABELAS],
    );
    // The definitions name the referenced tables unqualified; resolved inside the copy first.
    await c.query('set search_path = copia_bench, public');
    for (const f of fks) await c.query(`alter table copia_bench.${f.tabela} add constraint ${f.conname} ${f.def}`);
    await c.query('reset search_path');
    for (const t of ['planos', 'pessoas', 'contratos']) {
      // Every column but the generated ones (nome_busca), which the copy computes itself.
      const { rows } = await c.query(
        `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as cols
           from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'`,
        [t],
      );
      await c.query(`insert into copia_bench.${t} (${rows[0].cols}) select ${rows[0].cols} from public.${t}`);
    }
    await c.query(`analyze copia_bench.planos, copia_bench.pessoas, copia_bench.contratos, copia_bench.beneficiarios;
                   checkpoint`);
    const { rows: idx } = await c.query(
      `select count(*)::int as n from pg_indexes where schemaname = 'copia_bench' and tablename in ('pessoas', 'beneficiarios')`,
    );
    return { fks: fks.length, indices: idx[0].n };
  } finally {
    await c.end();
  }
}

/** The indexed baseline: psql's \copy of the new people, then the beneficiaries, into the copy. */
function copiarIndexado(url, t) {
  const t0 = performance.now();
  execFileSync('psql', [
    url,
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `\\copy copia_bench.pessoas (${COLS_P}) from '${t.p}' with (format csv, delimiter ';', header)`,
    '-c',
    `\\copy copia_bench.beneficiarios (${COLS_B}) from '${t.b}' with (format csv, delimiter ';', header)`,
  ]);
  return (performance.now() - t0) / 1000;
}

/** After the import: the copy holds the rows the real tables hold (the baseline wrote the same thing). */
async function conferirCopia(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const cb = `${COLS_B}, data_exclusao, motivo_cancelamento, cco`;
    const cp = `${COLS_P}, cns, codigo_municipio_ibge, nome_busca`;
    const { rows } = await c.query(
      `select (select count(*) from (select ${cb} from public.beneficiarios
                                     except all select ${cb} from copia_bench.beneficiarios) d)::int as b1,
              (select count(*) from (select ${cb} from copia_bench.beneficiarios
                                     except all select ${cb} from public.beneficiarios) d)::int as b2,
              (select count(*) from (select ${cp} from copia_bench.pessoas where data_nascimento is not null
                                     except all select ${cp} from public.pessoas) d)::int as p1,
              (select count(*) from copia_bench.pessoas)::int - (select count(*) from public.pessoas)::int as p2`,
    );
    const r = rows[0];
    if (r.b1 || r.b2 || r.p1 || r.p2) throw new Error(`a cópia difere das tabelas reais: ${JSON.stringify(r)}`);
    await c.query('drop schema copia_bench cascade');
  } finally {
    await c.end();
  }
}

const fmt = (x) => Math.round(x).toLocaleString('en-US');
const linhasRel = [];
const log = (s) => {
  linhasRel.push(s);
  console.log(s);
};

try {
  console.error(`gerando ${LINHAS} beneficiários em ${dir}…`);
  const grande = await arquivos(LINHAS);
  const tabela = await arquivosTabela(LINHAS);
  const db = await bancoDescartavel(PG_URL, `h16imp_bench_${process.pid}`);
  try {
    const env = { DATABASE_URL: db.url };
    await importar(env, 'produtos', grande.p);
    await importar(env, 'contratos', grande.c);
    const copia = copiar(db.url, grande.b);
    const estrutura = await criarCopia(db.url);
    const indexada = copiarIndexado(db.url, tabela);
    execFileSync('psql', [db.url, '-q', '-c', 'checkpoint']);
    const primeira = await importar(env, 'beneficiarios', grande.b);
    await conferirCopia(db.url);
    const segunda = await importar(env, 'beneficiarios', grande.b);
    if (!/inalterados: [\d.,]+/.test(segunda.out) || !/incluídos: 0 · alterados: 0/.test(segunda.out))
      throw new Error(`a re-importação alterou dados:\n${segunda.out}`);
    log(`PostgreSQL, ${fmt(LINHAS)} beneficiários (load average ${loadavg()[0].toFixed(1)})`);
    log(
      `  COPY into the same tables, indexed:  ${indexada.toFixed(1)} s  ${fmt(LINHAS / indexada)} rows/s  (${fmt((LINHAS * 3) / 4)} people + ${fmt(LINHAS)} beneficiaries; ${estrutura.indices} indexes, ${estrutura.fks} foreign keys)`,
    );
    log(
      `  COPY FROM STDIN (unindexed, text):   ${copia.toFixed(1)} s  ${fmt(LINHAS / copia)} rows/s  (issue 16's baseline)`,
    );
    log(
      `  import (CLI, first):                 ${primeira.seg.toFixed(1)} s  ${fmt(LINHAS / primeira.seg)} rows/s  (process ${primeira.wall.toFixed(1)} s)  peak RSS ${primeira.rss} MB`,
    );
    log(
      `  re-import (all unchanged):           ${segunda.seg.toFixed(1)} s  ${fmt(LINHAS / segunda.seg)} rows/s  peak RSS ${segunda.rss} MB`,
    );
    log(`  ratio import/indexed COPY rows/s: ${(indexada / primeira.seg).toFixed(2)}× (target ≥ 0.5×)`);
    log(`  ratio import/unindexed COPY:      ${(copia / primeira.seg).toFixed(2)}× (issue 16)`);
    log(`  re-import speed-up:               ${(primeira.seg / segunda.seg).toFixed(2)}× (target ≥ 2×)`);
    log(`  peak RSS:                         ${Math.max(primeira.rss, segunda.rss)} MB (target ≤ 300 MB)`);
  } finally {
    await db.drop();
  }
  rmSync(grande.b);
  rmSync(tabela.p);
  rmSync(tabela.b);

  if (LINHAS_PGLITE > 0) {
    const pequeno = await arquivos(LINHAS_PGLITE);
    const db2 = await bancoDescartavel(PG_URL, `h16imp_bench_p_${process.pid}`);
    const dataDir = join(dir, 'pglite');
    try {
      const envPg = { DATABASE_URL: db2.url };
      const envLite = { DATA_DIR: dataDir, DATABASE_URL: '' };
      for (const env of [envPg, envLite]) {
        await importar(env, 'produtos', pequeno.p);
        await importar(env, 'contratos', pequeno.c);
      }
      const p = await importar(envPg, 'beneficiarios', pequeno.b);
      const l = await importar(envLite, 'beneficiarios', pequeno.b);
      log(
        `${fmt(LINHAS_PGLITE)} beneficiários: PostgreSQL ${p.seg.toFixed(1)} s, PGlite ${l.seg.toFixed(1)} s (peak RSS ${l.rss} MB)`,
      );
      log(`  ratio PGlite/PostgreSQL: ${(l.seg / p.seg).toFixed(2)}× (target ≤ 3×)`);
    } finally {
      await db2.drop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
