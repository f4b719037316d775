// Several instances (issue 9): two API processes on different ports against ONE PostgreSQL and
// ONE Redis. Shows that a session opened on one is used on the other, that a logout on one is
// refused on the other at the very next call (issue 13: Redis pub/sub; SESSION_CACHE_SECONDS is
// 30 here, so the cache's expiry cannot be what ends it), that throttling is counted across both, and that a
// verification code sent by one is confirmed on the other. `npm run test:instancias`; CI runs it
// when PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer. Exits non-zero on failure.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..');
const ADMIN = process.env.INSTANCIAS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.INSTANCIAS_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const CPF = { maria: '52998224725', roberto: '93541134780', carlos: '11144477735' };

const answers = (port) =>
  new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => s.end() && resolve(true));
    s.on('error', () => resolve(false));
  });

let failures = 0;
function check(label, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures++;
}

function start(name, env) {
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = new Promise((resolve, reject) => {
    const onData = (d) => {
      out += d;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})\n${out}`)));
  });
  return {
    name,
    child,
    url,
    stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))),
  };
}

/** A browser: its own cookie jar and IP (TRUST_PROXY=true), talking to whichever instance it is told. */
class Browser {
  cookies = new Map();
  token = null;
  constructor(ip) {
    this.ip = ip;
  }
  async post(base, path, body) {
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': this.ip };
    if (this.token && !path.includes('GerarToken')) headers.authorization = `Bearer ${this.token}`;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const r = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      if (/max-age=0/i.test(c)) this.cookies.delete(pair.slice(0, i));
      else this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await r.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: r.status, body: json };
  }
  async token_(base) {
    this.token = (
      await this.post(base, '/api/Token/GerarToken', { usuario: 'portal-web', senha: 'portal-web-demo' })
    ).body;
  }
}

if (!(await answers(5432)) || !(await answers(6379))) {
  console.log('PostgreSQL (127.0.0.1:5432) or Redis (127.0.0.1:6379) does not answer: nothing to show here.');
  process.exit(process.env.CI_REQUIRE_SERVICES ? 1 : 0);
}

const dbName = `portal_instancias_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(ADMIN);
dbUrl.pathname = `/${dbName}`;
const { Redis } = await import('ioredis');
const redis = new Redis(REDIS, { lazyConnect: true });
await redis.connect();
await redis.flushdb();

const env = {
  PORT: '0',
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  SEED: 'demo',
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL: REDIS,
  TRUST_PROXY: 'true',
  SESSION_CACHE_SECONDS: '30',
  PRUNE_INTERVAL_SECONDS: '0',
};
// Both start at once against the empty database: migrations and the seed serialise on a lock.
const a = start('A', env);
const b = start('B', env);
try {
  const [A, B] = await Promise.all([a.url, b.url]);
  console.log(`instance A ${A}, instance B ${B} — one PostgreSQL (${dbName}), one Redis (${REDIS})\n`);
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const [parts] = (await db.query('select count(*)::int as n, count(distinct id)::int as d from seed_parts')).rows;
  const [contas] = (await db.query('select count(*)::int as n from contas')).rows;
  await db.end();
  check(
    'both started at once on one database; each seed part applied once',
    parts.n > 0 && parts.n === parts.d && contas.n === 3,
    `${parts.n} parts, ${contas.n} accounts`,
  );

  // 1. A session opened on A is used on B (the API token of A is valid on B too).
  const maria = new Browser('10.0.0.1');
  await maria.token_(A);
  const perfis = await maria.post(A, '/api/Login/PerfisDaConta', { cpf: Number(CPF.roberto), senha: 'senha123' });
  const login = await maria.post(A, '/api/Login/Autenticar', {
    cpf: CPF.roberto,
    senha: 'senha123',
    codigoPlano: perfis.body[0].codigoPlano,
    codigoContrato: perfis.body[0].codigoContrato,
  });
  const perfil = { codigoSessao: login.body.codigoSessao };
  check('login on A', login.body.sucesso === true);
  const onB = await maria.post(B, '/api/Autorizacoes/Beneficiarios', { perfilAutenticado: perfil });
  check(
    'the session opened on A reads member data on B',
    onB.status === 200,
    `${onB.status} ${JSON.stringify(onB.body).slice(0, 80)}`,
  );

  // 2. Logout on A: the very next call on B is refused, though B had the session cached (issue 13).
  const cookie = maria.cookies.get('pb_sessao');
  const antes = await maria.post(B, '/api/Login/RenovarSessao', { perfilAutenticado: perfil });
  const t0 = Date.now();
  const sair = await maria.post(A, '/api/Login/Sair', { perfilAutenticado: perfil });
  const sairMs = Date.now() - t0;
  maria.cookies.set('pb_sessao', cookie);
  const depois = await maria.post(B, '/api/Login/RenovarSessao', { perfilAutenticado: perfil });
  check(
    'a logout on A is refused on B at the very next call (B had it cached for 30 s)',
    antes.status === 200 && sair.status === 200 && depois.status === 401,
    `B before: ${antes.status}; Sair on A: ${sair.status} in ${sairMs} ms; B right after: ${depois.status}`,
  );

  // 3. Throttling counted across both: wrong passwords for one CPF, alternating instances.
  const atacante = new Browser('10.0.0.66');
  await atacante.token_(A);
  const statuses = [];
  for (let i = 0; i < 8; i++) {
    const base = i % 2 === 0 ? A : B;
    const r = await atacante.post(base, '/api/Login/PerfisDaConta', { cpf: Number(CPF.carlos), senha: `errada${i}` });
    statuses.push(`${i % 2 === 0 ? 'A' : 'B'}:${r.status}`);
  }
  const firstRefusal = statuses.findIndex((s) => s.endsWith('429'));
  check(
    'wrong passwords on A and B count against one CPF: the 6th try is refused (5 free, then waits)',
    firstRefusal === 5,
    statuses.join(' '),
  );

  // 4. A code sent by A is confirmed on B (recovery: RecuperarSenha on A, validate and change on B).
  const ana = new Browser('10.0.0.2');
  await ana.token_(A);
  const enviado = await ana.post(A, '/api/Login/RecuperarSenha', { cpf: CPF.maria, tipoSolicitacao: 'email' });
  check('recovery code sent by A', enviado.status === 200, JSON.stringify(enviado.body));
  const outbox = await (await fetch(`${B}/api/dev/outbox`)).json();
  const codigo = outbox.find((m) => m.destino === 'maria.souza@exemplo.com.br' && m.codigo)?.codigo;
  const validado = await ana.post(B, '/api/Login/ValidarTokenRecuperacao', {
    cpf: CPF.maria,
    token: codigo,
    tipoSolicitacao: 'email',
  });
  check('the code sent by A is validated on B', validado.status === 200, JSON.stringify(validado.body));
  const alterado = await ana.post(B, '/api/Login/AlterarSenha', {
    cpf: CPF.maria,
    token: codigo,
    senha: 'nova-senha-123',
    confirmacaoSenha: 'nova-senha-123',
    tipoSolicitacao: 'email',
  });
  check('…and used on B to change the password', alterado.status === 200, JSON.stringify(alterado.body));
} catch (err) {
  console.error(err);
  failures++;
} finally {
  await Promise.all([a.stop(), b.stop()]);
  await redis.flushdb();
  redis.disconnect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
console.log(failures ? `\n${failures} check(s) failed` : '\nall checks passed');
process.exit(failures ? 1 : 0);
