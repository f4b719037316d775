import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { Client, CONTRATO, CPF, HOJE } from '../../test/helper';
import { buildApp } from '../app';
import { manualClock } from '../clock';
import { loadConfig } from '../config';

/**
 * The restore rehearsal (README "Running in production" → "Backup and restore"): a database with
 * members' requests is copied with `npm run backup` (scripts/backup.mjs), restored with
 * `npm run restore` (scripts/restore.mjs) into a new one, and the portal started on the copy — with
 * no seed, so everything it shows came from the backup — finds the same member data and protocols.
 * On PGlite (a data directory on disk) by default; on PostgreSQL (pg_dump -Fc / pg_restore, two
 * throwaway databases) when TEST_PG_URL is set, as in CI's PostgreSQL run.
 */

const ROOT = join(import.meta.dirname, '../../../..');
const pgAdmin = process.env.TEST_PG_URL;
const dir = mkdtempSync(join(tmpdir(), 'portal-restauracao-'));
const bancos: string[] = [];

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!pgAdmin) return;
  const a = new pg.Client({ connectionString: pgAdmin });
  await a.connect();
  for (const b of bancos) await a.query(`drop database if exists ${b} with (force)`);
  await a.end();
});

/** The environment naming a database: a PGlite data directory, or a new PostgreSQL database (not created). */
function banco(nome: string): Record<string, string> {
  if (!pgAdmin) return { DATA_DIR: join(dir, nome) };
  const b = `portal_test_${nome}_${randomBytes(4).toString('hex')}`;
  bancos.push(b);
  const u = new URL(pgAdmin);
  u.pathname = `/${b}`;
  return { DATABASE_URL: u.toString() };
}

async function criar(env: Record<string, string>) {
  if (!env.DATABASE_URL) return;
  const a = new pg.Client({ connectionString: pgAdmin });
  await a.connect();
  await a.query(`create database ${new URL(env.DATABASE_URL).pathname.slice(1)}`);
  await a.end();
}

/** The CLI as an operator runs it; resolves with its exit code and output. */
function script(nome: 'backup' | 'restore', arquivo: string, env: Record<string, string>) {
  const limpo = { ...process.env };
  delete limpo.DATABASE_URL;
  delete limpo.DATA_DIR;
  return new Promise<{ code: number; saida: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'scripts', `${nome}.mjs`), arquivo],
      { cwd: ROOT, env: { ...limpo, ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, saida: stdout + stderr }),
    );
  });
}

/** The portal (the whole app, listening) on that database, on the API tests' fixed clock. */
async function portal(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
  const app = await buildApp(config, { clock: manualClock(HOJE) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return { url: typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '', close: () => app.close() };
}

interface Exportacao {
  titular: unknown;
  vinculos: unknown;
  carteirinhas: unknown;
  protocolos: { numero: string }[];
  solicitacoes: unknown;
  contratoDaSessao: unknown;
}

/** What Maria sees: her protocols (first page) and her data export, without the parts a new sign-in changes. */
async function oQueMariaVe(url: string) {
  const c = new Client(url);
  const { codigoSessao } = await c.login(CPF.maria, undefined, CONTRATO.maria);
  const perfil = { codigoSessao };
  const lista = await c.post<{ protocolos: { protocolo: string }[]; total: number }>('/api/Protocolos/Listar', {
    perfilAutenticado: perfil,
  });
  expect(lista.status).toBe(200);
  const exp = await c.post<Exportacao>('/api/MeusDados/Exportar', { perfilAutenticado: perfil });
  expect(exp.status).toBe(200);
  const { titular, vinculos, carteirinhas, protocolos, solicitacoes, contratoDaSessao } = exp.body;
  return {
    c,
    perfil,
    lista: lista.body,
    dados: { titular, vinculos, carteirinhas, protocolos, solicitacoes, contratoDaSessao },
  };
}

it(`backs up a database with members' requests and restores it into a new one (${pgAdmin ? 'PostgreSQL' : 'PGlite'})`, async () => {
  const origem = banco('origem');
  await criar(origem);
  const a = await portal({ ...origem, SEED: 'demo' });
  const criados: string[] = [];
  let antes;
  try {
    const { c, perfil } = await oQueMariaVe(a.url);
    for (const interesse of ['SOS', 'ORTOPEDICO', 'DEPENDENTES']) {
      const r = await c.post<{ protocolo: string }>(
        '/api/Venda/ContatoInicial',
        { perfilAutenticado: perfil, interesse },
        { headers: { 'idempotency-key': randomUUID() } },
      );
      expect(r.status).toBe(200);
      criados.push(r.body.protocolo);
    }
    antes = await oQueMariaVe(a.url);
  } finally {
    await a.close();
  }
  expect(antes.lista.protocolos.map((p) => p.protocolo)).toEqual(expect.arrayContaining(criados));

  const arquivo = join(dir, 'portal.backup');
  const backup = await script('backup', arquivo, origem);
  expect(backup.saida).toContain('Cópia de segurança');
  expect(backup.code).toBe(0);
  // pg_dump's custom format, or PGlite's gzip'd data directory.
  expect(readFileSync(arquivo).subarray(0, pgAdmin ? 5 : 2)).toEqual(
    pgAdmin ? Buffer.from('PGDMP') : Buffer.from([0x1f, 0x8b]),
  );
  // An existing file is never overwritten.
  expect(await script('backup', arquivo, origem)).toMatchObject({
    code: 2,
    saida: expect.stringContaining('já existe'),
  });

  const destino = banco('destino');
  const restore = await script('restore', arquivo, destino);
  expect(restore.saida).toContain('restaurado');
  expect(restore.code).toBe(0);
  // Only into an empty database: a second restore into it changes nothing.
  expect(await script('restore', arquivo, destino)).toMatchObject({
    code: 2,
    saida: expect.stringContaining('não está vazio'),
  });

  // No seed: whatever the portal finds came from the backup.
  const b = await portal({ ...destino, SEED: 'none' });
  try {
    const depois = await oQueMariaVe(b.url);
    expect(depois.lista.protocolos.map((p) => p.protocolo)).toEqual(expect.arrayContaining(criados));
    expect(depois.lista).toEqual(antes.lista);
    expect(depois.dados).toEqual(antes.dados);
    expect(depois.dados.protocolos.map((p) => p.numero)).toEqual(expect.arrayContaining(criados));
  } finally {
    await b.close();
  }
  if (!pgAdmin) expect(existsSync(join(destino.DATA_DIR!, 'PG_VERSION'))).toBe(true);
}, 300_000);

it('refuses a backup file into the other kind of database, and a file that is not a backup', async () => {
  const lixo = join(dir, 'lixo.bin');
  rmSync(lixo, { force: true });
  await import('node:fs').then((fs) => fs.writeFileSync(lixo, 'não é uma cópia'));
  const r = await script('restore', lixo, { DATA_DIR: join(dir, 'nunca') });
  expect(r).toMatchObject({ code: 2, saida: expect.stringContaining('não é uma cópia feita por npm run backup') });
  await import('node:fs').then((fs) => fs.writeFileSync(lixo, 'PGDMP…'));
  expect(await script('restore', lixo, { DATA_DIR: join(dir, 'nunca') })).toMatchObject({
    code: 2,
    saida: expect.stringContaining('defina DATABASE_URL'),
  });
  expect(existsSync(join(dir, 'nunca'))).toBe(false);
});
