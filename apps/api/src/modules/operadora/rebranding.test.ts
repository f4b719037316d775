import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/helper';
import { loadConfig } from '../../config';
import { loadOperadora } from './config';

// What an operator relies on when it re-brands the portal (README 'Re-branding for an operator').
const demoDir = loadConfig({}).operadoraDir;

describe('the demo operator folder', () => {
  it("operadora.json's banners say what banners.json (written with the art) says, same ids and widths", () => {
    const arte = JSON.parse(readFileSync(join(demoDir, 'banners.json'), 'utf8')) as unknown;
    expect(loadOperadora(demoDir, {}).banners).toEqual(arte);
  });

  it('holds every file the portal asks for by name: logos, favicon, touch icon, every banner width', () => {
    const o = loadOperadora(demoDir, {});
    const arquivos = [
      o.logo,
      o.logoBranco,
      '/operadora/favicon.svg',
      '/operadora/icons/apple-touch-icon-180.png',
      ...[...o.banners.desktop, ...o.banners.mobile].flatMap((b) =>
        b.larguras.flatMap((w) => [`/operadora/banners/${b.id}-${w}.avif`, `/operadora/banners/${b.id}-${w}.webp`]),
      ),
    ];
    for (const url of arquivos)
      expect(existsSync(join(demoDir, 'public', url.replace('/operadora/', ''))), url).toBe(true);
  });
});

describe('serving a re-branded portal', () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  let demo: TestApp;
  let outra: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<html><head><!--__OPERADORA_HEAD__--></head><body></body></html>');
    demo = await startApp({ env: { WEB_DIST: dist } });
    outra = await startApp({
      env: {
        WEB_DIST: dist,
        OPERADORA_NOME: 'Vida Plena Saúde',
        OPERADORA_LOGO: 'https://cdn.vidaplena.com.br/marca/logo.svg',
        OPERADORA_LOGO_BRANCO: 'https://cdn.vidaplena.com.br/marca/logo-branco.svg',
      },
    });
  });
  afterAll(async () => {
    await demo.close();
    await outra.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("the operator folder's images are served under /operadora/ (favicon and icons included)", async () => {
    for (const url of ['/operadora/logo.svg', '/operadora/favicon.svg', '/operadora/icons/apple-touch-icon-180.png']) {
      const r = await demo.client().get(url);
      expect(r.status, url).toBe(200);
    }
  });

  it('images stay on the own origin by default; a logo on the operator’s https server is allowed by the CSP', async () => {
    const csp = (await demo.client().get('/home')).headers.get('content-security-policy');
    expect(csp).toContain("img-src 'self' data:;");
    const r = await outra.client().get('/home');
    expect(r.text).toContain('"logo":"https://cdn.vidaplena.com.br/marca/logo.svg"');
    expect(r.headers.get('content-security-policy')).toContain("img-src 'self' data: https://cdn.vidaplena.com.br;");
  });
});
