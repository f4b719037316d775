import type { Browser } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { openSession } from './support/browser';
import { visible } from './support/flows';
import { type ContaDaEquipe, conferirTelaDoConsole, entrarNoConsole, portalComEquipe } from './support/console';

// Issue 31, "Who is on it" (decision 0055): an attendant takes a protocol from the queue, finds it
// in 'Minha fila' and starts writing; a supervisor opens the same case, sees her there, and forwards
// it; her answer is refused (409) with the text kept, and goes once she reloads. The staff accounts
// are made with the operator's CLI, which needs the database to itself (PGlite): this file serves
// its own copy of the seed.
const proprio = portalComEquipe('atendimento-responsavel', [
  ['ana.dono@saudeexemplo.com.br', 'Ana Dono', 'atendente'],
  ['bruno.dono@saudeexemplo.com.br', 'Bruno Dono', 'supervisor'],
]);
let browser: Browser;
let ana: ContaDaEquipe;
let bruno: ContaDaEquipe;
beforeAll(() => {
  ({
    browser,
    contas: [ana, bruno],
  } = proprio);
});

const TEXTO = 'Por favor, envie a cópia do documento com foto do titular.';

test('Assumir, Minha fila, another person on the same case, and a stale answer that keeps its text', async () => {
  const a = await openSession(browser, { expectStatuses: [401, 409] });
  await entrarNoConsole(a.page, ana);
  const fila = a.page;
  await visible(fila.getByRole('heading', { level: 1, name: 'Fila de protocolos' }));
  await fila.getByLabel('Tipo').selectOption('CONTATO_COMERCIAL');
  // The filtered list has replaced the whole queue (its rows stay on screen while the next page loads).
  await fila.waitForFunction(() => {
    const linhas = [...document.querySelectorAll('tbody tr')];
    return linhas.length > 0 && linhas.every((tr) => tr.textContent?.includes('Pedido de contato comercial'));
  });
  const assumir = fila.getByRole('button', { name: /^Assumir o protocolo / }).first();
  await visible(assumir);
  const numero = ((await assumir.getAttribute('aria-label')) ?? '').replace(/\D/g, '');
  expect(numero).toMatch(/^\d{20}$/);
  // The row by its protocol: the button goes once it is taken.
  const linha = fila.locator('tbody tr', { has: fila.locator(`a[data-protocolo="${numero}"]`) });
  await assumir.click();
  await visible(linha.getByRole('cell', { name: 'Você', exact: true }));

  // Minha fila: only hers.
  await fila.getByLabel('Tipo').selectOption('');
  await fila.getByLabel('Responsável').selectOption('eu');
  await fila.waitForURL(/responsavel=eu/);
  const links = fila.locator('tbody a[data-protocolo]');
  await fila.waitForFunction(
    (n) =>
      [...document.querySelectorAll('tbody a[data-protocolo]')].map((x) => x.getAttribute('data-protocolo')).join() ===
      n,
    numero,
  );
  expect(await links.count()).toBe(1);
  await conferirTelaDoConsole(fila, 'atendimento-minha-fila');

  // Ana opens it and starts a request for information.
  await links.first().click();
  await fila.waitForURL(new RegExp(`/atendimento/protocolos/${numero}$`));
  const responsavel = fila.getByRole('region', { name: 'Responsável' });
  await visible(responsavel.getByText('Com você desde', { exact: false }));
  await visible(responsavel.getByRole('button', { name: 'Liberar' }));
  await fila.getByRole('radio', { name: 'Pedir informações' }).check();
  await fila.getByLabel('O que o beneficiário precisa informar').fill(TEXTO);

  // Bruno, a supervisor, opens the same case: he sees Ana there, and forwards it.
  const b = await openSession(browser, { expectStatuses: [401] });
  await entrarNoConsole(b.page, bruno);
  await b.page.goto(`/atendimento/protocolos/${numero}`);
  await visible(b.page.getByText('Ana Dono (atendente) também está com este protocolo aberto.'));
  await visible(b.page.getByRole('region', { name: 'Responsável' }).getByText('Ana Dono'));
  await conferirTelaDoConsole(b.page, 'atendimento-protocolo-presenca');
  await b.page.getByRole('radio', { name: 'Encaminhar' }).check();
  await b.page.getByLabel('Setor').fill('Comercial');
  await b.page.getByLabel('Observação do encaminhamento').fill('Cliente pediu retorno por telefone.');
  await b.page.getByRole('button', { name: 'Encaminhar' }).click();
  await visible(b.page.getByText('Protocolo encaminhado.'));

  // Ana sends hers: refused, her text still there, a reload offered.
  await fila.getByRole('button', { name: 'Pedir informações' }).click();
  await visible(
    fila.getByText(
      'Este protocolo mudou desde que você o abriu. Recarregue para ver a versão atual; o seu texto foi mantido.',
    ),
  );
  const texto = fila.getByLabel('O que o beneficiário precisa informar');
  expect(await texto.inputValue()).toBe(TEXTO);
  await conferirTelaDoConsole(fila, 'atendimento-protocolo-desatualizado');
  await fila.getByRole('button', { name: 'Recarregar o protocolo' }).click();
  await visible(fila.getByText('Encaminhado para Comercial: Cliente pediu retorno por telefone.'));
  expect(await texto.inputValue()).toBe(TEXTO);
  await fila.getByRole('button', { name: 'Pedir informações' }).click();
  await visible(fila.getByText('Pedido de informações enviado ao beneficiário.'));
  await visible(fila.getByText(`Aguardando informações: ${TEXTO}`));

  await b.close();
  await a.close();
}, 180_000);
