import { cpfFromBase } from '@portal/br';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type Client, type Res, type TestApp } from '../../test/helper';

/**
 * Issue 13, defects 1, 2 and 6: a lost connection, a lock or a stuck transaction, an unreachable
 * Redis: the request answers 503 INDISPONIVEL within its bound (never hangs, never a 500), and the
 * process goes on serving. The PostgreSQL cases run when TEST_PG_URL is set (CI's PostgreSQL run).
 */

const INDISPONIVEL = {
  sucesso: false,
  code: 'INDISPONIVEL',
  message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  erro: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  aguardarSegundos: 5,
};

let t: TestApp | undefined;
const extras: { end(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of extras.splice(0)) await c.end().catch(() => undefined);
  await t?.close();
  t = undefined;
});

const membro = (app: TestApp) => app.membro(CPF.maria, CONTRATO.maria);

let proximo = 600_000_000;
const adicionarDependente = (c: Client, perfil: object) =>
  c.post('/api/Venda/AdicionarDependente', {
    perfilAutenticado: perfil,
    novosDependentes: [
      {
        nome: 'Lucas Souza Andrade',
        cpf: cpfFromBase(String(proximo++)),
        dataNascimento: '2019-05-20',
        cidade: 'São Paulo',
        celular: '11987651234',
      },
    ],
  });

/** The answer and how long it took (ms). */
async function cronometrar<T>(p: () => Promise<Res<T>>): Promise<[Res<T>, number]> {
  const t0 = performance.now();
  const r = await p();
  return [r, performance.now() - t0];
}

const pgUrl = process.env.TEST_PG_URL;

/** A second connection to the test's own database (the "psql" of the issue). */
async function outraConexao(app: TestApp): Promise<pg.Client> {
  const [{ nome }] = (await app.db.query<{ nome: string }>('select current_database() as nome')) as [{ nome: string }];
  const url = new URL(pgUrl!);
  url.pathname = `/${nome}`;
  const c = new pg.Client({ connectionString: url.toString() });
  c.on('error', () => undefined);
  await c.connect();
  extras.push(c);
  return c;
}

describe.skipIf(pgUrl)('PGlite: its single connection held by a transaction', () => {
  it('a request that waits for it answers 503 after the bound, and the next one works once it is free', async () => {
    t = await startApp({ env: { DATABASE_CONNECT_TIMEOUT_MS: '300' } });
    const app = t;
    const { c, perfil } = await membro(app);
    let soltar!: () => void;
    const solta = new Promise<void>((r) => (soltar = r));
    const presa = app.db.transaction(async (tx) => {
      await tx.query('select 1');
      await solta;
    });
    try {
      const [r, ms] = await cronometrar(() => c.get('/api/GuiaMedico/Cidades'));
      expect(r.status).toBe(503);
      expect(r.body).toEqual(INDISPONIVEL);
      expect(ms).toBeLessThan(3000);
      const [w] = await cronometrar(() => adicionarDependente(c, perfil));
      expect(w.status).toBe(503);
    } finally {
      soltar();
      await presa;
    }
    expect((await c.get('/api/GuiaMedico/Cidades')).status).toBe(200);
    expect((await adicionarDependente(c, perfil)).status).toBe(200);
  });
});

describe.runIf(pgUrl)('PostgreSQL: locks and lost connections', () => {
  it('a lock held past lock_timeout: the write answers 503 within the bound, and works once the lock is gone', async () => {
    t = await startApp({ env: { DATABASE_LOCK_TIMEOUT_MS: '300' } });
    const { c, perfil } = await membro(t);
    const psql = await outraConexao(t);
    await psql.query('begin');
    await psql.query('lock table protocolo_sequencias in access exclusive mode');
    const [r, ms] = await cronometrar(() => adicionarDependente(c, perfil));
    expect(r.status).toBe(503);
    expect(r.body).toEqual(INDISPONIVEL);
    expect(ms).toBeLessThan(3000);
    await psql.query('commit');
    expect((await adicionarDependente(c, perfil)).status).toBe(200);
  });

  it('a statement past statement_timeout answers 503 (the pool keeps serving)', async () => {
    t = await startApp({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '300', DATABASE_LOCK_TIMEOUT_MS: '5000' } });
    const { c, perfil } = await membro(t);
    const psql = await outraConexao(t);
    await psql.query('begin');
    await psql.query('lock table protocolo_sequencias in share mode');
    const [r, ms] = await cronometrar(() => adicionarDependente(c, perfil));
    expect(r.status).toBe(503);
    expect(r.body).toEqual(INDISPONIVEL);
    expect(ms).toBeLessThan(3000);
    await psql.query('rollback');
    expect((await adicionarDependente(c, perfil)).status).toBe(200);
  });

  it('the backend of a request killed inside its transaction: 503, rolled back, and the next request works', async () => {
    t = await startApp({ env: { DATABASE_LOCK_TIMEOUT_MS: '10000', DATABASE_STATEMENT_TIMEOUT_MS: '10000' } });
    const app = t;
    const { c, perfil } = await membro(app);
    const psql = await outraConexao(app);
    const antes = (await app.db.query<{ n: number }>('select count(*)::int as n from dependentes_solicitados'))[0]!.n;
    await psql.query('begin');
    await psql.query('lock table protocolo_sequencias in share mode');
    const pedido = cronometrar(() => adicionarDependente(c, perfil));
    // The request's backend, waiting on the lock inside its transaction.
    let pid: number | undefined;
    for (let i = 0; i < 200 && !pid; i++) {
      const { rows } = await psql.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      pid = rows[0]?.pid;
      if (!pid) await new Promise((r) => setTimeout(r, 25));
    }
    expect(pid).toBeDefined();
    await psql.query('select pg_terminate_backend($1)', [pid]);
    const [r, ms] = await pedido;
    expect(r.status).toBe(503);
    expect(r.body).toEqual(INDISPONIVEL);
    expect(ms).toBeLessThan(5000);
    await psql.query('rollback');
    // Nothing of the killed request was stored; the process and the pool go on serving.
    expect((await app.db.query<{ n: number }>('select count(*)::int as n from dependentes_solicitados'))[0]!.n).toBe(
      antes,
    );
    expect((await adicionarDependente(c, perfil)).status).toBe(200);
    expect((await c.get('/api/GuiaMedico/Cidades')).status).toBe(200);
  });
});

describe('Redis unreachable (REDIS_URL at a closed port)', () => {
  it('throttled calls answer 503 within the bound, never a 500 and never unthrottled; /readyz names Redis', async () => {
    t = await startApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_CONNECT_TIMEOUT_MS: '200', REDIS_COMMAND_TIMEOUT_MS: '300' },
    });
    const c = t.client();
    const [v, ms] = await cronometrar(() => c.post('/api/Login/VerificarCPF', { cpf: CPF.maria }));
    expect(v.status).toBe(503);
    expect(v.body).toEqual(INDISPONIVEL);
    expect(ms).toBeLessThan(3000);
    const [p] = await cronometrar(() =>
      c.post('/api/Login/PerfisDaConta', { cpf: Number(CPF.maria), senha: 'senha-errada' }),
    );
    expect(p.status).toBe(503);
    expect(p.body).toEqual(INDISPONIVEL);
    const ready = await c.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'indisponivel', banco: 'ok', redis: 'indisponivel' });
  });
});
