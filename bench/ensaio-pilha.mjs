// The private stack of bench/ensaio-pico.mjs: PostgreSQL 15 (initdb in a temp dir as user postgres,
// port 5441), Redis (6381, no persistence), the built portals (NODE_ENV=production, secrets
// generated here and shared), Prometheus (Debian's) with deploy/prometheus/alertas.yml, and the
// screenshot of its graph page. Every process started here is stopped, and every temp dir removed,
// by pararTudo().
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { abrirChromium, freePort, root } from './lib.mjs';

export const PG_PORTA = 5441;
export const REDIS_PORTA = 6381;
/** Set by the script before the stack starts. */
export const pilha = { promPorta: 9090, scrapeS: 5, prestadores: 0, cpus: undefined };

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
export async function pararTudo() {
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

export const esperar = async (oQue, f, ms = 120_000) => {
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

export async function iniciarPostgres() {
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

export async function iniciarRedis() {
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

export function ambienteDoPortal(pgUrl) {
  return {
    ...process.env,
    ...SEGREDOS,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: pgUrl,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORTA}`,
    SEED: 'demo',
    SEED_PROVIDERS: String(pilha.prestadores),
    TRUST_PROXY: '127.0.0.1',
  };
}

export async function iniciarPortal(pgUrl) {
  const port = await freePort();
  const metricas = await freePort();
  const env = { ...ambienteDoPortal(pgUrl), PORT: String(port), METRICS_PORT: String(metricas) };
  const node = [join(root, 'apps/api/dist/server.js')];
  const c = pilha.cpus
    ? iniciar('taskset', ['-c', pilha.cpus, process.execPath, ...node], { cwd: root, env })
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

export async function iniciarPrometheus(alvos) {
  const dir = mkdtempSync(join(tmpdir(), 'ensaio-prom-'));
  temporarios.push(dir);
  writeFileSync(join(dir, 'alertas.yml'), readFileSync(join(root, 'deploy/prometheus/alertas.yml')));
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global: { scrape_interval: ${pilha.scrapeS}s, evaluation_interval: ${pilha.scrapeS}s }
rule_files: [alertas.yml]
scrape_configs:
  - job_name: portal
    static_configs: [{ targets: [${alvos.map((a) => `'${a}'`).join(', ')}] }]
  - job_name: prometheus
    static_configs: [{ targets: ['127.0.0.1:${pilha.promPorta}'] }]
`,
  );
  iniciar('/usr/bin/prometheus', [
    `--config.file=${join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(dir, 'dados')}`,
    `--web.listen-address=127.0.0.1:${pilha.promPorta}`,
  ]);
  const url = `http://127.0.0.1:${pilha.promPorta}`;
  await esperar('prometheus', async () => (await fetch(`${url}/-/ready`)).ok);
  await esperar(
    'the first scrapes',
    async () => (await consulta(url, 'up{job="portal"} == 1')).length === alvos.length,
    60_000,
  );
  return url;
}

export async function consulta(url, expr, quando) {
  const q = new URLSearchParams({ query: expr });
  if (quando) q.set('time', String(quando / 1000));
  const r = await (await fetch(`${url}/api/v1/query?${q}`)).json();
  if (r.status !== 'success') throw new Error(`${expr}: ${r.error}`);
  return r.data.result;
}

// ---------------------------------------------------------------------------------------------
// What the machine and PostgreSQL say, besides Prometheus

/** CPU seconds (user + system) of a process and, with `filhosDe`, of its children. */
export function cpuSegundos(pids) {
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
export function filhosDe(ppid) {
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

/** Prometheus's graph page with the rehearsal's key queries, over the minutes since it began. */
export async function capturar(url, arquivo, minutos) {
  const consultas = [
    'sum by (instance) (rate(portal_http_requisicoes_segundos_count{job="portal"}[30s]))',
    'histogram_quantile(0.95, sum by (le) (rate(portal_http_requisicoes_segundos_bucket{job="portal",rota!~"/healthz|/readyz"}[30s])))',
    'rate(process_cpu_seconds_total{job="portal"}[30s])',
    'portal_banco_conexoes_aguardando{job="portal"}',
    'nodejs_eventloop_lag_p99_seconds{job="portal"}',
  ];
  const q = new URLSearchParams();
  consultas.forEach((c, i) => {
    q.set(`g${i}.expr`, c);
    q.set(`g${i}.tab`, '0');
    q.set(`g${i}.range_input`, `${minutos}m`);
  });
  const browser = await abrirChromium();
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
