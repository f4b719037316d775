import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
 * Starts the built portal on a throwaway PGlite directory (or `DATA_DIR` of `extraEnv`); returns
 * { baseUrl, stop }. `stop({ manterDados: true })` leaves the directory for another start.
 */
export async function startPortal(extraEnv = {}) {
  const port = await freePort();
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-bench-'));
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
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
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

/**
 * A member signed in as the web app does (API token, PerfisDaConta, Autenticar) on the demo data:
 * the profile of `codigoContrato` (the first one without it); their session, cookie and the headers
 * of a member call.
 */
export async function entrar(baseUrl, cpf, codigoContrato) {
  const post = (path, body, headers = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const token = await (await post('/api/Token/GerarToken', { usuario: 'portal-web', senha: 'portal-web-demo' })).json();
  const auth = { authorization: `Bearer ${token}` };
  const perfis = await (await post('/api/Login/PerfisDaConta', { cpf: Number(cpf), senha: 'senha123' }, auth)).json();
  const p = codigoContrato ? perfis.find((x) => x.codigoContrato === codigoContrato) : perfis[0];
  const res = await post(
    '/api/Login/Autenticar',
    { cpf, senha: 'senha123', codigoPlano: p.codigoPlano, codigoContrato: p.codigoContrato },
    auth,
  );
  const { codigoSessao } = await res.json();
  const cookie = res.headers
    .getSetCookie()
    .find((x) => x.startsWith('pb_sessao='))
    .split(';')[0];
  return { codigoSessao, auth, headers: { ...auth, cookie, 'content-type': 'application/json' } };
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
