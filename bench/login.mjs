// Question: how many members can sign in per second on this machine, how long does one sign-in
// take with 20 at once, and do other members' data calls stay fast meanwhile (argon2id runs on
// low-priority worker threads, off the event loop: decision 0015)? Baseline in the same script: the raw argon2id verify rate of
// this machine with the same parameters (19 MiB, t=2, p=1) — the ceiling of any login.
// Targets (issue 9): ≥ 60 logins/s, p95 ≤ 300 ms at 20 concurrent, data calls' p99 < 100 ms.
// Runs on PostgreSQL (127.0.0.1:5432), where 40 extra accounts can be added beside the demo.
import { cpus } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPortal } from './lib.mjs';

const WORKERS = 20;
/** Other members' data calls per second while the logins run. */
const DATA_RATE = Number(process.env.BENCH_DATA_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** CPF check digits (the bench's own accounts must be valid CPFs). */
function cpf(base9) {
  const dv = (d, w) => {
    const r = ([...d].reduce((s, c, i) => s + Number(c) * (w - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(base9, 10);
  return `${base9}${d1}${dv(base9 + d1, 11)}`;
}

const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
const adminClient = new pg.Client({ connectionString: admin });
try {
  await adminClient.connect();
} catch {
  console.log('PostgreSQL does not answer on 127.0.0.1:5432: login benchmark skipped');
  process.exit(0);
}
const name = `portal_bench_login_${process.pid}`;
await adminClient.query(`create database ${name}`);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;

// 1. Baseline: raw verify rate with as many in flight as libuv's pool runs (4 by default).
const stored = await hash('senha123', ARGON);
let verifies = 0;
const until = performance.now() + 5000;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (performance.now() < until) {
      await verify(stored, 'senha123');
      verifies++;
    }
  }),
);
const ceiling = verifies / 5;
console.log(`baseline: raw argon2id verify, ${cpus().length} cores: ${ceiling.toFixed(1)} verifies/s`);

const portal = await startPortal({
  DATABASE_URL: url,
  SEED: 'demo',
  THROTTLE_WRONG_PASSWORDS_PER_HOUR_IP: '1000000',
  THROTTLE_CPF_CHECKS_PER_MINUTE: '1000000',
});
try {
  // 40 accounts for the 20 workers (one password check at a time per CPF, decision 0005).
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const contas = [];
  for (let i = 0; i < 2 * WORKERS; i++) {
    const c = cpf(String(700000000 + i));
    const ben = `9${String(700000000 + i)}`;
    await db.query(`insert into pessoas (cpf, nome, data_nascimento, sexo) values ($1, $2, '1980-01-01', 'f')`, [
      c,
      `Pessoa Bench ${i}`,
    ]);
    await db.query(
      `insert into beneficiarios (codigo_beneficiario, codigo_contrato, cpf, tipo, parentesco, codigo_titular, ativo, data_inclusao)
       values ($1, '522901', $2, 'DEPENDENTE', 'FILHO(A)', '1522901001', true, '2024-01-01')`,
      [ben, c],
    );
    await db.query('insert into contas (cpf, senha_hash, senha_definida_em) values ($1, $2, now())', [c, stored]);
    contas.push(c);
  }
  await db.end();

  const post = (path, body, headers = {}) =>
    fetch(`${portal.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const token = await (await post('/api/Token/GerarToken', { usuario: 'portal-web', senha: 'portal-web-demo' })).json();
  const auth = { authorization: `Bearer ${token}` };

  /** One sign-in as the browser does it: PerfisDaConta, then Autenticar with its proof cookie. */
  async function entrar(c) {
    const r1 = await post('/api/Login/PerfisDaConta', { cpf: c, senha: 'senha123' }, auth);
    const perfis = await r1.json();
    const proof = r1.headers
      .getSetCookie()
      .find((x) => x.startsWith('pb_preauth='))
      ?.split(';')[0];
    const r2 = await post(
      '/api/Login/Autenticar',
      { cpf: c, senha: 'senha123', codigoPlano: perfis[0].codigoPlano, codigoContrato: perfis[0].codigoContrato },
      { ...auth, ...(proof ? { cookie: proof } : {}) },
    );
    const body = await r2.json();
    return {
      ok: body.sucesso === true,
      cookie: r2.headers
        .getSetCookie()
        .find((x) => x.startsWith('pb_sessao='))
        ?.split(';')[0],
      codigoSessao: body.codigoSessao,
    };
  }

  // A member reading data meanwhile (another account, its own session).
  const leitor = await entrar(contas[0]);
  const dataCall = {
    url: `${portal.baseUrl}/api/Autorizacoes/Beneficiarios`,
    method: 'POST',
    connections: 10,
    overallRate: DATA_RATE,
    headers: { ...auth, cookie: leitor.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ perfilAutenticado: { codigoSessao: leitor.codigoSessao } }),
  };
  const run = (opts, duration) =>
    new Promise((resolve, reject) => autocannon({ ...opts, duration }, (e, r) => (e ? reject(e) : resolve(r))));

  /** 20 workers signing in one after the other for SECONDS; returns logins/s and latencies. */
  async function rajada() {
    const latencies = [];
    let ok = 0;
    let failed = 0;
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, w) => {
        for (let n = 0; performance.now() < end; n++) {
          const t0 = performance.now();
          const r = await entrar(contas[w + (n % 2) * WORKERS]);
          latencies.push(performance.now() - t0);
          if (r.ok) ok++;
          else failed++;
        }
      }),
    );
    return { rate: ok / SECONDS, failed, latencies };
  }
  const linha = (titulo, l) =>
    `${titulo}: ${l.rate.toFixed(1)}/s = ${(l.rate / ceiling).toFixed(2)}× the verify ceiling` +
    `${l.failed ? ` (${l.failed} failed)` : ''}; p50 ${pct(l.latencies, 50).toFixed(0)} ms, p95 ${pct(l.latencies, 95).toFixed(0)} ms`;

  // 2. Logins alone, 20 at once.
  console.log(linha(`logins alone (PerfisDaConta + Autenticar, ${WORKERS} at once)`, await rajada()));

  // 3. Logins again while other members read data. Members arrive at a rate, whatever the
  // logins do, so the data calls are an open loop at DATA_RATE requests/s (a closed loop would
  // ask as fast as the machine answers and take the CPU the logins need by construction).
  const quiet = await run(dataCall, 5);
  const loaded = run(dataCall, SECONDS);
  const comDados = await rajada();
  const busy = await loaded;
  console.log(linha(`logins with data calls at ${DATA_RATE} req/s beside them`, comDados));
  console.log(
    `data calls (${DATA_RATE} req/s, 10 connections): p99 ${busy.latency.p99} ms beside the logins (target < 100 ms)` +
      ` — without logins: p99 ${quiet.latency.p99} ms`,
  );
} finally {
  await portal.stop();
  await adminClient.query(`drop database if exists ${name} with (force)`);
  await adminClient.end();
}
