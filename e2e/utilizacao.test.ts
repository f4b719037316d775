import type { Browser, Page } from 'playwright-core';
import { deslocarMeses, mesesDesdeAncoraDemo } from '@portal/operadora/demo';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { CARLOS, SENHA } from './support/contas';
import { launch, openSession } from './support/browser';
import { verificarNasDuasLarguras } from './support/larguras';
import { login, loginMaria, navegar, semAvisos, toast, visible } from './support/flows';

// The usage file is dated from the demo's anchor and moved to the month the demo was seeded in
// (operadora/demo/dados/LEIA-ME.md): a care of 18/02 on the anchor is shown in the seed's month − 1.
const meses = mesesDesdeAncoraDemo(inject('seedDia'));
const dia = (iso: string) => {
  const d = deslocarMeses(iso, meses);
  return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const categoria = (page: Page, nome: string) => page.getByRole('button', { name: new RegExp(`^${nome}`) });

test("Maria's usage by category with totals; dates in UTC; she rates a care and the server keeps it", async () => {
  const s = await openSession(browser);
  await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page } = s;
  await loginMaria(page);
  await visible(page.getByRole('heading', { level: 1 }));
  await navegar(page, 'Tabela de utilização');
  await page.waitForURL(/\/utilizacao$/);
  const select = page.getByLabel('Beneficiário');
  expect(await select.isEnabled()).toBe(true);
  expect(await select.inputValue()).toBe('1100234001');
  await visible(page.getByRole('heading', { level: 2, name: 'Histórico de utilização (7)' }));

  // Five categories, each with its count and total; the first with items is open.
  for (const [nome, resumo] of [
    ['Consultas', /2 registros · R\$\s42,00/],
    ['Exames e Terapias', /3 registros · R\$\s1\.142,40/],
    ['Internação', /1 registro · R\$\s1\.350,00/],
    ['Outras Despesas', /1 registro · R\$\s79,00/],
    ['Odontologia', /0 registros · R\$\s0,00/],
  ] as const) {
    const b = categoria(page, nome);
    await visible(b);
    expect(await b.textContent()).toMatch(resumo);
  }
  expect(await categoria(page, 'Consultas').getAttribute('aria-expanded')).toBe('true');
  await visible(page.getByText('Clínica Coração Paulista'));
  await visible(page.getByText(dia('2026-02-18')));
  await visible(page.getByText('Avaliado'));
  // The unclassified item is under Outras Despesas; an empty category says so.
  await categoria(page, 'Outras Despesas').click();
  await visible(page.getByText('Consulta em pronto-socorro'));
  await categoria(page, 'Odontologia').click();
  await visible(page.getByText('Nenhum registro nesta categoria.'));
  await categoria(page, 'Internação').click();
  await categoria(page, 'Exames e Terapias').click();
  await verificarNasDuasLarguras(page, 'utilizacao');

  // Rating: no score → 'Dados incompletos'; 4 stars by keyboard and a comment.
  await page
    .getByRole('button', {
      name: new RegExp(`Avaliar atendimento: Consulta em consultório .* em ${dia('2026-01-22')}`),
    })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Avaliar atendimento' });
  await visible(dialog.getByText(`Clínica Visão Clara, ${dia('2026-01-22')}`));
  await dialog.getByRole('button', { name: 'Enviar Avaliação' }).click();
  await visible(toast(page, 'Dados incompletos'));
  await visible(toast(page, 'Por favor, selecione uma nota para a avaliação.'));
  await verificarNasDuasLarguras(page, 'utilizacao-avaliacao');
  await dialog.getByRole('radio', { name: '1 estrela' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await visible(dialog.getByRole('radio', { name: '4 estrelas', checked: true }));
  await dialog.getByLabel('Comentário (opcional)').fill('Consulta pontual, médica atenciosa.');
  await visible(dialog.getByText('35/500 caracteres'));
  await dialog.getByRole('button', { name: 'Enviar Avaliação' }).click();
  // The number written as everywhere else (issue 31): in its three parts, in the toast and on the card.
  const enviada = await visible(toast(page, 'Avaliação enviada!'));
  const impresso = /Protocolo (\d{6} \d{8} \d{6})/.exec((await enviada.textContent()) ?? '')?.[1] ?? '';
  expect(impresso).toMatch(/^\d{6} \d{8} \d{6}$/);
  const numero = impresso.replace(/ /g, '');
  await dialog.waitFor({ state: 'hidden' });
  expect(await page.getByText('Avaliado').count()).toBe(2);
  const cartao = page.getByRole('article', {
    name: new RegExp(`^Consulta em consultório .* em ${dia('2026-01-22')}$`),
  });
  const noCartao = await visible(cartao.getByText(numero, { exact: true }));
  expect(await noCartao.locator(':scope > span').allTextContents()).toEqual(impresso.split(' '));
  // Its copy button copies the 20 digits, as the search and the Central de Atendimento take them.
  await semAvisos(page);
  await cartao.getByRole('button', { name: `Copiar número do protocolo ${impresso}` }).click();
  await visible(toast(page, 'Número copiado'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(numero);
  await verificarNasDuasLarguras(page, 'utilizacao-avaliado', 1280, { ligar: ['target-size'] });

  // The server keeps it: after a reload the care is still rated.
  await page.reload();
  await visible(page.getByRole('heading', { level: 2, name: 'Histórico de utilização (7)' }));
  expect(await page.getByText('Avaliado').count()).toBe(2);
  expect(await page.getByRole('button', { name: /Avaliar atendimento: Consulta em consultório/ }).count()).toBe(0);

  // Ana Clara has no usage: the empty state and 'Aviso sobre o Histórico'.
  await select.selectOption({ label: 'Ana Clara Souza' });
  await visible(page.getByText('Nenhuma utilização encontrada'));
  await visible(page.getByText('Aviso sobre o Histórico'));
  await verificarNasDuasLarguras(page, 'utilizacao-vazia');
  await s.close();
}, 120_000);

test('a dependant sees only himself (selector disabled); the rating dialog closes and resets', async () => {
  const s = await openSession(browser, { width: 375 });
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  await page.goto('/utilizacao');
  await visible(page.getByRole('heading', { level: 2, name: 'Histórico de utilização (2)' }));
  expect(await page.getByLabel('Beneficiário').isDisabled()).toBe(true);
  await categoria(page, 'Exames e Terapias').click();
  await page.getByRole('button', { name: /Avaliar atendimento: TSH/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Avaliar atendimento' });
  await dialog.getByRole('radio', { name: '2 estrelas' }).click();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: /Avaliar atendimento: TSH/ }).click();
  expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(0);
  await s.close();
});
