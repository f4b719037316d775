import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARLOS, MARIA } from './support/contas';
import { expectNoAxeViolations, launch, screenshot } from './support/browser';
import { entrar, navegar, toast, visible } from './support/flows';
import { verificarNasDuasLarguras } from './support/larguras';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test("Maria follows her family's authorisations, each screen checked at 1280 and 375 px", async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await navegar(page, 'Autorizações');
  await page.waitForURL(/\/autorizacoes$/);
  await visible(page.getByRole('heading', { level: 2, name: 'Autorizações (4)' }));
  const select = page.getByLabel('Beneficiário');
  expect(await select.isEnabled()).toBe(true);
  expect(await select.inputValue()).toBe('1100234001');
  for (const rotulo of ['Aprovado', 'Pendente', 'Concluído'])
    expect(await page.getByText(rotulo, { exact: true }).count()).toBeGreaterThan(0);
  await visible(page.getByText('41101014'));
  await visible(page.getByText('2026101898231'));
  // The list at both widths; the journey goes on at 375 px.
  await verificarNasDuasLarguras(page, 'autorizacoes', 375);
  await visible(page.getByText('41101014'));

  await select.selectOption({ label: 'Ana Clara Souza' });
  await visible(page.getByText('Nenhuma autorização encontrada'));
  await visible(page.getByRole('heading', { level: 2, name: 'Autorizações (0)' }));
  // The empty list at both widths; the journey goes on at 1280 px.
  await verificarNasDuasLarguras(page, 'autorizacoes-vazia');

  await select.selectOption({ label: 'João Pedro Souza' });
  await visible(page.getByRole('heading', { level: 2, name: 'Autorizações (1)' }));
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await visible(page.getByText('Clínica Ortopédica São Lucas'));
  await s.close();
});

test('a dependant sees only himself, the selector disabled; the page works by keyboard', async () => {
  const s = await entrar(browser, CARLOS.cpf);
  const { page } = s;
  await page.goto('/autorizacoes');
  await visible(page.getByRole('heading', { level: 2, name: 'Autorizações (2)' }));
  expect(await page.getByLabel('Beneficiário').isDisabled()).toBe(true);
  // Keyboard: from the heading, Tab reaches 'Atualizar' and Enter refreshes.
  await page.getByRole('heading', { level: 1, name: 'Autorizações' }).focus();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent ?? '')).includes('Atualizar')) break;
  }
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Atualizar');
  await page.keyboard.press('Enter');
  await visible(page.getByText('Clínica Visão Clara'));
  await s.close();
});

test('a session ended on the server ends the page: "Sessão encerrada", back to login', async () => {
  const s = await entrar(browser, MARIA.cpf, { expectStatuses: [401] });
  const { page, context } = s;
  // Home's own calls first: one still in flight when the cookie goes would end the session on
  // /home (its toast there, the stored session cleared) and /autorizacoes would open on /login.
  await page.waitForLoadState('networkidle');
  // The server forgets this browser (as after a logout elsewhere or a password change).
  await context.clearCookies();
  await page.goto('/autorizacoes');
  await visible(toast(page, 'Sessão encerrada'));
  await page.waitForURL(/\/login$/);
  await s.close();
});

test('a page whose script does not arrive says so and offers to try again, instead of a blank screen', async () => {
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  // The phone loses the network for exactly the Autorizações chunk.
  const chunk = /\/assets\/autorizacoes-page-[^/]+\.js$/;
  await page.route(chunk, (r) => r.abort('internetdisconnected'));
  await navegar(page, 'Autorizações');
  await visible(page.getByRole('heading', { level: 1, name: 'Não foi possível abrir esta página' }));
  await visible(page.getByText('Verifique sua conexão com a internet e tente novamente.', { exact: false }));
  await expectNoAxeViolations(page, 'falha ao abrir 375');
  await screenshot(page, 'falha-ao-abrir-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, 'falha ao abrir 1280');
  await screenshot(page, 'falha-ao-abrir-1280');
  // The network is back: 'Tentar novamente' opens the page.
  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await visible(page.getByRole('heading', { level: 2, name: /^Autorizações \(\d+\)$/ }));
  // The dropped chunk and React's report of it are what this test provokes; nothing else may appear.
  const provocados = /ERR_INTERNET_DISCONNECTED|dynamically imported module|Não foi possível abrir|autorizacoes-page/;
  const outros = s.problems.filter((p) => !provocados.test(p));
  s.problems.splice(0, s.problems.length, ...outros);
  await s.close();
});
