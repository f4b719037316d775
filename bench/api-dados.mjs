// Question: what does the API cost on top of the database for real data calls (issue 19)? At 100
// connections (after a warm-up round): POST /api/Autorizacoes/Beneficiarios (one small query),
// POST /api/Financeiro/ListarParcelas, a Guia Médico search (São Paulo, first page of 100) and the
// session-only RenovarSessao, each against a bare node:http server in its own process that runs the
// SAME services and SQL on the same data (bench/dados-baseline.mjs) and answers the same JSON. On
// PGlite the baseline opens a copy of the API's data directory (PGlite is one process's); on
// PostgreSQL (when it answers on 127.0.0.1:5432) the same database through a pool of the same size.
// Target (issue 19): every call ≥ 0.60. Run: `npm run build && npm run bench:dados`.
import { fork } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { entrar, freePort, startPortal } from './lib.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POOL = 10; // DATABASE_POOL_MAX's default, for both
const ALVO = 0.6;

const run = (opts, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, ...opts, duration }, (e, r) => (e ? reject(e) : resolve(r))),
  );
async function medir(opts) {
  await run(opts, 2);
  const r = await run(opts, SECONDS);
  return { rps: r['2xx'] / SECONDS, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors };
}
const med = (xs) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)];
const fmt = (r) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.bad ? ` (${r.bad} non-2xx)` : ''}`;

async function baseline(db, codigoSessao) {
  const membro = {
    codigoSessao,
    cpf: '52998224725',
    nome: 'Maria Aparecida Souza',
    codigoContrato: '100234',
    codigoPlano: '4521',
    codigoBeneficiario: '1100234001',
    tipoPerfil: 'TITULAR',
    titular: true,
    responsavelFinanceiro: true,
    coparticipativo: true,
    veTodoContrato: true,
  };
  const port = await freePort();
  const child = fork(
    join(import.meta.dirname, 'dados-baseline.mjs'),
    [String(port), JSON.stringify({ ...db, pool: POOL, membro })],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  await new Promise((r, j) => {
    child.once('message', r);
    child.once('exit', (code) => j(new Error(`baseline exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
  };
}

function casos(api, base, { codigoSessao, auth, headers }) {
  const perfil = JSON.stringify({ perfilAutenticado: { codigoSessao } });
  return [
    {
      nome: 'RenovarSessao (session check only)',
      api: { url: `${api}/api/Login/RenovarSessao`, method: 'POST', headers, body: perfil },
      base: { url: `${base}/renovar`, method: 'POST', headers, body: perfil },
    },
    {
      nome: 'Autorizacoes/Beneficiarios (one small query)',
      api: { url: `${api}/api/Autorizacoes/Beneficiarios`, method: 'POST', headers, body: perfil },
      base: { url: `${base}/beneficiarios`, method: 'POST', headers, body: perfil },
    },
    {
      nome: 'Financeiro/ListarParcelas',
      api: {
        url: `${api}/api/Financeiro/ListarParcelas`,
        method: 'POST',
        headers,
        body: JSON.stringify({ PerfilAutenticado: { codigoSessao } }),
      },
      base: { url: `${base}/parcelas`, method: 'POST', headers, body: perfil },
    },
    {
      nome: 'GuiaMedico/Prestadores (São Paulo, 100 a page)',
      api: { url: `${api}/api/GuiaMedico/Prestadores?codigoCidade=3550308&pagina=1&itensPagina=100`, headers: auth },
      base: { url: `${base}/guia` },
    },
  ];
}

async function medirTodos(titulo, api, base, sessao) {
  console.log(`\n${titulo}, ${CONNECTIONS} connections; median of ${ROUNDS} alternating rounds of ${SECONDS} s`);
  for (const c of casos(api, base, sessao)) {
    const rb = [];
    const ra = [];
    for (let i = 0; i < ROUNDS; i++) {
      rb.push(await medir(c.base));
      ra.push(await medir(c.api));
    }
    const b = med(rb);
    const a = med(ra);
    const ratio = a.rps / b.rps;
    console.log(`  ${c.nome}`);
    console.log(`    baseline (bare node:http, same services and SQL)  ${fmt(b)}`);
    console.log(
      `    API                                               ${fmt(a)} = ${ratio.toFixed(2)}× baseline (target ≥ ${ALVO.toFixed(2)})`,
    );
  }
}

// PGlite: the API seeds its directory; stopped, it is copied for the baseline; the API restarts on its own.
{
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-dados-'));
  const copia = `${dir}-baseline`;
  try {
    let portal = await startPortal({ DATA_DIR: dir, SEED: 'demo' });
    await portal.stop({ manterDados: true });
    cpSync(dir, copia, { recursive: true });
    portal = await startPortal({ DATA_DIR: dir, SEED: 'demo' });
    const sessao = await entrar(portal.baseUrl, '52998224725', '100234');
    const base = await baseline({ dataDir: copia }, sessao.codigoSessao);
    try {
      await medirTodos('PGlite', portal.baseUrl, base.url, sessao);
    } finally {
      await base.stop();
      await portal.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(copia, { recursive: true, force: true });
  }
}

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
try {
  await admin.connect();
} catch {
  console.log('\nPostgreSQL does not answer on 127.0.0.1:5432: its half skipped');
  process.exit(0);
}
const name = `portal_bench_dados_${process.pid}`;
await admin.query(`create database ${name}`);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
try {
  const portal = await startPortal({ DATABASE_URL: url, SEED: 'demo', DATABASE_POOL_MAX: String(POOL) });
  const sessao = await entrar(portal.baseUrl, '52998224725', '100234');
  const base = await baseline({ databaseUrl: url }, sessao.codigoSessao);
  try {
    await medirTodos(`PostgreSQL (pools of ${POOL})`, portal.baseUrl, base.url, sessao);
  } finally {
    await base.stop();
    await portal.stop();
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
