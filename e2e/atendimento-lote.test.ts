import type { Browser, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { openSession } from './support/browser';
import { toast, visible } from './support/flows';
import { type ContaDaEquipe, conferirTelaDoConsole, entrarNoConsole, portalComEquipe } from './support/console';

// Issue 31, "Answer fast": bulk actions on the queue (decision 0061). A supervisor selects the open
// protocols of the page from the keyboard, takes them all, then answers them with a template for
// 'Pedido de contato comercial': those are answered, the others refused one by one with the reason.
const proprio = portalComEquipe('atendimento-lote', [['lia.lote@saudeexemplo.com.br', 'Lia Lote', 'supervisor']]);
let browser: Browser;
let lia: ContaDaEquipe;
beforeAll(() => {
  ({
    browser,
    contas: [lia],
  } = proprio);
});

/** The queue's rows have settled to `n` items of the current filters. */
const linhas = (page: Page) => page.locator('tbody a[data-protocolo]');

test('Selecionar todos desta página, Assumir selecionados, then Responder com modelo with a summary per protocol', async () => {
  const { page, close } = await openSession(browser, { expectStatuses: [401] });
  await entrarNoConsole(page, lia);

  await page.goto('/atendimento/modelos');
  await visible(page.getByRole('heading', { level: 1, name: 'Modelos de resposta' }));
  await page.getByLabel('Título').fill('Comercial: retorno');
  await page.getByLabel('Tipo de protocolo').selectOption({ label: 'Pedido de contato comercial' });
  await page.getByLabel('Texto', { exact: true }).fill('Nossa equipe comercial vai ligar para você.');
  await page.getByRole('button', { name: 'Salvar modelo' }).click();
  await visible(toast(page, 'Modelo de resposta salvo.'));

  // The open protocols (no reimbursement), nobody's yet.
  await page.goto('/atendimento?grupo=protocolos&responsavel=ninguem');
  await visible(page.getByRole('heading', { level: 1, name: 'Fila de protocolos' }));
  await visible(linhas(page).first());
  const numeros = await linhas(page).evaluateAll((as) => as.map((a) => a.getAttribute('data-protocolo') ?? ''));
  expect(numeros.length).toBeGreaterThan(1);
  await visible(page.getByText(/^Aberto em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/).first());

  // From the keyboard: Space on 'Selecionar todos desta página', Enter on 'Assumir selecionados'.
  const lote = page.getByRole('region', { name: 'Ações em lote' });
  const todos = lote.getByRole('checkbox', { name: 'Selecionar todos desta página' });
  await todos.focus();
  await page.keyboard.press('Space');
  await visible(lote.getByText(`${numeros.length} selecionados`, { exact: true }));
  expect(
    await page
      .getByRole('checkbox', { name: /^Selecionar o protocolo / })
      .evaluateAll((cs) => cs.every((c) => (c as HTMLInputElement).checked)),
  ).toBe(true);
  await conferirTelaDoConsole(page, 'atendimento-lote-selecao');
  await page.setViewportSize({ width: 1280, height: 900 });
  await lote.getByRole('button', { name: 'Assumir selecionados' }).focus();
  await page.keyboard.press('Enter');
  await visible(lote.getByText(`${numeros.length} assumidos.`, { exact: true }));

  // Every one is hers now: the same list in 'Minha fila'.
  await page.goto('/atendimento?grupo=protocolos&responsavel=eu');
  await page.waitForFunction(
    (n) =>
      [...document.querySelectorAll('tbody a[data-protocolo]')]
        .map((a) => a.getAttribute('data-protocolo'))
        .sort()
        .join() === n,
    [...numeros].sort().join(),
  );

  // Answer the whole page with the commercial template, after the confirmation.
  await lote.getByRole('checkbox', { name: 'Selecionar todos desta página' }).check();
  await lote
    .getByLabel('Modelo de resposta para os selecionados')
    .selectOption({ label: 'Comercial: retorno (Pedido de contato comercial)' });
  await lote.getByRole('button', { name: 'Responder com modelo' }).click();
  const confirmar = lote.getByRole('button', { name: 'Confirmar resposta' });
  await visible(confirmar);
  // The confirmation takes the focus: Enter answers.
  expect(await confirmar.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  const resumo = lote.getByRole('status').filter({ hasText: /respondido/ });
  await visible(resumo);
  const titulo = (await resumo.locator('p.font-semibold').textContent()) ?? '';
  const [, respondidos = '0', recusados = '0'] = /^(\d+) respondidos?, (\d+) recusados?:$/.exec(titulo) ?? [];
  expect(Number(respondidos)).toBeGreaterThan(0);
  expect(Number(respondidos) + Number(recusados)).toBe(numeros.length);
  // The seed's request to add a dependant is not of the template's kind: refused, with the reason.
  await visible(
    resumo.getByText('O modelo "Comercial: retorno" não é para protocolos de Inclusão de dependente.', {
      exact: false,
    }),
  );
  await conferirTelaDoConsole(page, 'atendimento-lote-resumo');

  // The refused stay in the queue, still selected; the answered ones left it.
  await page.waitForFunction(
    (n) => document.querySelectorAll('tbody a[data-protocolo]').length === n,
    Number(recusados),
  );
  await visible(lote.getByText(recusados === '1' ? '1 selecionado' : `${recusados} selecionados`, { exact: true }));
  await close();
}, 180_000);
