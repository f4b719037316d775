// Question (issue 32, "A peak-hour rehearsal, read through the metrics"): how many members starting
// a session per second does one portal instance carry at its operator's worst hour — the 10th of
// the month, when the installments fall due — with p95 ≤ 500 ms for member pages, and where is the
// wall, as the metrics show it?
//
// The script starts its own stack, reproducibly and away from the shared PostgreSQL and Redis: a
// private PostgreSQL 15 cluster (initdb in a temp dir as user postgres, port 5441, fsync on, with
// pg_stat_statements), a private Redis (6381, no persistence), one or two built portals
// (apps/api/dist/server.js, NODE_ENV=production, secrets generated here and shared by both,
// METRICS_PORT each, TRUST_PROXY=127.0.0.1 so each simulated member has an address of their own
// in X-Forwarded-For, as behind deploy/Caddyfile) and Debian's Prometheus scraping both every 5 s
// with deploy/prometheus/alertas.yml (a temp config pointing at the two). The demo operator is
// loaded (SEED=demo) and `MEMBROS` more account holders are written in SQL, each with Roberto's
// contract shape (one holder, financial responsible, 36 monthly installments, the two latest
// open) and a copy of his argon2id password hash: many accounts, so the per-CPF throttles and the
// one-password-check-at-a-time-per-CPF rule (decision 0005) play no part. Throttles stay at their
// defaults; each session comes from its own IP.
//
// Load: an open-loop arrival rate of member sessions (Poisson), stepped up (5, 10, 20, 40, 80, …
// sessions starting per second, `PASSO_S` seconds each) until the p95 of member calls in a step
// passes 500 ms or an error (5xx, 429, a failed connection) appears. Each call counts in the step
// in which it was sent. With two instances the calls alternate between them, as Caddy's
// round_robin does. `EQUIPE` staff answer protocols through the console API all along.
//
// Baseline (as the other benches): GET /healthz requests/s on the same instance, 16 connections,
// 3 s, before the rehearsal; the figures are also printed as ratios to it.
//
//   npm run build && npm run bench:ensaio -- [--instancias 1|2] [--cpus 0,1] [--rapido] [--captura FILE]
//
// --instancias  portals (1); --cpus  taskset CPU list of the portal processes (unset: not pinned);
// --rapido      a smoke run (fewer members, 8 s steps, two steps): its figures are not measurements;
// --captura     a PNG of Prometheus's graph page taken at the wall (headless Chromium).
// BENCH_PROMETHEUS_PORT (9090), BENCH_MEMBROS, BENCH_PASSO_S, BENCH_PRESTADORES override the defaults.
//
// ---------------------------------------------------------------------------------------------
// Proportions of a session at the worst hour, and where each comes from
//
// SOURCED
// - Who pays a boleto: 38 787 334 of the 53 232 560 medical-plan bonds are company plans (ANS,
//   September 2025, as reported by Agência Brasil, 6 Nov 2025): 72.9 %. The employer pays those;
//   the other 27.1 % (individual/family and by-adhesion) pay their own installment, and on the 10th
//   they are who signs in. Used in the decision record's arithmetic (docs/decisions/0069).
// OUR ASSUMPTIONS (no public source found for a Brazilian operator's portal traffic)
// - Every session signs in (VerificarCPF, PerfisDaConta: argon2id, Autenticar) and sees Home
//   (Beneficiario/SituacaoDoPlano): 100 %.
// - Opens Financeiro (ListarParcelas): 70 % — the 10th is a due day.
// - Of those, downloads a boleto PDF (BaixarBoleto): 60 % (the rest copy the barcode or pay by Pix).
// - Searches the Guia Médico (Cidades, Especialidades, 1–3 searches): 25 %.
// - Opens a protocol (MeusDados/SolicitarCorrecao, then Protocolos/Listar): 3 %.
// - Asks for a reimbursement with an attachment (Reembolso/Anexos ~150 KB PDF, Solicitar, Listar): 4 %.
// - Signs out (Login/Sair) instead of leaving the tab: 50 %.
// - Think time between pages: 1–3 s (0.2–0.6 s in --rapido, where 40 % open a protocol and 30 %
//   ask for a reimbursement, so a smoke run goes down every path).
// - Staff: 4 attendants (2 in --rapido), each answering one data-correction protocol every ~10 s
//   (queue, open it, answer): the console's share of the load is small beside the members'.
// ---------------------------------------------------------------------------------------------

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { freePort, root, throughput } from './lib.mjs';

// ---------------------------------------------------------------------------------------------
// Options

const args = process.argv.slice(2);
const opcao = (nome) => {
  const i = args.indexOf(nome);
  return i >= 0 ? args[i + 1] : undefined;
};
const RAPIDO = args.includes('--rapido');
const INSTANCIAS = Number(opcao('--instancias') ?? 1);
const CPUS = opcao('--cpus');
const CAPTURA = opcao('--captura');
if (![1, 2].includes(INSTANCIAS)) throw new Error('--instancias 1 ou 2');

const MEMBROS = Number(process.env.BENCH_MEMBROS ?? (RAPIDO ? 500 : 20_000));
const PASSO_S = Number(process.env.BENCH_PASSO_S ?? (RAPIDO ? 8 : 30));
const TAXAS = RAPIDO ? [2, 4] : [5, 10, 20, 30, 40, 60, 80, 120, 160];
const PRESTADORES = Number(process.env.BENCH_PRESTADORES ?? (RAPIDO ? 0 : 20_000));
const EQUIPE = RAPIDO ? 2 : 4;
const P95_ALVO_MS = 500;
const PG_PORTA = 5441;
const REDIS_PORTA = 6381;
const PROM_PORTA = Number(process.env.BENCH_PROMETHEUS_PORT ?? 9090);
const SCRAPE_S = 5;

const P = {
  financeiro: 0.7,
  boleto: 0.6,
  guia: 0.25,
  protocolo: 0.03,
  reembolso: 0.04,
  sair: 0.5,
};
// A smoke run goes down every path: the rare journeys become common.
if (RAPIDO) Object.assign(P, { protocolo: 0.4, reembolso: 0.3 });
const pensar = () =>
  new Promise((r) => setTimeout(r, RAPIDO ? 200 + Math.random() * 400 : 1000 + Math.random() * 2000));

// ---------------------------------------------------------------------------------------------
// Processes started here, stopped at the end whatever happens

const filhos = [];
const temporarios = [];
let pgDir;
function iniciar(cmd, argv, opcoes = {}) {
  const c = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'], ...opcoes });
  let erro = '';
  c.stderr?.on('data', (b) => (erro = (erro + b).slice(-4000)));
  c.ultimoErro = () => erro;
  filhos.push(c);
  return c;
}
async function pararTudo() {
  for (const c of filhos.reverse()) {
    if (c.exitCode !== null || c.signalCode) continue;
    const fim = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([fim, new Promise((r) => setTimeout(r, 10_000))]);
    if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
  }
  if (pgDir) spawnSync('su', ['postgres', '-c', `/usr/lib/postgresql/15/bin/pg_ctl -D ${pgDir} -m fast -w stop`]);
  for (const d of temporarios) rmSync(d, { recursive: true, force: true });
}
process.on('SIGINT', () => pararTudo().then(() => process.exit(130)));

const esperar = async (oQue, f, ms = 120_000) => {
  const fim = Date.now() + ms;
  for (;;) {
    try {
      if (await f()) return;
    } catch {
      // not yet
    }
    if (Date.now() > fim) throw new Error(`timed out waiting for ${oQue}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

async function iniciarPostgres() {
  pgDir = mkdtempSync(join(tmpdir(), 'ensaio-pg-'));
  temporarios.push(pgDir);
  chownSync(
    pgDir,
    Number(spawnSync('id', ['-u', 'postgres']).stdout),
    Number(spawnSync('id', ['-g', 'postgres']).stdout),
  );
  const bin = '/usr/lib/postgresql/15/bin';
  const r = spawnSync('su', ['postgres', '-c', `${bin}/initdb -D ${pgDir} -A trust -E UTF8 --locale=C.UTF-8`], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`initdb: ${r.stderr}`);
  const o = `-p ${PG_PORTA} -k /tmp -c shared_preload_libraries=pg_stat_statements -c max_connections=100`;
  const s = spawnSync('su', ['postgres', '-c', `${bin}/pg_ctl -D ${pgDir} -l ${pgDir}/log -w -o '${o}' start`], {
    encoding: 'utf8',
  });
  if (s.status !== 0) throw new Error(`pg_ctl start: ${s.stderr}${s.stdout}`);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PG_PORTA}/postgres` });
  await admin.connect();
  await admin.query('create database portal');
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:${PG_PORTA}/portal`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('create extension pg_stat_statements');
  await c.end();
  return { url, postmaster: Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]) };
}

async function iniciarRedis() {
  const c = iniciar('redis-server', [
    '--port',
    String(REDIS_PORTA),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await esperar('redis', () =>
    spawnSync('redis-cli', ['-p', String(REDIS_PORTA), 'ping'])
      .stdout?.toString()
      .includes('PONG'),
  );
  return c;
}

const segredo = () => randomBytes(32).toString('hex');
const SEGREDOS = {
  TOKEN_SECRET: segredo(),
  CODE_SECRET: segredo(),
  CLUBE_SECRET: segredo(),
  CARTEIRINHA_SECRET: segredo(),
  CHAVE_DE_SELAGEM: randomBytes(32).toString('base64'),
};

function ambienteDoPortal(pgUrl) {
  return {
    ...process.env,
    ...SEGREDOS,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: pgUrl,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORTA}`,
    SEED: 'demo',
    SEED_PROVIDERS: String(PRESTADORES),
    TRUST_PROXY: '127.0.0.1',
  };
}

async function iniciarPortal(pgUrl) {
  const port = await freePort();
  const metricas = await freePort();
  const env = { ...ambienteDoPortal(pgUrl), PORT: String(port), METRICS_PORT: String(metricas) };
  const node = [join(root, 'apps/api/dist/server.js')];
  const c = CPUS
    ? iniciar('taskset', ['-c', CPUS, process.execPath, ...node], { cwd: root, env })
    : iniciar(process.execPath, node, { cwd: root, env });
  const baseUrl = `http://127.0.0.1:${port}`;
  await esperar(
    `portal on ${port}`,
    async () => {
      if (c.exitCode !== null) throw new Error(`portal exited: ${c.ultimoErro()}`);
      return (await fetch(`${baseUrl}/readyz`)).ok;
    },
    600_000,
  ).catch((e) => {
    throw new Error(`${e.message}\n${c.ultimoErro()}`);
  });
  return { baseUrl, metricas: `127.0.0.1:${metricas}`, pid: c.pid };
}

async function iniciarPrometheus(alvos) {
  const dir = mkdtempSync(join(tmpdir(), 'ensaio-prom-'));
  temporarios.push(dir);
  writeFileSync(join(dir, 'alertas.yml'), readFileSync(join(root, 'deploy/prometheus/alertas.yml')));
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global: { scrape_interval: ${SCRAPE_S}s, evaluation_interval: ${SCRAPE_S}s }
rule_files: [alertas.yml]
scrape_configs:
  - job_name: portal
    static_configs: [{ targets: [${alvos.map((a) => `'${a}'`).join(', ')}] }]
  - job_name: prometheus
    static_configs: [{ targets: ['127.0.0.1:${PROM_PORTA}'] }]
`,
  );
  iniciar('/usr/bin/prometheus', [
    `--config.file=${join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(dir, 'dados')}`,
    `--web.listen-address=127.0.0.1:${PROM_PORTA}`,
  ]);
  const url = `http://127.0.0.1:${PROM_PORTA}`;
  await esperar('prometheus', async () => (await fetch(`${url}/-/ready`)).ok);
  await esperar(
    'the first scrapes',
    async () => (await consulta(url, 'up{job="portal"} == 1')).length === alvos.length,
    60_000,
  );
  return url;
}

async function consulta(url, expr, quando) {
  const q = new URLSearchParams({ query: expr });
  if (quando) q.set('time', String(quando / 1000));
  const r = await (await fetch(`${url}/api/v1/query?${q}`)).json();
  if (r.status !== 'success') throw new Error(`${expr}: ${r.error}`);
  return r.data.result;
}

// ---------------------------------------------------------------------------------------------
// Members and staff

/** CPF digits from a 9-digit base (check digits computed). */
function cpf(base) {
  const d = String(base).padStart(9, '0').split('').map(Number);
  const dv = (n) => {
    const s = d.slice(0, n).reduce((a, x, i) => a + x * (n + 1 - i), 0);
    return ((s * 10) % 11) % 10;
  };
  d.push(dv(9));
  d.push(dv(10));
  return d.join('');
}

/** `n` holders shaped like Roberto (one TITULAR, financial responsible, his installments and password hash). */
async function criarMembros(pgUrl, n) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    const t0 = performance.now();
    const [modelo] = (
      await c.query(
        `select b.codigo_contrato, b.codigo_beneficiario from beneficiarios b where b.cpf = '93541134780' and b.ativo limit 1`,
      )
    ).rows;
    const cpfs = Array.from({ length: n }, (_, i) => cpf(700_000_000 + i * 7));
    await c.query('begin');
    await c.query(
      `create temp table g on commit drop as
       select ord::int as i, cpf, (80000000 + ord)::text as contrato, (80000000 + ord)::text || '0001' as cartao
       from unnest($1::text[]) with ordinality as t(cpf, ord)`,
      [cpfs],
    );
    await c.query(`insert into pessoas (cpf, nome, data_nascimento, sexo, email, celular)
      select cpf, 'Beneficiária Ensaio ' || i, date '1950-01-01' + (i * 37) % 20000,
        case when i % 2 = 0 then 'f' else 'm' end, 'ensaio' || i || '@exemplo.com.br', '119' || lpad(i::text, 8, '0')
      from g`);
    await c.query(
      `insert into contratos (codigo_contrato, codigo_plano, cpf_responsavel_financeiro, tipo_contratacao, data_inicio_vigencia)
       select g.contrato, k.codigo_plano, g.cpf, k.tipo_contratacao, k.data_inicio_vigencia
       from g, contratos k where k.codigo_contrato = $1`,
      [modelo.codigo_contrato],
    );
    await c.query(
      `insert into beneficiarios (codigo_beneficiario, codigo_contrato, cpf, tipo, ativo, data_inclusao)
       select g.cartao, g.contrato, g.cpf, 'TITULAR', true, b.data_inclusao
       from g, beneficiarios b where b.codigo_beneficiario = $1`,
      [modelo.codigo_beneficiario],
    );
    await c.query(`insert into contas (cpf, senha_hash, senha_definida_em)
      select g.cpf, k.senha_hash, now() from g, contas k where k.cpf = '93541134780'`);
    await c.query(
      `insert into mensalidades (codigo_mensalidade, codigo_contrato, competencia, vencimento, valor_centavos, pago_em, banco, campo_livre)
       select (9000000000 + g.i::bigint * 100 + row_number() over (partition by g.i order by m.competencia))::text,
         g.contrato, m.competencia, m.vencimento, m.valor_centavos, m.pago_em, m.banco, m.campo_livre
       from g, mensalidades m where m.codigo_contrato = $1`,
      [modelo.codigo_contrato],
    );
    await c.query(
      `insert into mensalidade_itens (codigo_mensalidade, ordem, codigo_beneficiario, tipo, descricao, valor_centavos)
       select nova.codigo_mensalidade, i.ordem, g.cartao, i.tipo, i.descricao, i.valor_centavos
       from g
       join mensalidades nova on nova.codigo_contrato = g.contrato
       join mensalidades velha on velha.codigo_contrato = $1 and velha.competencia = nova.competencia
       join mensalidade_itens i on i.codigo_mensalidade = velha.codigo_mensalidade`,
      [modelo.codigo_contrato],
    );
    await c.query('commit');
    await c.query('analyze');
    console.error(`  ${n} account holders written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return cpfs;
  } finally {
    await c.end();
  }
}

/** A supervisor made by the build's `equipe criar`, signed in as a person does. */
async function sessaoDaEquipe(baseUrl, pgUrl, k) {
  const email = `ensaio.${k}.${process.pid}@operadora.exemplo`;
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'apps/api/dist/equipe.js'),
      'criar',
      '--email',
      email,
      '--nome',
      `Atendente Ensaio ${k}`,
      '--papel',
      'supervisor',
    ],
    { cwd: root, env: { ...ambienteDoPortal(pgUrl), LOG_LEVEL: 'silent', SEED: 'none' }, encoding: 'utf8' },
  );
  const senha = /Senha provisória: (\S+)/.exec(r.stdout)?.[1];
  const totp = /Segredo TOTP \(base32\): ([A-Z2-7]+)/.exec(r.stdout)?.[1];
  if (r.status !== 0 || !senha || !totp) throw new Error(`equipe criar: ${r.status}\n${r.stdout}\n${r.stderr}`);
  const jar = new Map();
  const post = async (path, body) => {
    const res = await fetch(`${baseUrl}/api/atendimento${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-portal-equipe': '1',
        'x-forwarded-for': `10.9.0.${k + 1}`,
        cookie: [...jar].map(([a, b]) => `${a}=${b}`).join('; '),
      },
      body: JSON.stringify(body),
    });
    for (const s of res.headers.getSetCookie()) {
      const [par] = s.split(';');
      const i = par.indexOf('=');
      jar.set(par.slice(0, i), par.slice(i + 1));
    }
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await post('/entrar', { email, senha });
  await post('/totp', {
    codigo: new TOTP({ secret: Secret.fromBase32(totp), algorithm: 'SHA1', digits: 6, period: 30 }).generate(),
  });
  await post('/senha', { senha: `a senha propria do ensaio de pico ${k}` });
  return { 'x-portal-equipe': '1', 'x-forwarded-for': `10.9.0.${k + 1}`, cookie: `pb_equipe=${jar.get('pb_equipe')}` };
}

// ---------------------------------------------------------------------------------------------
// The HTTP client: one keep-alive pool, as a proxy in front of the portals keeps

const agente = new http.Agent({ keepAlive: true, maxSockets: 512 });
let bases = [];
let proxima = 0;

/** Where calls are counted: the step they were sent in, their kind, their latency, their status. */
let passoAtual = -1;
const registros = []; // per step: { lat: Map<kind, number[]>, status: Map<string, number>, ... }
function registro(p) {
  registros[p] ??= { lat: new Map(), erros: new Map(), conflitos: 0, iniciadas: 0, completas: 0, falhas: 0 };
  return registros[p];
}

/** One call: JSON (or raw bytes) in, { status, json?, bytes, headers } out; counted under `tipo`. */
function chamar(tipo, metodo, caminho, { corpo, cabecalhos = {}, bruto = false } = {}) {
  const base = bases[proxima++ % bases.length];
  const passo = passoAtual;
  const t0 = performance.now();
  const dados = corpo === undefined ? undefined : Buffer.isBuffer(corpo) ? corpo : Buffer.from(JSON.stringify(corpo));
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${caminho}`,
      {
        method: metodo,
        agent: agente,
        headers: {
          ...(dados && !Buffer.isBuffer(corpo) ? { 'content-type': 'application/json' } : {}),
          ...(dados ? { 'content-length': dados.length } : {}),
          ...cabecalhos,
        },
      },
      (res) => {
        const partes = [];
        res.on('data', (b) => partes.push(b));
        res.on('end', () => {
          const ms = performance.now() - t0;
          const r = registro(passo);
          const lista = r.lat.get(tipo) ?? [];
          lista.push(ms);
          r.lat.set(tipo, lista);
          const status = res.statusCode;
          const buf = Buffer.concat(partes);
          if (status >= 500 || status === 429) {
            const k = `${status} ${tipo}`;
            r.erros.set(k, (r.erros.get(k) ?? 0) + 1);
          }
          let json;
          if (!bruto && (res.headers['content-type'] ?? '').includes('json')) {
            try {
              json = JSON.parse(buf.toString());
            } catch {
              // not JSON after all
            }
          }
          resolve({ status, json, bytes: buf.length, headers: res.headers });
        });
        res.on('error', () => resolve(falhou(passo, tipo)));
      },
    );
    req.on('error', () => resolve(falhou(passo, tipo)));
    req.end(dados);
  });
}
function falhou(passo, tipo) {
  const r = registro(passo);
  const k = `conexão ${tipo}`;
  r.erros.set(k, (r.erros.get(k) ?? 0) + 1);
  return { status: 0, bytes: 0, headers: {} };
}

class Interrompida extends Error {}
const exigir = (r, oQue) => {
  if (r.status < 200 || r.status >= 300) throw new Interrompida(`${oQue}: ${r.status} ${JSON.stringify(r.json ?? '')}`);
  return r;
};

/** A small PDF of about `tamanho` bytes (a long comment), valid enough for the attachment checks. */
function pdfDe(tamanho) {
  const objetos = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n',
  ];
  let corpo = `%PDF-1.4\n%${randomBytes(Math.floor(tamanho / 2)).toString('hex')}\n`;
  const pos = [];
  for (const o of objetos) {
    pos.push(corpo.length);
    corpo += o;
  }
  const xref = corpo.length;
  corpo +=
    `xref\n0 3\n0000000000 65535 f \n${pos.map((p) => `${String(p).padStart(10, '0')} 00000 n \n`).join('')}` +
    `trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

const ip = () => `10.${randomInt(1, 250)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const diaIso = (dias) => new Date(Date.now() - dias * 86_400_000).toISOString().slice(0, 10);

let especialidades = [];

/** One member's visit, as the web app makes its calls. */
async function jornada(membros) {
  const passo = passoAtual;
  registro(passo).iniciadas++;
  const cpfMembro = membros[randomInt(membros.length)];
  const xff = { 'x-forwarded-for': ip() };
  try {
    const token = exigir(
      await chamar('GerarToken', 'POST', '/api/Token/GerarToken', {
        corpo: { usuario: 'portal-web', senha: 'portal-web-demo' },
        cabecalhos: xff,
      }),
      'token',
    ).json;
    const auth = { ...xff, authorization: `Bearer ${token}` };
    exigir(
      await chamar('VerificarCPF', 'POST', '/api/Login/VerificarCPF', { corpo: { cpf: cpfMembro }, cabecalhos: auth }),
      'cpf',
    );
    await pensar();
    const perfis = exigir(
      await chamar('PerfisDaConta', 'POST', '/api/Login/PerfisDaConta', {
        corpo: { cpf: Number(cpfMembro), senha: 'senha123' },
        cabecalhos: auth,
      }),
      'perfis',
    ).json;
    const p = perfis[0];
    const a = exigir(
      await chamar('Autenticar', 'POST', '/api/Login/Autenticar', {
        corpo: { cpf: cpfMembro, senha: 'senha123', codigoPlano: p.codigoPlano, codigoContrato: p.codigoContrato },
        cabecalhos: auth,
      }),
      'autenticar',
    );
    const cookie = [a.headers['set-cookie']]
      .flat()
      .find((x) => x?.startsWith('pb_sessao='))
      ?.split(';')[0];
    const perfil = { codigoSessao: a.json.codigoSessao };
    const membro = { ...auth, cookie };
    const post = (tipo, caminho, corpo, extra = {}) =>
      chamar(tipo, 'POST', caminho, { corpo, cabecalhos: membro, ...extra });
    exigir(await post('SituacaoDoPlano', '/api/Beneficiario/SituacaoDoPlano', { perfilAutenticado: perfil }), 'home');
    await pensar();

    if (Math.random() < P.financeiro) {
      const parcelas = exigir(
        await post('ListarParcelas', '/api/Financeiro/ListarParcelas', { PerfilAutenticado: perfil }),
        'parcelas',
      ).json;
      const lista = Array.isArray(parcelas) ? parcelas : (parcelas?.dados ?? []);
      const aberta = lista.find((x) => !x.dataPagamento && x.codigoMensalidade) ?? lista[0];
      await pensar();
      if (aberta && Math.random() < P.boleto)
        exigir(
          await post(
            'BaixarBoleto (PDF)',
            '/api/Financeiro/BaixarBoleto',
            { PerfilAutenticado: perfil, codigoMensalidade: aberta.codigoMensalidade },
            { bruto: true },
          ),
          'boleto',
        );
    }

    if (Math.random() < P.guia) {
      const get = (tipo, caminho) => chamar(tipo, 'GET', caminho, { cabecalhos: auth });
      exigir(await get('GuiaMedico/Cidades', '/api/GuiaMedico/Cidades?somenteOdonto=false'), 'cidades');
      exigir(await get('GuiaMedico/Especialidades', '/api/GuiaMedico/Especialidades?removeOdonto=false'), 'esp');
      for (let k = 1 + randomInt(3); k > 0; k--) {
        await pensar();
        const q = new URLSearchParams({ codigoCidade: '3550308', pagina: '1', itensPagina: '10' });
        if (especialidades.length && Math.random() < 0.7)
          q.set('codigoEspecialidade', String(especialidades[randomInt(especialidades.length)]));
        else q.set('nomeCredenciado', ['coracao', 'clinica', 'santa', 'hospital'][randomInt(4)]);
        exigir(await get('GuiaMedico/Prestadores', `/api/GuiaMedico/Prestadores?${q}`), 'guia');
      }
    }

    if (Math.random() < P.protocolo) {
      await pensar();
      exigir(
        await post('SolicitarCorrecao (protocolo)', '/api/MeusDados/SolicitarCorrecao', {
          perfilAutenticado: perfil,
          campo: 'ENDERECO',
          valorCorreto: 'Rua das Acácias, 120, apto 31, Campinas - SP',
        }),
        'correcao',
      );
      exigir(await post('Protocolos/Listar', '/api/Protocolos/Listar', { perfilAutenticado: perfil }), 'protocolos');
    }

    if (Math.random() < P.reembolso) {
      await pensar();
      const q = new URLSearchParams({ documento: 'comprovante_pagamento', nome: 'recibo.pdf' });
      const anexo = exigir(
        await chamar('Reembolso/Anexos (150 KB)', 'POST', `/api/Reembolso/Anexos?${q}`, {
          corpo: pdfDe(150_000),
          cabecalhos: {
            ...membro,
            'content-type': 'application/octet-stream',
            'x-codigo-sessao': String(perfil.codigoSessao),
          },
        }),
        'anexo',
      ).json;
      exigir(
        await post('Reembolso/Solicitar', '/api/Reembolso/Solicitar', {
          perfilAutenticado: perfil,
          cpfBeneficiario: cpfMembro,
          tipo: 'consulta',
          dataAtendimento: diaIso(3 + randomInt(20)),
          prestador: {
            documento: '111.444.777-35',
            nome: 'Dra. Helena Prado',
            conselho: 'CRM',
            numeroConselho: '123456',
            ufConselho: 'SP',
          },
          valorPago: 150 + randomInt(400),
          numeroRecibo: `ENS-${randomBytes(5).toString('hex')}`,
          anexos: [anexo.id],
          pagamento: { forma: 'pix', tipoChave: 'cpf', chave: cpfMembro },
        }),
        'reembolso',
      );
      exigir(await post('Reembolso/Listar', '/api/Reembolso/Listar', { perfilAutenticado: perfil }), 'reembolsos');
    }

    if (Math.random() < P.sair) exigir(await post('Sair', '/api/Login/Sair', { perfilAutenticado: perfil }), 'sair');
    registro(passo).completas++;
  } catch (e) {
    registro(passo).falhas++;
    if (!(e instanceof Interrompida)) throw e;
    const r = registro(passo);
    r.motivos ??= new Map();
    const m = e.message.slice(0, 160);
    r.motivos.set(m, (r.motivos.get(m) ?? 0) + 1);
  }
}

/** An attendant answering data-correction protocols until `parar()`. */
async function atendente(cabecalhos, parar) {
  while (!parar()) {
    const fila = await chamar('equipe: fila', 'GET', '/api/atendimento/protocolos?tipo=CORRECAO_DADOS', { cabecalhos });
    const itens = (fila.json?.itens ?? []).filter((i) => i.situacao === 'ABERTO' || i.situacao === 'EM_ANALISE');
    if (itens.length) {
      const { protocolo } = itens[randomInt(Math.min(10, itens.length))];
      const p = await chamar('equipe: protocolo', 'GET', `/api/atendimento/protocolos/${protocolo}`, { cabecalhos });
      if (p.status === 200) {
        const r = await chamar('equipe: responder', 'POST', `/api/atendimento/protocolos/${protocolo}/acoes`, {
          cabecalhos,
          corpo: {
            acao: 'responder',
            texto: 'Recebemos seu pedido. O endereço será atualizado no sistema da operadora em até 2 dias úteis.',
            versao: p.json.versao,
            ...(p.json.decisao === 'correcao' ? { aplicar: false, motivo: 'Atualizado no sistema da operadora.' } : {}),
          },
        });
        if (r.status === 409) registro(passoAtual).conflitos++;
      }
    }
    await new Promise((r) => setTimeout(r, RAPIDO ? 2000 : 8000 + Math.random() * 4000));
  }
}

// ---------------------------------------------------------------------------------------------
// What the machine and PostgreSQL say, besides Prometheus

/** CPU seconds (user + system) of a process and, with `filhosDe`, of its children. */
function cpuSegundos(pids) {
  const hz = 100;
  let s = 0;
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const campos = f.slice(f.lastIndexOf(')') + 2).split(' ');
      s += (Number(campos[11]) + Number(campos[12])) / hz;
    } catch {
      // gone
    }
  }
  return s;
}
function filhosDe(ppid) {
  const pids = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(f.slice(f.lastIndexOf(')') + 2).split(' ')[1]) === ppid) pids.push(Number(d));
    } catch {
      // gone
    }
  }
  return pids;
}

// ---------------------------------------------------------------------------------------------

const percentil = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '—');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '—');
const CHAMADAS_DA_EQUIPE = /^equipe/;

console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${cpus().length} CPUs; portal CPUs: ${CPUS ?? 'not pinned'}; ${INSTANCIAS} instance(s)` +
    `${RAPIDO ? '; --rapido: a smoke run, its figures are not measurements' : ''}`,
);

let promUrl;
let inicioDoEnsaio = Date.now();
try {
  const t0 = performance.now();
  const { url: pgUrl, postmaster } = await iniciarPostgres();
  await iniciarRedis();
  console.error('PostgreSQL 15 on 5441 and Redis on 6381 started; first portal migrating and seeding…');
  const portais = [await iniciarPortal(pgUrl)];
  const membros = await criarMembros(pgUrl, MEMBROS);
  for (let i = 1; i < INSTANCIAS; i++) portais.push(await iniciarPortal(pgUrl));
  promUrl = await iniciarPrometheus(portais.map((p) => p.metricas));
  console.log(
    `stack up in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${INSTANCIAS} portal(s), ` +
      `${MEMBROS.toLocaleString('en-US')} extra account holders, ${PRESTADORES.toLocaleString('en-US')} generated providers; ` +
      `Prometheus at ${promUrl}`,
  );

  // Baseline: /healthz on the first instance, nothing else running.
  const saude = await throughput(() =>
    fetch(`${portais[0].baseUrl}/healthz`).then((r) => r.arrayBuffer().then(() => r.ok)),
  );
  console.log(`baseline GET /healthz (instance 1, 16 connections, 3 s): ${saude.rate.toFixed(0)} req/s`);

  bases = portais.map((p) => p.baseUrl);
  especialidades = await fetch(`${bases[0]}/api/GuiaMedico/Especialidades?removeOdonto=false`, {
    headers: {
      authorization: `Bearer ${await (
        await fetch(`${bases[0]}/api/Token/GerarToken`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ usuario: 'portal-web', senha: 'portal-web-demo' }),
        })
      ).json()}`,
    },
  })
    .then((r) => r.json())
    .then((l) =>
      (Array.isArray(l) ? l : (l.dados ?? [])).map((e) => e.codigo ?? e.codigoEspecialidade).filter(Boolean),
    );

  const equipe = [];
  for (let k = 0; k < EQUIPE; k++) equipe.push(await sessaoDaEquipe(bases[k % bases.length], pgUrl, k));

  const pgc = new pg.Client({ connectionString: pgUrl });
  await pgc.connect();
  const pidsPortais = portais.map((p) => p.pid);
  // taskset runs node in its own process (exec), so the pid is node's.

  // --- the rehearsal
  let acabou = false;
  passoAtual = 0;
  inicioDoEnsaio = Date.now();
  const atendentes = equipe.map((c) => atendente(c, () => acabou));
  const emCurso = new Set();
  const medidas = [];
  let parede = null;
  for (let passo = 0; passo < TAXAS.length && !parede; passo++) {
    const taxa = TAXAS[passo];
    passoAtual = passo;
    registro(passo);
    await pgc.query('select pg_stat_statements_reset()');
    const [pg0] = (await pgc.query(`select xact_commit from pg_stat_database where datname = 'portal'`)).rows;
    const cpu0 = {
      portais: pidsPortais.map((p) => cpuSegundos([p])),
      postgres: cpuSegundos([postmaster, ...filhosDe(postmaster)]),
      gerador: process.cpuUsage(),
    };
    const inicio = Date.now();
    const fim = inicio + PASSO_S * 1000;
    let amostrasPg = 0;
    let ativosPg = 0;
    let esperandoPg = 0;
    const amostrador = setInterval(async () => {
      const [r] = (
        await pgc.query(
          `select count(*) filter (where state = 'active')::int as ativos,
                  count(*) filter (where state = 'active' and wait_event_type in ('Lock', 'LWLock', 'IO'))::int as esperando
           from pg_stat_activity where datname = 'portal' and pid <> pg_backend_pid()`,
        )
      ).rows;
      amostrasPg++;
      ativosPg += r.ativos;
      esperandoPg += r.esperando;
    }, 1000);
    // Poisson arrivals at `taxa` per second until the step ends.
    let proximaChegada = performance.now();
    while (Date.now() < fim) {
      proximaChegada += (-Math.log(1 - Math.random()) / taxa) * 1000;
      const espera = proximaChegada - performance.now();
      if (espera > 0) await new Promise((r) => setTimeout(r, espera));
      if (Date.now() >= fim) break;
      const j = jornada(membros).finally(() => emCurso.delete(j));
      emCurso.add(j);
    }
    clearInterval(amostrador);
    const segundos = (Date.now() - inicio) / 1000;
    const cpuPortais = pidsPortais.map((p, i) => (cpuSegundos([p]) - cpu0.portais[i]) / segundos);
    const cpuPostgres = (cpuSegundos([postmaster, ...filhosDe(postmaster)]) - cpu0.postgres) / segundos;
    const g = process.cpuUsage(cpu0.gerador);
    const cpuGerador = (g.user + g.system) / 1e6 / segundos;
    const [pg1] = (await pgc.query(`select xact_commit from pg_stat_database where datname = 'portal'`)).rows;
    const consultas = (
      await pgc.query(
        `select calls, mean_exec_time, total_exec_time, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as q
         from pg_stat_statements s join pg_database d on d.oid = s.dbid
         where d.datname = 'portal' order by total_exec_time desc limit 4`,
      )
    ).rows;
    const [tempoPg] = (
      await pgc.query(
        `select sum(calls)::float as calls, sum(total_exec_time)::float as total
         from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = 'portal'`,
      )
    ).rows;

    // Prometheus at the end of the step, over the step's window (the last scrape inside it).
    await new Promise((r) => setTimeout(r, SCRAPE_S * 1000 + 500));
    const w = `${Math.max(PASSO_S, 2 * SCRAPE_S)}s`;
    const quando = inicio + PASSO_S * 1000 + SCRAPE_S * 1000;
    const porInstancia = async (expr) =>
      Object.fromEntries((await consulta(promUrl, expr, quando)).map((x) => [x.metric.instance, Number(x.value[1])]));
    const um = async (expr) => Number((await consulta(promUrl, expr, quando))[0]?.value[1] ?? NaN);
    const prom = {
      cpu: await porInstancia(`rate(process_cpu_seconds_total{job="portal"}[${w}])`),
      lag: await porInstancia(`max_over_time(nodejs_eventloop_lag_p99_seconds{job="portal"}[${w}])`),
      emUso: await porInstancia(`max_over_time(portal_banco_conexoes_em_uso{job="portal"}[${w}])`),
      aguardando: await porInstancia(`max_over_time(portal_banco_conexoes_aguardando{job="portal"}[${w}])`),
      maximo: await um(`max(portal_banco_conexoes_maximo{job="portal"})`),
      reqs: await um(`sum(rate(portal_http_requisicoes_segundos_count{job="portal"}[${w}]))`),
      p95: await um(
        `histogram_quantile(0.95, sum by (le) (rate(portal_http_requisicoes_segundos_bucket{job="portal",rota!~"/healthz|/readyz"}[${w}])))`,
      ),
      logins: await um(`sum(rate(portal_logins_total{job="portal",resultado="ok"}[${w}]))`),
      heap: await um(`max(max_over_time(nodejs_heap_size_used_bytes{job="portal"}[${w}]))`),
      gc: await um(`max(rate(nodejs_gc_duration_seconds_sum{job="portal"}[${w}]))`),
      alertas: (await consulta(promUrl, 'ALERTS{alertstate="firing"}', quando)).map((x) => x.metric.alertname),
    };

    const r = registros[passo];
    const membrosLat = [...r.lat].filter(([k]) => !CHAMADAS_DA_EQUIPE.test(k)).flatMap(([, v]) => v);
    const erros = [...r.erros.values()].reduce((a, b) => a + b, 0);
    const m = {
      taxa,
      segundos,
      r,
      p95Membros: percentil(membrosLat, 95),
      chamadasMembros: membrosLat.length / segundos,
      erros,
      cpuPortais,
      cpuPostgres,
      cpuGerador,
      commits: (Number(pg1.xact_commit) - Number(pg0.xact_commit)) / segundos,
      pgAtivos: ativosPg / Math.max(1, amostrasPg),
      pgEsperando: esperandoPg / Math.max(1, amostrasPg),
      pgMedia: tempoPg.total / Math.max(1, tempoPg.calls),
      consultas,
      prom,
    };
    medidas.push(m);
    console.log(
      `step ${passo + 1}: ${taxa} sessions/s for ${segundos.toFixed(0)} s — member calls ${m.chamadasMembros.toFixed(0)}/s, ` +
        `p95 ${f1(m.p95Membros)} ms, errors ${erros}, portal CPU ${cpuPortais.map(f2).join('+')}, PostgreSQL CPU ${f2(cpuPostgres)}`,
    );
    if (!(m.p95Membros <= P95_ALVO_MS) || erros > 0) {
      parede = passo;
      if (CAPTURA) await capturar(promUrl, CAPTURA).catch((e) => console.error(`screenshot failed: ${e.message}`));
    }
  }
  acabou = true;
  passoAtual = TAXAS.length; // what is still running counts apart
  await Promise.race([Promise.all([...emCurso, ...atendentes]), new Promise((r) => setTimeout(r, 90_000))]);
  if (parede === null && CAPTURA)
    await capturar(promUrl, CAPTURA).catch((e) => console.error(`screenshot: ${e.message}`));
  await pgc.end();

  relatorio(medidas, parede, saude.rate);
} finally {
  await pararTudo();
}

// ---------------------------------------------------------------------------------------------
// The report

function relatorio(medidas, parede, saude) {
  console.log('\n## Per step (open loop; each call counted in the step it was sent in)');
  for (const [i, m] of medidas.entries()) {
    const r = m.r;
    console.log(
      `\n### step ${i + 1}: ${m.taxa} sessions/s arriving; ${(r.completas / m.segundos).toFixed(1)} journeys/s completed ` +
        `(${r.iniciadas} started, ${r.completas} completed, ${r.falhas} interrupted), member calls ${m.chamadasMembros.toFixed(0)}/s ` +
        `= ${(m.chamadasMembros / saude).toFixed(3)}× the /healthz baseline`,
    );
    console.log('  call kind                          n      p50      p95      p99 ms');
    for (const [k, v] of [...r.lat].sort(([a], [b]) => a.localeCompare(b)))
      console.log(
        `  ${k.padEnd(32)} ${String(v.length).padStart(5)} ${f1(percentil(v, 50)).padStart(8)} ${f1(percentil(v, 95)).padStart(8)} ${f1(percentil(v, 99)).padStart(8)}`,
      );
    console.log(`  member calls, all kinds: p95 ${f1(m.p95Membros)} ms (target ≤ ${P95_ALVO_MS})`);
    console.log(
      `  errors by status: ${r.erros.size ? [...r.erros].map(([k, n]) => `${k} ×${n}`).join(', ') : 'none'}` +
        `${r.conflitos ? `; staff 409 (someone else changed it first) ×${r.conflitos}` : ''}`,
    );
    if (r.motivos) for (const [k, n] of r.motivos) console.log(`  interrupted: ${k} ×${n}`);
    const inst = (o) =>
      Object.entries(o)
        .map(([k, v]) => `${k} ${f2(v)}`)
        .join(', ') || '—';
    const p = m.prom;
    console.log(
      `  Prometheus: CPU (cores) ${inst(p.cpu)}; event-loop lag p99 max ${inst(Object.fromEntries(Object.entries(p.lag).map(([k, v]) => [k, v * 1000])))} ms; ` +
        `pool in use max ${inst(p.emUso)} of ${p.maximo}, waiting max ${inst(p.aguardando)}; requests ${f1(p.reqs)}/s, ` +
        `server-side p95 ${f1(p.p95 * 1000)} ms; logins ok ${f1(p.logins)}/s; heap max ${f1(p.heap / 2 ** 20)} MB; GC ${f2(p.gc)} s/s; ` +
        `firing: ${p.alertas.length ? p.alertas.join(', ') : 'none'}`,
    );
    console.log(
      `  /proc: portal CPU ${m.cpuPortais.map(f2).join(' + ')} cores, PostgreSQL ${f2(m.cpuPostgres)}, load generator ${f2(m.cpuGerador)}; ` +
        `PostgreSQL: ${f1(m.commits)} commits/s, ${f2(m.pgAtivos)} active backends on average (${f2(m.pgEsperando)} waiting on a lock or I/O), ` +
        `mean statement ${f2(m.pgMedia)} ms`,
    );
    for (const c of m.consultas)
      console.log(`    ${String(c.calls).padStart(6)} × ${Number(c.mean_exec_time).toFixed(2).padStart(6)} ms  ${c.q}`);
  }

  // Which signal crossed its line first (step by step, in this order within a step).
  const limiteCpu = (CPUS ? CPUS.split(',').length : cpus().length) * 0.85;
  const sinais = [
    ['portal CPU (all instances ≥ 85 % of their cores)', (m) => m.cpuPortais.reduce((a, b) => a + b, 0) >= limiteCpu],
    ['event-loop lag (p99 ≥ 100 ms)', (m) => Object.values(m.prom.lag).some((v) => v >= 0.1)],
    ['database pool (a query waiting for a connection)', (m) => Object.values(m.prom.aguardando).some((v) => v > 0)],
    [
      'argon2 (PerfisDaConta p95 ≥ 4× its first step while the other calls stay under the target)',
      (m) => {
        const base = percentil(medidas[0].r.lat.get('PerfisDaConta') ?? [], 95);
        const v = percentil(m.r.lat.get('PerfisDaConta') ?? [], 95);
        return v >= 4 * base;
      },
    ],
    [
      'PostgreSQL (a backend waiting on a lock or I/O on average ≥ 1, or CPU ≥ 0.8 core)',
      (m) => m.pgEsperando >= 1 || m.cpuPostgres >= 0.8,
    ],
  ];
  console.log('\n## The wall');
  const ultimaBoa = medidas.filter((m) => m.p95Membros <= P95_ALVO_MS && m.erros === 0).at(-1);
  console.log(
    ultimaBoa
      ? `Sustained at p95 ≤ ${P95_ALVO_MS} ms without errors: ${ultimaBoa.taxa} sessions/s arriving, ` +
          `${(ultimaBoa.r.completas / ultimaBoa.segundos).toFixed(1)} journeys/s, ${ultimaBoa.chamadasMembros.toFixed(0)} member calls/s ` +
          `(${(ultimaBoa.chamadasMembros / saude).toFixed(3)}× /healthz's ${saude.toFixed(0)} req/s)`
      : 'No step met the target.',
  );
  console.log(
    parede === null
      ? 'The wall was not reached within the steps.'
      : `Passed at step ${parede + 1} (${medidas[parede].taxa} sessions/s).`,
  );
  for (const [i, m] of medidas.entries()) {
    const cruzados = sinais.filter(([, f]) => f(m)).map(([n]) => n);
    if (cruzados.length) {
      console.log(`First signal over its line: step ${i + 1} (${m.taxa} sessions/s): ${cruzados.join('; ')}`);
      break;
    }
    if (i === medidas.length - 1) console.log('No signal crossed its line.');
  }
}

/** Prometheus's graph page with the rehearsal's key queries, over the minutes since it began. */
async function capturar(url, arquivo) {
  const { chromium } = await import('playwright-core');
  const consultas = [
    'sum by (instance) (rate(portal_http_requisicoes_segundos_count{job="portal"}[30s]))',
    'histogram_quantile(0.95, sum by (le) (rate(portal_http_requisicoes_segundos_bucket{job="portal",rota!~"/healthz|/readyz"}[30s])))',
    'rate(process_cpu_seconds_total{job="portal"}[30s])',
    'portal_banco_conexoes_aguardando{job="portal"}',
    'nodejs_eventloop_lag_p99_seconds{job="portal"}',
  ];
  const minutos = Math.ceil((Date.now() - inicioDoEnsaio) / 60_000) + 1;
  const q = new URLSearchParams();
  consultas.forEach((c, i) => {
    q.set(`g${i}.expr`, c);
    q.set(`g${i}.tab`, '0');
    q.set(`g${i}.range_input`, `${minutos}m`);
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    // e2e/support/browser.ts CHROMIUM_ARGS
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${url}/graph?${q}`);
    // Every panel has answered when each shows its "Total time series".
    await page.waitForFunction(
      (n) => (document.body.innerText.match(/Total time series/g) ?? []).length >= n,
      consultas.length,
      { timeout: 30_000 },
    );
    await page.addStyleTag({ content: 'nav, .navbar { position: static !important; }' });
    await page.screenshot({ path: arquivo, fullPage: true });
    console.error(`screenshot: ${arquivo}`);
  } finally {
    await browser.close();
  }
}
