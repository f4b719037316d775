import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { cpfFromBase } from '@portal/br';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../src/app';
import { manualClock } from '../src/clock';
import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db/db';
import { limitesPg } from '../src/db/open';
import { openPg } from '../src/db/pg';
import { openPglite } from '../src/db/pglite';
import { loadOperadora } from '../src/modules/operadora/config';
import type { Resolvedor } from '../src/core/webhooks/service';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { REGISTRO_ANS_DEMO } from '../src/seed/protocolos';
import { requireApiToken } from '../src/plugins/auth';
import { exigirMembro } from '../src/plugins/membro';
import type { CounterStore } from '../src/lib/counters';
import { createTestDatabase, newRunTag, testDatabasePrefix } from './pg-template';
import { seededSnapshot } from './pglite-snapshot';
import { HOJE } from './seed-key';

/**
 * The whole app on a fresh database (in-memory PGlite, or a throwaway `portal_test_*` database
 * on TEST_PG_URL), listening on 127.0.0.1:0, with a small fetch client per "browser".
 */

export const CLIENT = { usuario: 'portal-web', senha: 'portal-web-demo' };
export { DEMO_BENEFICIARIO as BENEFICIARIO, DEMO_CONTRATO as CONTRATO, DEMO_CPF as CPF } from '../src/seed/demo';
import { DEMO_CONTRATO as CONTRATO_DEMO, DEMO_CPF as CPF_DEMO } from '../src/seed/demo';
export const SENHA = DEMO_PASSWORD;
export { HOJE };

export interface Res<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

interface PostOptions {
  headers?: Record<string, string>;
  /** Send this string as the body instead of JSON.stringify(body). */
  raw?: string;
  /** false: no Authorization header. */
  auth?: boolean;
}

/** One browser: its own cookie jar, its own IP (X-Forwarded-For, TRUST_PROXY=true), its API token. */
export class Client {
  readonly cookies = new Map<string, string>();
  token: string | undefined;

  constructor(
    readonly baseUrl: string,
    readonly ip = `10.${rnd()}.${rnd()}.${rnd()}`,
  ) {}

  async request<T = unknown>(method: string, path: string, body?: unknown, opts: PostOptions = {}): Promise<Res<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...opts.headers };
    if (opts.auth !== false && path.startsWith('/api/') && !path.startsWith('/api/Token/')) {
      this.token ??= await this.newToken();
      headers.authorization ??= `Bearer ${this.token}`;
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    let r = await fetch(this.baseUrl + path, { method, headers, body: payload });
    // As the browser does (docs/produto/acesso.md, "API token"): an expired API token (the tests move the clock) is renewed once.
    if (r.status === 401 && opts.auth !== false && !opts.headers?.authorization && r.headers.get('www-authenticate')) {
      this.token = await this.newToken();
      headers.authorization = `Bearer ${this.token}`;
      r = await fetch(this.baseUrl + path, { method, headers, body: payload });
    }
    for (const c of r.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (HTML, empty)
    }
    return { status: r.status, headers: r.headers, body: parsed as T, text };
  }

  post<T = unknown>(path: string, body?: unknown, opts?: PostOptions) {
    return this.request<T>('POST', path, body, opts);
  }

  get<T = unknown>(path: string, opts?: PostOptions) {
    return this.request<T>('GET', path, undefined, opts);
  }

  async newToken(): Promise<string> {
    const r = await fetch(`${this.baseUrl}/api/Token/GerarToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': this.ip },
      body: JSON.stringify(CLIENT),
    });
    if (r.status !== 200) throw new Error(`GerarToken answered ${r.status}`);
    return (await r.json()) as string;
  }

  /** PerfisDaConta + Autenticar on the first (or given) profile. */
  async login(cpf: string, senha = SENHA, contrato?: string) {
    const perfis = await this.post<{ codigoPlano: string; codigoContrato: string }[]>('/api/Login/PerfisDaConta', {
      cpf: Number(cpf),
      senha,
    });
    const p = perfis.body.find((x) => !contrato || x.codigoContrato === contrato);
    if (!p) throw new Error(`no profile for ${cpf}`);
    const r = await this.post<{ sucesso: boolean; codigoSessao: number }>('/api/Login/Autenticar', {
      cpf,
      senha,
      codigoPlano: p.codigoPlano,
      codigoContrato: p.codigoContrato,
    });
    if (!r.body.sucesso) throw new Error(`login failed for ${cpf}`);
    return r.body;
  }
}

function rnd() {
  return (randomBytes(1)[0]! % 250) + 1;
}

export interface TestApp {
  app: FastifyInstance;
  url: string;
  db: Db;
  config: Config;
  clock: ReturnType<typeof manualClock>;
  client(ip?: string): Client;
  /** A new browser signed in (a profile of `contrato` when given) and the body every member call carries. */
  membro(cpf: string, contrato?: string): Promise<{ c: Client; perfil: { codigoSessao: number } }>;
  /** Latest outbox code sent to a contact. */
  lastCode(destino: string): Promise<string>;
  /** A new active beneficiary (own contract) with the given contacts, for tests that need a fresh person. */
  addBeneficiario(base9: string, contatos: { email?: string; celular?: string }): Promise<string>;
  /** Forget every throttling counter (tests that share one app). */
  resetCounters(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  logStream?: DestinationStream;
  counters?: CounterStore;
  /** Extra routes registered before listening. */
  routes?: (app: FastifyInstance) => void;
  /** Adds POST /api/teste/membro inside a member group, answering request.membro. */
  probeMembro?: boolean;
  /** How webhook endpoint names resolve (default: resolvedorDeTeste). */
  resolvedorDeNomes?: Resolvedor;
}

/**
 * Tests never ask a real DNS server: `localhost` is the loopback, every other name is unknown
 * (accepted at registration, a failed attempt at delivery — and nothing connects anywhere).
 */
export const resolvedorDeTeste: Resolvedor = async (nome) => {
  if (nome === 'localhost' || nome === 'localhost.') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${nome}`), { code: 'ENOTFOUND' });
};

/**
 * Whether the app would seed the template's demo: SEED=demo with the demo operator's ANS number (the
 * head of the seeded protocol numbers). Any other start gets an empty database and seeds it itself.
 */
function seedsTheTemplatesDemo(config: Config): boolean {
  if (config.seed !== 'demo') return false;
  try {
    return loadOperadora(config.operadoraDir, config.env).registroAns === REGISTRO_ANS_DEMO;
  } catch {
    return true; // a bad operator folder: buildApp refuses it, whatever the database
  }
}

/** The bounded waits of the configuration apply to the test database too (issue 13). */
async function freshDatabase(config: Config): Promise<{ db: Db; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) {
    const db = await openPglite(undefined, await seededSnapshot(), config.timeouts.dbConnect);
    return { db, drop: async () => undefined };
  }
  // The global setup's run tag: its teardown drops what is left of this run's databases.
  const run = inject('pgRun');
  const name = `${testDatabasePrefix(run ?? newRunTag())}${randomBytes(5).toString('hex')}`;
  await createTestDatabase(adminUrl, name, seedsTheTemplatesDemo(config));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPg(url.toString(), 5, undefined, limitesPg(config.timeouts));
  const dropNow = async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    try {
      await a.query(`drop database if exists ${name} with (force)`);
    } finally {
      await a.end();
    }
  };
  return {
    db,
    // Dropping a database forces a checkpoint: with a global teardown to sweep up, the test does not
    // wait for it (nor for a failure of it).
    drop: run ? async () => void dropNow().catch(() => undefined) : dropNow,
  };
}

export async function startApp(opts: StartOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: opts.logStream ? 'info' : 'silent',
    TRUST_PROXY: 'true',
    SEED: 'demo',
    WEB_DIST: '/nonexistent-web-dist',
    ...opts.env,
  });
  const { db, drop } = await freshDatabase(config);
  const clock = manualClock(HOJE);
  const app = await buildApp(config, {
    db,
    clock,
    logStream: opts.logStream,
    counters: opts.counters,
    resolvedorDeNomes: opts.resolvedorDeNomes ?? resolvedorDeTeste,
  });
  opts.routes?.(app);
  if (opts.probeMembro) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', requireApiToken);
      scope.addHook('preValidation', exigirMembro);
      scope.post('/api/teste/membro', async (request) => request.membro);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';
  return {
    app,
    url,
    db,
    config,
    clock,
    client: (ip?: string) => new Client(url, ip),
    async membro(cpf, contrato) {
      const c = new Client(url);
      const { codigoSessao } = await c.login(cpf, undefined, contrato);
      return { c, perfil: { codigoSessao } };
    },
    async lastCode(destino: string) {
      const [row] = await db.query<{ codigo: string }>(
        'select codigo from outbox where destino = $1 order by id desc limit 1',
        [destino],
      );
      if (!row) throw new Error(`no code sent to ${destino}`);
      return row.codigo;
    },
    async addBeneficiario(base9, contatos) {
      const cpf = cpfFromBase(base9);
      await db.query(
        'insert into pessoas (cpf, nome, data_nascimento, sexo, email, celular) values ($1, $2, $3, $4, $5, $6)',
        [cpf, `Pessoa Teste ${base9}`, '1980-01-01', 'f', contatos.email ?? null, contatos.celular ?? null],
      );
      await db.query(
        `insert into beneficiarios (codigo_beneficiario, codigo_contrato, cpf, tipo, parentesco, codigo_titular, ativo, data_inclusao)
         values ($1, '522901', $2, 'DEPENDENTE', 'CONJUGE', '1522901001', true, '2024-01-01')`,
        [`9${base9}`, cpf],
      );
      return cpf;
    },
    async resetCounters() {
      await db.query('delete from rate_counters');
    },
    async close() {
      await app.close();
      await db.close().catch(() => undefined); // a test may have closed it on purpose
      await drop();
    },
  };
}

let proximoDependente = 600_000_000;
/** Maria asks to add a dependant (a new CPF each time): the protocol number of her request. */
/**
 * The file's app: started once before its tests (startApp), closed after them; every test starts at
 * HOJE with fresh throttling counters. `receber` keeps it in the file's own `t`.
 */
export function appDoArquivo(receber: (t: TestApp) => void, opts: StartOptions = {}): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startApp(opts);
    receber(app);
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    await app!.resetCounters();
    app!.clock.set(HOJE);
  });
}

export async function pedidoDeDependenteDaMaria(t: TestApp): Promise<string> {
  const { c, perfil } = await t.membro(CPF_DEMO.maria, CONTRATO_DEMO.maria);
  const r = await c.post<{ protocolo: string }>('/api/Venda/AdicionarDependente', {
    perfilAutenticado: perfil,
    novosDependentes: [
      {
        nome: 'Lucas Souza Andrade',
        cpf: cpfFromBase(String(proximoDependente++)),
        dataNascimento: '2019-05-20',
        cidade: 'São Paulo',
        celular: '11987651234',
      },
    ],
  });
  if (r.status !== 200) throw new Error(`AdicionarDependente answered ${r.status}`);
  return r.body.protocolo;
}

/**
 * Reads `fn` every 40 ms until `ok` holds, and gives its last value: a test waits for the event it
 * needs (a delivery, a queue drained), not for a time. The bound only ends a wait that would never
 * succeed; it is far above what a slow machine needs, so reaching it means the event did not come.
 */
export async function esperar<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 45_000): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > fim) return v;
    await new Promise((r) => setTimeout(r, 40));
  }
}
