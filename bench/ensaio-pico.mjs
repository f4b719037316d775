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
// --captura     a PNG of the provisioned Grafana dashboard (deploy/grafana/dashboards/portal.json) drawn
//               from this Prometheus by bench/painel.mjs at the wall, and of Prometheus's graph page as
//               FILE-prometheus.png (headless Chromium).
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

import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { atendente, carga, criarMembros, jornada, percentil, registro, sessaoDaEquipe } from './ensaio-carga.mjs';
import {
  capturar,
  consulta,
  cpuSegundos,
  filhosDe,
  iniciarPortal,
  iniciarPostgres,
  iniciarPrometheus,
  iniciarRedis,
  pararTudo,
  pilha,
} from './ensaio-pilha.mjs';
import { throughput, tokenDoPortal } from './lib.mjs';
import { desenharPainel } from './painel.mjs';

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
const SCRAPE_S = 5;
Object.assign(pilha, {
  promPorta: Number(process.env.BENCH_PROMETHEUS_PORT ?? 9090),
  scrapeS: SCRAPE_S,
  prestadores: PRESTADORES,
  cpus: CPUS,
});

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
Object.assign(carga, {
  P,
  pensar: () => new Promise((r) => setTimeout(r, RAPIDO ? 200 + Math.random() * 400 : 1000 + Math.random() * 2000)),
  pausaDaEquipe: () => (RAPIDO ? 2000 : 8000 + Math.random() * 4000),
});
process.on('SIGINT', () => pararTudo().then(() => process.exit(130)));

// ---------------------------------------------------------------------------------------------

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
let inicioDoEnsaio;
try {
  const t0 = performance.now();
  const { url: pgUrl, postmaster } = await iniciarPostgres();
  await iniciarRedis();
  console.error('PostgreSQL 15 on 5441 and Redis on 6381 started; first portal migrating and seeding…');
  const portais = [await iniciarPortal(pgUrl)];
  const tamanho = async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    const [r] = (await c.query(`select pg_database_size('portal')::float as bytes`)).rows;
    await c.end();
    return r.bytes;
  };
  const antesDosMembros = await tamanho();
  const membros = await criarMembros(pgUrl, MEMBROS);
  const depoisDosMembros = await tamanho();
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

  carga.bases = portais.map((p) => p.baseUrl);
  const bases = carga.bases;
  carga.especialidades = await fetch(`${bases[0]}/api/GuiaMedico/Especialidades?removeOdonto=false`, {
    headers: await tokenDoPortal(bases[0]),
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
  carga.passo = 0;
  inicioDoEnsaio = Date.now();
  const atendentes = equipe.map((c) => atendente(c, () => acabou));
  const emCurso = new Set();
  const medidas = [];
  let parede = null;
  for (let passo = 0; passo < TAXAS.length && parede === null; passo++) {
    const taxa = TAXAS[passo];
    carga.passo = passo;
    registro(passo);
    await pgc.query('select pg_stat_statements_reset()');
    const [pg0] = (await pgc.query(`select xact_commit from pg_stat_database where datname = 'portal'`)).rows;
    const cpu0 = {
      portais: pidsPortais.map((p) => cpuSegundos([p])),
      postgres: cpuSegundos([postmaster, ...filhosDe(postmaster)]),
      gerador: process.cpuUsage(),
      maquina: cpuDaMaquina(),
    };
    const inicio = Date.now();
    const fim = inicio + PASSO_S * 1000;
    let amostrasPg = 0;
    let ativosPg = 0;
    let esperandoPg = 0;
    const eventosPg = new Map();
    // What the portal's backends are doing, four times a second (the sampler's own backend aside).
    const amostrador = setInterval(async () => {
      const linhas = (
        await pgc
          .query(
            `select wait_event_type as tipo, wait_event as evento from pg_stat_activity
           where datname = 'portal' and state = 'active' and pid <> pg_backend_pid()`,
          )
          .catch(() => ({ rows: [] }))
      ).rows;
      amostrasPg++;
      ativosPg += linhas.length;
      for (const { tipo, evento } of linhas) {
        if (!['Lock', 'LWLock', 'IO'].includes(tipo)) continue;
        esperandoPg++;
        eventosPg.set(`${tipo}:${evento}`, (eventosPg.get(`${tipo}:${evento}`) ?? 0) + 1);
      }
    }, 250);
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
    const m1 = cpuDaMaquina();
    const cpuMaquina = (m1.ocupado - cpu0.maquina.ocupado) / Math.max(1, m1.total - cpu0.maquina.total);
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

    const r = carga.registros[passo];
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
      cpuMaquina,
      commits: (Number(pg1.xact_commit) - Number(pg0.xact_commit)) / segundos,
      pgAtivos: ativosPg / Math.max(1, amostrasPg),
      pgEsperando: esperandoPg / Math.max(1, amostrasPg),
      pgEventos: [...eventosPg]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([k, n]) => `${k} ${(n / Math.max(1, amostrasPg)).toFixed(2)}`),
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
      if (CAPTURA) await capturas(promUrl, inicioDoEnsaio);
    }
  }
  acabou = true;
  carga.passo = TAXAS.length; // what is still running counts apart
  await Promise.race([Promise.all([...emCurso, ...atendentes]), new Promise((r) => setTimeout(r, 90_000))]);
  if (parede === null && CAPTURA) await capturas(promUrl, inicioDoEnsaio);
  // What the database grew by: per account holder written, and per session of the rehearsal.
  const [{ bytes: depoisDoEnsaio }] = (await pgc.query(`select pg_database_size('portal')::float as bytes`)).rows;
  const tabelas = (
    await pgc.query(
      `select relname, n_live_tup::float as linhas, pg_total_relation_size(relid)::float as bytes
       from pg_stat_user_tables order by pg_total_relation_size(relid) desc limit 8`,
    )
  ).rows;
  await pgc.end();

  relatorio(medidas, parede, saude.rate);
  const sessoes = carga.registros.reduce((a, r) => a + (r?.iniciadas ?? 0), 0);
  const mb = (b) => `${(b / 2 ** 20).toFixed(1)} MB`;
  console.log(
    `\n## Database size\n${mb(antesDosMembros)} with the demo operator; +${mb(depoisDosMembros - antesDosMembros)} for ` +
      `${MEMBROS.toLocaleString('en-US')} account holders (${((depoisDosMembros - antesDosMembros) / MEMBROS / 1024).toFixed(1)} KB each: ` +
      `person, contract, beneficiary, account, 36 installments with their lines, indexes); +${mb(depoisDoEnsaio - depoisDosMembros)} ` +
      `during the rehearsal's ${sessoes} sessions (${((depoisDoEnsaio - depoisDosMembros) / Math.max(1, sessoes) / 1024).toFixed(1)} KB each: ` +
      `session, pre-authentication, audit rows, protocols, reimbursements and their attachments; tables and indexes)`,
  );
  for (const x of tabelas)
    console.log(`  ${x.relname.padEnd(28)} ${String(x.linhas).padStart(9)} rows ${mb(x.bytes).padStart(10)}`);
} finally {
  await pararTudo();
}

// ---------------------------------------------------------------------------------------------
// The pictures (--captura FILE): the provisioned Grafana dashboard drawn from this Prometheus by
// bench/painel.mjs, and Prometheus's own graph page beside it as FILE-prometheus.png. Their window
// starts a minute before the first step, so the /healthz baseline shows too.

async function capturas(promUrl, inicio) {
  const deMs = inicio - 60_000;
  const r = await desenharPainel({ prometheus: promUrl, deMs, saida: CAPTURA, raspagem: `${SCRAPE_S}s` }).catch((e) => {
    console.error(`dashboard screenshot failed: ${e.message}`);
  });
  if (r)
    console.error(
      `screenshot: ${CAPTURA} (${r.paineis} panels${r.falhas.length ? `; failed: ${r.falhas.join('; ')}` : ''})`,
    );
  const prometheus = CAPTURA.replace(/(\.[^./]*)?$/, '-prometheus$1');
  await capturar(promUrl, prometheus, Math.ceil((Date.now() - deMs) / 60_000)).catch((e) =>
    console.error(`Prometheus screenshot failed: ${e.message}`),
  );
}

// ---------------------------------------------------------------------------------------------
// The report

/** Jiffies of all CPUs: busy (everything but idle and iowait) and total, from /proc/stat. */
function cpuDaMaquina() {
  const [, ...v] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { ocupado: total - v[3] - v[4], total };
}

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
      `  /proc: portal CPU ${m.cpuPortais.map(f2).join(' + ')} cores, PostgreSQL ${f2(m.cpuPostgres)}, load generator ${f2(m.cpuGerador)}; the machine ${(m.cpuMaquina * 100).toFixed(0)} % busy; ` +
        `PostgreSQL: ${f1(m.commits)} commits/s, ${f2(m.pgAtivos)} active backends on average (${f2(m.pgEsperando)} waiting on a lock or I/O` +
        `${m.pgEventos.length ? `: ${m.pgEventos.join(', ')}` : ''}), mean statement ${f2(m.pgMedia)} ms; the costliest statements:`,
    );
    for (const c of m.consultas)
      console.log(`    ${String(c.calls).padStart(6)} × ${Number(c.mean_exec_time).toFixed(2).padStart(6)} ms  ${c.q}`);
  }

  // Which signal crossed its line first (step by step, in this order within a step).
  const limiteCpu = (CPUS ? CPUS.split(',').length : cpus().length) * 0.85;
  const sinais = [
    ['portal CPU (all instances ≥ 85 % of their cores)', (m) => m.cpuPortais.reduce((a, b) => a + b, 0) >= limiteCpu],
    ["the machine's CPU (≥ 90 % busy: portal, PostgreSQL and the load generator share it)", (m) => m.cpuMaquina >= 0.9],
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
  const antes = parede === null ? medidas : medidas.slice(0, parede);
  const ultimaBoa = antes.filter((m) => m.p95Membros <= P95_ALVO_MS && m.erros === 0).at(-1);
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
