import { formatarNumeroProtocolo } from '@portal/contract';
import { cpfFromBase } from '@portal/br';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARLOS, MARIA } from './support/contas';
import { launch } from './support/browser';
import { verificarNasDuasLarguras } from './support/larguras';
import { entrar, navegar, pedidosA, toast, visible } from './support/flows';
import { sentTo } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let base = 610_000_000;
const novoCpf = () => cpfFromBase(String(base++));

/** Types digits into a masked field the way a member does. */
async function digitar(page: Page, label: string | RegExp, texto: string, nth = 0) {
  const campo = page.getByLabel(label, { exact: typeof label === 'string' }).nth(nth);
  await campo.click();
  await campo.pressSequentially(texto);
}

async function preencher(page: Page, i: number, d: { nome: string; cpf: string; nascimento: string; cidade: string }) {
  await page.getByLabel('Nome completo').nth(i).fill(d.nome);
  await digitar(page, 'CPF', d.cpf, i);
  await digitar(page, 'Data de nascimento', d.nascimento, i);
  await page.getByLabel('Cidade').nth(i).fill(d.cidade);
  await digitar(page, 'Celular', '11987651234', i);
}

test('Maria asks for two dependents: every field checked, one request with a protocol, told by e-mail', async () => {
  const s = await entrar(browser, MARIA.cpf, { expectStatuses: [409] });
  const { page } = s;
  await visible(page.getByRole('heading', { level: 1 })); // the protected layout (and its menu) is drawn
  await navegar(page, 'Comercial');
  await page.waitForURL(/\/comercial$/);
  for (const nome of ['Adicionar Dependentes', 'Contratar SOS', 'Contratar Plano Ortopédico'])
    await visible(page.getByRole('heading', { level: 2, name: nome }));
  await verificarNasDuasLarguras(page, 'comercial');

  await page.getByRole('button', { name: 'Adicionar Dependentes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Dependentes' });
  await visible(dialog);
  // Nothing filled: each field says what is missing, and nothing is sent.
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  for (const m of [
    'Informe o nome completo.',
    'Informe o CPF.',
    'Informe a data de nascimento.',
    'Informe a cidade.',
    'Informe o celular.',
  ])
    await visible(dialog.getByText(m));
  await verificarNasDuasLarguras(page, 'comercial-dependentes-erros');

  const a = { nome: 'Pedro Henrique Souza', cpf: novoCpf(), nascimento: '20052019', cidade: 'São Paulo' };
  const b = { nome: 'Helena Souza Lima', cpf: novoCpf(), nascimento: '31122099', cidade: 'Campinas' };
  await preencher(page, 0, a);
  await dialog.getByRole('button', { name: 'Adicionar outro dependente' }).click();
  await preencher(page, 1, b);
  // An unreal date and a future one are refused in the browser.
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await visible(dialog.getByText('A data de nascimento não pode estar no futuro.'));
  await page.getByLabel('Data de nascimento').nth(1).fill('');
  await digitar(page, 'Data de nascimento', '30022015', 1);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await visible(dialog.getByText('Data de nascimento inválida.'));
  await page.getByLabel('Data de nascimento').nth(1).fill('');
  await digitar(page, 'Data de nascimento', '14072015', 1);
  await verificarNasDuasLarguras(page, 'comercial-dependentes-preenchido');

  const antes = new Date(Date.now() - 1000).toISOString();
  // A double click sends one request (same Idempotency-Key; the button is busy after the first).
  const envios = pedidosA(page, '/api/Venda/AdicionarDependente');
  await dialog.getByRole('button', { name: 'Enviar' }).dblclick();
  await visible(toast(page, 'Sucesso!'));
  await visible(toast(page, 'Dependente(s) adicionado(s) com sucesso.'));
  await visible(dialog.getByRole('heading', { name: 'Sucesso!' }));
  const protocolo = (await dialog.getByText(/^\d{20}$/).textContent())!;
  expect(protocolo).toMatch(/^417297\d{8}\d{6}$/);
  await visible(dialog.getByText(/Prazo para resposta: até \d{2}\/\d{2}\/\d{4}\./));
  await verificarNasDuasLarguras(page, 'comercial-dependentes-sucesso');
  expect(await envios.respondidos()).toBeGreaterThan(0);
  const emails = (await sentTo(MARIA.email, antes)).filter((m) => m.mensagem.includes('inclusão de 2 dependente(s)'));
  expect(emails).toHaveLength(1);
  expect(emails[0]!.mensagem).toContain(formatarNumeroProtocolo(protocolo));

  // Closing resets the dialog; the same people again are refused with the server's message.
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).first().click();
  await page.getByRole('button', { name: 'Adicionar Dependentes' }).click();
  await preencher(page, 0, a);
  await page.getByRole('dialog').getByRole('button', { name: 'Enviar' }).click();
  await visible(toast(page, 'Erro ao Adicionar Dependente'));
  await visible(toast(page, /Já existe uma solicitação de inclusão em análise/));
  await s.close();
}, 120_000);

test('the dependents dialog works by keyboard alone', async () => {
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  await page.goto('/comercial');
  const abrir = page.getByRole('button', { name: 'Adicionar Dependentes' });
  await abrir.focus();
  await page.keyboard.press('Enter');
  // The form loads with the dialog; when it arrives, focus is in the first field; Tab walks it in order.
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'dependentes.0.nome');
  await page.keyboard.type('Marina Souza Campos');
  await page.keyboard.press('Tab');
  await page.keyboard.type(novoCpf());
  await page.keyboard.press('Tab');
  await page.keyboard.type('02032016');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Santos');
  await page.keyboard.press('Tab');
  await page.keyboard.type('13991234567');
  await page.keyboard.press('Enter');
  await visible(toast(page, 'Dependente(s) adicionado(s) com sucesso.'));
  await visible(page.getByRole('heading', { name: 'Sucesso!' }));
  await page.keyboard.press('Escape');
  await visible(abrir);
  await s.close();
});

test('a dependant cannot ask for dependents', async () => {
  const s = await entrar(browser, CARLOS.cpf);
  const { page } = s;
  await page.goto('/comercial');
  await page.getByRole('button', { name: 'Adicionar Dependentes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Dependentes' });
  await visible(dialog.getByText('Acesso Restrito'));
  await visible(dialog.getByText('Apenas o titular ou o responsável financeiro do contrato pode incluir dependentes.'));
  expect(await dialog.getByRole('button', { name: 'Enviar' }).count()).toBe(0);
  await verificarNasDuasLarguras(page, 'comercial-dependentes-restrito');
  await s.close();
});
