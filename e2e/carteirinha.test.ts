import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { lerPdf } from '../test/pdf-text';
import { CARLOS, MARIA, SENHA } from './support/contas';
import {
  baseUrl,
  CHROMIUM_ARGS,
  CHROMIUM_COMPLETO,
  expectNoAxeViolations,
  launch,
  openSession,
  screenshot,
  type Session,
} from './support/browser';
import { login, loginMaria, navegar, submitPassword, visible } from './support/flows';
import { verificarNasDuasLarguras } from './support/larguras';

// Carteirinha digital (issue 8, decision 0016): Maria shows her family's cards — also with the
// network cut — a clinic in another browser verifies her QR code (scanned or typed), altered and
// expired codes say so, the app is installable, and signing out removes the card kept offline.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const FAMILIA = ['Maria Aparecida Souza', 'João Pedro Souza', 'Ana Clara Souza'];
const CACHE_OFFLINE = 'portal-dados-offline-v1';

/** The names on the cards, in order (each card is a region named by its h2). */
async function nomesDosCartoes(page: Page): Promise<string[]> {
  return page.locator('main section[aria-labelledby] h2').allTextContents();
}

/** Offline, the browser logs each refused request: those lines are the network being cut, not faults. */
function semErrosDeRede(s: Session) {
  const resto = s.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_FAILED/.test(p));
  s.problems.splice(0, s.problems.length, ...resto);
}

test('Maria shows her family’s cards, online and with the network cut; a clinic verifies her QR code', async () => {
  const s = await openSession(browser, { comServiceWorker: true });
  const { page, context } = s;
  await loginMaria(page);
  await navegar(page, 'Carteirinha digital');
  await page.waitForURL(/\/carteirinha$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Carteirinha digital' }));
  await visible(page.getByRole('heading', { level: 2, name: 'Ana Clara Souza' }));
  expect(await nomesDosCartoes(page)).toEqual(FAMILIA);

  // Her own card first, with what the front desk asks for, and its QR code already shown.
  const dela = page.getByRole('region', { name: 'Maria Aparecida Souza' });
  for (const texto of [
    'Saúde Exemplo',
    'ANS nº 417297',
    'Nº da carteirinha',
    '1100 2340 01',
    '700 5048 3917 2315',
    'Saúde Exemplo Essencial Apartamento',
    '484521201',
    'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
    'APARTAMENTO',
    '01/03/2019',
    'Central de Atendimento',
    '0800 770 4172',
  ])
    await visible(dela.getByText(texto, { exact: false }));
  expect(await dela.locator('dd').allTextContents()).toContain('Nenhuma');
  expect(await dela.textContent()).not.toContain(MARIA.cpf);
  const figura = await visible(dela.locator('figure[data-token]'));
  const token = (await figura.getAttribute('data-token'))!;
  const codigo = (await dela.locator('[data-codigo]').getAttribute('data-codigo'))!;
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(codigo).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  await visible(dela.getByRole('img', { name: 'QR Code de verificação da carteirinha de Maria Aparecida Souza' }));
  await visible(dela.getByText(`${codigo.slice(0, 4)}-${codigo.slice(4)}`));
  await verificarNasDuasLarguras(page, 'carteirinha');

  // The service worker controls the page, and the card is kept for use without network.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await page.waitForFunction((nome) => caches.has(nome), CACHE_OFFLINE, { timeout: 10_000 });

  // Keyboard only: the next card's 'Mostrar QR Code', Enter, and its QR code appears.
  const joao = page.getByRole('region', { name: 'João Pedro Souza' });
  await joao.getByRole('button', { name: 'Mostrar QR Code' }).focus();
  await page.keyboard.press('Enter');
  await visible(joao.getByRole('img', { name: 'QR Code de verificação da carteirinha de João Pedro Souza' }));
  expect(await joao.getByRole('button', { name: 'Esconder QR Code' }).getAttribute('aria-expanded')).toBe('true');

  // 'Baixar PDF': the card as a document with a text layer.
  const baixou = page.waitForEvent('download');
  await dela.getByRole('button', { name: 'Baixar PDF' }).click();
  const download = await baixou;
  expect(download.suggestedFilename()).toBe('carteirinha-1100234001.pdf');
  const pdf = await lerPdf(readFileSync((await download.path())!));
  expect(pdf.texto).toContain('Maria Aparecida Souza');
  expect(pdf.texto).toContain('Carteirinha nº 1100 2340 01');
  expect(pdf.marcado).toBe(true);

  // A clinic, in another browser with nobody signed in, scans the QR code: its camera opens the
  // verification page with the token after '#t='.
  const clinica = await openSession(browser, { width: 375, comServiceWorker: true });
  await clinica.page.goto(`/verificar-carteirinha#t=${token}`);
  const resultado = await visible(clinica.page.getByRole('region', { name: 'Carteirinha válida' }));
  const texto = (await resultado.textContent()) ?? '';
  expect(texto).toContain('Maria Aparecida Souza');
  expect(texto).toContain('Saúde Exemplo Essencial Apartamento');
  expect(texto).toMatch(/Carteirinha válida hoje, \d{2}\/\d{2}\/\d{4}\./);
  for (const dado of [MARIA.cpf, '52998224725', '1100234001', '1100 2340 01', '100234'])
    expect(texto).not.toContain(dado);
  // The token leaves the address bar (a shared phone's history keeps nothing).
  expect(clinica.page.url()).toMatch(/\/verificar-carteirinha$/);
  await verificarNasDuasLarguras(clinica.page, 'verificar-carteirinha-valida', 375);

  // Typed, by keyboard: the 8 characters in lower case with a dash.
  const campo = clinica.page.getByLabel('Código de verificação');
  await campo.focus();
  await clinica.page.keyboard.type(`${codigo.slice(0, 4).toLowerCase()}-${codigo.slice(4)}`);
  await clinica.page.keyboard.press('Enter');
  await visible(clinica.page.getByRole('region', { name: 'Carteirinha válida' }));
  // The result's heading takes the focus, so a screen reader hears it.
  expect(await clinica.page.evaluate(() => document.activeElement?.textContent)).toBe('Carteirinha válida');

  // An altered token (one character of the signature) and a code never issued.
  const alterado = token.slice(0, -3) + (token.slice(-3) === 'AAA' ? 'BBB' : 'AAA');
  await clinica.page.goto(`/verificar-carteirinha#t=${alterado}`);
  const invalido = await visible(clinica.page.getByRole('region', { name: 'Código inválido' }));
  expect(await invalido.textContent()).toContain(
    'QR Code inválido: ele não foi emitido pela Saúde Exemplo ou foi alterado.',
  );
  expect(await invalido.textContent()).not.toContain('Maria');
  await expectNoAxeViolations(clinica.page, 'verificar-carteirinha inválido');
  await screenshot(clinica.page, 'verificar-carteirinha-invalido-375');
  await campo.fill('ABC');
  await clinica.page.getByRole('button', { name: 'Verificar' }).click();
  await visible(
    clinica.page.getByText('Digite o código de verificação de 8 letras e números (XXXX-XXXX) ou leia o QR Code.'),
  );
  expect(await campo.getAttribute('aria-invalid')).toBe('true');
  await expectNoAxeViolations(clinica.page, 'verificar-carteirinha campo inválido');
  await clinica.close();

  // The network cut: the page opens again from this device — the app shell from the service
  // worker, the cards from the copy kept when they were last seen, with when that was.
  await context.setOffline(true);
  await page.reload();
  await visible(page.getByRole('heading', { level: 1, name: 'Carteirinha digital' }));
  const aviso = await visible(page.getByRole('status').filter({ hasText: 'Você está sem internet' }));
  expect(await aviso.textContent()).toMatch(
    /Esta é a carteirinha salva neste aparelho em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./,
  );
  expect(await nomesDosCartoes(page)).toEqual(FAMILIA);
  await visible(page.getByText('1100 2340 03'));
  await visible(
    page
      .getByRole('region', { name: 'Maria Aparecida Souza' })
      .getByText('O QR Code de verificação precisa de internet.', {
        exact: false,
      }),
  );
  await verificarNasDuasLarguras(page, 'carteirinha-sem-internet');
  // The Home offline: no carousel of broken banner images (they are not kept on the device).
  await page.getByRole('link', { name: 'Home' }).filter({ visible: true }).first().click();
  await visible(
    page.getByRole('heading', { level: 2, name: 'Seus Dados Principais' }).or(page.getByText('Seus Dados Principais')),
  );
  expect(await page.getByRole('region', { name: 'Destaques' }).count()).toBe(0);
  expect(await page.getByRole('img', { name: /banner|BemBebe/i }).count()).toBe(0);
  await context.setOffline(false);
  await visible(page.getByRole('region', { name: 'Destaques' }));
  semErrosDeRede(s);
  await s.close();
});

test('Chrome finds the portal installable (its own checks, which Lighthouse 12 no longer runs)', async () => {
  // A browser profile on disk: Chrome does not install apps from an incognito-like context.
  const perfil = mkdtempSync(join(tmpdir(), 'portal-pwa-'));
  const context = await chromium.launchPersistentContext(perfil, {
    executablePath: CHROMIUM_COMPLETO,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await loginMaria(page);
    await page.goto('/carteirinha');
    await visible(page.getByRole('heading', { level: 2, name: 'Maria Aparecida Souza' }));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifesto = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifesto.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifesto.errors).toEqual([]);
    // The start_url answers from the service worker with no network (the old offline-start-url check).
    await context.setOffline(true);
    const r = await page.goto('/carteirinha');
    expect(r?.status()).toBe(200);
    await visible(page.getByRole('heading', { level: 1, name: 'Carteirinha digital' }));
    await context.setOffline(false);
  } finally {
    await context.close();
    rmSync(perfil, { recursive: true, force: true });
  }
});

test('an expired QR code says so at the clinic (the server’s answer, API-tested with its clock)', async () => {
  const clinica = await openSession(browser, { width: 375, comServiceWorker: true });
  await clinica.page.route('**/api/CarteirinhaDigital/Verificar', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        situacao: 'EXPIRADA',
        mensagem:
          'Este QR Code expirou. Peça ao beneficiário para abrir a carteirinha digital de novo e mostrar o código atualizado.',
        verificadoEm: new Date().toISOString(),
        dia: '2026-03-10',
        beneficiario: null,
      }),
    }),
  );
  await clinica.page.goto(
    '/verificar-carteirinha#t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMTAwMjM0MDAxIn0.c2lnbmF0dXJlc2lnbmF0dXJl',
  );
  const expirado = await visible(clinica.page.getByRole('region', { name: 'Código expirado' }));
  expect(await expirado.textContent()).toContain('Este QR Code expirou.');
  await expectNoAxeViolations(clinica.page, 'verificar-carteirinha expirado');
  await screenshot(clinica.page, 'verificar-carteirinha-expirado-375');
  await clinica.close();
});

test('signing out, or the session expiring, removes the card kept on the device', async () => {
  const s = await openSession(browser, { width: 375, comServiceWorker: true });
  const { page, context } = s;
  await loginMaria(page);
  await page.goto('/carteirinha');
  await visible(page.getByRole('heading', { level: 2, name: 'Maria Aparecida Souza' }));
  await page.waitForFunction((nome) => caches.has(nome), CACHE_OFFLINE, { timeout: 10_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(/\/login$/);
  await page.waitForFunction((nome) => caches.has(nome).then((tem) => !tem), CACHE_OFFLINE, { timeout: 10_000 });
  // Without network and without a session, /carteirinha shows no card: the login page (from the
  // service worker's shell) is all there is.
  await context.setOffline(true);
  await page.goto('/carteirinha');
  await page.waitForURL(/\/login$/);
  expect(await page.getByText('Maria Aparecida Souza').count()).toBe(0);
  await context.setOffline(false);

  // Inactivity: the stored session's expiry passes while the tab is closed; the next start has no
  // session, and the kept card is deleted then.
  await loginMaria(page);
  await page.goto('/carteirinha');
  await visible(page.getByRole('heading', { level: 2, name: 'Maria Aparecida Souza' }));
  await page.waitForFunction((nome) => caches.has(nome), CACHE_OFFLINE, { timeout: 10_000 });
  await page.evaluate(() => localStorage.setItem('portal.sessaoExpiraEm', String(Date.now() - 1000)));
  await page.goto('/carteirinha');
  await page.waitForURL(/\/login$/);
  await page.waitForFunction((nome) => caches.has(nome).then((tem) => !tem), CACHE_OFFLINE, { timeout: 10_000 });
  semErrosDeRede(s);
  await s.close();
});

test("a dependant sees only his own card; a cancelled profile's card says so and has no QR code", async () => {
  const s = await openSession(browser, { width: 375, comServiceWorker: true });
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  await navegar(page, 'Carteirinha digital');
  await visible(page.getByRole('heading', { level: 2, name: 'Carlos Eduardo Lima' }));
  expect(await nomesDosCartoes(page)).toEqual(['Carlos Eduardo Lima']);
  const dele = page.getByRole('region', { name: 'Carlos Eduardo Lima' });
  await visible(dele.getByText('1204 5180 02'));
  await visible(dele.getByText('ENFERMARIA'));
  await visible(dele.getByRole('img', { name: 'QR Code de verificação da carteirinha de Carlos Eduardo Lima' }));
  expect(await page.getByText('Marcos').count()).toBe(0);
  await s.close();

  // Maria's cancelled contract (profile 'Cancelado em …'): her old card, greyed, with the day it
  // ended and no QR code to show.
  const antigo = await openSession(browser, { comServiceWorker: true });
  await submitPassword(antigo.page, MARIA.cpf, SENHA);
  await antigo.page
    .getByRole('dialog', { name: 'Perfis Disponíveis' })
    .getByRole('button', { name: /Cancelado em/ })
    .click();
  await antigo.page.waitForURL(/\/home$/i);
  await antigo.page.goto('/carteirinha');
  const velho = await visible(antigo.page.getByRole('region', { name: 'Maria Aparecida Souza' }));
  await visible(velho.getByText('Cancelada em 31/12/2018'));
  await visible(velho.getByText('Esta carteirinha deixou de valer em 31/12/2018 e não tem QR Code de verificação.'));
  expect(await velho.getByRole('button', { name: 'Mostrar QR Code' }).count()).toBe(0);
  expect(await velho.locator('figure[data-token]').count()).toBe(0);
  await verificarNasDuasLarguras(antigo.page, 'carteirinha-cancelada');
  await antigo.close();
});

test('the card route stays within the JavaScript budget; the QR library is in its chunk only', async () => {
  const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
  const gz = (p: string) => gzipSync(readFileSync(join(dist, p)), { level: 9 }).length / 1024;
  const ctx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 800 } });
  const page = await ctx.newPage();
  await loginMaria(page);
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto('/carteirinha', { waitUntil: 'networkidle' });
  await visible(page.getByRole('heading', { level: 1, name: 'Carteirinha digital' }));
  await ctx.close();
  const kb = [...scripts].reduce((soma, p) => soma + gz(p), 0);
  console.log(`/carteirinha: ${kb.toFixed(1)} KB of JavaScript (gzip)`);
  expect(kb).toBeLessThanOrEqual(200);
  // The clinic's page, with nobody signed in, is as light as the login page.
  const publico = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 800 } });
  const clinica = await publico.newPage();
  const daClinica = new Set<string>();
  clinica.on('request', (r) => {
    if (r.resourceType() === 'script') daClinica.add(new URL(r.url()).pathname);
  });
  await clinica.goto('/verificar-carteirinha', { waitUntil: 'networkidle' });
  await visible(clinica.getByRole('heading', { level: 1, name: 'Verificar carteirinha' }));
  await publico.close();
  const kbClinica = [...daClinica].reduce((soma, p) => soma + gz(p), 0);
  console.log(`/verificar-carteirinha: ${kbClinica.toFixed(1)} KB of JavaScript (gzip)`);
  expect(kbClinica).toBeLessThanOrEqual(130);
  // qrcode-generator's own code ('getModuleCount') is in the card page's chunk and nowhere else of
  // the member app (the staff console, its own build of atendimento-* files, draws its TOTP QR too).
  const comQr = readdirSync(join(dist, 'assets')).filter(
    (f) =>
      f.endsWith('.js') &&
      !f.startsWith('atendimento-') &&
      readFileSync(join(dist, 'assets', f), 'utf8').includes('getModuleCount'),
  );
  expect(comQr).toEqual([expect.stringMatching(/^carteirinha-page-[\w-]+\.js$/)]);
});
