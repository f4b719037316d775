// Question: what does the session check of a member call cost? An authenticated call
// (POST /api/Login/RenovarSessao: API token, pb_sessao cookie, perfilAutenticado, the member
// lookup) against a bare node:http server answering the same bytes (headers included), at 50
// connections, on
// PGlite and — when it answers on 127.0.0.1:5432 — on PostgreSQL. GET /healthz shows what
// Fastify alone costs. Target (issue 5): ≥ 60% of bare node:http. Decision 0006.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, renovacaoDeSessao, startPortal } from './lib.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Rounds alternate baseline and subject; the median of each is reported (the machine is noisy). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function run(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, r) => (err ? reject(err) : resolve(r))),
  );
}

/** Warm-up round, then the measured one. Non-2xx answers are reported, not counted. */
async function measure(opts) {
  await run({ ...opts, duration: 2 });
  const r = await run(opts);
  return { rps: r['2xx'] / SECONDS, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

/**
 * The baseline answers exactly what the member call answered: same headers, same body. With
 * `script` = fastify-baseline.mjs, a Fastify route with nothing of ours does (the floor, 0035).
 */
async function bareHttp(call, script = 'http-baseline.mjs') {
  const r = await fetch(call.url, { method: call.method, headers: call.headers, body: call.body });
  const body = await r.text();
  const headers = Object.fromEntries(
    [...r.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(k)),
  );
  const port = await freePort();
  const child = fork(
    join(import.meta.dirname, script),
    [String(port), JSON.stringify({ body, headers, path: new URL(call.url).pathname })],
    {
      stdio: 'ignore',
    },
  );
  await new Promise((r) => child.once('message', r));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

const fmt = (r) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.bad ? ` (${r.bad} non-2xx)` : ''}`;

async function suite(label, env) {
  const portal = await startPortal(env);
  const call = await renovacaoDeSessao(portal.baseUrl);
  const bare = await bareHttp(call);
  const fastify = await bareHttp(call, 'fastify-baseline.mjs');
  const path = new URL(call.url).pathname;
  try {
    const rounds = { baseline: [], fastify: [], healthz: [], member: [] };
    for (let i = 0; i < ROUNDS; i++) {
      rounds.baseline.push(await measure({ url: bare.url, method: 'POST', body: call.body, headers: call.headers }));
      rounds.fastify.push(
        await measure({ url: fastify.url + path, method: 'POST', body: call.body, headers: call.headers }),
      );
      rounds.healthz.push(await measure({ url: `${portal.baseUrl}/healthz` }));
      rounds.member.push(await measure(call));
    }
    const med = (xs) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)];
    const baseline = med(rounds.baseline);
    const fastifySo = med(rounds.fastify);
    const healthz = med(rounds.healthz);
    const member = med(rounds.member);
    console.log(
      `\n${label} (${CONNECTIONS} connections; median of ${ROUNDS} alternating rounds of ${SECONDS} s, each after a 2 s warm-up)`,
    );
    console.log(`  bare node:http (baseline)   ${fmt(baseline)}`);
    console.log(
      `  Fastify, one bare route     ${fmt(fastifySo)} = ${(fastifySo.rps / baseline.rps).toFixed(2)}× baseline (the floor)`,
    );
    console.log(`  GET /healthz                ${fmt(healthz)} = ${(healthz.rps / baseline.rps).toFixed(2)}× baseline`);
    console.log(`  RenovarSessao (member call) ${fmt(member)} = ${(member.rps / baseline.rps).toFixed(2)}× baseline`);
    return member.rps / baseline.rps;
  } finally {
    bare.stop();
    fastify.stop();
    await portal.stop();
  }
}

await suite('PGlite', {});

const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
let pgUp = false;
try {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.end();
  pgUp = true;
} catch {
  console.log('\nPostgreSQL does not answer on 127.0.0.1:5432: PostgreSQL run skipped');
}
if (pgUp) {
  const name = `portal_bench_${process.pid}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  try {
    await suite('PostgreSQL', { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` });
  } finally {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}
