import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPF, Client, HOJE } from '../../../test/helper';
import { buildApp } from '../../app';
import { manualClock } from '../../clock';
import { loadConfig } from '../../config';
import { CANAL } from './avisos';

/**
 * Two instances on one PostgreSQL (and one Redis): a logout on A is refused on B at once, not
 * after SESSION_CACHE_SECONDS (issue 13, decision 0006). The clock does not move here, so on
 * `main` B's cached copy would never expire during the test. Needs TEST_PG_URL (the PostgreSQL
 * run of CI); the Redis case also needs Redis on 127.0.0.1:6379.
 */
const ADMIN = process.env.TEST_PG_URL;
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/12';

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
const redisUp = ADMIN ? await answers(Number(new URL(REDIS).port || 6379)) : false;

interface Par {
  name: string;
  a: FastifyInstance;
  b: FastifyInstance;
  urlA: string;
  urlB: string;
  close(): Promise<void>;
}

async function duasInstancias(env: Record<string, string>): Promise<Par> {
  const name = `portal_test_inst_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN!);
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    SEED: 'demo',
    WEB_DIST: '/nonexistent-web-dist',
    DATABASE_URL: url.toString(),
    DATABASE_POOL_MAX: '3',
    ...env,
  });
  const clock = manualClock(HOJE);
  const a = await buildApp(config, { clock });
  const b = await buildApp(config, { clock });
  const listen = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    return typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';
  };
  return {
    name,
    a,
    b,
    urlA: await listen(a),
    urlB: await listen(b),
    async close() {
      await Promise.all([a.close(), b.close()]);
      const adm = new pg.Client({ connectionString: ADMIN });
      await adm.connect();
      await adm.query(`drop database if exists ${name} with (force)`);
      await adm.end();
    },
  };
}

/** The same browser (cookie, API token) talking to B. */
function mesmoNavegador(c: Client, url: string): Client {
  const outro = new Client(url, c.ip);
  for (const [k, v] of c.cookies) outro.cookies.set(k, v);
  outro.token = c.token;
  return outro;
}

const dadosDoMembro = (c: Client, codigoSessao: number) =>
  c.post('/api/utilizacao/Beneficiarios', { perfilAutenticado: { codigoSessao } });

/**
 * B refuses the session: at once as a rule — the ending instance answers after its own notice came
 * back — but B's listener is another connection, which under load may hand the notice over a moment
 * later (decision 0006). The clocks are frozen, so the cache's TTL never helps: without the notice
 * B would answer 200 for ever and this fails.
 */
async function recusadaEmB(c: Client, codigoSessao: number) {
  let r = await dadosDoMembro(c, codigoSessao);
  for (const inicio = Date.now(); r.status === 200 && Date.now() - inicio < 1500;) {
    await new Promise((ok) => setTimeout(ok, 50));
    r = await dadosDoMembro(c, codigoSessao);
  }
  expect(r.status).toBe(401);
  expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
}

function casos(env: () => Record<string, string>) {
  let p: Par;
  beforeAll(async () => {
    p = await duasInstancias(env());
  }, 120_000);
  afterAll(() => p?.close());

  it('Sair on A: the very next call on B is refused (B had the session cached)', async () => {
    for (let i = 0; i < 3; i++) {
      const naA = new Client(p.urlA);
      const { codigoSessao } = await naA.login(CPF.roberto);
      const naB = mesmoNavegador(naA, p.urlB);
      expect((await dadosDoMembro(naB, codigoSessao)).status).toBe(200); // B caches it
      expect((await dadosDoMembro(naB, codigoSessao)).status).toBe(200);
      const cookie = naA.cookies.get('pb_sessao')!;
      expect((await naA.post('/api/Login/Sair', { perfilAutenticado: { codigoSessao } })).status).toBe(200);
      naB.cookies.set('pb_sessao', cookie); // a stolen copy of the cookie
      await recusadaEmB(naB, codigoSessao);
    }
  });

  it("'Encerrar outras sessões' on A: the other session is refused on B at once; this one goes on", async () => {
    const outro = new Client(p.urlB);
    const sessaoOutra = (await outro.login(CPF.carlos)).codigoSessao;
    expect((await dadosDoMembro(outro, sessaoOutra)).status).toBe(200); // cached on B
    const aqui = new Client(p.urlA);
    const sessaoAqui = (await aqui.login(CPF.carlos)).codigoSessao;
    const r = await aqui.post('/api/MeusDados/EncerrarOutrasSessoes', {
      perfilAutenticado: { codigoSessao: sessaoAqui },
    });
    expect(r.status).toBe(200);
    await recusadaEmB(outro, sessaoOutra);
    expect((await dadosDoMembro(mesmoNavegador(aqui, p.urlB), sessaoAqui)).status).toBe(200);
  });
}

describe.skipIf(!ADMIN)('two instances, PostgreSQL LISTEN/NOTIFY (no REDIS_URL)', () => {
  casos(() => ({}));
});

describe.skipIf(!ADMIN)('the listening connection is lost (PostgreSQL LISTEN/NOTIFY)', () => {
  let p: Par;
  beforeAll(async () => {
    p = await duasInstancias({});
  }, 120_000);
  afterAll(() => p?.close());

  const ouvintes = async (admin: pg.Client) =>
    (
      await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = $1 and query = 'listen ${CANAL}'`,
        [p.name],
      )
    ).rows.map((r) => r.pid);

  it('reconnects by itself and then forgets every cached copy (notices may have been missed meanwhile)', async () => {
    const admin = new pg.Client({ connectionString: ADMIN });
    await admin.connect();
    try {
      const naB = new Client(p.urlB);
      const { codigoSessao } = await naB.login(CPF.maria);
      expect((await dadosDoMembro(naB, codigoSessao)).status).toBe(200); // cached on B
      const antes = await ouvintes(admin);
      expect(antes).toHaveLength(2);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [antes]);
      // Ended while nobody listens: no notice reaches B.
      await p.a.db.query(`update sessions set encerrado_em = now() where codigo_sessao = $1`, [codigoSessao]);
      // Bounded wait for both instances to listen again (the pause between attempts starts at 250 ms).
      let depois: number[] = [];
      for (let i = 0; i < 100 && depois.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
        depois = (await ouvintes(admin)).filter((pid) => !antes.includes(pid));
      }
      expect(depois).toHaveLength(2);
      // The clock is frozen, so B's copy never expired: only the reconnection drops it. pg_stat_activity
      // shows 'listen' as soon as B sends it, a moment before B has its answer and drops its copies
      // (in that order, so no notice falls between): a bounded wait of 5 s for that moment.
      let status = 0;
      for (let i = 0; i < 50 && status !== 401; i++) {
        if (i) await new Promise((r) => setTimeout(r, 100));
        status = (await dadosDoMembro(naB, codigoSessao)).status;
      }
      expect(status).toBe(401);
      // And notices flow again.
      const naA = new Client(p.urlA);
      const s2 = (await naA.login(CPF.roberto)).codigoSessao;
      const b2 = mesmoNavegador(naA, p.urlB);
      expect((await dadosDoMembro(b2, s2)).status).toBe(200);
      expect((await naA.post('/api/Login/Sair', { perfilAutenticado: { codigoSessao: s2 } })).status).toBe(200);
      await recusadaEmB(b2, s2);
    } finally {
      await admin.end();
    }
  });
});

describe.skipIf(!ADMIN || !redisUp)('two instances, Redis pub/sub', () => {
  casos(() => ({ REDIS_URL: REDIS }));
});
