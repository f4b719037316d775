// Question: does the provider search hold up on a large network? SEED_PROVIDERS=300000 generated
// providers around the demo network, then GET /api/GuiaMedico/Prestadores at 10 concurrent
// clients for five kinds of search — city only, city + specialty, free text of 3+ characters,
// free text under 3 characters, page 30 of a broad query — on PGlite and on PostgreSQL
// (127.0.0.1:5432, a throwaway database). Next to each, the baseline: the same SQL statements the
// API runs (apps/api/src/modules/guia-medico/repository.ts, imported here), run directly on the
// database by the same 10 clients, without HTTP and without the API's free-text result cache.
// Free text is measured twice through the API: as deployed (GUIA_CACHE_SECONDS=300, the result
// list of a search reused for its next pages and repeats) and with that cache off (0).
// Targets (decision 0008): p50 ≤ 50 ms and p95 ≤ 100 ms everywhere, PGlite ≤ 2× PostgreSQL.
//
//   npm run build && npm run bench:guia        (node --import tsx bench/guia-medico.mjs)
//
// BENCH_PROVIDERS (300000), BENCH_SECONDS (10 per measure, after 2 s of warm-up),
// BENCH_CLIENTS (10), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_DATA_DIR
// (PGlite directory, kept between runs: the 300 000 providers load once per code version).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, root } from './lib.mjs';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { cartoesDaLista, cartoesDaPagina, consultas } from '../apps/api/src/modules/guia-medico/repository.ts';
import { agrupar } from '../apps/api/src/modules/guia-medico/service.ts';
import { palavrasDaBusca } from '../packages/contract/src/guia-medico-busca.ts';

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 300_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10); // issue 19: 10 concurrent members
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POOL = 10; // the server's DATABASE_POOL_MAX default: the baseline gets the same connections

const SP = 3550308;
const CIDADES = [3550308, 3304557, 3106200, 3509502, 4106902, 4314902, 3303302, 3548500];
const ESPECIALIDADES = [1, 2, 3, 6, 8, 9, 11, 13, 31, 33];
const TEXTOS = [
  'silva',
  'santos',
  'oliveira',
  'ferreira',
  'costa',
  'paulista',
  'augusta',
  'copacabana',
  'pinheiros',
  'moema',
  'batel',
  'savassi',
  'santa helena',
  'sao camilo',
  'coracao',
  'vida plena',
  'odontologica',
  'hospital',
  'laboratorio',
  'juliana',
  'ricardo',
  'marcelo',
  'cardim',
  'vergueiro',
  'ipanema',
  'tijuca',
  'icarai',
  'cambui',
  'gonzaga',
  'moinhos',
];
const CURTOS = ['jo', 'ma', 'an', 'ca', 'lu', 'ri', 'pa', 'fe', 'be', 'ju'];
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const talvezCidade = () => (Math.random() < 0.5 ? pick(CIDADES) : undefined);

/** Each kind of search: a random filter per request (the same shape for the API and the baseline). */
const BUSCAS = {
  'city only': () => ({ codigoCidade: pick(CIDADES) }),
  'city + specialty': () => ({ codigoCidade: pick(CIDADES), codigoEspecialidade: pick(ESPECIALIDADES) }),
  'free text ≥ 3 chars': () => ({ codigoCidade: talvezCidade(), nomeCredenciado: pick(TEXTOS) }),
  'free text < 3 chars': () => ({ codigoCidade: talvezCidade(), nomeCredenciado: pick(CURTOS) }),
  'page 30, broad query': () => ({ codigoCidade: pick([SP, 3304557]), pagina: 30 }),
};
const TEXTO = ['free text ≥ 3 chars', 'free text < 3 chars'];

// ---------------------------------------------------------------------------------------------

function percentil(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `clients` closed-loop workers for `seconds` after a warm-up; latencies of the measured part. */
async function medir(fazer, { seconds = SECONDS, warmup = 2 } = {}) {
  const lat = [];
  let erros = 0;
  const inicio = performance.now();
  const medirDe = inicio + warmup * 1000;
  const fim = medirDe + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < fim) {
        const t0 = performance.now();
        const ok = await fazer().then(
          () => true,
          () => false,
        );
        const t1 = performance.now();
        if (t0 >= medirDe) {
          if (ok) lat.push(t1 - t0);
          else erros++;
        }
      }
    }),
  );
  lat.sort((a, b) => a - b);
  return {
    n: lat.length,
    rps: lat.length / seconds,
    p50: percentil(lat, 50),
    p95: percentil(lat, 95),
    p99: percentil(lat, 99),
    erros,
  };
}

const fmt = (r) =>
  r
    ? `p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${r.rps
        .toFixed(0)
        .padStart(5)} req/s${r.erros ? `  (${r.erros} errors)` : ''}`
    : '—';

// ---------------------------------------------------------------------------------------------
// The API

async function iniciarServidor(env) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED: 'demo',
      TOKEN_TTL_SECONDS: '7200',
      PRUNE_INTERVAL_SECONDS: '0',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // loading
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const segundos = (performance.now() - t0) / 1000;
  const token = await (
    await fetch(`${baseUrl}/api/Token/GerarToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usuario: 'portal-web', senha: 'portal-web-demo' }),
    })
  ).json();
  return {
    baseUrl,
    segundos,
    headers: { authorization: `Bearer ${token}` },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    },
  };
}

function url(s, filtro) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filtro)) if (v !== undefined) q.set(k, String(v));
  return `${s.baseUrl}/api/GuiaMedico/Prestadores?${q}`;
}

async function viaApi(s, nomes) {
  const out = {};
  for (const nome of nomes) {
    const gerar = BUSCAS[nome];
    out[nome] = await medir(async () => {
      const r = await fetch(url(s, gerar()), { headers: s.headers });
      if (!r.ok) throw new Error(String(r.status));
      await r.arrayBuffer();
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The baseline: the API's statements on the database, nothing cached

/** What the service runs for one request, cold: the page with its total, or the free-text list and its page. */
async function semApi(query, filtro) {
  const escopo = {
    codigoCidade: filtro.codigoCidade ?? 0,
    codigoEspecialidade: filtro.codigoEspecialidade ?? null,
    somenteOdonto: false,
  };
  const deslocamento = ((filtro.pagina ?? 1) - 1) * 100;
  const palavras = palavrasDaBusca(filtro.nomeCredenciado);
  // Cold: the page's cards, then every document and the group names (the API keeps these in
  // memory per version of the views, decision 0036; here nothing is kept).
  let pagina;
  if (!palavras.length) {
    const p = consultas.pagina(escopo, 100, deslocamento);
    const [{ cartoes }] = await query(p.text, p.params);
    pagina = cartoesDaPagina(cartoes);
  } else {
    const l = consultas.listaComTexto(escopo, palavras);
    const [{ de, ate, lista }] = await query(l.text, l.params);
    pagina = cartoesDaLista(lista, de, ate).subarray(2 * deslocamento, 2 * (deslocamento + 100));
  }
  const cartoes = [];
  if (pagina.length) {
    const prestadores = [];
    for (let i = 0; i < pagina.length; i += 2) prestadores.push(pagina[i]);
    const f = consultas.fichas(prestadores);
    const fichas = new Map((await query(f.text, f.params)).map((r) => [r.codigo_prestador, r.ficha]));
    const nomes = new Map((await query('select ordem, nome from guia_especialidades')).map((r) => [r.ordem, r.nome]));
    for (let i = 0; i < pagina.length; i += 2)
      cartoes.push({ especialidade: nomes.get(pagina[i + 1]), ficha: fichas.get(pagina[i]) });
  }
  return agrupar(cartoes, escopo.codigoCidade);
}

async function baseline(query) {
  const out = {};
  for (const [nome, gerar] of Object.entries(BUSCAS)) out[nome] = await medir(() => semApi(query, gerar()));
  return out;
}

// ---------------------------------------------------------------------------------------------

/** The PGlite directory of this code version (migrations and seed), loaded once and kept. */
function diretorioPglite() {
  const fontes = [
    ...readdirSync(join(root, 'apps/api/src/db/migrations'))
      .sort()
      .map((f) => readFileSync(join(root, 'apps/api/src/db/migrations', f))),
    ...readdirSync(join(root, 'apps/api/src/seed'))
      .filter((f) => !f.endsWith('.test.ts'))
      .sort()
      .map((f) => readFileSync(join(root, 'apps/api/src/seed', f))),
    readFileSync(join(root, 'packages/operadora/src/demo.ts')),
  ];
  const chave = createHash('sha256').update(Buffer.concat(fontes)).digest('hex').slice(0, 12);
  return process.env.BENCH_DATA_DIR ?? join(tmpdir(), `portal-bench-guia-${PROVIDERS}-${chave}`);
}

async function suite(label, env, abrirBaseline) {
  console.log(`\n## ${label}`);
  let s = await iniciarServidor({ SEED_PROVIDERS: String(PROVIDERS), ...env });
  console.log(`start (migrations, demo seed, ${PROVIDERS} providers unless already there): ${s.segundos.toFixed(1)} s`);
  const api = await viaApi(s, Object.keys(BUSCAS));
  await s.stop();
  s = await iniciarServidor({ SEED_PROVIDERS: String(PROVIDERS), GUIA_CACHE_SECONDS: '0', ...env });
  console.log(`restart, nothing to load: ${s.segundos.toFixed(1)} s`);
  const semCache = await viaApi(s, TEXTO);
  await s.stop();
  const { query, close } = await abrirBaseline();
  const base = await baseline(query);
  await close();
  console.log(`${CLIENTS} concurrent clients, ${SECONDS} s per measure after 2 s of warm-up, 100 cards per page`);
  for (const nome of Object.keys(BUSCAS)) {
    console.log(`  ${nome}`);
    console.log(`    API                      ${fmt(api[nome])}`);
    if (semCache[nome]) console.log(`    API, result cache off    ${fmt(semCache[nome])}`);
    console.log(`    SQL alone (baseline)     ${fmt(base[nome])}`);
  }
  return { api, semCache, base };
}

console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (${process.env.BENCH_NOTE ?? 'shared machine'})`,
);
if (!existsSync(join(root, 'apps/api/dist/server.js'))) throw new Error('run `npm run build` first');

const dir = diretorioPglite();
mkdirSync(dir, { recursive: true });
const pglite = await suite(`PGlite (${dir})`, { DATA_DIR: dir }, async () => {
  const db = await openPglite(dir);
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
});

let postgres = null;
{
  const admin = new pg.Client({ connectionString: PG_URL });
  const ok = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!ok) console.log(`\nPostgreSQL does not answer on ${PG_URL}: PostgreSQL run skipped`);
  else {
    const name = `portal_bench_guia_${process.pid}`;
    await admin.query(`create database ${name}`);
    const dbUrl = new URL(PG_URL);
    dbUrl.pathname = `/${name}`;
    try {
      postgres = await suite('PostgreSQL', { DATABASE_URL: dbUrl.toString() }, async () => {
        const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: POOL });
        pool.on('error', () => undefined); // idle clients dropped with the database at the end
        return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
      });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

console.log('\n## Targets: p50 ≤ 50 ms, p95 ≤ 100 ms, PGlite ≤ 2× PostgreSQL (API, as deployed)');
for (const nome of Object.keys(BUSCAS)) {
  const a = pglite.api[nome];
  const b = postgres?.api[nome];
  const alvo = (r) =>
    r
      ? r.p50 <= 50 && r.p95 <= 100
        ? 'met'
        : `missed (p50 ×${(r.p50 / 50).toFixed(1)}, p95 ×${(r.p95 / 100).toFixed(1)})`
      : '—';
  const razao = b ? `PGlite/PostgreSQL p50 ${(a.p50 / b.p50).toFixed(2)}×, p95 ${(a.p95 / b.p95).toFixed(2)}×` : '';
  console.log(`  ${nome.padEnd(22)} PGlite ${alvo(a)}; PostgreSQL ${alvo(b)}; ${razao}`);
}
