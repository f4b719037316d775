import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPF, CONTRATO, Client, esperar, HOJE } from '../test/helper';
import { seededSnapshot } from '../test/pglite-snapshot';
import { createTestDatabase } from '../test/pg-template';
import { manualClock } from './clock';
import type { Db } from './db/db';
import { openPg } from './db/pg';
import { openPglite } from './db/pglite';
import { ChavesDeIntegracao, ChavesRepository } from './modules/integracao';
import { semDadosPessoais } from './otel';

// Traces (issue 32, decision 0066): the real entry (src/server.ts) in a process of its own, as in
// production — tracing must be on before the app's modules load, which a test app in this process
// (its modules already loaded) could not show. The spans go to a small OTLP/HTTP receiver here.

const RAIZ = join(import.meta.dirname, '../../..');
const SERVIDOR = join(import.meta.dirname, 'server.ts');
const RASTREADOR_DE_MODULOS = join(import.meta.dirname, '../test/modulos-carregados.mjs');
const MARIA = { cpf: CPF.maria, nome: 'Maria Aparecida Souza' };

interface Atributo {
  key: string;
  value: Record<string, unknown>;
}
interface SpanJson {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Atributo[];
  events?: { name: string; attributes?: Atributo[] }[];
}
interface Recebido {
  resourceSpans: { resource: { attributes: Atributo[] }; scopeSpans: { spans: SpanJson[] }[] }[];
}

const valor = (attrs: Atributo[], chave: string) => {
  const a = attrs.find((x) => x.key === chave);
  return a ? Object.values(a.value)[0] : undefined;
};

/** An OTLP/HTTP (JSON) collector of one test file. */
async function receptor() {
  const corpos: string[] = [];
  const servidor: Server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (d: Buffer) => partes.push(d));
    req.on('end', () => {
      corpos.push(Buffer.concat(partes).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  const { port } = servidor.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    corpos,
    recebidos: () => corpos.map((c) => JSON.parse(c) as Recebido),
    spans: () =>
      corpos.flatMap((c) =>
        (JSON.parse(c) as Recebido).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
      ),
    fechar: () => new Promise<void>((r) => servidor.close(() => r())),
  };
}

/**
 * The demo database for a process of its own: a PGlite data directory from the seeded snapshot, or a
 * copy of the PostgreSQL template (TEST_PG_URL). `preparar` runs on it before the server opens it.
 */
async function bancoProprio(
  preparar: (db: Db) => Promise<void>,
): Promise<{ env: Record<string, string>; fim(): Promise<void> }> {
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'portal-otel-'));
    const db = await openPglite(dir, await seededSnapshot());
    await preparar(db);
    await db.close();
    return { env: { DATA_DIR: dir, DATABASE_URL: '' }, fim: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const nome = `portal_test_otel_${randomBytes(5).toString('hex')}`;
  await createTestDatabase(adminUrl, nome, true);
  const url = new URL(adminUrl);
  url.pathname = `/${nome}`;
  const db = openPg(url.toString(), 2);
  await preparar(db);
  await db.close();
  return {
    env: { DATABASE_URL: url.toString() },
    fim: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${nome} with (force)`).finally(() => a.end());
    },
  };
}

/** src/server.ts (through tsx) with the module recorder; resolves with its URL once it listens. */
async function iniciarServidor(env: Record<string, string>, modulos: string) {
  const processo: ChildProcess = spawn(
    process.execPath,
    ['--import', RASTREADOR_DE_MODULOS, '--import', 'tsx', SERVIDOR],
    {
      cwd: RAIZ,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        // The database is already the seeded demo's (bancoProprio): nothing to check at start.
        SEED: 'none',
        REDIS_URL: '',
        WEB_DIST: '/nonexistent-web-dist',
        PRUNE_INTERVAL_SECONDS: '0',
        RELOGIO_INICIO: new Date(HOJE).toISOString(),
        MODULOS_CARREGADOS: modulos,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let saida = '';
  processo.stdout?.on('data', (d: Buffer) => (saida += d));
  processo.stderr?.on('data', (d: Buffer) => (saida += d));
  const url = await new Promise<string>((resolve, reject) => {
    const ver = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(saida);
      if (m?.[1]) resolve(m[1]);
    };
    processo.stdout?.on('data', ver);
    processo.once('exit', (code) => reject(new Error(`o servidor saiu (${code})\n${saida}`)));
  });
  return {
    url,
    saida: () => saida,
    async parar() {
      if (processo.exitCode !== null) return;
      processo.kill('SIGTERM');
      await new Promise((r) => processo.once('exit', r));
    },
  };
}

const PRODUTOS = [
  'codigoPlano;nomePlano;numeroPlanoANS;segmentacao;acomodacao;abrangencia;coparticipativo',
  '9201;Plano Rastreado Apartamento;499201101;AMBULATORIAL;APARTAMENTO;NACIONAL;S',
].join('\n');

describe('com OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let coletor: Awaited<ReturnType<typeof receptor>>;
  let banco: Awaited<ReturnType<typeof bancoProprio>>;
  let servidor: Awaited<ReturnType<typeof iniciarServidor>>;
  let chave = '';
  const modulos = join(tmpdir(), `portal-otel-modulos-${process.pid}-ligado.txt`);

  beforeAll(async () => {
    coletor = await receptor();
    banco = await bancoProprio(async (db) => {
      const chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(db), clock: manualClock(HOJE) });
      chave = (await chaves.criar({ nome: 'ERP rastreado', escopos: ['importar'] })).chave;
    });
    servidor = await iniciarServidor(
      {
        ...banco.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: coletor.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'portal-teste',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      modulos,
    );
    // The member's calls: sign-in, a page behind the session, and an import of a small file.
    const c = new Client(servidor.url);
    const { codigoSessao } = await c.login(MARIA.cpf, undefined, CONTRATO.maria);
    expect((await c.post('/api/Financeiro/ListarParcelas', { PerfilAutenticado: { codigoSessao } })).status).toBe(200);
    // A path no route matches, with her CPF in it: only '(sem rota)' may reach a span.
    expect((await fetch(`${servidor.url}/api/nada/${MARIA.cpf}?cpf=${MARIA.cpf}`)).status).toBe(404);
    const envio = await fetch(`${servidor.url}/api/integracao/v1/importacoes/produtos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${chave}`, 'content-type': 'text/csv' },
      body: PRODUTOS,
    });
    expect(envio.status).toBe(202);
    // Its progress, at a path that carries the import's id: the spans say the route's template.
    const local = envio.headers.get('location') ?? '';
    expect((await fetch(`${servidor.url}${local}`, { headers: { authorization: `Bearer ${chave}` } })).status).toBe(
      200,
    );
    // Bounded by what it waits for: the import's span (it ends after its phases), its last phase and
    // the last request's span at the collector (spans are exported in the order they end).
    await esperar(
      coletor.spans,
      (s) =>
        s.some((x) => x.name === 'importacao produtos') &&
        s.some((x) => x.name === 'importacao: aplicação') &&
        s.some((x) => x.kind === 2 && valor(x.attributes, 'http.route') === '/api/integracao/v1/importacoes/:id'),
      60_000,
    );
  }, 180_000);

  afterAll(async () => {
    await servidor?.parar();
    await coletor?.fechar();
    await banco?.fim();
    rmSync(modulos, { force: true });
  });

  it('names the service from OTEL_SERVICE_NAME, with the version', () => {
    const recurso = coletor.recebidos()[0]?.resourceSpans[0]?.resource.attributes ?? [];
    expect([valor(recurso, 'service.name'), valor(recurso, 'service.version')]).toEqual(['portal-teste', '0.1.0']);
  });

  it('gives each request a server span named by its route template, never the path asked', () => {
    const servidores = coletor.spans().filter((s) => s.kind === 2);
    const progresso = servidores.find(
      (s) => valor(s.attributes, 'http.route') === '/api/integracao/v1/importacoes/:id',
    );
    expect(progresso && [progresso.name, valor(progresso.attributes, 'url.path')]).toEqual([
      'GET /api/integracao/v1/importacoes/:id',
      '/api/integracao/v1/importacoes/:id',
    ]);
  });

  it("traces the database statements inside the member's requests, without their values", () => {
    const login = coletor.spans().find((s) => valor(s.attributes, 'http.route') === '/api/Login/Autenticar');
    const doBanco = coletor
      .spans()
      .filter(
        (s) =>
          s.traceId === login?.traceId &&
          (valor(s.attributes, 'db.system') ?? valor(s.attributes, 'db.system.name')) === 'postgresql',
      );
    expect(doBanco.length).toBeGreaterThan(0);
  });

  it('traces the phases of an import inside its span', () => {
    const spans = coletor.spans();
    const importacao = spans.find((s) => s.name === 'importacao produtos');
    const fases = spans.filter((s) => s.parentSpanId === importacao?.spanId).map((s) => s.name);
    expect(fases).toEqual(expect.arrayContaining(['importacao: verificações', 'importacao: aplicação']));
  });

  it("exports neither the member's CPF nor her name, nor any 11-digit number in a text", () => {
    const tudo = coletor.corpos.join('\n');
    const textos = coletor
      .spans()
      .flatMap((s) => [
        s.name,
        ...s.attributes.map((a) => String(Object.values(a.value)[0])),
        ...(s.events ?? []).flatMap((e) => (e.attributes ?? []).map((a) => String(Object.values(a.value)[0]))),
      ]);
    expect({
      cpf: tudo.includes(MARIA.cpf),
      nome: tudo.includes(MARIA.nome),
      onzeDigitos: textos.filter((t) => /\d{11}/.test(t)),
    }).toEqual({ cpf: false, nome: false, onzeDigitos: [] });
  });

  it("writes the request's trace id on its log lines", () => {
    const login = coletor.spans().find((s) => valor(s.attributes, 'http.route') === '/api/Login/Autenticar');
    const linhas = servidor
      .saida()
      .split('\n')
      .filter((l) => l.includes('"url":"/api/Login/Autenticar"'))
      .map((l) => (JSON.parse(l) as { trace_id?: string }).trace_id);
    expect(linhas).toEqual([login?.traceId]);
  });

  it('loads OpenTelemetry (the control of the test below)', () => {
    expect(readFileSync(modulos, 'utf8')).toMatch(/@opentelemetry\//);
  });
});

describe('sem OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const modulos = join(tmpdir(), `portal-otel-modulos-${process.pid}-desligado.txt`);
  let banco: Awaited<ReturnType<typeof bancoProprio>> | undefined;
  let servidor: Awaited<ReturnType<typeof iniciarServidor>> | undefined;

  afterAll(async () => {
    await servidor?.parar();
    await banco?.fim();
    rmSync(modulos, { force: true });
  });

  it('loads no OpenTelemetry module at all', async () => {
    banco = await bancoProprio(async () => undefined);
    servidor = await iniciarServidor({ ...banco.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' }, modulos);
    const c = new Client(servidor.url);
    await c.login(MARIA.cpf, undefined, CONTRATO.maria);
    const carregados = existsSync(modulos) ? readFileSync(modulos, 'utf8').split('\n') : [];
    expect({
      app: carregados.some((m) => m.endsWith('/principal.ts')),
      otel: carregados.filter((m) => /@opentelemetry\/|@fastify\/otel|in-the-middle|\/otel\.ts$/.test(m)),
    }).toEqual({ app: true, otel: [] });
  }, 180_000);
});

describe('semDadosPessoais', () => {
  it("keeps a webhook's address without its query string", () => {
    const a: Record<string, unknown> = { 'url.full': 'https://erp.exemplo.com.br/ganchos/portal?token=abc&cpf=1' };
    semDadosPessoais(a, true);
    expect(a).toEqual({ 'url.full': 'https://erp.exemplo.com.br/ganchos/portal' });
  });

  it('masks the literals of a statement', () => {
    const a: Record<string, unknown> = { 'db.statement': "select 1 from pessoas where cpf = '12345678909'" };
    semDadosPessoais(a, true);
    expect(a['db.statement']).toBe("select 1 from pessoas where cpf = '?'");
  });

  it("drops the peer's address and user agent", () => {
    const a: Record<string, unknown> = { 'client.address': '10.1.2.3', 'user_agent.original': 'Mozilla', x: 1 };
    semDadosPessoais(a, false);
    expect(a).toEqual({ x: 1 });
  });
});
