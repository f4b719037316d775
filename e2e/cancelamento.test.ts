import { formatarNumeroProtocolo } from '@portal/contract';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { lerPdf } from '../test/pdf-text';
import { CARLOS, ROBERTO, SENHA } from './support/contas';
import { launch, openSession } from './support/browser';
import { login, navegar, pedidosA, semAvisos, toast, visible } from './support/flows';
import { verificarNasDuasLarguras } from './support/larguras';
import { latestCode, sentTo } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('Roberto cancels the whole contract: consequences, SMS code, proof PDF, e-mail; then no new request, invoices stay', async () => {
  const s = await openSession(browser, { expectStatuses: [403] });
  const { page } = s;
  await login(page, ROBERTO.cpf, SENHA);
  await navegar(page, 'Cancelar plano');
  await page.waitForURL(/\/cancelamento$/);
  await visible(page.getByRole('heading', { level: 2, name: 'O que você deseja cancelar?' }));

  // Step 1: the whole contract or his wife only; nothing drastic is preselected.
  await visible(page.getByText('Lúcia Helena Pereira', { exact: false }).first());
  expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await visible(toast(page, 'Erro ao prosseguir'));
  await visible(page.getByRole('heading', { level: 2, name: 'O que você deseja cancelar?' }));
  await page.getByRole('radio', { name: /Excluir somente dependentes/ }).check();
  await visible(page.getByRole('checkbox', { name: /Lúcia Helena Pereira/ }));
  await page.getByRole('radio', { name: /Cancelar o contrato inteiro/ }).check();
  expect(await page.getByRole('checkbox').count()).toBe(0);
  await verificarNasDuasLarguras(page, 'cancelamento-escolha');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: the consequences, the open installments, the required acknowledgement.
  await visible(page.getByRole('heading', { level: 2, name: 'Consequências do cancelamento' }));
  await visible(page.getByText(/novos prazos de carência/));
  await visible(page.getByText(/todos os dependentes também perdem a cobertura/));
  await visible(page.getByRole('heading', { name: 'Mensalidades em aberto' }));
  expect(await page.getByRole('row').count()).toBeGreaterThan(1);
  // The open installments oldest first (12/2025 before 10/2026, not sorted as text).
  const competencias = (await page.getByRole('row').allInnerTexts())
    .map((linha) => /(\d{2})\/(\d{4})/.exec(linha))
    .filter((m) => m !== null)
    .map((m) => `${m[2]}-${m[1]}`);
  expect(competencias.length).toBeGreaterThan(1);
  expect(competencias).toEqual([...competencias].sort());
  const enviar = page.getByRole('button', { name: 'Enviar código por SMS' });
  expect(await enviar.isDisabled()).toBe(true);
  await page.getByRole('checkbox', { name: 'Li e estou ciente das consequências' }).click();
  await verificarNasDuasLarguras(page, 'cancelamento-consequencias');

  // Back and forward keeps the choice; then the code.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await visible(page.getByRole('heading', { level: 2, name: 'O que você deseja cancelar?' }));
  expect(await page.getByRole('radio', { name: /Cancelar o contrato inteiro/ }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('checkbox', { name: 'Li e estou ciente das consequências' }).click();
  const antes = new Date(Date.now() - 1000).toISOString();
  // A double click is one request: one SMS.
  await page.getByRole('button', { name: 'Enviar código por SMS' }).dblclick();
  await visible(page.getByRole('heading', { level: 2, name: 'Verificação' }), 20_000);
  await visible(page.getByText(ROBERTO.celularMascarado));
  expect(await sentTo(ROBERTO.celular, antes)).toHaveLength(1);
  expect(await page.getByRole('button', { name: 'Reenviar código' }).isDisabled()).toBe(true);
  const codigo = await latestCode(ROBERTO.celular, antes);
  await verificarNasDuasLarguras(page, 'cancelamento-verificacao');

  // Step 3: 'Confirmar Cancelamento' (a double click makes one cancellation).
  // A toast at the bottom of a phone-wide page would take the tap meant for the button.
  await semAvisos(page);
  await page.getByLabel('Código de verificação').fill(codigo);
  const confirmacoes = pedidosA(page, '/api/Cancelamento/Confirmar');
  await page.getByRole('button', { name: 'Confirmar Cancelamento' }).dblclick();
  await visible(page.getByRole('heading', { level: 2, name: 'Plano cancelado' }), 20_000);
  const protocolo = (await page.getByText(/^\d{20}$/).textContent())!;
  await visible(page.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/));
  await visible(page.getByRole('listitem').filter({ hasText: 'Lúcia Helena Pereira' }));
  await verificarNasDuasLarguras(page, 'cancelamento-sucesso');

  // The proof, downloaded at once.
  await semAvisos(page);
  const baixou = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar comprovante' }).click();
  const download = await baixou;
  expect(download.suggestedFilename()).toBe(`comprovante-cancelamento-${protocolo}.pdf`);
  const pdf = await lerPdf(readFileSync((await download.path())!));
  expect(pdf.marcado).toBe(true);
  for (const trecho of ['Comprovante de cancelamento', protocolo, 'Roberto Alves Pereira', 'Lúcia Helena Pereira'])
    expect(pdf.texto).toContain(trecho);

  // The e-mail with the proof's summary; one cancellation for the double click, counted once every
  // request it sent has been answered.
  expect(await confirmacoes.respondidos()).toBeGreaterThan(0);
  const emails = (await sentTo(ROBERTO.email, antes)).filter((m) => m.mensagem.includes('Comprovante de cancelamento'));
  expect(emails).toHaveLength(1);
  expect(emails[0]!.mensagem).toContain(formatarNumeroProtocolo(protocolo));

  // Afterwards: the page says when, the proof stays; a new request is refused; invoices stay.
  await page.reload();
  await visible(page.getByText(/^Cancelado em \d{2}\/\d{2}\/\d{4}$/));
  await visible(page.getByRole('button', { name: 'Baixar comprovante' }));
  await verificarNasDuasLarguras(page, 'cancelamento-cancelado');
  // Every screen knows: the header, the Home's banner (no offers), and each area he can no longer
  // use says why at once, before any form.
  const cancelado = /^Plano cancelado em \d{2}\/\d{2}\/\d{4}$/;
  await visible(
    page
      .getByRole('banner')
      .getByText(/^Cancelado em \d{2}\/\d{2}\/\d{4}$/)
      .first(),
  );
  await page.goto('/home');
  await visible(page.getByText(cancelado));
  await visible(page.getByRole('link', { name: 'Faturas, boletos e informe de IRPF' }));
  expect(await page.getByRole('region', { name: 'Destaques' }).count()).toBe(0);
  await verificarNasDuasLarguras(page, 'cancelamento-home-cancelado');
  for (const rota of ['/contratar-sos', '/ortopedico', '/comercial', '/medicina-preventiva', '/beneficios']) {
    await page.goto(rota);
    await visible(page.getByText(cancelado));
    expect(await page.getByRole('button', { name: /Contratar|Adicionar Dependentes|Inscrever|Aceitar/ }).count()).toBe(
      0,
    );
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
  }
  await page.goto('/financeiro');
  await visible(page.getByRole('heading', { level: 2, name: 'Faturas e Boletos' }));
  await visible(page.getByRole('button', { name: /Pagar Fatura/ }).first(), 20_000);
  await visible(page.getByRole('button', { name: /Ver Recibo/ }).first());
  await s.close();
}, 180_000);

test("Carlos (a dependent) sees 'Acesso Restrito' and no form", async () => {
  const s = await openSession(browser);
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  await page.goto('/cancelamento');
  await visible(page.getByText('Acesso Restrito'));
  await visible(page.getByText(/Apenas o titular que é responsável financeiro/));
  expect(await page.getByRole('radio').count()).toBe(0);
  await verificarNasDuasLarguras(page, 'cancelamento-acesso-restrito');
  await s.close();
});
