import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARLOS, SENHA } from './support/contas';
import { launch, openSession } from './support/browser';
import { login, toast, visible } from './support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('30 minutes without mouse or keyboard end the session with "Sessão encerrada"', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await page.clock.install();
  await login(page, CARLOS.cpf, SENHA);
  // Activity renews the expiry: 20 min idle, a key press, 20 min more — still logged in.
  // The key press also renews the server session (its idle clock only sees API calls).
  await page.clock.fastForward('20:00');
  const renovada = page.waitForResponse((r) => r.url().endsWith('/api/Login/RenovarSessao'));
  await page.keyboard.press('Shift');
  expect((await renovada).status()).toBe(200);
  await page.clock.fastForward('20:00');
  expect(page.url()).toMatch(/\/home$/i);
  await page.clock.fastForward('11:00');
  await page.waitForURL(/\/login$/);
  await visible(toast(page, 'Sessão encerrada'));
  await visible(toast(page, 'Sua sessão expirou por inatividade.'));
  await s.close();
});

test('a reload keeps a live session; routes match case-insensitively; unknown paths show the 404 page', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  await page.reload();
  await visible(page.getByRole('heading', { level: 1, name: /Carlos/ }));
  await page.goto('/Home');
  await visible(page.getByRole('heading', { level: 1, name: /Carlos/ }));
  await page.goto('/ANS');
  await visible(page.getByRole('heading', { level: 1, name: 'Dados ANS' }));
  await page.goto('/login');
  await page.waitForURL(/\/home$/i);
  await page.goto('/nao-existe');
  await visible(page.getByText('Oops! Page not found'));
  await page.getByRole('link', { name: /home|início/i }).click();
  await page.waitForURL(/\/home$/i);
  await s.close();
});

test('below 768 px the menu is a dropdown that works by keyboard alone', async () => {
  const s = await openSession(browser, { width: 375 });
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  expect(await page.getByRole('navigation').getByRole('link', { name: 'Financeiro' }).isVisible()).toBe(false);
  const menu = page.getByRole('button', { name: /Menu/i });
  await menu.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Financeiro' }).or(page.getByRole('link', { name: 'Financeiro' }));
  await visible(item);
  await item.first().focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/financeiro$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Financeiro' }));
  await s.close();
});

test('a session code copied into another browser is refused by the server', async () => {
  const a = await openSession(browser);
  const autenticar = a.page.waitForResponse((r) => r.url().endsWith('/api/Login/Autenticar'));
  await login(a.page, CARLOS.cpf, SENHA);
  const { codigoSessao } = (await (await autenticar).json()) as { codigoSessao: number };
  expect(Number.isSafeInteger(codigoSessao)).toBe(true);

  const b = await openSession(browser);
  const token = (await (
    await b.page.request.post('/api/Token/GerarToken', { data: { usuario: 'portal-web', senha: 'portal-web-demo' } })
  ).json()) as string;
  const stolen = await b.page.request.post('/api/Login/Sair', {
    data: { perfilAutenticado: { codigoSessao } },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(stolen.status()).toBe(401);
  expect(((await stolen.json()) as { code: string }).code).toBe('SESSAO_INVALIDA');
  await b.close();

  // The real browser still has its session and can end it.
  const header = a.page.getByRole('banner');
  await header.getByRole('button', { name: 'Sair' }).click();
  await a.page.waitForURL(/\/login$/);
  await a.close();
});
