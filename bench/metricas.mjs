// Question: what do the metrics cost a member call (issue 32, decision 0051)? The built server
// twice on PGlite, without METRICS_* (no registry, no hook) and with METRICS_TOKEN (every route's
// onResponse hook observing a histogram), answering POST /api/Login/RenovarSessao (API token,
// pb_sessao cookie, the session check) at 50 connections; alternating rounds, so both meet the
// same machine. Reported: each one's median and the ratio with / without. Needs `npm run build -w @portal/api`.
import autocannon from 'autocannon';
import { renovacaoDeSessao, startPortal } from './lib.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TOKEN = 'bench-metricas-token-de-32-caracteres-ou-mais';

function run(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, r) => (err ? reject(err) : resolve(r))),
  );
}

async function measure(opts) {
  await run({ ...opts, duration: 2 });
  const r = await run(opts);
  return { rps: r['2xx'] / SECONDS, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

const fmt = (r) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.bad ? ` (${r.bad} non-2xx)` : ''}`;
const med = (xs) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)];

const sem = await startPortal({});
const com = await startPortal({ METRICS_TOKEN: TOKEN });
try {
  const chamadaSem = await renovacaoDeSessao(sem.baseUrl);
  const chamadaCom = await renovacaoDeSessao(com.baseUrl);
  const rounds = { sem: [], com: [] };
  for (let i = 0; i < ROUNDS; i++) {
    rounds.sem.push(await measure(chamadaSem));
    rounds.com.push(await measure(chamadaCom));
  }
  const a = med(rounds.sem);
  const b = med(rounds.com);
  const raspagem = await (
    await fetch(`${com.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text();
  const contadas = raspagem
    .split('\n')
    .find((l) => l.startsWith('portal_http_requisicoes_segundos_count{rota="/api/Login/RenovarSessao"'));
  console.log(
    `\nPGlite, RenovarSessao (${CONNECTIONS} connections; median of ${ROUNDS} alternating rounds of ${SECONDS} s, each after a 2 s warm-up)`,
  );
  console.log(`  metrics off (no METRICS_*)  ${fmt(a)}`);
  console.log(`  metrics on (METRICS_TOKEN)  ${fmt(b)} = ${(b.rps / a.rps).toFixed(3)}× off`);
  console.log(
    `  rounds off / on: ${rounds.sem.map((r) => r.rps.toFixed(0)).join(', ')} / ${rounds.com.map((r) => r.rps.toFixed(0)).join(', ')}`,
  );
  console.log(`  counted by the server: ${contadas ?? '(none)'}`);
} finally {
  await sem.stop();
  await com.stop();
}
