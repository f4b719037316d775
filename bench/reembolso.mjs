// Question: are reimbursement uploads streamed, not buffered, and not much slower than writing the
// bytes straight to the database? (issue 18, decision 0034)
// Ten member sessions upload a distinct 10 MB PDF each, all at once, three rounds, to the API
// (apps/api/src/server.ts under tsx, on a throwaway PostgreSQL database, demo seed). The server's
// resident memory is sampled every 20 ms (/proc/<pid>/status VmRSS). Baseline, in the same run: a
// bare node:http server (no framework) that streams each body into the same database in 256 KB
// bytea parts, the same 10 × 10 MB at once.
// Targets (issue 18): peak RSS growth ≤ 100 MB; upload p95 ≤ 1.5 × the baseline p95.
//
//   npm run bench:reembolso
//
// BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_RODADAS (3).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import { bancoDescartavel, entrar, freePort, pdfDe, root } from './lib.mjs';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RODADAS = Number(process.env.BENCH_RODADAS ?? 3);
const SESSOES = 10;
const MB = 1024 * 1024;

const rss = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

async function rodada(url, arquivos, cabecalhos) {
  return Promise.all(
    arquivos.map(async (a, i) => {
      const t0 = performance.now();
      const r = await fetch(url, { method: 'POST', headers: cabecalhos(i), body: a });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`upload answered ${r.status}`);
      return performance.now() - t0;
    }),
  );
}

const db = await bancoDescartavel(PG_URL, `bench_reembolso_${process.pid}`);
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    NODE_ENV: 'development',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const cpfs = [
    ['52998224725', '100234'],
    ['11144477735', '204518'],
    ['93541134780', '310077'],
  ];
  const sessoes = [];
  for (let i = 0; i < SESSOES; i++) sessoes.push(await entrar(base, ...cpfs[i % 3], { ip: `10.9.${i}.1` }));
  /** The headers of one session's upload: its member headers (token, cookies, address) and session code. */
  const cabecalhosDoEnvio = (s) => ({
    ...s.headers,
    'x-codigo-sessao': String(s.codigoSessao),
    'content-type': 'application/pdf',
  });
  /** A whole PDF of about 10 MB, distinct per call. */
  const pdf = () => pdfDe(10 * MB, { repetido: true });

  // Warm-up (JIT, pool, sharp/file-type loaded), then the resident memory before the run.
  await rodada(`${base}/api/Reembolso/Anexos?documento=outro`, [pdf()], () => cabecalhosDoEnvio(sessoes[0]));
  await new Promise((r) => setTimeout(r, 500));
  const antes = rss(server.pid);
  let pico = antes;
  const amostra = setInterval(() => (pico = Math.max(pico, rss(server.pid))), 20);
  const tempos = [];
  for (let r = 0; r < RODADAS; r++) {
    const arquivos = Array.from({ length: SESSOES }, pdf);
    tempos.push(
      ...(await rodada(`${base}/api/Reembolso/Anexos?documento=comprovante_pagamento`, arquivos, (i) =>
        cabecalhosDoEnvio(sessoes[i]),
      )),
    );
  }
  clearInterval(amostra);

  // Baseline: node:http streaming each body into the same database in 256 KB parts.
  const pool = new pg.Pool({ connectionString: db.url, max: 10 });
  await pool.query(
    'create table if not exists bench_partes (envio text, ordem int, dados bytea, primary key (envio, ordem))',
  );
  const bare = createServer(async (req, res) => {
    const envio = randomBytes(8).toString('hex');
    const c = await pool.connect();
    try {
      await c.query('begin');
      let pendente = Buffer.alloc(0);
      let ordem = 0;
      for await (const chunk of req) {
        pendente = Buffer.concat([pendente, chunk]);
        while (pendente.length >= 256 * 1024) {
          await c.query('insert into bench_partes values ($1, $2, $3)', [
            envio,
            ordem++,
            pendente.subarray(0, 256 * 1024),
          ]);
          pendente = pendente.subarray(256 * 1024);
        }
      }
      if (pendente.length) await c.query('insert into bench_partes values ($1, $2, $3)', [envio, ordem++, pendente]);
      await c.query('commit');
      res.end('{}');
    } finally {
      c.release();
    }
  });
  bare.listen(0, '127.0.0.1');
  await new Promise((r) => bare.once('listening', r));
  const bareUrl = `http://127.0.0.1:${bare.address().port}/`;
  const base_ = [];
  for (let r = 0; r < RODADAS; r++) {
    base_.push(
      ...(await rodada(bareUrl, Array.from({ length: SESSOES }, pdf), () => ({ 'content-type': 'application/pdf' }))),
    );
  }
  bare.close();
  await pool.end();

  const crescimento = pico - antes;
  const razao = p95(tempos) / p95(base_);
  console.log(`reembolso: ${SESSOES} uploads de 10 MB ao mesmo tempo × ${RODADAS} rodadas`);
  console.log(
    `  API:   p95 ${Math.round(p95(tempos))} ms; RSS ${Math.round(antes)} → pico ${Math.round(pico)} MB (+${Math.round(crescimento)} MB, alvo ≤ 100)`,
  );
  console.log(`  base:  p95 ${Math.round(p95(base_))} ms (node:http gravando os mesmos bytes no mesmo banco)`);
  console.log(
    `  razão p95 API/base: ${razao.toFixed(2)} (alvo ≤ 1.5) ${crescimento <= 100 && razao <= 1.5 ? 'OK' : 'FORA DO ALVO'}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  await db.drop();
}
