import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { MARIA } from './support/contas';
import { expectNoAxeViolations, openSession, screenshot } from './support/browser';
import { entrar, toast, visible } from './support/flows';
import {
  cliDaOperadora,
  type ContaDaEquipe,
  conferirTelaDoConsole,
  entrarNoConsole,
  portalComEquipe,
} from './support/console';

// Issue 31: the queue's deadline cards are filters a keyboard works (answer deadlines and
// reimbursements apart), the queue and 'Importações' fit a phone (no sideways scroll), the console's
// menu folds behind a button below 768 px, and a protocol number is copied with one button on the
// console's case screen and the member's protocol screen. Staff accounts and an import are made
// with the operator's CLIs, which need the database to themselves: this file serves its own copy.
const proprio = portalComEquipe(
  'atendimento-prazos',
  [['sara.prazos@saudeexemplo.com.br', 'Sara Prazos', 'supervisor']],
  (dataDir) => {
    // One import on the list: the demo's own products file again, which changes nothing.
    const produtos = join(import.meta.dirname, '..', 'operadora/demo/dados/01-produtos.csv');
    cliDaOperadora('importar', ['produtos', produtos, '--modo', 'incremental'], dataDir);
  },
);
let browser: Browser;
let sara: ContaDaEquipe;
beforeAll(() => {
  ({
    browser,
    contas: [sara],
  } = proprio);
});

/** Nothing wider than the screen: the page does not scroll sideways. */
const semRolagemLateral = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the deadline cards filter the queue from the keyboard, and the pressed one clears it', async () => {
  const s = await openSession(browser, { expectStatuses: [401] });
  await entrarNoConsole(s.page, sara);
  const { page } = s;
  const respostas = page.getByRole('region', { name: 'Prazo de resposta dos protocolos' });
  const atrasados = respostas.getByRole('button', { name: /^Atrasado/ });
  await visible(respostas.getByRole('button', { name: /^Atrasado\s*\d/ })); // counted
  expect(await atrasados.getAttribute('aria-pressed')).toBe('false');

  await atrasados.focus();
  await page.keyboard.press('Space');
  await page.waitForURL(/faixa=atrasado/);
  expect(new URL(page.url()).searchParams.get('grupo')).toBe('protocolos');
  await visible(respostas.getByRole('button', { name: /^Atrasado/, pressed: true }));
  // Every row left is a late protocol's, said in words; no reimbursement among them.
  await page.waitForFunction(() => {
    const linhas = [...document.querySelectorAll('tbody tr')];
    return linhas.length > 0 && linhas.every((l) => l.textContent?.includes('Atrasado'));
  });
  expect(await page.locator('tbody tr', { hasText: 'Pagamento até' }).count()).toBe(0);
  await conferirTelaDoConsole(page, 'atendimento-fila-atrasados');

  await atrasados.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.searchParams.has('faixa'));
  await visible(respostas.getByRole('button', { name: /^Atrasado/, pressed: false }));
  await s.close();
}, 180_000);

test('the reimbursements card is a filter of its own, apart from the answer deadlines', async () => {
  const s = await openSession(browser, { expectStatuses: [401] });
  await entrarNoConsole(s.page, sara);
  const { page } = s;
  const reembolsos = page.getByRole('region', { name: 'Prazo legal de pagamento dos reembolsos' });
  const atrasados = reembolsos.getByRole('button', { name: /^Atrasado/ });
  await visible(reembolsos.getByRole('button', { name: /^Atrasado\s*\d/ })); // counted
  await atrasados.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/grupo=reembolsos/);
  expect(new URL(page.url()).searchParams.get('faixa')).toBe('atrasado');
  await visible(reembolsos.getByRole('button', { name: /^Atrasado/, pressed: true }));
  // The answer deadlines' card of the same band is not pressed: the two are never one filter.
  const respostas = page.getByRole('region', { name: 'Prazo de resposta dos protocolos' });
  await visible(respostas.getByRole('button', { name: /^Atrasado/, pressed: false }));
  // The demo has no reimbursement waiting: none of the answer-deadline protocols shows up here.
  await visible(page.getByText('Nenhum protocolo com esses filtros.'));
  expect(await page.locator('tbody tr').count()).toBe(0);
  await s.close();
}, 180_000);

test('on a phone the queue is a list of cards, the menu a button, and nothing scrolls sideways', async () => {
  const s = await openSession(browser, { width: 375, toque: true, expectStatuses: [401] });
  await entrarNoConsole(s.page, sara);
  const { page } = s;
  await visible(page.locator('tbody a[data-protocolo]'));
  expect(await semRolagemLateral(page)).toBe(true);
  // No keyboard shortcuts shown on a touch screen (the line is there, for a fine pointer).
  expect(await page.locator('#atalhos').count()).toBe(1);
  expect(await page.locator('#atalhos').isVisible()).toBe(false);

  const menu = page.getByRole('button', { name: 'Menu' });
  expect(await menu.getAttribute('aria-expanded')).toBe('false');
  expect(await page.getByRole('link', { name: 'Importações' }).isVisible()).toBe(false);
  await menu.focus();
  await page.keyboard.press('Enter');
  await visible(page.getByRole('button', { name: 'Menu', expanded: true }));
  await visible(page.getByRole('link', { name: 'Importações' }));
  await expectNoAxeViolations(page, 'atendimento menu aberto @375');
  await screenshot(page, 'atendimento-menu-aberto-375');
  await page.getByRole('link', { name: 'Importações' }).click();
  await page.waitForURL(/\/atendimento\/importacoes$/);
  await visible(page.getByRole('button', { name: 'Menu', expanded: false }));
  await visible(page.getByRole('region', { name: 'Importações, as mais recentes primeiro' }));
  expect(await semRolagemLateral(page)).toBe(true);
  await conferirTelaDoConsole(page, 'atendimento-importacoes');
  await s.close();
}, 180_000);

test('the case screen copies the protocol number', async () => {
  const s = await openSession(browser, { expectStatuses: [401] });
  await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await entrarNoConsole(s.page, sara);
  const { page } = s;
  const link = page.locator('tbody a[data-protocolo]').first();
  await visible(link);
  const numero = (await link.getAttribute('data-protocolo')) ?? '';
  await link.click();
  await page.waitForURL(new RegExp(`/atendimento/protocolos/${numero}$`));
  await page.getByRole('button', { name: 'Copiar número do protocolo' }).click();
  await visible(toast(page, 'Número copiado'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(numero);
  await conferirTelaDoConsole(page, 'atendimento-protocolo-copiar');
  await s.close();
}, 180_000);

test("the member's protocol screen copies the number, written as the console writes it", async () => {
  const s = await entrar(browser, MARIA.cpf);
  await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page } = s;
  await page.goto('/protocolos');
  await page
    .getByRole('link', { name: /Ver detalhes/ })
    .first()
    .click();
  const copiar = page.getByRole('button', { name: 'Copiar número do protocolo' });
  await visible(copiar);
  const numero = /\/protocolos\/(\d{20})$/.exec(page.url())?.[1] ?? '';
  expect(numero).toMatch(/^\d{20}$/);
  await copiar.click();
  await visible(toast(page, 'Número copiado'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(numero);
  await expectNoAxeViolations(page, 'protocolo copiado');
  await screenshot(page, 'protocolo-copiar-1280');
  await s.close();
}, 180_000);
