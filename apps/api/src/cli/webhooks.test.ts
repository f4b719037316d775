import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executar } from './webhooks';

/**
 * `npm run webhooks -- …` against the server's configuration: a PGlite data directory, or a
 * throwaway database on TEST_PG_URL.
 */
const ADMIN = process.env.TEST_PG_URL;
let env: Record<string, string>;
let limpar: () => Promise<void>;

beforeAll(async () => {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  if (ADMIN) {
    const nome = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN });
    await admin.connect();
    await admin.query(`create database ${nome}`);
    await admin.end();
    const url = new URL(ADMIN);
    url.pathname = `/${nome}`;
    env = { ...base, DATABASE_URL: url.toString() };
    limpar = async () => {
      const a = new pg.Client({ connectionString: ADMIN });
      await a.connect();
      await a.query(`drop database if exists ${nome} with (force)`);
      await a.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'portal-webhooks-cli-'));
    env = { ...base, DATA_DIR: dir };
    limpar = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(() => limpar());

// One command a test (each opens the database as the CLI does, so a test is bounded by one command's work);
// the steps follow one endpoint, in order.
describe('npm run webhooks: an endpoint created, listed, rotated, replayed and disabled', () => {
  let ep: { id: string; segredo: string };

  it('criar prints the endpoint and its secret, once', async () => {
    const criado = await executar(
      ['criar', '--url', 'http://localhost:9/w', '--eventos', 'protocolo.criado,dependentes.solicitados'],
      env,
    );
    expect(criado).toMatch(/Guarde o segredo agora: ele não será mostrado de novo\.$/);
    ep = JSON.parse(criado.slice(0, criado.lastIndexOf('}') + 1)) as typeof ep;
    expect(ep.segredo).toMatch(/^whsec_/);
  });

  it('listar shows it active, without the secret', async () => {
    const lista = await executar(['listar'], env);
    expect(JSON.parse(lista)).toEqual([
      expect.objectContaining({ id: ep.id, url: 'http://localhost:9/w', ativo: true }),
    ]);
    expect(lista).not.toContain('whsec_');
  });

  it('rotacionar prints a new secret', async () => {
    const rot = await executar(['rotacionar', ep.id, '--sobreposicao-horas', '2'], env);
    expect(rot).toMatch(/"segredo": "whsec_/);
    expect(rot).not.toContain(ep.segredo);
  });

  it('reenviar over a period queues what it finds (none here)', async () => {
    expect(await executar(['reenviar', '--desde', '2026-01-01T00:00:00Z', '--ate', '2026-01-02T00:00:00Z'], env)).toBe(
      '0 entrega(s) na fila.',
    );
  });

  it('desativar disables it, and listar shows it inactive', async () => {
    expect(await executar(['desativar', ep.id], env)).toBe('Endpoint desativado.');
    expect(JSON.parse(await executar(['listar'], env))).toEqual([expect.objectContaining({ ativo: false })]);
  });
});

describe('npm run webhooks refuses bad input with a Portuguese message', () => {
  it('a URL without https', async () => {
    await expect(
      executar(['criar', '--url', 'http://erp.exemplo.com.br', '--eventos', 'protocolo.criado'], env),
    ).rejects.toThrow(/deve usar https/);
  });
  it('no events', async () => {
    await expect(executar(['criar', '--url', 'https://erp.exemplo.com.br'], env)).rejects.toThrow(/^Informe --eventos/);
  });
  it('an unknown message', async () => {
    await expect(executar(['reenviar', 'msg_x'], env)).rejects.toThrow('Mensagem de webhook não encontrada.');
  });
  it('a period that is not one', async () => {
    await expect(executar(['reenviar', '--desde', 'ontem', '--ate', 'hoje'], env)).rejects.toThrow(/^Período inválido/);
  });
  it('an unknown endpoint', async () => {
    await expect(executar(['desativar', 'ep_x'], env)).rejects.toThrow('Endpoint de webhook não encontrado.');
  });
  it('an unknown command', async () => {
    await expect(executar(['apagar'], env)).rejects.toThrow(/^Comando desconhecido: apagar/);
  });
  it('no command: the usage', async () => {
    expect(await executar([], env)).toMatch(/^Uso: npm run webhooks/);
  });
});
