import type { Browser } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { MARIA } from './support/contas';
import { openSession } from './support/browser';
import { visible } from './support/flows';
import { type ContaDaEquipe, conferirTelaDoConsole, entrarNoConsole, portalComEquipe } from './support/console';

// Issue 31, "Find anyone, from anywhere": a caller gives her CPF; the attendant, on any screen of the
// console, presses '/', types it with dots, finds Maria and opens her protocol. The staff account is
// made with the operator's CLI, which needs the database to itself (PGlite): this file serves its own
// copy of the seed.
const proprio = portalComEquipe('atendimento-busca', [['bia.busca@saudeexemplo.com.br', 'Bia Busca', 'atendente']]);
let browser: Browser;
let conta: ContaDaEquipe;
beforeAll(() => {
  ({
    browser,
    contas: [conta],
  } = proprio);
});

test("an attendant presses '/', types Maria's CPF with dots, finds her and opens her protocol", async () => {
  const { page } = await openSession(browser, { expectStatuses: [401] });
  await entrarNoConsole(page, conta);
  await visible(page.getByRole('heading', { level: 1, name: 'Fila de protocolos' }));
  // The box, empty, with its shortcut, in the header of the queue.
  await conferirTelaDoConsole(page, 'atendimento-fila-com-busca');

  await page.locator('h1').click();
  await page.keyboard.press('/');
  const caixa = page.getByRole('searchbox', { name: /Buscar pessoa/ });
  expect(await caixa.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(MARIA.cpf); // '529.982.247-25'
  await page.keyboard.press('Enter');

  await page.waitForURL(/\/atendimento\/busca\?q=529\.982\.247-25$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Busca' }));
  const pessoas = page.getByRole('list', { name: 'Pessoas encontradas' });
  await visible(pessoas.getByRole('heading', { level: 2, name: 'Maria Aparecida Souza' }));
  await visible(pessoas.getByText('CPF ***.982.247-** · encontrado por: CPF'));
  await conferirTelaDoConsole(page, 'atendimento-busca');

  const protocolos = page.getByRole('region', { name: 'Protocolos de Maria Aparecida Souza' });
  const primeiro = protocolos.getByRole('link').first();
  const impresso = (await primeiro.textContent()) ?? '';
  expect(impresso).toMatch(/^\d{6} \d{8} \d{6}$/);
  await primeiro.click();
  await page.waitForURL(new RegExp(`/atendimento/protocolos/${impresso.replace(/ /g, '')}$`));
  await visible(page.getByRole('heading', { level: 1, name: `Protocolo ${impresso}` }));
  // The box is on this screen too, empty again.
  expect(await page.getByRole('searchbox', { name: /Buscar pessoa/ }).inputValue()).toBe('');
}, 120_000);
