import { formatarNumeroProtocolo } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARLOS, MARIA } from './support/contas';
import { launch, screenshot } from './support/browser';
import { verificarNasDuasLarguras } from './support/larguras';
import { entrar, pedidosA, toast, visible } from './support/flows';
import { latestCode, sentTo } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const caixa = (page: Page, nome: string) => page.getByRole('checkbox', { name: nome, exact: true });

test('Maria contracts SOS for herself and Ana Clara: SMS code from the outbox, a double click makes one contract', async () => {
  const s = await entrar(browser, MARIA.cpf, { expectStatuses: [422] });
  const { page } = s;
  await page.goto('/comercial');
  await page.getByRole('link', { name: 'Contratar SOS' }).click();
  await page.waitForURL(/\/contratar-sos$/);
  await visible(page.getByRole('heading', { level: 2, name: 'Beneficiários' }));

  // João Pedro already holds SOS: badge and a disabled box.
  await visible(page.getByText('Já Possui'));
  expect(await caixa(page, 'João Pedro Souza').isDisabled()).toBe(true);
  await visible(page.getByText('R$ 29,90', { exact: true }));
  await visible(page.getByText(/^01\/\d{2}\/\d{4}$/));
  expect(await page.getByRole('link', { name: /Termo de Adesão/ }).getAttribute('href')).toBe(
    'https://www.saudeexemplo.com.br/documentos/sos/termo-de-adesao.pdf',
  );
  expect(
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Contrato/ })
      .getAttribute('href'),
  ).toBe('https://www.saudeexemplo.com.br/documentos/sos/contrato.pdf');

  // docs/produto/comercial.md "Validation": Contratar needs a beneficiary and the accepted terms.
  await page.getByRole('button', { name: 'Contratar' }).click();
  await visible(toast(page, 'Selecione pelo menos um beneficiário.'));
  await caixa(page, 'Maria Aparecida Souza').click();
  await caixa(page, 'Ana Clara Souza').click();
  await visible(page.getByText('R$ 59,80'));
  await page.getByRole('button', { name: 'Contratar' }).click();
  await visible(toast(page, 'Aceite o Termo de Adesão e o Contrato para continuar.'));
  await page.getByRole('checkbox', { name: 'Li e aceito o Termo de Adesão e o Contrato.' }).click();
  await verificarNasDuasLarguras(page, 'contratar-sos-beneficiarios');

  const antes = new Date(Date.now() - 1000).toISOString();
  // A double click is one request: one SMS, one toast.
  await page.getByRole('button', { name: 'Contratar' }).dblclick();
  await visible(toast(page, 'Código enviado!'));
  await visible(page.getByRole('heading', { level: 2, name: 'Verificação' }), 20_000);
  await visible(page.getByText('(11) *****-4321'));
  expect(await sentTo(MARIA.celular, antes)).toHaveLength(1);
  expect(await toast(page, 'Código enviado!').count()).toBe(1);
  const codigo = await latestCode(MARIA.celular, antes);
  await verificarNasDuasLarguras(page, 'contratar-sos-verificacao');

  // A wrong code: 'Erro na confirmação' with the server's message, and the step stays.
  const campo = page.getByLabel('Código de verificação');
  await campo.fill(codigo === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirmar Contratação' }).click();
  await visible(toast(page, 'Erro na confirmação'));
  await visible(toast(page, /Token inválido ou expirado/));
  await campo.fill(codigo);
  const confirmacoes = pedidosA(page, '/api/Servicos/Sos/ConfirmarContratacao');
  await page.getByRole('button', { name: 'Confirmar Contratação' }).dblclick();
  await visible(toast(page, 'Contratação realizada com sucesso!'));
  await visible(page.getByRole('heading', { level: 2, name: 'Contratação realizada com sucesso!' }), 20_000);
  for (const nome of ['Maria Aparecida Souza', 'Ana Clara Souza'])
    await visible(page.getByRole('listitem').filter({ hasText: nome }));
  await visible(page.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/));
  const protocolo = (await page.getByText(/^\d{20}$/).textContent())!;
  await verificarNasDuasLarguras(page, 'contratar-sos-sucesso');

  // One contract: one e-mail for it (once every request of the double click has been answered), and
  // everybody now holds SOS.
  expect(await confirmacoes.respondidos()).toBeGreaterThan(0);
  const avisos = (await sentTo(MARIA.email, antes)).filter((m) => m.mensagem.includes('contratação do SOS'));
  expect(avisos).toHaveLength(1);
  expect(avisos[0]!.mensagem).toContain(formatarNumeroProtocolo(protocolo));
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await page.waitForURL(/\/home$/i);
  await page.goto('/contratar-sos');
  await visible(page.getByText('Todos os beneficiários do contrato já possuem o SOS.'));
  expect(await page.getByText('Já Possui').count()).toBe(3);
  expect(await page.getByRole('button', { name: 'Contratar' }).isDisabled()).toBe(true);
  await s.close();
}, 120_000);

test('the orthopedic plan, the same flow by keyboard alone at 375 px, Voltar from the code step', async () => {
  // Contratar again within 2 minutes: the server keeps the code it sent (429 AGUARDE_REENVIO).
  const s = await entrar(browser, MARIA.cpf, { width: 375, expectStatuses: [429] });
  const { page } = s;
  await page.goto('/ortopedico');
  await visible(page.getByRole('heading', { level: 1, name: 'Contratar Plano Ortopédico' }));
  await visible(page.getByText('R$ 19,90', { exact: true }));
  expect(await page.getByText('Já Possui').count()).toBe(0);

  // Tab to João Pedro's box, Space, then the accept box, then Contratar.
  await caixa(page, 'Maria Aparecida Souza').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  expect(await caixa(page, 'João Pedro Souza').getAttribute('aria-checked')).toBe('true');
  await page.getByRole('checkbox', { name: 'Li e aceito o Termo de Adesão e o Contrato.' }).focus();
  await page.keyboard.press('Space');
  await visible(page.getByText('R$ 19,90', { exact: false }).last());
  const antes = new Date(Date.now() - 1000).toISOString();
  // Focus order follows the screen: Voltar, then Contratar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Voltar');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Contratar');
  await page.keyboard.press('Enter');
  await visible(page.getByRole('heading', { level: 2, name: 'Verificação' }), 20_000);

  // Back, and on again: the code sent a moment ago is still the one (no second SMS within 2 minutes).
  await page.getByRole('button', { name: 'Voltar' }).click();
  await visible(page.getByRole('heading', { level: 2, name: 'Beneficiários' }));
  expect(await caixa(page, 'João Pedro Souza').getAttribute('aria-checked')).toBe('true');
  await page.getByRole('button', { name: 'Contratar' }).click();
  await visible(toast(page, /Use o último código recebido/), 20_000);
  await visible(page.getByRole('heading', { level: 2, name: 'Verificação' }), 20_000);
  expect(await sentTo(MARIA.celular, antes)).toHaveLength(1);
  // The step offers a resend, blocked while the 2 minutes count down.
  const reenviar = page.getByRole('button', { name: 'Reenviar código' });
  await visible(reenviar);
  expect(await reenviar.isDisabled()).toBe(true);
  await visible(page.getByText(/^Novo envio possível em \d:\d{2}\.$/));

  // Another selection: a new code goes out for it (the earlier one no longer confirms anything).
  await page.getByRole('button', { name: 'Voltar' }).click();
  await visible(page.getByRole('heading', { level: 2, name: 'Beneficiários' }));
  await caixa(page, 'Maria Aparecida Souza').click();
  await page.getByRole('button', { name: 'Contratar' }).click();
  await visible(page.getByRole('heading', { level: 2, name: 'Verificação' }), 20_000);
  expect(await sentTo(MARIA.celular, antes)).toHaveLength(2);
  // Back to the first selection within its 2 minutes: the server keeps that wait, and the code in
  // hand is the second one, which cannot confirm it — so no code step (every code would be
  // refused); the page says when a new code can go out.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await caixa(page, 'Maria Aparecida Souza').click();
  await page.getByRole('button', { name: 'Contratar' }).click();
  await visible(toast(page, 'Aguarde para pedir um novo código'), 20_000);
  await visible(toast(page, /A seleção mudou desde o último código enviado/));
  expect(await page.getByRole('heading', { level: 2, name: 'Verificação' }).count()).toBe(0);
  await screenshot(page, 'ortopedico-selecao-mudou-375');
  expect(await sentTo(MARIA.celular, antes)).toHaveLength(2);
  // The selection the last code was sent for: on to the code step with that code.
  await caixa(page, 'Maria Aparecida Souza').click();
  await page.getByRole('button', { name: 'Contratar' }).click();
  await visible(page.getByRole('heading', { level: 2, name: 'Verificação' }), 20_000);
  const codigo = await latestCode(MARIA.celular, antes);
  // The heading has focus; Tab reaches the code field.
  await page.keyboard.press('Tab');
  await page.keyboard.type(codigo);
  await page.keyboard.press('Enter');
  await visible(page.getByRole('heading', { level: 2, name: 'Contratação realizada com sucesso!' }), 20_000);
  for (const nome of ['João Pedro Souza', 'Maria Aparecida Souza'])
    await visible(page.getByRole('listitem').filter({ hasText: nome }));
  await s.close();
}, 120_000);

test("a member who is not the financial responsible sees 'Acesso Restrito' on both pages", async () => {
  const s = await entrar(browser, CARLOS.cpf);
  const { page } = s;
  for (const rota of ['contratar-sos', 'ortopedico']) {
    await page.goto(`/${rota}`);
    await visible(page.getByText('Acesso Restrito'));
    await visible(page.getByText('Apenas o responsável financeiro do contrato pode contratar novos serviços.'));
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await verificarNasDuasLarguras(page, `${rota}-acesso-restrito`);
  }
  await s.close();
});
