import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/helper';
import { loadConfig } from '../config';
import { nomeDoHost } from './host-do-console';

// CONSOLE_HOST (decision 0033, penetration test defect 11): the staff console on a host of its own,
// where nothing of the members answers, and nowhere else.

const CONSOLE = 'console.operadora.exemplo';
const PORTAL = 'portal.operadora.exemplo';

const dist = mkdtempSync(join(tmpdir(), 'portal-web-console-'));
let t: TestApp;
let porta: number;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'atendimento.html'), '<!doctype html><html><body><div id="console"></div></body></html>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets/atendimento-main-a1b2.js'), 'console.log("console")');
  t = await startApp({ env: { WEB_DIST: dist, CONSOLE_HOST: 'Console.Operadora.Exemplo' } });
  porta = Number(new URL(t.url).port);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Resposta {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request with the Host header a browser would send (fetch cannot set it). */
function pedir(
  host: string,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Resposta> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((ok, falha) => {
    const r = httpRequest(
      {
        host: '127.0.0.1',
        port: porta,
        method,
        path,
        headers: {
          host,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    r.on('error', falha);
    r.end(payload);
  });
}

describe('CONSOLE_HOST', () => {
  it('is a host name, checked at start', () => {
    expect(loadConfig({ CONSOLE_HOST: ' Console.Exemplo.com.br ' }).equipe.host).toBe('console.exemplo.com.br');
    expect(loadConfig({ CONSOLE_HOST: '' }).equipe.host).toBeNull();
    expect(loadConfig({}).equipe.host).toBeNull();
    for (const ruim of ['https://console.exemplo', 'console.exemplo:8443', 'console.exemplo/atendimento', 'a b'])
      expect(() => loadConfig({ CONSOLE_HOST: ruim }), ruim).toThrow(/CONSOLE_HOST/);
    expect(nomeDoHost('Console.Exemplo:3000')).toBe('console.exemplo');
    expect(nomeDoHost('[::1]:3000')).toBe('[::1]');
    expect(nomeDoHost(undefined)).toBe('');
  });

  it('the console answers on its host only: its API 404 elsewhere, its pages sent to its host', async () => {
    const H = { 'x-portal-equipe': '1' };
    const aqui = await pedir(`${CONSOLE}:${porta}`, 'POST', '/api/atendimento/entrar', {
      body: { email: 'ninguem@operadora.exemplo', senha: 'qualquer-coisa' },
      headers: H,
    });
    expect(aqui.status).toBe(401);
    expect(JSON.parse(aqui.text)).toMatchObject({ code: 'CREDENCIAL_INVALIDA' });
    expect((await pedir(CONSOLE, 'GET', '/api/atendimento/eu')).status).toBe(401);

    for (const host of [PORTAL, `127.0.0.1:${porta}`, `console.operadora.exemplo.evil:${porta}`]) {
      const r = await pedir(host, 'POST', '/api/atendimento/entrar', {
        body: { email: 'ninguem@operadora.exemplo', senha: 'qualquer-coisa' },
        headers: H,
      });
      expect(r.status, host).toBe(404);
      expect(JSON.parse(r.text), host).toMatchObject({ code: 'NAO_ENCONTRADO' });
      expect((await pedir(host, 'GET', '/api/atendimento/eu')).status, host).toBe(404);
      expect((await pedir(host, 'GET', '/api/atendimento/reembolsos')).status, host).toBe(404);
    }
    // A script in a member page can set X-Forwarded-Host, never Host: only Host counts.
    const forjado = await pedir(PORTAL, 'GET', '/api/atendimento/eu', { headers: { 'x-forwarded-host': CONSOLE } });
    expect(forjado.status).toBe(404);

    const pagina = await pedir(CONSOLE, 'GET', '/atendimento/protocolos/123');
    expect(pagina.status).toBe(200);
    expect(pagina.text).toContain('<div id="console">');
    const longe = await pedir(`${PORTAL}:${porta}`, 'GET', '/atendimento/fila?x=1');
    expect(longe.status).toBe(302);
    expect(longe.headers.location).toBe(`http://${CONSOLE}:${porta}/atendimento/fila?x=1`);
    expect((await pedir(PORTAL, 'GET', '/atendimento')).headers.location).toBe(`http://${CONSOLE}/atendimento`);
  });

  it('on the console’s host nothing of the members answers; health, built files and the API token are shared', async () => {
    const raiz = await pedir(CONSOLE, 'GET', '/');
    expect(raiz.status).toBe(302);
    expect(raiz.headers.location).toBe('/atendimento');
    for (const [method, path] of [
      ['GET', '/login'],
      ['GET', '/home'],
      ['GET', '/index.html'],
      ['GET', '/sw.js'],
      ['GET', '/manifest.webmanifest'],
      ['POST', '/api/Login/PerfisDaConta'],
      ['POST', '/api/VerificarCPF'],
      ['GET', '/api/Sessao/Dados'],
      ['GET', '/api/integracao/v1/protocolos'],
      ['GET', '/api/openapi.json'],
      ['GET', '/api/nao-existe'],
    ] as const) {
      const r = await pedir(CONSOLE, method, path, method === 'POST' ? { body: {} } : {});
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.text, `${method} ${path}`).not.toContain('<div id="root">');
    }
    expect((await pedir(CONSOLE, 'GET', '/healthz')).status).toBe(200);
    expect((await pedir(CONSOLE, 'GET', '/assets/atendimento-main-a1b2.js')).status).toBe(200);
    const token = await pedir(CONSOLE, 'POST', '/api/Token/GerarToken', {
      body: { usuario: 'portal-web', senha: 'portal-web-demo' },
    });
    expect(token.status).not.toBe(404);

    // The members' host is as before.
    expect((await pedir(PORTAL, 'GET', '/login')).text).toContain('<div id="root">');
    expect((await pedir(PORTAL, 'GET', '/sw.js')).status).toBe(200);
    expect((await pedir(PORTAL, 'POST', '/api/Login/PerfisDaConta', { body: {} })).status).not.toBe(404);
  });
});
