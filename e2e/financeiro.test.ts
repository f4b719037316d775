import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { competenciaPorExtenso, fatorVencimento, lerPix, validarLinhaDigitavel } from '@portal/br';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { CARLOS, MARIA, ROBERTO, SENHA } from './support/contas';
import { expectNoAxeViolations, launch, openSession, screenshot } from './support/browser';
import { entrar, login, loginMaria, navegar, semAvisos, toast, visible } from './support/flows';
import { documentoNasDuasLarguras, mudarLargura, verificarNasDuasLarguras } from './support/larguras';
import { documentoAberto } from './support/pdf';
import { startPortal } from './support/server';

// The demo data is laid out from the day it was loaded (today): the list covers the last 12
// competences, the two most recent open; Roberto also left unpaid the one of twelve months ago
// (the same month last year: always in the previous calendar year).
const hoje = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());
const ANO = Number(hoje.slice(0, 4));
const MES = Number(hoje.slice(5, 7));
function competencia(atras: number) {
  const i = ANO * 12 + (MES - 1) - atras;
  const ano = Math.floor(i / 12);
  const mes = (i % 12) + 1;
  return { ano, mes, nome: competenciaPorExtenso(mes, ano), texto: `${String(mes).padStart(2, '0')}/${ano}` };
}
const pad = (n: number) => String(n).padStart(2, '0');
/** The demo's installments are due on the 10th (YYYY-MM-DD). */
const vencimentoDe = (atras: number) => `${competencia(atras).ano}-${pad(competencia(atras).mes)}-10`;
const diasDesde = (dia: string) => Math.round((Date.parse(hoje) - Date.parse(dia)) / 86_400_000);
const ddmmaaaa = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;
/** 'R$ 1.367,59' → 136759 */
const centavos = (texto: string) => Number(texto.replace(/\D/g, ''));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function abrirFinanceiro(page: Page) {
  // The menu (side links, or 'Menu' below 768 px) is drawn once the protected layout has loaded.
  await visible(
    page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Financeiro', exact: true })
      .or(page.getByRole('button', { name: 'Menu' })),
  );
  await navegar(page, 'Financeiro');
  await page.waitForURL(/\/financeiro$/);
}

test('Maria pays an invoice: barcode, boleto and PIX, each screen and document at 1280 and 375 px', async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page, context } = s;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await abrirFinanceiro(page);

  const faturas = page.getByRole('tab', { name: 'Faturas e Boletos' });
  expect(await (await visible(faturas)).getAttribute('aria-selected')).toBe('true');
  await visible(page.getByRole('heading', { level: 2, name: 'Faturas e Boletos' }));
  await visible(page.getByRole('heading', { level: 3, name: 'Mensalidades dos últimos 12 meses' }));
  const itens = page.getByRole('region', { name: 'Mensalidades dos últimos 12 meses' }).getByRole('listitem');
  await visible(itens.first());
  expect(await itens.count()).toBe(12);
  expect(await page.getByRole('heading', { level: 4 }).allTextContents()).toEqual(
    Array.from({ length: 12 }, (_, i) => competencia(i).nome),
  );
  expect(await page.getByText('Em Aberto', { exact: true }).count()).toBe(2);
  expect(await page.getByText('Pago', { exact: true }).count()).toBe(10);
  expect(await page.getByRole('button', { name: /^Pagar Fatura/ }).count()).toBe(2);
  expect(await page.getByRole('button', { name: /^Ver Recibo/ }).count()).toBe(10);
  // Last month's installment (due on the 10th) is past due: it says so beside 'Em Aberto' (issue 15).
  const anterior = itens.filter({ has: page.getByRole('heading', { name: competencia(1).nome }) });
  await visible(anterior.getByText(`Vencida há ${diasDesde(vencimentoDe(1))} dias`, { exact: true }));
  // Each screen at both widths; the journey goes on alternately at 375 and 1280 px.
  await verificarNasDuasLarguras(page, 'financeiro-faturas', 375);

  // 'Pagar Fatura' of the current competence.
  await page.getByRole('button', { name: `Pagar Fatura de ${competencia(0).nome}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagar Fatura' });
  await visible(dialog);
  expect(await dialog.getByRole('tab', { name: 'Código de Barras' }).getAttribute('aria-selected')).toBe('true');
  // The three tabs fit the dialog at every width, their labels whole (from 640 px the PIX tab read 'PI').
  const abasCabem = () =>
    dialog.getByRole('tab').evaluateAll((abas) =>
      abas.every((aba) => {
        const r = aba.getBoundingClientRect();
        const d = aba.closest('[role="dialog"]')!.getBoundingClientRect();
        return aba.scrollWidth <= aba.clientWidth && r.left >= d.left && r.right <= d.right;
      }),
    );
  const tamanho = page.viewportSize()!;
  for (const largura of [375, 640, 768, 1024, 1280]) {
    await page.setViewportSize({ width: largura, height: tamanho.height });
    expect(await abasCabem(), `at ${largura}px`).toBe(true);
  }
  await page.setViewportSize(tamanho);
  const linha = await visible(dialog.getByLabel('Linha digitável'));
  const grupos = await linha.locator('span').allTextContents();
  expect(grupos).toHaveLength(5);
  expect(grupos.join(' ')).toMatch(/^341\d{2}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  await dialog.getByRole('button', { name: 'Copiar código de barras' }).click();
  await visible(toast(page, 'Código de Barras Copiado!'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(grupos.join('').replace(/\D/g, ''));
  await verificarNasDuasLarguras(page, 'financeiro-pagar-codigo-barras');

  await documentoNasDuasLarguras(
    page,
    () => dialog.getByRole('button', { name: 'Baixar Boleto' }).click(),
    (boleto, width) => {
      if (width < 768) expect(boleto.nome).toBe(`boleto-${ANO}-${pad(MES)}.pdf`);
      expect(boleto.pdf.marcado).toBe(true);
      for (const trecho of [
        'Recibo do Pagador',
        'Ficha de Compensação',
        'Maria Aparecida Souza - CPF 529.982.247-25',
        grupos.join(' '),
      ])
        expect(boleto.pdf.texto).toContain(trecho);
    },
  );

  await dialog.getByRole('tab', { name: 'Cartão de Crédito' }).click();
  await visible(dialog.getByText('O pagamento com cartão de crédito estará disponível em breve.'));
  for (const width of [375, 1280] as const) {
    await mudarLargura(page, width);
    await screenshot(page, `financeiro-pagar-cartao-${width}`);
  }

  await dialog.getByRole('tab', { name: 'PIX' }).click();
  const qr = await visible(dialog.getByRole('img', { name: /^QR Code PIX da mensalidade de / }));
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  await dialog.getByRole('button', { name: 'Copiar código PIX' }).click();
  await visible(toast(page, 'Código PIX Copiado!'));
  const copiaECola = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiaECola).toMatch(/^000201.*br\.gov\.bcb\.pix.*5913SAUDE EXEMPLO6009SAO PAULO.*6304[0-9A-F]{4}$/);
  await verificarNasDuasLarguras(page, 'financeiro-pagar-pix');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await s.close();
});

test("Maria's receipts, co-participation statement, clearance letter and IRPF, each at 1280 and 375 px", async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await abrirFinanceiro(page);

  const anterior = competencia(2);
  await documentoNasDuasLarguras(
    page,
    () => page.getByRole('button', { name: `Ver Recibo de ${anterior.nome}` }).click(),
    (recibo, width) => {
      if (width < 768) expect(recibo.nome).toBe(`recibo-${anterior.ano}-${pad(anterior.mes)}.pdf`);
      expect(recibo.pdf.texto).toContain(`Recibo de Pagamento - Mensalidade ${anterior.texto}`);
      expect(recibo.pdf.texto).toContain('Ana Clara Souza');
    },
  );

  // The co-participation statement: this month has lines, last month none.
  await page.getByRole('button', { name: 'Extrato de Coparticipação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extrato de Coparticipação' });
  await visible(dialog);
  const tabela = await visible(dialog.getByRole('table'));
  expect(await tabela.getByRole('columnheader').allTextContents()).toEqual(['Descrição', 'Valor']);
  expect(await tabela.getByRole('row').count()).toBeGreaterThan(2);
  await visible(tabela.getByText('Maria Aparecida Souza', { exact: false }));
  await verificarNasDuasLarguras(page, 'financeiro-extrato-coparticipacao', 375);
  await dialog.getByLabel('Competência').selectOption({ label: competencia(1).nome });
  await visible(dialog.getByText('Nenhum item encontrado.'));
  await dialog.getByLabel('Competência').selectOption({ label: competencia(0).nome });
  await documentoNasDuasLarguras(
    page,
    () => dialog.getByRole('button', { name: 'Baixar Extrato' }).click(),
    (extrato, width) => {
      if (width < 768) expect(extrato.nome).toBe(`extrato-coparticipacao-${ANO}-${pad(MES)}.pdf`);
      expect(extrato.pdf.texto).toContain(`Extrato de Coparticipação - Competência ${competencia(0).texto}`);
    },
    375,
  );
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
    .toBe('Extrato de Coparticipação');

  // The Lei 12.007 letter of last year (every installment paid).
  const quitacao = page.getByRole('region', { name: 'Declaração Anual de Quitação de Débitos' });
  await quitacao.getByLabel('Ano').selectOption(String(ANO - 2));
  await documentoNasDuasLarguras(
    page,
    () => quitacao.getByRole('button', { name: 'Baixar Declaração' }).click(),
    (carta, width) => {
      if (width < 768) expect(carta.nome).toBe(`declaracao-quitacao-${ANO - 2}.pdf`);
      expect(carta.pdf.texto).toContain(`Declaração Anual de Quitação de Débitos - ${ANO - 2}`);
      expect(carta.pdf.texto).toContain('Lei nº 12.007, de 29 de julho de 2009');
    },
  );

  // IRPF: the previous calendar year by default, its list, the informe.
  await page.getByRole('tab', { name: 'Imposto de Renda' }).click();
  await visible(page.getByRole('heading', { level: 2, name: 'Imposto de Renda' }));
  const ano = page.getByLabel('Ano-calendário');
  await visible(ano);
  expect(await ano.inputValue()).toBe(String(ANO - 1));
  const lista = page.getByRole('table', { name: `Pagamentos de ${ANO - 1}` });
  await visible(lista);
  expect(await lista.getByRole('columnheader').allTextContents()).toEqual(['Descrição', 'Ano', 'Valor']);
  await visible(lista.getByRole('cell', { name: 'Plano de saúde - Maria Aparecida Souza (titular)' }));
  expect(await lista.getByRole('cell', { name: String(ANO - 1), exact: true }).count()).toBe(3);
  await verificarNasDuasLarguras(page, 'financeiro-irpf', 375);
  await documentoNasDuasLarguras(
    page,
    // The toast is waited for with the click, while the document opens: it goes after a few seconds,
    // sooner than a busy machine reads the PDF (ci-17 looked for it after the reading and missed it).
    async () => {
      await semAvisos(page);
      await page.getByRole('button', { name: `Baixar Informe ${ANO - 1}` }).click();
      await visible(toast(page, 'Informe de IRPF Gerado'));
    },
    (informe, width) => {
      if (width < 768) expect(informe.nome).toBe(`informe-irpf-${ANO - 1}.pdf`);
      expect(informe.pdf.texto).toContain(`Ano-calendário ${ANO - 1}`);
      expect(informe.pdf.texto).toContain('João Pedro Souza 384.716.250-08');
    },
  );
  // Another year that has data.
  await ano.selectOption(String(ANO - 2));
  await visible(page.getByRole('table', { name: `Pagamentos de ${ANO - 2}` }));
  await visible(page.getByRole('button', { name: `Baixar Informe ${ANO - 2}` }));
  await s.close();
});

test('Carlos, a co-participative dependant, sees his statements by competence at 1280 and 375 px', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  await abrirFinanceiro(page);
  const aba = await visible(page.getByRole('tab', { name: 'Extrato de Coparticipação' }));
  expect(await aba.getAttribute('aria-selected')).toBe('true');
  expect(await page.getByRole('tab', { name: 'Faturas e Boletos' }).count()).toBe(0);
  await visible(page.getByRole('heading', { level: 2, name: 'Extrato de Coparticipação' }));
  await visible(page.getByRole('heading', { level: 3, name: competencia(0).nome }));
  expect(await page.getByRole('heading', { level: 3 }).count()).toBe(12);
  expect(await page.getByRole('button', { name: /^Baixar Extrato/ }).count()).toBe(12);
  expect(await page.getByRole('button', { name: /Pagar Fatura|Ver Recibo/ }).count()).toBe(0);
  await verificarNasDuasLarguras(page, 'financeiro-carlos', 375);
  await documentoNasDuasLarguras(
    page,
    () => page.getByRole('button', { name: `Baixar Extrato de ${competencia(0).nome}` }).click(),
    (extrato) => {
      expect(extrato.pdf.texto).toContain('Carlos Eduardo Lima');
      expect(extrato.pdf.texto).not.toContain('Marcos Antônio Lima');
    },
  );

  await page.getByRole('tab', { name: 'Imposto de Renda' }).click();
  await visible(page.getByText('O informe de IRPF é emitido para o responsável financeiro do contrato.'));
  await verificarNasDuasLarguras(page, 'financeiro-carlos-irpf', 1280, { foto: false });
  await s.close();
});

test('Roberto (not co-participative): the statement button says why; last year’s letter names the open installment', async () => {
  const s = await openSession(browser, { width: 1280, expectStatuses: [422] });
  const { page } = s;
  await login(page, ROBERTO.cpf, SENHA);
  await abrirFinanceiro(page);
  await visible(page.getByRole('heading', { level: 2, name: 'Faturas e Boletos' }));
  const botao = page.getByRole('button', { name: 'Extrato de Coparticipação' });
  expect(await botao.getAttribute('aria-disabled')).toBe('true');
  // Dimmed but still focusable, so a keyboard or screen-reader user learns why it does nothing.
  await botao.focus();
  await page.keyboard.press('Enter');
  await visible(toast(page, 'Você não possui uma conta coparticipativa.'));
  expect(await page.getByRole('dialog').count()).toBe(0);

  const quitacao = page.getByRole('region', { name: 'Declaração Anual de Quitação de Débitos' });
  await quitacao.getByLabel('Ano').selectOption(String(ANO - 1));
  await quitacao.getByRole('button', { name: 'Baixar Declaração' }).click();
  const aviso = await visible(quitacao.getByText(/Não é possível emitir a declaração de quitação de/));
  expect(await aviso.textContent()).toContain(
    `a mensalidade de competência ${competencia(12).texto} (vencimento 10/${competencia(12).texto}`,
  );
  await visible(toast(page, 'Erro ao gerar documento'));
  await expectNoAxeViolations(page, 'financeiro roberto');
  await screenshot(page, 'financeiro-roberto-1280');
  await s.close();
});

test('by keyboard alone: tabs with the arrow keys, "Pagar Fatura" with Enter, Escape back to the list', async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await page.goto('/financeiro');
  const faturas = await visible(page.getByRole('tab', { name: 'Faturas e Boletos' }));
  await faturas.focus();
  await page.keyboard.press('ArrowRight');
  const irpf = page.getByRole('tab', { name: 'Imposto de Renda' });
  await expect.poll(() => irpf.getAttribute('aria-selected')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Imposto de Renda');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => faturas.getAttribute('aria-selected')).toBe('true');
  // The tabs come before the invoices: Tab from them only reaches 'Pagar Fatura' once the list is in.
  await visible(page.getByRole('button', { name: /^Pagar Fatura/ }));
  // Tab moves through the panel until 'Pagar Fatura'.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent ?? '')).startsWith('Pagar Fatura')) break;
  }
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Pagar Fatura/);
  await page.keyboard.press('Enter');
  const dialog = await visible(page.getByRole('dialog', { name: 'Pagar Fatura' }));
  await visible(dialog.getByLabel('Linha digitável'));
  // Into the payment tabs: from the focused tab, the arrows choose the method.
  await dialog.getByRole('tab', { name: 'Código de Barras' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => dialog.getByRole('tab', { name: 'Cartão de Crédito' }).getAttribute('aria-selected'))
    .toBe('true');
  await page.keyboard.press('ArrowRight');
  await visible(dialog.getByRole('button', { name: 'Copiar código PIX' }));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Pagar Fatura/);
  await s.close();
});

test('a blocked popup gets a link to the document instead', async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/financeiro');
  await page.getByRole('button', { name: `Ver Recibo de ${competencia(2).nome}` }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Documento pronto' }));
  const link = dialog.getByRole('link', { name: /Abrir documento/ });
  expect(await link.getAttribute('href')).toMatch(/^blob:/);
  expect(await dialog.getByRole('link', { name: 'Baixar' }).getAttribute('download')).toBe(
    `recibo-${competencia(2).ano}-${pad(competencia(2).mes)}.pdf`,
  );
  // The dialog loads the first time a browser blocks a document (components/documentos.tsx).
  await verificarNasDuasLarguras(page, 'financeiro-documento-bloqueado', 1280, { fullPage: false });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Ver Recibo');
  await s.close();
});

test('an operator without a PIX key: the PIX tab says it is coming soon', async () => {
  const demo = join(import.meta.dirname, '..', 'operadora', 'demo');
  const dir = mkdtempSync(join(tmpdir(), 'operadora-sem-pix-'));
  cpSync(demo, dir, { recursive: true });
  const json = JSON.parse(readFileSync(join(demo, 'operadora.json'), 'utf8'));
  writeFileSync(join(dir, 'operadora.json'), JSON.stringify({ ...json, pix: null }));
  const semPix = await startPortal(inject('seedDir'), { OPERADORA_DIR: dir });
  const context = await browser.newContext({ baseURL: semPix.baseUrl, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await loginMaria(page);
    await page.goto('/financeiro');
    await page.getByRole('button', { name: `Pagar Fatura de ${competencia(0).nome}` }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Pagar Fatura' }));
    await dialog.getByRole('tab', { name: 'PIX' }).click();
    await visible(dialog.getByText('O pagamento por PIX estará disponível em breve.'));
    expect(await dialog.getByRole('img').count()).toBe(0);
    await expectNoAxeViolations(page, 'pix em breve');
    await screenshot(page, 'financeiro-pagar-pix-em-breve-1280');
  } finally {
    await context.close();
    await semPix.stop();
  }
});

test('an overdue invoice (issue 15): "Vencida há N dias", an updated boleto due today and the PIX of the same amount', async () => {
  // Last month's installment is always past due (the 10th, a month ago). It is paid with an
  // updated boleto: due today, amount plus the fine and the interest, its own FEBRABAN line.
  const anterior = competencia(1);
  const dias = diasDesde(vencimentoDe(1));
  for (const width of [375, 1280]) {
    const s = await entrar(browser, MARIA.cpf, { width });
    const { page, context } = s;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await abrirFinanceiro(page);
    const item = page
      .getByRole('region', { name: 'Mensalidades dos últimos 12 meses' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: anterior.nome }) });
    await visible(item.getByText('Em Aberto', { exact: true }));
    await visible(item.getByText(`Vencida há ${dias} dias`, { exact: true }));
    const valorOriginal = centavos((await item.getByRole('definition').nth(1).textContent()) ?? '');
    // This month's is past due too once the 10th (or the next business day) has gone by.
    if (Number(hoje.slice(8, 10)) > 13) {
      const atual = page
        .getByRole('region', { name: 'Mensalidades dos últimos 12 meses' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: competencia(0).nome }) });
      await visible(atual.getByText(`Vencida há ${diasDesde(vencimentoDe(0))} dias`, { exact: true }));
    }
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, `financeiro-vencida-${width}`);

    await item.getByRole('button', { name: /^Pagar Fatura/ }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Pagar Fatura' }));
    const aviso = await visible(dialog.getByRole('status').filter({ hasText: 'Boleto atualizado' }));
    expect(await aviso.textContent()).toContain(`Boleto atualizado: pagável até ${ddmmaaaa(hoje)}`);
    expect(await aviso.textContent()).toContain(`Juros de mora (1% ao mês, ${dias} dias)`);
    const total = centavos((await aviso.getByRole('definition').last().textContent()) ?? '');
    expect(total).toBeGreaterThan(valorOriginal);
    const linha = (await dialog.getByLabel('Linha digitável').locator('span').allTextContents()).join(' ');
    expect(validarLinhaDigitavel(linha)).toBe(true);
    const digitos = linha.replace(/\D/g, '');
    // Factor of today (not of the original due date) and the updated amount.
    expect(digitos.slice(33, 37)).toBe(String(fatorVencimento(hoje)));
    expect(digitos.slice(33, 37)).not.toBe(String(fatorVencimento(vencimentoDe(1))));
    expect(Number(digitos.slice(37))).toBe(total);
    await expectNoAxeViolations(page, `boleto atualizado @${width}`);
    await screenshot(page, `financeiro-vencida-boleto-${width}`);

    const boleto = await documentoAberto(
      page,
      () => dialog.getByRole('button', { name: 'Baixar Boleto' }).click(),
      width,
    );
    for (const trecho of [
      linha,
      `Pagável em qualquer banco, correspondente ou aplicativo até ${ddmmaaaa(hoje)}`,
      'Total atualizado',
      `vencimento original ${ddmmaaaa(vencimentoDe(1))}`,
    ])
      expect(boleto.pdf.texto).toContain(trecho);
    expect(boleto.pdf.texto).not.toContain('até o vencimento');

    await dialog.getByRole('tab', { name: 'PIX' }).click();
    await visible(dialog.getByRole('img', { name: /^QR Code PIX da mensalidade de / }));
    expect(
      centavos(
        (await dialog
          .getByText(/^Valor atualizado:/)
          .locator('span')
          .first()
          .textContent()) ?? '',
      ),
    ).toBe(total);
    await dialog.getByRole('button', { name: 'Copiar código PIX' }).click();
    const pix = lerPix(await page.evaluate(() => navigator.clipboard.readText()));
    expect(pix.crcValido).toBe(true);
    expect(centavos(pix.campos['54'] ?? '')).toBe(total);
    await screenshot(page, `financeiro-vencida-pix-${width}`);
    await s.close();
  }
});
