import { formatarNumeroProtocolo } from '@portal/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MARIA } from './support/contas';
import { launch, openSession, screenshot } from './support/browser';
import { verificarNasDuasLarguras } from './support/larguras';
import { entrar, loginMaria, navegar, pedidosA, toast, visible } from './support/flows';
import { sentTo } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TITULO = 'Termo de Ciência – Redirecionamento para Parceiro';

test('Maria consents and opens the partner link in a new tab; closing resets the link', async () => {
  const s = await openSession(browser);
  const { page, context } = s;
  // The partner's site is the one edge we do not own: it answers a plain page here.
  let pedidoAoParceiro = '';
  await context.route('https://clube.saudeexemplo.com.br/**', (route) => {
    pedidoAoParceiro = route.request().url();
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Clube</title><p>Parceiro</p>' });
  });
  await loginMaria(page);
  await visible(page.getByRole('heading', { level: 1 })); // the protected layout (and its menu) is drawn
  await navegar(page, 'Clube de benefícios');
  await page.waitForURL(/\/beneficios$/);
  await verificarNasDuasLarguras(page, 'beneficios');

  // Cancelar closes without anything recorded.
  await page.getByRole('button', { name: 'Acessar Clube de Benefícios' }).click();
  const dialog = page.getByRole('dialog', { name: TITULO });
  await visible(dialog.getByText(/compartilharemos com o parceiro o seu nome completo e o seu CPF/));
  await visible(dialog.getByText(/política de privacidade dele/));
  await verificarNasDuasLarguras(page, 'beneficios-termo');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'hidden' });

  const antes = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: 'Acessar Clube de Benefícios' }).click();
  const consentimentos = pedidosA(page, '/api/Clube/SmartLinkLogin');
  await dialog.getByRole('button', { name: 'OK' }).click();
  const abrir = dialog.getByRole('button', { name: /Abrir o Clube de Benefícios/ });
  await visible(abrir);
  const protocolo = (await dialog.getByText(/^\d{20}$/).textContent())!;
  await verificarNasDuasLarguras(page, 'beneficios-link');
  const [aba] = await Promise.all([context.waitForEvent('page'), abrir.click()]);
  await aba.waitForLoadState();
  expect(pedidoAoParceiro).toMatch(/^https:\/\/clube\.saudeexemplo\.com\.br\/acesso\?token=[\w-]{43}$/);
  expect(aba.url()).toBe(pedidoAoParceiro);
  expect(await aba.evaluate(() => window.opener)).toBeNull();
  await aba.close();
  // The consent was recorded with a protocol and Maria was told (in the request's transaction).
  expect(await consentimentos.respondidos()).toBe(1);
  const avisos = (await sentTo(MARIA.email, antes)).filter((m) => m.mensagem.includes('clube de benefícios'));
  expect(avisos).toHaveLength(1);
  expect(avisos[0]!.mensagem).toContain(formatarNumeroProtocolo(protocolo));

  // Closing resets the link: opening again asks again.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Acessar Clube de Benefícios' }).click();
  await visible(dialog.getByRole('button', { name: 'OK' }));
  expect(await dialog.getByRole('button', { name: /Abrir o Clube de Benefícios/ }).count()).toBe(0);
  await s.close();
});

test("a blocked pop-up shows the link in 'Pop-up Bloqueado'; all by keyboard", async () => {
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  await page.goto('/beneficios');
  // The browser blocks new windows on this page.
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'Acessar Clube de Benefícios' }).focus();
  await page.keyboard.press('Enter');
  const termo = page.getByRole('dialog', { name: TITULO });
  await visible(termo);
  // Focus is inside the dialog: Tab to OK, Enter.
  for (let i = 0; i < 4 && !(await page.evaluate(() => document.activeElement?.textContent === 'OK')); i++)
    await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const abrir = termo.getByRole('button', { name: /Abrir o Clube de Benefícios/ });
  await visible(abrir);
  await abrir.focus();
  await page.keyboard.press('Enter');
  const bloqueado = page.getByRole('dialog', { name: 'Pop-up Bloqueado' });
  await visible(bloqueado);
  const link = bloqueado.getByRole('link', { name: /clube\.saudeexemplo\.com\.br\/acesso/ });
  expect(await link.getAttribute('href')).toMatch(/^https:\/\/clube\.saudeexemplo\.com\.br\/acesso\?token=/);
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  await verificarNasDuasLarguras(page, 'beneficios-popup-bloqueado', 375);
  await s.close();
});

test("no answer from the server is 'Erro inesperado'", async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await page.goto('/beneficios');
  await page.route('**/api/Clube/SmartLinkLogin', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Acessar Clube de Benefícios' }).click();
  await page.getByRole('dialog', { name: TITULO }).getByRole('button', { name: 'OK' }).click();
  await visible(toast(page, 'Erro inesperado'));
  await visible(toast(page, 'Verifique sua conexão com a internet.'));
  // The browser logs the aborted request; that is the point of this test.
  s.problems.splice(0, s.problems.length, ...s.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')));
  await s.close();
});

test('on a phone the ready link is in view and has the focus (it landed below the fold)', async () => {
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  await page.goto('/beneficios');
  await page.getByRole('button', { name: 'Acessar Clube de Benefícios' }).click();
  const dialog = page.getByRole('dialog', { name: TITULO });
  await dialog.getByRole('button', { name: 'OK' }).click();
  const abrir = dialog.getByRole('button', { name: /Abrir o Clube de Benefícios/ });
  await visible(abrir);
  await page.waitForFunction(() => document.activeElement?.textContent?.includes('Abrir o Clube de Benefícios'));
  const caixa = (await abrir.boundingBox())!;
  expect(caixa.y).toBeGreaterThanOrEqual(0);
  expect(caixa.y + caixa.height).toBeLessThanOrEqual(800);
  await screenshot(page, 'beneficios-link-375');
  await s.close();
});
