import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARLOS, SENHA } from './support/contas';
import { expectNoAxeViolations, launch, openSession, screenshot } from './support/browser';
import { login, loginMaria, navegar, toast, visible } from './support/flows';
import { verificarNasDuasLarguras } from './support/larguras';

// /contrato (docs/produto/informacoes.md, "Contract page", docs/produto/informacoes.md "Card data"): 'Dados Pessoais' and 'Detalhes do
// Contrato' from POST /api/Carteirinha/ListarCarteirinhas, with the display rules and
// 'Não informado' for every empty value.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The card's fields as { label: value }, read from its <dl>. */
async function campos(page: Page, cartao: string): Promise<Record<string, string>> {
  const card = await visible(page.getByRole('region', { name: cartao }));
  return card
    .locator('dl > div')
    .evaluateAll((linhas) =>
      Object.fromEntries(
        linhas.map((l) => [l.querySelector('dt')!.textContent!.trim(), l.querySelector('dd')!.textContent!.trim()]),
      ),
    );
}

test('Maria reads all her data, at 1280 and at 375 px', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await loginMaria(page);
  await navegar(page, 'Contrato');
  await page.waitForURL(/\/contrato$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Contrato' }));
  const pessoais = {
    Nome: 'Maria Aparecida Souza',
    CPF: '529.982.247-25',
    'Data de Nascimento': '12/04/1978',
    Sexo: 'Feminino',
    'Estado Civil': 'Casado(a)',
    'Nome da Mãe': 'Josefa Aparecida da Silva',
    RG: '28.473.615-9',
    'Órgão Expedidor': 'SSP/SP',
    'CNS (Cartão Nacional de Saúde)': '700 5048 3917 2315',
    'Título de Eleitor': '214356780175',
    'PIS/PASEP': '12056412545',
    Profissão: 'Professora',
  };
  const contrato = {
    'Nº da Carteirinha': '1100234001',
    'Nº do Contrato': '100234',
    Produto: 'Saúde Exemplo Essencial Apartamento',
    'Registro ANS do Produto': '484521201',
    'Tipo de Contrato': 'INDIVIDUAL/FAMILIAR',
    'Segmentação Assistencial': 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
    Acomodação: 'APARTAMENTO',
    'Data de Contratação': '01/03/2019',
  };
  // The same data at each width (the cards reflow at 375 px); axe and a picture at both.
  for (const width of [1280, 375] as const) {
    if (width === 375) await verificarNasDuasLarguras(page, 'contrato', 375);
    expect(await campos(page, 'Dados Pessoais')).toEqual(pessoais);
    expect(await campos(page, 'Detalhes do Contrato')).toEqual(contrato);
    expect(await page.getByText('Não informado').count()).toBe(0);
  }
  await s.close();
});

test("Carlos's RG, título de eleitor and PIS/PASEP are 'Não informado'; reached by keyboard from the home page", async () => {
  const s = await openSession(browser, { width: 375 });
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  // Keyboard: 'Ver todos os dados' on the home page, Enter; focus lands on the new page's heading.
  await page.getByRole('link', { name: 'Ver todos os dados' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/contrato$/);
  const pessoais = await campos(page, 'Dados Pessoais');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Contrato');
  expect(pessoais).toMatchObject({
    Nome: 'Carlos Eduardo Lima',
    CPF: '111.444.777-35',
    Sexo: 'Masculino',
    'Estado Civil': 'Solteiro(a)',
    RG: 'Não informado',
    'Órgão Expedidor': 'Não informado',
    'Título de Eleitor': 'Não informado',
    'PIS/PASEP': 'Não informado',
    'CNS (Cartão Nacional de Saúde)': '700 0029 1837 4606',
    Profissão: 'Analista de sistemas',
  });
  expect(await campos(page, 'Detalhes do Contrato')).toMatchObject({
    'Nº da Carteirinha': '1204518002',
    'Nº do Contrato': '204518',
    Acomodação: 'ENFERMARIA',
    'Tipo de Contrato': 'COLETIVO POR ADESAO',
  });
  expect(await page.getByText('Não informado', { exact: true }).count()).toBe(4);
  await expectNoAxeViolations(page, 'contrato carlos @375');
  await screenshot(page, 'contrato-carlos-375');
  await s.close();
});

test('when the card data cannot be loaded: no toast, what the login knows, a way to try again', async () => {
  const s = await openSession(browser, { expectStatuses: [500] });
  const { page } = s;
  let falhar = true;
  await page.route('**/api/Carteirinha/ListarCarteirinhas', (route) =>
    falhar
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ sucesso: false, code: 'ERRO_INTERNO', message: 'x', erro: 'x' }),
        })
      : route.continue(),
  );
  await login(page, CARLOS.cpf, SENHA);
  await page.goto('/contrato');
  const alerta = await visible(page.getByRole('alert').filter({ hasText: 'Erro ao carregar dados' }));
  expect(await toast(page, 'Erro').count()).toBe(0);
  // Only what the login knows; what could not be loaded is not passed off as 'Não informado'.
  expect(await campos(page, 'Dados Pessoais')).toEqual({
    Nome: 'Carlos Eduardo Lima',
    CPF: '111.444.777-35',
    'Data de Nascimento': '21/07/1999',
  });
  expect(await campos(page, 'Detalhes do Contrato')).toMatchObject({
    'Nº da Carteirinha': '1204518002',
    'Nº do Contrato': '204518',
  });
  expect(await page.getByText('Não informado').count()).toBe(0);
  await expectNoAxeViolations(page, 'contrato falha');
  await screenshot(page, 'contrato-falha-1280');
  // docs/produto/informacoes.md "Messages": the failure is logged (and only that).
  expect(s.problems.some((p) => p.includes('Erro ao carregar dados da carteirinha'))).toBe(true);
  s.problems.splice(0);

  falhar = false;
  await alerta.getByRole('button', { name: 'Tentar novamente' }).click();
  await page.getByRole('alert').waitFor({ state: 'detached' });
  expect((await campos(page, 'Dados Pessoais')).Sexo).toBe('Masculino');
  await s.close();
});
