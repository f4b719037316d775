import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/helper';

const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
const INDEX = `<!doctype html><html lang="pt-BR"><head><meta property="csp-nonce" nonce="__CSP_NONCE__">
<script type="module" src="/assets/index-a1b2c3.js"></script><style nonce="__CSP_NONCE__">body{}</style></head><body><div id="root"></div></body></html>`;
const ATENDIMENTO = `<!doctype html><html lang="pt-BR"><head><meta property="csp-nonce" nonce="__CSP_NONCE__">
<title>Atendimento — __OPERADORA_NOME__</title><!--__OPERADORA_HEAD__--></head><body><div id="console"></div></body></html>`;

// The build's prerendered /login (decision 0040): index.html with the CPF step in #root and the
// operator's fields as placeholders.
const LOGIN = INDEX.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerender="/login"><img src="__OPERADORA_LOGO__" alt="__OPERADORA_NOME__ — Portal do Beneficiário"><h1>Acesse sua conta</h1></div>',
);

let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'selos'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'atendimento.html'), ATENDIMENTO);
  writeFileSync(join(dist, 'login.html'), LOGIN);
  writeFileSync(join(dist, 'assets/index-a1b2c3.js'), 'console.log("app")');
  writeFileSync(join(dist, 'selos/12.png'), 'png');
  t = await startApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the SPA', () => {
  it('index.html gets a fresh nonce per response, in the page and in the CSP', async () => {
    const c = t.client();
    const a = await c.get('/');
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(a.headers.get('cache-control')).toBe('no-cache');
    const nonce = /nonce="([^"]+)"/.exec(a.text)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a.text).not.toContain('__CSP_NONCE__');
    expect(a.text.match(new RegExp(`nonce="${nonce!.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(2);
    expect(a.headers.get('content-security-policy')).toContain(`style-src 'self' 'nonce-${nonce}';`);
    expect(a.headers.get('content-security-policy')).toContain("script-src 'self';");
    const b = await c.get('/login');
    const nonceB = /nonce="([^"]+)"/.exec(b.text)?.[1];
    expect(nonceB).toBeDefined();
    expect(nonceB).not.toBe(nonce);
  });

  it('history fallback: any page path answers index.html', async () => {
    for (const path of ['/home', '/guia-medico?cidade=1', '/nao/existe', '/index.html']) {
      const r = await t.client().get(path);
      expect(r.status, path).toBe(200);
      expect(r.text, path).toContain('<div id="root">');
    }
  });

  it('/login (any case, a final slash, a query) answers the prerendered page, branded, with a fresh nonce; no other path does', async () => {
    for (const path of ['/login', '/Login', '/LOGIN/', '/login?volta=1']) {
      const r = await t.client().get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control'), path).toBe('no-cache');
      expect(r.text, path).toContain('<div id="root" data-prerender="/login"><img src="/operadora/logo.svg" alt="');
      expect(r.text, path).toContain('<h1>Acesse sua conta</h1>');
      expect(r.text, path).not.toMatch(/__OPERADORA_|__CSP_NONCE__/);
      const nonce = /nonce="([^"]+)"/.exec(r.text)?.[1];
      expect(r.headers.get('content-security-policy'), path).toContain(`style-src 'self' 'nonce-${nonce}';`);
    }
    for (const path of ['/', '/home', '/login/outra', '/cadastro', '/loginx']) {
      expect((await t.client().get(path)).text, path).toContain('<div id="root"></div>');
    }
    // Not a static file either (its placeholders would go out unfilled).
    expect((await t.client().get('/login.html')).text).toContain('<div id="root"></div>');
  });

  it('a build without login.html answers /login with index.html', async () => {
    const semLogin = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(semLogin, 'index.html'), INDEX);
    const outro = await startApp({ env: { WEB_DIST: semLogin } });
    try {
      const r = await outro.client().get('/login');
      expect(r.status).toBe(200);
      expect(r.text).toContain('<div id="root"></div>');
    } finally {
      await outro.close();
      rmSync(semLogin, { recursive: true, force: true });
    }
  });

  it('the staff console (/atendimento and below) answers its own page, branded, with a fresh nonce', async () => {
    for (const path of ['/atendimento', '/atendimento/entrar', '/atendimento/protocolos/2026000123?x=1']) {
      const r = await t.client().get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control'), path).toBe('no-cache');
      expect(r.text, path).toContain('<div id="console">');
      expect(r.text, path).not.toContain('<div id="root">');
      expect(r.text, path).not.toContain('__CSP_NONCE__');
      expect(r.text, path).not.toContain('__OPERADORA_NOME__');
      expect(r.text, path).toContain('<script type="application/json" id="operadora">');
      const nonce = /nonce="([^"]+)"/.exec(r.text)?.[1];
      expect(r.headers.get('content-security-policy'), path).toContain(`style-src 'self' 'nonce-${nonce}';`);
    }
    // Only the console's own paths: a member path that merely starts alike stays the member app.
    expect((await t.client().get('/atendimentos')).text).toContain('<div id="root">');
    // The page itself is not a static file (its placeholders would go out unfilled).
    expect((await t.client().get('/atendimento.html')).text).toContain('<div id="root">');
  });

  it('hashed assets are immutable; other files cached an hour; a missing asset is a 404', async () => {
    const js = await t.client().get('/assets/index-a1b2c3.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe('console.log("app")');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const selo = await t.client().get('/selos/12.png');
    expect(selo.status).toBe(200);
    expect(selo.headers.get('cache-control')).toBe('public, max-age=3600');
    const missing = await t.client().get('/assets/nada.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NAO_ENCONTRADO' });
  });

  it('/api paths and non-GET methods never fall back to the page', async () => {
    const api = await t.client().get('/api/qualquer', { auth: false });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect((await t.client().post('/home', {})).status).toBe(404);
  });
});

describe('without a built SPA', () => {
  it('serves a Portuguese page saying so; the API still works', async () => {
    const bare = await startApp({ env: { WEB_DIST: join(dist, 'nao-existe') } });
    try {
      const r = await bare.client().get('/login');
      expect(r.status).toBe(503);
      expect(r.text).toContain('O aplicativo web ainda não foi gerado.');
      expect((await bare.client().get('/healthz')).status).toBe(200);
      expect((await bare.client().post('/api/Login/VerificarCPF', { cpf: '52998224725' })).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
