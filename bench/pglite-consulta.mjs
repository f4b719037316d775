// Question: where does a small query's time go on PGlite (decision 0035)? One member's
// beneficiaries (the SQL of Autorizacoes/Beneficiarios) and `select 1`, one after the other, on the
// seeded demo database: PGlite's query() (extended protocol: parse, describe, bind, execute each
// time), exec() (simple protocol), the same statement PREPAREd once, and the same on PostgreSQL
// (pg, one connection) when it answers on 127.0.0.1:5432; then the API's own PGlite wrapper,
// which prepares each SQL text once (decision 0035). Run: node --import tsx bench/pglite-consulta.mjs
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/seed/index.ts';

const N = Number(process.env.BENCH_QUERIES ?? 3000);
const SQL = `select b.codigo_beneficiario as "codigoBeneficiario", p.nome, pl.nome as plano
   from beneficiarios b
   join pessoas p on p.cpf = b.cpf
   join contratos ct on ct.codigo_contrato = b.codigo_contrato
   join planos pl on pl.codigo_plano = ct.codigo_plano
  where b.codigo_contrato = $1
    and (b.ativo or ct.data_cancelamento is not null)
  order by (b.tipo = 'TITULAR') desc, b.data_inclusao, p.data_nascimento, p.nome`;
const PARAMS = ['100234'];

async function tempo(nome, fn) {
  for (let i = 0; i < 300; i++) await fn();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await fn();
  const us = ((performance.now() - t0) * 1000) / N;
  console.log(`  ${nome.padEnd(58)} ${us.toFixed(0).padStart(5)} µs`);
  return us;
}

// The demo database, seeded once in memory, then opened bare (no wrapper, no queue).
const semente = await openPglite();
await migrate(semente);
await seedDemo(semente, undefined, { hoje: new Date() });
const dump = await semente.dump();
await semente.close();
const db = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
const linhas = (await db.query(SQL, PARAMS)).rows.length;
console.log(
  `PGlite ${(await db.query('select version()')).rows[0].version.split(' ').slice(0, 2).join(' ')}, ${N} queries one after the other (${linhas} rows each)`,
);
await tempo('select 1, query()', () => db.query('select 1'));
await tempo('select 1, exec()', () => db.exec('select 1'));
const pgliteQuery = await tempo('beneficiaries, PGlite query()', () => db.query(SQL, PARAMS));
await db.exec(`prepare beneficiarios(text) as ${SQL}`);
await tempo("beneficiaries, PREPAREd once, exec('execute …')", () => db.exec("execute beneficiarios('100234')"));
await tempo('beneficiaries, literal, exec()', () => db.exec(SQL.replace('$1', "'100234'")));
// Planning alone: EXPLAIN plans without executing.
await tempo('beneficiaries, EXPLAIN only (parse + plan)', () => db.query(`explain ${SQL}`, PARAMS));
await db.close();
const api = await openPglite(undefined, dump);
const pgliteApi = await tempo("beneficiaries, the API's db.query (prepared once, 0035)", () => api.query(SQL, PARAMS));
console.log(`  the API's query now: ${(pgliteQuery / pgliteApi).toFixed(2)}× faster than PGlite's query()`);
await api.close();

try {
  const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await c.connect();
  const nome = `portal_bench_consulta_${process.pid}`;
  await c.query(`create database ${nome}`);
  const { openPg } = await import('../apps/api/src/db/pg.ts');
  const banco = openPg(`postgres://postgres@127.0.0.1:5432/${nome}`, 1);
  try {
    await migrate(banco);
    await seedDemo(banco, undefined, { hoje: new Date() });
    console.log('PostgreSQL (pg, one connection, 127.0.0.1)');
    await tempo('select 1', () => banco.query('select 1'));
    const pgQuery = await tempo('beneficiaries (what the API does)', () => banco.query(SQL, PARAMS));
    console.log(`  PGlite / PostgreSQL for the API's query: ${(pgliteQuery / pgQuery).toFixed(2)}×`);
  } finally {
    await banco.close();
    await c.query(`drop database if exists ${nome} with (force)`);
    await c.end();
  }
} catch (err) {
  console.log(`PostgreSQL skipped (${err.message})`);
}
