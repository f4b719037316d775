import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { CHROMIUM_ARGS } from '../e2e/support/chromium-args.mjs';

export const root = join(import.meta.dirname, '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Spawns a command and resolves with ms from spawn to the first 2xx answer of `url`. */
export async function timeToFirstAnswer(cmd, args, url, env = {}) {
  const t0 = performance.now();
  // Own process group: `npm start` runs the server under sh, and a signal to npm alone does not
  // reach it, so the whole group is stopped at the end.
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode}`);
      try {
        const r = await fetch(url);
        if (r.ok) return performance.now() - t0;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
    // The server under sh may outlive npm by a moment: wait until the port is free again.
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(url);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * Starts the built portal on a throwaway PGlite directory (or `DATA_DIR`, or `DATABASE_URL`, of
 * `extraEnv`) and waits until it is ready, however long its migrations take; its errors go to this
 * process's stderr. Returns { baseUrl, segundos (from spawn to ready), stop };
 * `stop({ manterDados: true })` leaves the directory for another start.
 */
export async function startPortal(extraEnv = {}) {
  const port = await freePort();
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...extraEnv,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    segundos: (performance.now() - t0) / 1000,
    async stop({ manterDados = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      if (!manterDados) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/**
 * Runs `fn(worker)` with `concurrency` workers for `ms`; `fn` resolves true for an answer that
 * counts. Returns successful requests per second and how many answers did not count.
 */
export async function throughput(fn, { concurrency = 16, ms = 3000 } = {}) {
  let ok = 0;
  let failed = 0;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        if (await fn(worker)) ok++;
        else failed++;
      }
    }),
  );
  return { rate: ok / (ms / 1000), failed };
}

/** Keeps in `jar` (a Map) what a response's Set-Cookie headers set, as a browser does: an emptied or expired cookie goes. */
export function guardarCookies(jar, setCookie) {
  for (const c of setCookie) {
    const [par] = c.split(';');
    const i = par.indexOf('=');
    if (i <= 0) continue;
    if (par.slice(i + 1) === '' || /max-age=0(;|$)/i.test(c)) jar.delete(par.slice(0, i));
    else jar.set(par.slice(0, i), par.slice(i + 1));
  }
}

/** The Cookie header a browser sends with the cookies of `jar`. */
export const cookiesDe = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** The web app's API token (Token/GerarToken), as a bearer header. */
export async function tokenDoPortal(baseUrl, cabecalhos = {}) {
  const r = await fetch(`${baseUrl}/api/Token/GerarToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...cabecalhos },
    body: JSON.stringify({ usuario: 'portal-web', senha: 'portal-web-demo' }),
  });
  return { authorization: `Bearer ${await r.json()}` };
}

/**
 * A member signed in as the web app does (API token, PerfisDaConta, Autenticar) on the demo data:
 * the profile of `codigoContrato` (the first one without it); their session, cookie and the headers
 * of a member call. The cookies go from call to call as a browser's do, so PerfisDaConta's
 * pb_preauth reaches Autenticar and the sign-in hashes the password once (decision 0015). `ip`:
 * an address of their own (X-Forwarded-For, for a portal behind TRUST_PROXY).
 */
export async function entrar(baseUrl, cpf, codigoContrato, { ip } = {}) {
  const jar = new Map();
  const xff = ip ? { 'x-forwarded-for': ip } : {};
  const post = async (path, body, headers) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers, ...(jar.size ? { cookie: cookiesDe(jar) } : {}) },
      body: JSON.stringify(body),
    });
    guardarCookies(jar, res.headers.getSetCookie());
    return res;
  };
  const auth = { ...xff, ...(await tokenDoPortal(baseUrl, xff)) };
  const perfis = await (await post('/api/Login/PerfisDaConta', { cpf: Number(cpf), senha: 'senha123' }, auth)).json();
  const p = codigoContrato ? perfis.find((x) => x.codigoContrato === codigoContrato) : perfis[0];
  const res = await post(
    '/api/Login/Autenticar',
    { cpf, senha: 'senha123', codigoPlano: p.codigoPlano, codigoContrato: p.codigoContrato },
    auth,
  );
  const { codigoSessao } = await res.json();
  if (!jar.has('pb_sessao')) throw new Error(`Autenticar: ${res.status}, no pb_sessao cookie`);
  const cookie = cookiesDe(jar);
  return { codigoSessao, auth, cookie, headers: { ...auth, cookie, 'content-type': 'application/json' } };
}

/**
 * A supervisor made as the operator does (the build's `equipe criar`, `env` pointing at the
 * portal's database), signed in over HTTP as a person does the first time: password, TOTP, then
 * `novaSenha` of their own. `cabecalhos` go with every call (an X-Forwarded-For of their own).
 * Returns the headers of a console call.
 */
export async function sessaoDaEquipe(baseUrl, env, { email, nome, novaSenha, cabecalhos = {} }) {
  const r = spawnSync(
    process.execPath,
    [join(root, 'apps/api/dist/equipe.js'), 'criar', '--email', email, '--nome', nome, '--papel', 'supervisor'],
    { cwd: root, env: { ...env, LOG_LEVEL: 'silent', SEED: 'none' }, encoding: 'utf8' },
  );
  const senha = /Senha provisória: (\S+)/.exec(r.stdout)?.[1];
  const segredo = /Segredo TOTP \(base32\): ([A-Z2-7]+)/.exec(r.stdout)?.[1];
  if (r.status !== 0 || !senha || !segredo) throw new Error(`equipe criar: ${r.status}\n${r.stdout}\n${r.stderr}`);
  const equipe = { 'x-portal-equipe': '1', ...cabecalhos };
  const jar = new Map();
  const post = async (path, body) => {
    const res = await fetch(`${baseUrl}/api/atendimento${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...equipe, cookie: cookiesDe(jar) },
      body: JSON.stringify(body),
    });
    guardarCookies(jar, res.headers.getSetCookie());
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await post('/entrar', { email, senha });
  const codigo = new TOTP({ secret: Secret.fromBase32(segredo), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  await post('/totp', { codigo });
  await post('/senha', { senha: novaSenha });
  if (!jar.get('pb_equipe')) throw new Error('no staff session cookie');
  return { ...equipe, cookie: `pb_equipe=${jar.get('pb_equipe')}` };
}

/**
 * A PDF of about `tamanho` bytes, distinct per call, valid enough for the attachment checks: a long
 * comment fills it with random hex (it compresses as little as a scanned receipt) or, `repetido`,
 * with one letter over and over (what bench/reembolso.mjs has measured its uploads with).
 */
export function pdfDe(tamanho, { repetido = false } = {}) {
  const objetos = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n',
  ];
  const cabeca = `%PDF-1.4\n%${randomBytes(16).toString('hex')}`;
  const n = Math.max(0, tamanho - 2048 - cabeca.length);
  const enchimento = repetido
    ? 'x'.repeat(n)
    : randomBytes(Math.ceil(n / 2))
        .toString('hex')
        .slice(0, n);
  let corpo = `${cabeca}${enchimento}\n`;
  const posicoes = [];
  for (const o of objetos) {
    posicoes.push(corpo.length);
    corpo += o;
  }
  const xref = corpo.length;
  corpo +=
    `xref\n0 3\n0000000000 65535 f \n${posicoes.map((p) => `${String(p).padStart(10, '0')} 00000 n \n`).join('')}` +
    `trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

/** A new database `nome` on the server of `pgUrl` (one a crashed run left is dropped first); its URL, and drop(). */
export async function bancoDescartavel(pgUrl, nome) {
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      for (const q of sql) await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin([`drop database if exists ${nome} with (force)`, `create database ${nome}`]);
  return { url: urlDoBanco(pgUrl, nome), drop: () => admin([`drop database if exists ${nome} with (force)`]) };
}

/** `pgUrl` pointing at the database `nome` of the same server. */
export function urlDoBanco(pgUrl, nome) {
  const url = new URL(pgUrl);
  url.pathname = `/${nome}`;
  return url.toString();
}

/** Roberto signed in; the call that renews his session, as autocannon options. */
export async function renovacaoDeSessao(baseUrl) {
  const { codigoSessao, headers } = await entrar(baseUrl, '93541134780');
  return {
    url: `${baseUrl}/api/Login/RenovarSessao`,
    method: 'POST',
    headers,
    body: JSON.stringify({ perfilAutenticado: { codigoSessao } }),
  };
}

/** Debian's full Chromium (what members run), headless, with the journeys' flags. */
export async function abrirChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
