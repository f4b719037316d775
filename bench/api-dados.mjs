// Question: what does the API cost on top of the database for real data calls? On PostgreSQL, at
// 100 connections (after a warm-up round): POST /api/Financeiro/ListarParcelas and a Guia Médico
// search (São Paulo, first page of 100), each against a bare node:http server that runs the SAME
// service and SQL (the API's own FinanceiroService / GuiaMedicoService over a bare `pg` pool of the
// same size) and answers the same JSON. Also the session-only call (RenovarSessao) against bare
// node:http answering its bytes. Targets (issue 9): data calls ≥ 50%, the session call ≥ 60%.
// Run: `npm run build && npm run bench:dados` (node --import tsx: the baseline imports the services).
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPortal } from './lib.mjs';
import { openPg } from '../apps/api/src/db/pg.ts';
import { loadOperadora } from '@portal/operadora';
import { loadConfig } from '../apps/api/src/config.ts';
import { FinanceiroRepository } from '../apps/api/src/modules/financeiro/repository.ts';
import { FinanceiroService } from '../apps/api/src/modules/financeiro/service.ts';
import { GuiaMedicoRepository } from '../apps/api/src/modules/guia-medico/repository.ts';
import { GuiaMedicoService } from '../apps/api/src/modules/guia-medico/service.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POOL = 10; // DATABASE_POOL_MAX's default, for both

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
try {
  await admin.connect();
} catch {
  console.log('PostgreSQL does not answer on 127.0.0.1:5432: data-call benchmark skipped');
  process.exit(0);
}
const name = `portal_bench_dados_${process.pid}`;
await admin.query(`create database ${name}`);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;

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

const portal = await startPortal({ DATABASE_URL: url, SEED: 'demo', DATABASE_POOL_MAX: String(POOL) });
const db = openPg(url, POOL);
try {
  // A signed-in member (Maria, financial responsible of contract 100234).
  const post = (path, body, headers = {}) =>
    fetch(`${portal.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const token = await (await post('/api/Token/GerarToken', { usuario: 'portal-web', senha: 'portal-web-demo' })).json();
  const auth = { authorization: `Bearer ${token}` };
  const perfis = await (await post('/api/Login/PerfisDaConta', { cpf: 52998224725, senha: 'senha123' }, auth)).json();
  const p = perfis.find((x) => x.codigoContrato === '100234');
  const res = await post(
    '/api/Login/Autenticar',
    { cpf: '52998224725', senha: 'senha123', codigoPlano: p.codigoPlano, codigoContrato: p.codigoContrato },
    auth,
  );
  const { codigoSessao } = await res.json();
  const cookie = res.headers
    .getSetCookie()
    .find((x) => x.startsWith('pb_sessao='))
    .split(';')[0];
  const headers = { ...auth, cookie, 'content-type': 'application/json' };

  // The baseline: the same services and SQL behind a bare node:http server.
  const config = loadConfig({});
  const financeiro = new FinanceiroService(new FinanceiroRepository(db), loadOperadora(config.operadoraDir, {}), {
    now: () => Date.now(),
  });
  const guia = new GuiaMedicoService(new GuiaMedicoRepository(db), { listaTtlMs: 0 });
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
  const filtro = { codigoCidade: 3550308, pagina: 1, itensPagina: 100, somenteOdonto: false };
  const renovar = Buffer.from('{"sucesso":true}');
  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const body =
        req.url === '/parcelas'
          ? JSON.stringify(await financeiro.listarParcelas(membro))
          : req.url === '/guia'
            ? JSON.stringify(await guia.prestadores(filtro))
            : renovar;
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
  });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${bare.address().port}`;

  const casos = [
    {
      nome: 'RenovarSessao (session check only)',
      api: {
        url: `${portal.baseUrl}/api/Login/RenovarSessao`,
        method: 'POST',
        headers,
        body: JSON.stringify({ perfilAutenticado: { codigoSessao } }),
      },
      base: {
        url: `${bareUrl}/renovar`,
        method: 'POST',
        headers,
        body: JSON.stringify({ perfilAutenticado: { codigoSessao } }),
      },
      alvo: 0.6,
    },
    {
      nome: 'Financeiro/ListarParcelas',
      api: {
        url: `${portal.baseUrl}/api/Financeiro/ListarParcelas`,
        method: 'POST',
        headers,
        body: JSON.stringify({ PerfilAutenticado: { codigoSessao } }),
      },
      base: { url: `${bareUrl}/parcelas`, method: 'POST', headers, body: '{}' },
      alvo: 0.5,
    },
    {
      nome: 'GuiaMedico/Prestadores (São Paulo, 100 a page)',
      api: {
        url: `${portal.baseUrl}/api/GuiaMedico/Prestadores?codigoCidade=3550308&pagina=1&itensPagina=100`,
        headers: auth,
      },
      base: { url: `${bareUrl}/guia` },
      alvo: 0.5,
    },
  ];
  console.log(
    `PostgreSQL, ${CONNECTIONS} connections, pools of ${POOL}; median of ${ROUNDS} alternating rounds of ${SECONDS} s`,
  );
  for (const c of casos) {
    const rb = [];
    const ra = [];
    for (let i = 0; i < ROUNDS; i++) {
      rb.push(await medir(c.base));
      ra.push(await medir(c.api));
    }
    const b = med(rb);
    const a = med(ra);
    const ratio = a.rps / b.rps;
    console.log(`\n${c.nome}`);
    console.log(`  baseline (bare node:http, same service and SQL)  ${fmt(b)}`);
    console.log(
      `  API                                             ${fmt(a)} = ${ratio.toFixed(2)}× baseline (target ≥ ${c.alvo.toFixed(2)})`,
    );
  }
  bare.close();
} finally {
  await db.close();
  await portal.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
