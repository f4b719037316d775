import { formatarNumeroProtocolo } from '@portal/contract';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpfFromBase, diaEmSaoPaulo, formatDate, somarDias } from '@portal/br';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { CARLOS, MARIA } from './support/contas';
import { expectNoAxeViolations, launch, openSession, screenshot, type Session, setBaseUrl } from './support/browser';
import { entrar, navegar, segurar, semAvisos, toast, visible } from './support/flows';
import { documentoNasDuasLarguras, mudarLargura, verificarNasDuasLarguras } from './support/larguras';
import { documentoAberto, pdfDeTexto } from './support/pdf';
import { portalProprio } from './support/portal-proprio';
import { type ContaDaEquipe, criarContaDaEquipe, entrarNoConsole } from './support/console';
import { type Portal, startPortalVazio } from './support/server';

// Issue 18 at 375 px: Maria photographs her receipts, sees the estimate, sends and gets her
// protocol; a staff member in the console (password + TOTP) asks for the payment proof, Maria uploads
// it, the staff approves, Maria sees 'Aprovado' and downloads the demonstrativo; the staff marks it
// paid; a year later her IRPF informe of that year lists it. The staff account is made by the
// operator's CLI before the server starts (PGlite is one process's database), so this file serves its
// own copy of the seeded database.
portalProprio();

const PRESTADOR_CPF = cpfFromBase('271828182');
const PERGUNTA = 'Envie o relatório médico da consulta, com a data e a assinatura da médica.';

let dataDir: string;
let portal: Portal;
let rita: ContaDaEquipe;
let browser: Browser;

/** A phone 'photo' of a receipt: a small real JPEG, each one different (the API deduplicates by content). */
function foto(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-reembolso-'));
  cpSync(inject('seedDir'), dataDir, { recursive: true });
  rita = criarContaDaEquipe(dataDir, 'rita.reembolsos@saudeexemplo.com.br', 'Rita Reembolsos', 'atendente');
  portal = await startPortalVazio(dataDir, { SEED: 'demo' });
  setBaseUrl(portal.baseUrl);
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The staff's console at 1280 px, on the request's page (signed in once, then reloaded). */
let equipe: Session | undefined;
async function consoleNoPedido(protocolo: string): Promise<Page> {
  if (!equipe) {
    equipe = await openSession(browser, { width: 1280, expectStatuses: [401] });
    await entrarNoConsole(equipe.page, rita);
  }
  const page = equipe.page;
  await page.goto(`/atendimento/reembolsos/${protocolo}`);
  const impresso = formatarNumeroProtocolo(protocolo);
  await visible(page.getByRole('heading', { level: 1, name: `Reembolso ${impresso}` }));
  return page;
}

/**
 * One of the console's actions on the request: choose it, fill its fields, press its button, confirm
 * in its dialog when it moves money (`confirmar`: the dialog's title and button), see it done.
 */
async function acaoNoConsole(
  protocolo: string,
  acao: string,
  botao: string,
  feito: string,
  campos: [string, string][] = [],
  confirmar?: { dialogo: string; botao: string },
) {
  const page = await consoleNoPedido(protocolo);
  const acoes = page.getByRole('region', { name: 'Ações' });
  await acoes.getByRole('radio', { name: acao }).check();
  for (const [rotulo, valor] of campos) await acoes.getByLabel(rotulo).fill(valor);
  await acoes.getByRole('button', { name: botao }).click();
  if (confirmar) {
    const dialogo = await visible(page.getByRole('dialog', { name: confirmar.dialogo }));
    await dialogo.getByRole('button', { name: confirmar.botao }).click();
  }
  await visible(toast(page, feito));
}

/** The file input behind a 'Tirar foto' (camera) / 'Escolher arquivo' (files) button. */
const entrada = (page: Page, rotulo: string) => page.getByLabel(rotulo, { exact: true });

test('Maria asks for a reimbursement from her phone and follows it to Aprovado (375 px)', async () => {
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  await navegar(page, 'Reembolso');
  await page.waitForURL(/\/reembolso$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Reembolso' }));
  await visible(page.getByText('Você ainda não pediu nenhum reembolso.'));
  await semAvisos(page);
  await verificarNasDuasLarguras(page, 'reembolso-lista-vazia', 375);

  await page.getByRole('link', { name: 'Solicitar reembolso' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Solicitar reembolso' }));

  // Nothing filled: the errors are under their fields ('Title. message'), not toasts, and the
  // first wrong field has the focus.
  await semAvisos(page);
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  const tipo = page.getByLabel('Tipo de atendimento');
  await visible(page.getByText('Campo obrigatório. Selecione o tipo de atendimento.'));
  expect(await tipo.getAttribute('aria-invalid')).toBe('true');
  expect(await tipo.evaluate((el) => el === document.activeElement)).toBe(true);
  await visible(page.getByText('Campo obrigatório. Anexe o comprovante de pagamento ou o recibo.'));
  expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
  await expectNoAxeViolations(page, 'reembolso: formulário com erros @375');

  // The holder may choose anyone on her contract; she asks for herself.
  const beneficiario = page.getByLabel('Beneficiário atendido');
  expect(await beneficiario.isDisabled()).toBe(false);
  expect(await beneficiario.locator('option').count()).toBe(3);
  await beneficiario.selectOption({ label: `Maria Aparecida Souza (CPF ${MARIA.cpf})` });
  await tipo.selectOption({ label: 'Consulta' });
  const hoje = diaEmSaoPaulo(Date.now());
  await page.getByLabel('Data do atendimento').fill(somarDias(hoje, -6));

  // A CPF with wrong check digits is refused under the field; the mask formats as she types.
  const documento = page.getByLabel('CPF ou CNPJ do prestador');
  await documento.pressSequentially('27182818200');
  expect(await documento.inputValue()).toBe('271.828.182-00');
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await visible(page.getByText('CPF ou CNPJ inválido. CPF ou CNPJ do prestador inválido.'));
  await documento.fill('');
  await documento.pressSequentially(PRESTADOR_CPF);
  await page.getByLabel('Nome do prestador').fill('Dra. Helena Prado');
  // A professional (CPF): council, number and UF.
  await page.getByLabel('Conselho profissional').selectOption('CRM');
  await page.getByLabel('Número no conselho').fill('123456');
  await page.getByLabel('UF', { exact: true }).selectOption('SP');
  const valor = page.getByLabel('Valor pago');
  await valor.pressSequentially('35000');
  expect((await valor.inputValue()).replace(/\s/g, ' ')).toBe('R$ 350,00');
  await page.getByLabel('Número do recibo ou da nota fiscal').fill('RS-2026-000777');

  // Two photos of the receipt from the camera and the clinic's invoice as a PDF, each with its own
  // progress bar. The PDF's first answer is lost on the way back (a dropped connection): the retry
  // carries the same Idempotency-Key and the API answers the attachment it already kept.
  await entrada(page, 'Câmera: Comprovante de pagamento').setInputFiles({
    name: 'recibo-frente.jpg',
    mimeType: 'image/jpeg',
    buffer: await foto(235, 232, 220),
  });
  await entrada(page, 'Câmera: Comprovante de pagamento').setInputFiles({
    name: 'recibo-verso.jpg',
    mimeType: 'image/jpeg',
    buffer: await foto(210, 215, 225),
  });
  const chaves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/Reembolso/Anexos') && r.url().includes('nota_fiscal'))
      chaves.push(r.headers()['idempotency-key'] ?? '');
  });
  let perdida = false;
  await page.route('**/api/Reembolso/Anexos?*', async (route) => {
    if (perdida || !route.request().url().includes('nota_fiscal')) return route.continue();
    perdida = true;
    await route.fetch(); // the server receives and keeps the file…
    await route.abort('connectionreset'); // …and the answer never reaches the phone
  });
  await entrada(page, 'Arquivos do aparelho: Nota fiscal ou recibo').setInputFiles({
    name: 'nota-fiscal.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfDeTexto('Nota fiscal de servicos 000777 - Consulta - Dra. Helena Prado'),
  });
  await visible(page.getByText('A conexão caiu durante o envio. Tente novamente: o arquivo não será duplicado.'));
  await page.getByRole('button', { name: 'Tentar novamente: nota-fiscal.pdf' }).click();
  const barras = page.getByRole('progressbar');
  await expect.poll(() => page.getByText('Enviado', { exact: true }).count(), { timeout: 30_000 }).toBe(3);
  expect(await barras.count()).toBe(3);
  for (const b of await barras.all()) expect(await b.getAttribute('aria-valuenow')).toBe('100');
  expect(chaves).toHaveLength(2);
  expect(chaves[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(chaves[1]).toBe(chaves[0]);
  // The browser logged the reset request; that one was provoked on purpose.
  s.problems.splice(0, s.problems.length, ...s.problems.filter((p) => !/ERR_CONNECTION_RESET|ERR_FAILED/.test(p)));

  // Paid to her PIX key (her own CPF): the holder's CPF is offered, masked, and can be changed (issue 31).
  const pagamento = page.getByRole('region', { name: 'Dados para pagamento' });
  await visible(pagamento.getByText('Sua chave PIX é o seu CPF:'));
  await visible(pagamento.getByText('PIX (CPF) ***.982.247-**'));
  expect(await pagamento.getByLabel('Chave PIX').count()).toBe(0);
  await pagamento.getByRole('button', { name: 'Alterar dados de pagamento' }).click();
  // The focus goes to the choice that replaced the button; the key is her CPF, ready to change.
  await expect
    .poll(() => pagamento.getByRole('radio', { name: 'PIX' }).evaluate((el) => el === document.activeElement))
    .toBe(true);
  expect(await pagamento.getByLabel('Tipo de chave').inputValue()).toBe('cpf');
  expect(await pagamento.getByLabel('Chave PIX').inputValue()).toBe(MARIA.cpf);
  // Every error shown earlier went away as its field was fixed (decision 0031).
  expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
  expect(await page.getByText(/Campo obrigatório\.|CPF ou CNPJ inválido\./).count()).toBe(0);
  // WCAG 2.2's target size too (axe keeps it off by default): the PIX / Conta bancária radios.
  await verificarNasDuasLarguras(page, 'reembolso-formulario', 375, { ligar: ['target-size'] });

  // The estimate, clearly not a promise, then the request.
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  const previa = page.getByRole('region', { name: 'Prévia do reembolso' });
  await visible(previa.getByText('Estimativa, não garantia'));
  await visible(previa.getByText(/R\$\s[\d.]+,\d{2}/).first());
  await verificarNasDuasLarguras(page, 'reembolso-previa', 375);
  await previa.getByRole('button', { name: 'Enviar solicitação' }).click();
  await visible(page.getByText('Solicitação de reembolso enviada'));
  const texto = (await page.getByText('Número de protocolo').locator('..').textContent()) ?? '';
  const protocolo = /\d{20}/.exec(texto.replace(/\s/g, ''))?.[0];
  expect(protocolo, texto).toBeDefined();
  // The sentence writes the number as every screen does: in its three parts.
  await visible(page.getByText(`Pedido de reembolso enviado. Protocolo ${formatarNumeroProtocolo(protocolo!)}.`));
  await visible(page.getByText(/Prazo para pagamento: até \d{2}\/\d{2}\/\d{4}/));
  await verificarNasDuasLarguras(page, 'reembolso-enviado', 375);

  // Three attachments reached the request: the lost answer did not make a fourth.
  const noConsole = await consoleNoPedido(protocolo!);
  const anexos = noConsole.getByRole('region', { name: 'Anexos' });
  await visible(anexos.getByRole('button', { name: 'Abrir nota-fiscal.pdf' }));
  expect(await anexos.getByRole('button', { name: /^Abrir / }).count()).toBe(3);

  // The list shows it with its status, protocol and amount.
  await page.getByRole('link', { name: 'Ver meus reembolsos' }).click();
  const item = page.getByRole('link', { name: /Consulta · Dra\. Helena Prado/ });
  await visible(item);
  await visible(item.getByText('Recebido'));
  await visible(item.getByText(/R\$\s350,00/));

  // The staff asks for the payment proof.
  await acaoNoConsole(
    protocolo!,
    'Pedir documentos',
    'Pedir documentos',
    'Pedido de documentos enviado ao beneficiário.',
    [['Documentos que faltam (o beneficiário lê)', PERGUNTA]],
  );
  await page.goto(`/reembolso/${protocolo}`);
  const pedido = page.getByRole('region', { name: 'A operadora pediu documentos' });
  await visible(pedido.getByText(PERGUNTA));
  await visible(page.getByText('Pendente').first());
  await verificarNasDuasLarguras(page, 'reembolso-pendente', 375);
  // Free text only (nothing ticked): the kind starts empty, never guessed from the words (decision 0067).
  const tipoPedido = pedido.getByLabel('Que documento você vai enviar');
  expect(await tipoPedido.inputValue()).toBe('');
  await tipoPedido.selectOption('relatorio_medico');
  // From the keyboard: the button opens the phone's file picker.
  const escolher = pedido.getByRole('button', { name: 'Escolher arquivo: Documentos pedidos' });
  await visible(escolher);
  const [seletor] = await Promise.all([page.waitForEvent('filechooser'), escolher.press('Enter')]);
  await seletor.setFiles({ name: 'relatorio-medico.jpg', mimeType: 'image/jpeg', buffer: await foto(200, 230, 205) });
  await visible(pedido.getByText('Enviado', { exact: true }));
  await pedido.getByRole('button', { name: 'Enviar documentos' }).click();
  await visible(page.getByText('Documentos enviados', { exact: true }));
  await visible(page.getByText(/O novo prazo para pagamento é \d{2}\/\d{2}\/\d{4}/));

  // The staff sees the new document and approves.
  const comProva = await consoleNoPedido(protocolo!);
  await visible(
    comProva.getByRole('region', { name: 'Anexos' }).getByRole('button', { name: 'Abrir relatorio-medico.jpg' }),
  );
  await acaoNoConsole(
    protocolo!,
    'Aprovar',
    'Aprovar reembolso',
    'Reembolso aprovado.',
    [
      ['Valor aprovado (R$)', '280,00'],
      ['Data prevista de pagamento', somarDias(hoje, 10)],
    ],
    { dialogo: 'Confirmar aprovação', botao: 'Aprovar R$ 280,00' },
  );
  await page.reload();
  await visible(page.getByRole('heading', { level: 1, name: 'Detalhes do reembolso' }));
  await visible(page.getByText('Aprovado', { exact: true }).first());
  await visible(page.getByText(/Aprovado: R\$\s280,00/));
  expect(await page.getByRole('region', { name: 'A operadora pediu documentos' }).count()).toBe(0);
  await visible(page.getByText('relatorio-medico.jpg'));
  await verificarNasDuasLarguras(page, 'reembolso-aprovado', 375);

  // The demonstrativo: a download on the phone, a new tab on a computer; a real PDF either way.
  await semAvisos(page);
  await documentoNasDuasLarguras(
    page,
    () => page.getByRole('button', { name: 'Baixar demonstrativo' }).click(),
    ({ pdf: lido, nome }, largura) => {
      expect(lido.texto).toContain('Demonstrativo de reembolso');
      expect(lido.texto).toContain(`Protocolo: ${protocolo}`);
      expect(lido.texto).toContain('Dra. Helena Prado');
      expect(lido.texto).toMatch(/Valor aprovado: R\$\s280,00/);
      if (largura === 375) expect(nome).toBe(`demonstrativo-reembolso-${protocolo}.pdf`);
    },
    375,
  );
  // Her own invoice, opened from the request as the API keeps it.
  const nota = await documentoAberto(
    page,
    () => page.getByRole('button', { name: 'Abrir nota-fiscal.pdf' }).click(),
    375,
  );
  expect(nota.pdf.texto).toContain('Nota fiscal de servicos 000777');
  expect(nota.nome).toBe('nota-fiscal.pdf');
  // Paid: the list says so.
  await acaoNoConsole(protocolo!, 'Marcar como pago', 'Marcar como pago', 'Reembolso marcado como pago.', [], {
    dialogo: 'Confirmar pagamento',
    botao: 'Confirmar pagamento',
  });
  await equipe?.close();
  await page.goto('/reembolso');
  await visible(page.getByRole('link', { name: /Consulta · Dra\. Helena Prado/ }).getByText('Pago', { exact: true }));
  await visible(page.getByText(/Aprovado: R\$\s280,00/));
  await mudarLargura(page, 375);
  await screenshot(page, 'reembolso-lista-pago-375');
  await s.close();
});

test("Maria's next request starts with her last request's payment data, masked, from the server, and she can change it (375 px)", async () => {
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  const oferta = page.waitForResponse((r) => r.url().endsWith('/api/Reembolso/UltimoPagamento'));
  await page.goto('/reembolso/novo');
  expect((await oferta).status()).toBe(200);
  const pagamento = page.getByRole('region', { name: 'Dados para pagamento' });
  const hoje = formatDate(diaEmSaoPaulo(Date.now()));
  await visible(pagamento.getByText(`Os mesmos dados do seu último pedido (${hoje}):`));
  await visible(pagamento.getByText('PIX (CPF) ***.982.247-**'));
  // Nothing of it in the browser's storage (a shared phone): the server keeps it.
  const guardado = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
  expect(guardado).not.toMatch(/tipoChave|pagamento|pix/i);
  await verificarNasDuasLarguras(page, 'reembolso-pagamento-anterior', 375, { ligar: ['target-size'] });
  // Changing it: the fields come back filled, and a bank account can be chosen instead.
  await pagamento.getByRole('button', { name: 'Alterar dados de pagamento' }).click();
  expect(await pagamento.getByLabel('Chave PIX').inputValue()).toBe(MARIA.cpf);
  await pagamento.getByRole('radio', { name: 'Conta bancária' }).check();
  await visible(pagamento.getByLabel('Banco (código)'));
  // Back to PIX with another kind of key, then the CPF again: the holder's CPF is offered again.
  await pagamento.getByRole('radio', { name: 'PIX' }).check();
  await pagamento.getByLabel('Tipo de chave').selectOption('email');
  expect(await pagamento.getByLabel('Chave PIX').inputValue()).toBe('');
  await pagamento.getByLabel('Tipo de chave').selectOption('cpf');
  expect(await pagamento.getByLabel('Chave PIX').inputValue()).toBe(MARIA.cpf);
  await verificarNasDuasLarguras(page, 'reembolso-pagamento-alterar', 375, { ligar: ['target-size'] });
  await s.close();
});

test('a dependant asks only for himself (Carlos)', async () => {
  const s = await entrar(browser, CARLOS.cpf, { width: 375 });
  const { page } = s;
  await page.goto('/reembolso/novo');
  const beneficiario = page.getByLabel('Beneficiário atendido');
  await visible(beneficiario);
  expect(await beneficiario.isDisabled()).toBe(true);
  const opcoes = await beneficiario.locator('option').allTextContents();
  expect(opcoes).toEqual([`Carlos Eduardo Lima (CPF ${CARLOS.cpf})`]);
  await visible(page.getByText('O reembolso é pedido para você.'));
  await s.close();
});

test('the date of care: the field stops 365 days back and says so before anything is typed (Carlos)', async () => {
  const s = await entrar(browser, CARLOS.cpf, { width: 375 });
  const { page } = s;
  await page.goto('/reembolso/novo');
  const data = page.getByLabel('Data do atendimento');
  await visible(data);
  const hoje = diaEmSaoPaulo(Date.now());
  const maisAntiga = somarDias(hoje, -365);
  expect(await data.getAttribute('min')).toBe(maisAntiga);
  expect(await data.getAttribute('max')).toBe(hoje);
  // Said at once, near the field, and read with it.
  const dica = page.getByText(`Atendimentos dos últimos 365 dias: desde ${formatDate(maisAntiga)}.`);
  await visible(dica);
  expect((await data.getAttribute('aria-describedby'))?.split(' ')).toContain(await dica.getAttribute('id'));
  // A date typed past it is refused under the field (the server refuses it as well).
  await data.fill(somarDias(hoje, -366));
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await visible(
    page.getByText(
      'Data inválida. O reembolso pode ser pedido até 365 dias após o atendimento. Para atendimentos mais antigos, fale com a Central de Atendimento.',
    ),
  );
  expect(await data.getAttribute('aria-invalid')).toBe('true');
  await s.close();
});

test('a direct link to a request draws its page with a skeleton of the request while it loads (Carlos, 1280 px)', async () => {
  const s = await entrar(browser, CARLOS.cpf, { width: 1280, expectStatuses: [404] });
  const { page } = s;
  const dados = await segurar(page, '**/api/Reembolso/Detalhe');
  await page.goto(`/reembolso/${'1'.repeat(20)}`, { waitUntil: 'commit' });
  await visible(page.getByRole('heading', { level: 1, name: 'Detalhes do reembolso' }));
  await visible(page.getByRole('status').filter({ hasText: 'Carregando reembolso...' }));
  await visible(page.locator('[data-esqueleto]'));
  await expectNoAxeViolations(page, 'esqueleto do reembolso @1280');
  await screenshot(page, 'esqueleto-reembolso-1280', { fullPage: false });
  dados.soltar();
  await visible(page.getByText('Reembolso não encontrado.'));
  expect(await page.locator('[data-esqueleto]').count()).toBe(0);
  await s.close();
});

test('a year later, the informe of the year it was paid lists the reimbursement apart from the plan payments', async () => {
  // The same database, served again with the clock at the next year's IRPF season (RELOGIO_INICIO,
  // tests only): the year of the payment is now a finished calendar year, so its informe exists.
  const anoDoPagamento = Number(diaEmSaoPaulo(Date.now()).slice(0, 4));
  await portal.stop();
  portal = await startPortalVazio(dataDir, {
    SEED: 'demo',
    RELOGIO_INICIO: `${anoDoPagamento + 1}-02-15T10:00:00-03:00`,
  });
  setBaseUrl(portal.baseUrl);
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  await navegar(page, 'Financeiro');
  await page.getByRole('tab', { name: 'Imposto de Renda' }).click();
  await visible(page.getByRole('heading', { level: 2, name: 'Imposto de Renda' }));
  await page.getByLabel('Ano-calendário').selectOption(String(anoDoPagamento));
  await visible(page.getByRole('table', { name: `Pagamentos de ${anoDoPagamento}` }));
  const reembolsos = page.getByRole('table', { name: `Reembolsos recebidos em ${anoDoPagamento}` });
  await visible(reembolsos);
  const linha = reembolsos.getByRole('row', { name: /Reembolso recebido - Maria Aparecida Souza \(titular\)/ });
  await visible(linha);
  await visible(linha.getByRole('cell', { name: /R\$\s280,00/ }));
  await visible(page.getByText('Na declaração, informe a despesa com o prestador descontando o valor reembolsado'));
  await verificarNasDuasLarguras(page, 'reembolso-irpf', 375);
  const informe = await documentoAberto(
    page,
    () => page.getByRole('button', { name: `Baixar Informe ${anoDoPagamento}` }).click(),
    375,
  );
  expect(informe.pdf.texto).toContain(`Ano-calendário ${anoDoPagamento}`);
  expect(informe.pdf.texto).toContain('Reembolsos de despesas médicas pagos no ano');
  expect(informe.pdf.texto).toMatch(/280,00/);
  await s.close();
});
