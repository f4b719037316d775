// Webhooks out (issue 17, decision 0029): SIGKILL of the instance in the middle of a delivery.
// A receiver (verifying with `standardwebhooks`, as an operator would) holds the first POST without
// answering; the server is killed with SIGKILL while it waits; a second server on the same
// PostgreSQL delivers that message again, with the same webhook-id, once the claim's lease ends —
// and every other message of the request too. `npm run test:webhooks-sigkill` (needs PostgreSQL on
// 127.0.0.1:5432; runs the API from source with tsx, no build needed).
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';

const root = join(import.meta.dirname, '..');
const ADMIN = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let falhas = 0;
const check = (label, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` — ${detail}` : ''}`);
  if (!ok) falhas++;
};
function cpf(base9) {
  const dv = (d, w) => {
    const r = ([...d].reduce((s, c, i) => s + Number(c) * (w - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(base9, 10);
  return `${base9}${d1}${dv(base9 + d1, 11)}`;
}
const pausa = (ms) => new Promise((r) => setTimeout(r, ms));
async function ate(fn, ms) {
  const fim = Date.now() + ms;
  while (Date.now() < fim) {
    const v = await fn();
    if (v) return v;
    await pausa(100);
  }
  return null;
}

const ENV = {
  PORT: '0',
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  SEED: 'demo',
  REDIS_URL: '',
  PRUNE_INTERVAL_SECONDS: '0',
  WEB_DIST: '/nonexistent-web-dist',
  WEBHOOKS_INTERVAL_MS: '200',
  // The claim's lease is 2 × timeout + 5 s = 11 s.
  WEBHOOKS_TIMEOUT_MS: '3000',
};

function iniciar(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    env: { ...process.env, ...ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = new Promise((resolve, reject) => {
    let out = '';
    const on = (d) => {
      out += d;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.once('exit', (c, s) => reject(new Error(`server exited (${c ?? s})\n${out.slice(-2000)}`)));
  });
  return { child, url };
}

async function post(base, path, body, token, cookies) {
  const h = { 'content-type': 'application/json' };
  if (token) h.authorization = `Bearer ${token}`;
  if (cookies.size) h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const r = await fetch(base + path, { method: 'POST', headers: h, body: JSON.stringify(body) });
  for (const c of r.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return { status: r.status, body: await r.json().catch(() => null) };
}

// The operator's receiver: the first POST is held (never answered); the others are verified and answered 200.
let segredo = '';
const recebidos = []; // { id, status, em }
let segurada = null;
const receptor = createServer((req, res) => {
  const partes = [];
  req.on('data', (p) => partes.push(p));
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    try {
      new Webhook(segredo).verify(Buffer.concat(partes).toString(), req.headers);
    } catch {
      recebidos.push({ id, status: 401, em: Date.now() });
      res.statusCode = 401;
      return res.end();
    }
    if (!segurada) {
      segurada = id;
      recebidos.push({ id, status: 'segurada', em: Date.now() });
      return; // no answer: the server is killed while it waits
    }
    recebidos.push({ id, status: 200, em: Date.now() });
    res.end();
  });
});
await new Promise((r) => receptor.listen(0, '127.0.0.1', r));
const receptorUrl = `http://127.0.0.1:${receptor.address().port}/webhooks`;

const admin = new pg.Client({ connectionString: ADMIN });
try {
  await admin.connect();
} catch {
  console.log('PostgreSQL does not answer: webhook SIGKILL test skipped');
  process.exit(process.env.CI_REQUIRE_SERVICES ? 1 : 0);
}
const nome = `portal_webhooks_${process.pid}`;
await admin.query(`create database ${nome}`);
const dbUrl = new URL(ADMIN);
dbUrl.pathname = `/${nome}`;
const db = new pg.Client({ connectionString: dbUrl.toString() });
let a = iniciar({ DATABASE_URL: dbUrl.toString() });
let b = null;
try {
  const baseA = await a.url;
  await db.connect();
  const cli = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'apps/api/src/cli/webhooks.ts'),
      'criar',
      '--url',
      receptorUrl,
      '--eventos',
      'protocolo.criado,dependentes.solicitados',
    ],
    { env: { ...process.env, ...ENV, DATABASE_URL: dbUrl.toString() }, encoding: 'utf8' },
  );
  segredo = /"segredo": "(whsec_[^"]+)"/.exec(cli.stdout)?.[1] ?? '';
  check('the CLI creates the endpoint and prints its secret once', cli.status === 0 && segredo !== '', cli.stderr);

  const cookies = new Map();
  const token = (
    await post(baseA, '/api/Token/GerarToken', { usuario: 'portal-web', senha: 'portal-web-demo' }, '', cookies)
  ).body;
  const perfis = (
    await post(baseA, '/api/Login/PerfisDaConta', { cpf: 52998224725, senha: 'senha123' }, token, cookies)
  ).body;
  const p = perfis.find((x) => x.codigoContrato === '100234');
  const login = await post(
    baseA,
    '/api/Login/Autenticar',
    { cpf: '52998224725', senha: 'senha123', codigoPlano: p.codigoPlano, codigoContrato: p.codigoContrato },
    token,
    cookies,
  );
  const pedido = await post(
    baseA,
    '/api/Venda/AdicionarDependente',
    {
      perfilAutenticado: { codigoSessao: login.body.codigoSessao },
      novosDependentes: [
        {
          nome: 'Lucas Souza Andrade',
          cpf: cpf('810000006'),
          dataNascimento: '2019-05-20',
          cidade: 'Campinas',
          celular: '19991234567',
        },
      ],
    },
    token,
    cookies,
  );
  check('Maria asks to add a dependant', pedido.status === 200, JSON.stringify(pedido.body));

  const id = await ate(() => segurada, 10_000);
  check('the first delivery reaches the receiver, which holds it', id !== null, String(id));
  if (!id) throw new Error('nothing was delivered: the rest cannot run');
  a.child.kill('SIGKILL');
  await new Promise((r) => a.child.once('exit', r));
  a.url.catch(() => undefined);
  const { rows: antes } = await db.query('select situacao, tentativas from webhook_entregas where mensagem_id = $1', [
    id,
  ]);
  check(
    'after SIGKILL the delivery is still pendente, claimed once, no attempt recorded',
    antes[0]?.situacao === 'pendente' && antes[0]?.tentativas === 1,
    JSON.stringify(antes),
  );

  const morto = Date.now();
  b = iniciar({ DATABASE_URL: dbUrl.toString() });
  await b.url;
  const de_novo = await ate(() => recebidos.find((r) => r.id === id && r.status === 200), 30_000);
  check(
    'another instance delivers it again with the same webhook-id once the lease ends',
    Boolean(de_novo),
    `${((Date.now() - morto) / 1000).toFixed(1)} s after the kill`,
  );
  const { rows: mensagens } = await db.query('select id from webhook_mensagens order by id');
  const entregues = await ate(async () => {
    const { rows } = await db.query("select count(*)::int as n from webhook_entregas where situacao = 'entregue'");
    return rows[0].n === mensagens.length ? rows[0].n : null;
  }, 15_000);
  check(
    'every message of the request is delivered (none lost)',
    entregues === mensagens.length,
    `${entregues}/${mensagens.length}`,
  );
  // At-least-once: what A had in flight when it was killed (the held message, and any other it had
  // sent but not yet recorded as delivered) comes again from B; B, started after A's exit (morto),
  // delivers each message once.
  const depois = recebidos.filter((r) => r.status === 200 && r.em >= morto).map((r) => r.id);
  check(
    'each delivered once after the kill (again only what was in flight at the kill)',
    new Set(depois).size === depois.length && depois.includes(id),
    JSON.stringify(recebidos.map((r) => ({ ...r, em: r.em - morto }))),
  );
  check('no delivery failed verification', !recebidos.some((r) => r.status === 401));
} catch (err) {
  console.log(`FAIL ${err instanceof Error ? err.message : err}`);
  falhas++;
} finally {
  for (const s of [a, b]) if (s && s.child.exitCode === null && !s.child.signalCode) s.child.kill('SIGTERM');
  await pausa(500);
  await db.end().catch(() => undefined);
  await admin.query(`drop database if exists ${nome} with (force)`).catch(() => undefined);
  await admin.end();
  receptor.closeAllConnections();
  receptor.close();
}
console.log(falhas ? `${falhas} check(s) failed` : 'all checks passed');
process.exit(falhas ? 1 : 0);
