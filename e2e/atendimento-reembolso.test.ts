import { formatarNumeroProtocolo } from '@portal/contract';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diaEmSaoPaulo, proximaRodadaDePagamento, somarDias } from '@portal/br';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { MARIA, SENHA } from './support/contas';
import { launch, openSession, setBaseUrl } from './support/browser';
import { conferirTela, espacos, toast, visible } from './support/flows';
import { type ContaDaEquipe, conferirTelaDoConsole, criarContaDaEquipe, entrarNoConsole } from './support/console';
import { pdfDeTexto } from './support/pdf';
import { portalProprio } from './support/portal-proprio';
import { type Portal, startPortalVazio } from './support/server';

// Issue 18, operator side in the staff console: Maria asks for a reimbursement through the member
// API (a photographed receipt); a staff member signs in with password + TOTP, finds it in
// 'Reembolsos' by deadline, opens the receipt, asks for the payment proof; Maria uploads it through
// the API; the staff approves; the member API says 'aprovado'. The staff account is made with the
// operator's CLI, which needs the database to itself (PGlite): this file serves its own copy of the seed.
// Issue 31, "Confirm money": approving and marking as paid go through a confirmation dialog; above
// R$ 300,00 (REEMBOLSO_QUATRO_OLHOS_ACIMA here) a supervisor confirms the approval; the dates offered
// come from the payment runs (REEMBOLSO_DIAS_DE_PAGAMENTO).
portalProprio();

const LIMITE = '300';
const DIAS_DE_PAGAMENTO = [7, 21];

const PERGUNTA = 'Envie o comprovante de pagamento da consulta (comprovante do cartão ou do PIX).';

let dataDir: string;
let portal: Portal;
let browser: Browser;
let conta: ContaDaEquipe;
let supervisora: ContaDaEquipe;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-atendimento-reembolso-'));
  cpSync(inject('seedDir'), dataDir, { recursive: true });
  conta = criarContaDaEquipe(dataDir, 'rita.reembolsos@saudeexemplo.com.br', 'Rita Reembolsos', 'atendente');
  supervisora = criarContaDaEquipe(dataDir, 'sonia.supervisora@saudeexemplo.com.br', 'Sônia Supervisora', 'supervisor');
  portal = await startPortalVazio(dataDir, {
    SEED: 'demo',
    REEMBOLSO_QUATRO_OLHOS_ACIMA: LIMITE,
    REEMBOLSO_DIAS_DE_PAGAMENTO: DIAS_DE_PAGAMENTO.join(','),
  });
  setBaseUrl(portal.baseUrl);
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Maria through the member API, as the app does: the app token, then her session on contract 100234. */
class Membro {
  token = '';
  codigoSessao = 0;
  cookies = new Map<string, string>();

  private cabecalhos(extra: Record<string, string> = {}) {
    return {
      authorization: `Bearer ${this.token}`,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...extra,
    };
  }

  private guardar(r: Response) {
    for (const c of r.headers.getSetCookie()) {
      const [par = ''] = c.split(';');
      const i = par.indexOf('=');
      this.cookies.set(par.slice(0, i), par.slice(i + 1));
    }
  }

  async post(caminho: string, corpo: Record<string, unknown>) {
    const r = await fetch(`${portal.baseUrl}${caminho}`, {
      method: 'POST',
      headers: this.cabecalhos({ 'content-type': 'application/json' }),
      body: JSON.stringify({ perfilAutenticado: { codigoSessao: this.codigoSessao }, ...corpo }),
    });
    this.guardar(r);
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  }

  async entrar() {
    const t = await fetch(`${portal.baseUrl}/api/Token/GerarToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usuario: 'portal-web', senha: 'portal-web-demo' }),
    });
    this.token = (await t.json()) as string;
    const cpf = MARIA.cpf.replace(/\D/g, '');
    const perfis = await fetch(`${portal.baseUrl}/api/Login/PerfisDaConta`, {
      method: 'POST',
      headers: this.cabecalhos({ 'content-type': 'application/json' }),
      body: JSON.stringify({ cpf: Number(cpf), senha: SENHA }),
    });
    const lista = (await perfis.json()) as { codigoPlano: string; codigoContrato: string }[];
    const p = lista.find((x) => x.codigoContrato === '100234');
    if (!p) throw new Error(`Maria sem o contrato 100234: ${JSON.stringify(lista)}`);
    const a = await fetch(`${portal.baseUrl}/api/Login/Autenticar`, {
      method: 'POST',
      headers: this.cabecalhos({ 'content-type': 'application/json' }),
      body: JSON.stringify({ cpf, senha: SENHA, codigoPlano: p.codigoPlano, codigoContrato: p.codigoContrato }),
    });
    this.guardar(a);
    const s = (await a.json()) as { sucesso: boolean; codigoSessao: number };
    expect(s.sucesso).toBe(true);
    this.codigoSessao = s.codigoSessao;
  }

  /** POST /api/Reembolso/Anexos: the file as the body. */
  async anexar(arquivo: Buffer, documento: string, nome: string): Promise<string> {
    const r = await fetch(`${portal.baseUrl}/api/Reembolso/Anexos?${new URLSearchParams({ documento, nome })}`, {
      method: 'POST',
      headers: this.cabecalhos({
        'content-type': 'application/octet-stream',
        'x-codigo-sessao': String(this.codigoSessao),
      }),
      body: new Uint8Array(arquivo),
    });
    const json = (await r.json()) as Record<string, unknown>;
    expect(r.status, JSON.stringify(json)).toBe(200);
    return json.id as string;
  }
}

const maria = new Membro();
let protocolo = '';

test('Maria asks for a reimbursement through the member API', async () => {
  await maria.entrar();
  protocolo = await pedidoDaMaria('RS-2026-0420', {
    arquivo: 'recibo-consulta.jpg',
    diasAtras: 3,
    foto: { width: 640, height: 480, background: '#d8c9a8' },
  });
  expect(protocolo).toMatch(/^\d{20}$/);
}, 60_000);

test('a staff member finds it by deadline, opens the receipt, asks for the payment proof; Maria sends it; the staff approves', async () => {
  expect(protocolo).not.toBe('');
  const s = await openSession(browser, { expectStatuses: [401] });
  const { page } = s;
  await entrarNoConsole(page, conta);

  const menu = page.getByRole('navigation', { name: 'Console de atendimento' });
  await menu.getByRole('link', { name: 'Reembolsos' }).click();
  await page.waitForURL(/\/atendimento\/reembolsos$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Reembolsos' }));
  const impresso = formatarNumeroProtocolo(protocolo);
  const link = page.getByRole('link', { name: impresso });
  await visible(link);
  const linha = page.locator('tbody tr', { has: link });
  await visible(linha.getByText('Vence em 30 dias'));
  await visible(linha.getByText('Recebido', { exact: true }));
  // By deadline: the dates of the column never go back.
  const ordem = await page
    .locator('tbody a[data-protocolo]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('data-protocolo')));
  expect(ordem).toContain(protocolo);
  await conferirTelaDoConsole(page, 'atendimento-reembolsos');

  // Keyboard: j moves through the list; Enter opens the focused one.
  await page.locator('h1').click();
  for (let i = 0; i <= ordem.indexOf(protocolo); i++) await page.keyboard.press('j');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-protocolo'))).toBe(protocolo);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/atendimento/reembolsos/${protocolo}$`));
  await visible(page.getByRole('heading', { level: 1, name: `Reembolso ${impresso}` }));
  await visible(page.getByText('Dra. Helena Prado').first());
  // The deadline's law is Lei 9.656/98 (art. 12, VI), as the member's page says; RN 623 is the protocol's.
  await visible(page.getByText('30 dias da documentação completa (Lei 9.656/98, art. 12, VI)', { exact: false }));
  const pagamento = page.getByRole('region', { name: 'Dados para pagamento' });
  expect(await pagamento.locator('dt').allTextContents()).toEqual(['Forma', 'Tipo de chave PIX', 'Chave PIX']);
  expect((await pagamento.locator('dd').allTextContents()).map(espacos)).toEqual(['PIX', 'CPF', MARIA.cpf]);
  await conferirTelaDoConsole(page, 'atendimento-reembolso');

  // The receipt: opened in a new tab (the image itself), and downloaded with its name.
  const anexos = page.getByRole('region', { name: 'Anexos' });
  const [aba] = await Promise.all([
    page.waitForEvent('popup'),
    anexos.getByRole('button', { name: 'Abrir recibo-consulta.jpg' }).click(),
  ]);
  await aba.waitForURL(/^blob:/);
  const dimensoes = await aba.evaluate(async () => {
    const img = document.querySelector('img');
    if (img && !img.complete) await new Promise((ok) => img.addEventListener('load', ok));
    return img ? [img.naturalWidth, img.naturalHeight] : null;
  });
  expect(dimensoes).toEqual([640, 480]);
  await aba.close();
  const [baixado] = await Promise.all([
    page.waitForEvent('download'),
    anexos.getByRole('link', { name: 'Baixar recibo-consulta.jpg' }).click(),
  ]);
  expect(baixado.suggestedFilename()).toBe('recibo-consulta.jpg');

  // Ask for the payment proof: keyboard only, from the action's radio to the button.
  const acoes = page.getByRole('region', { name: 'Ações' });
  await acoes.getByRole('radio', { name: 'Pedir documentos' }).check();
  await acoes.getByRole('button', { name: 'Pedir documentos' }).click();
  await visible(acoes.getByText('Escreva o que falta para o beneficiário.'));
  await acoes.getByLabel('Documentos que faltam (o beneficiário lê)').fill(PERGUNTA);
  await conferirTelaDoConsole(page, 'atendimento-reembolso-pendencia');
  await acoes.getByLabel('Documentos que faltam (o beneficiário lê)').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await visible(toast(page, 'Pedido de documentos enviado ao beneficiário.'));
  await visible(page.getByRole('region', { name: 'Documentos pedidos' }).getByText(PERGUNTA));
  await visible(page.getByText('Prazo parado até o beneficiário enviar os documentos.'));

  // Maria answers through the API with the proof.
  const pedido = await maria.post('/api/Reembolso/Detalhe', { protocolo });
  expect(pedido.json).toMatchObject({ situacao: 'pendente', pergunta: PERGUNTA });
  const prova = await maria.anexar(
    await pdfDeTexto('Comprovante PIX — R$ 350,00 — Dra. Helena Prado'),
    'comprovante_pagamento',
    'comprovante-pix.pdf',
  );
  const resposta = await maria.post('/api/Reembolso/ResponderPendencia', {
    protocolo,
    anexos: [prova],
    mensagem: 'Segue o comprovante do PIX.',
  });
  expect(resposta.status, JSON.stringify(resposta.json)).toBe(200);

  // The staff sees it back in analysis, with the new attachment, and approves.
  await page.reload();
  await visible(page.getByRole('heading', { level: 1, name: `Reembolso ${impresso}` }));
  await visible(anexos.getByText('comprovante-pix.pdf', { exact: false }));
  await visible(page.getByText('Em análise', { exact: true }).first());
  const previsto = somarDias(diaEmSaoPaulo(Date.now()), 5);
  await acoes.getByRole('radio', { name: 'Aprovar' }).check();
  await acoes.getByLabel('Valor aprovado (R$)').fill('240,00');
  await acoes.getByLabel('Data prevista de pagamento').fill(previsto);
  await conferirTelaDoConsole(page, 'atendimento-reembolso-aprovacao');
  await acoes.getByRole('button', { name: 'Aprovar reembolso' }).click();
  // Below the threshold: the dialog, no second person.
  const dialogo = page.getByRole('dialog', { name: 'Confirmar aprovação' });
  await visible(dialogo.getByText('R$ 240,00'));
  expect(await dialogo.getByText('aguardando a confirmação de um supervisor', { exact: false }).count()).toBe(0);
  await dialogo.getByRole('button', { name: 'Aprovar R$ 240,00' }).click();
  await visible(toast(page, 'Reembolso aprovado.'));
  await visible(page.getByRole('region', { name: 'Valores' }).getByText('R$ 240,00'));
  await visible(acoes.getByRole('radio', { name: 'Marcar como pago' }));
  await s.close();

  const depois = await maria.post('/api/Reembolso/Detalhe', { protocolo });
  expect(depois.json).toMatchObject({ situacao: 'aprovado', valorAprovado: 240, previsaoPagamento: previsto });
}, 180_000);

/**
 * Maria asks for a reimbursement of R$ 350,00 through the member API, for a consultation `diasAtras`
 * days ago with receipt `recibo` photographed in `arquivo`: its protocol.
 */
async function pedidoDaMaria(
  recibo: string,
  {
    arquivo = `${recibo}.jpg`,
    diasAtras = 2,
    foto: tamanho = { width: 320, height: 240, background: '#c9b8a8' },
  }: { arquivo?: string; diasAtras?: number; foto?: { width: number; height: number; background: string } } = {},
): Promise<string> {
  const foto = await sharp({ create: { ...tamanho, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const anexo = await maria.anexar(foto, 'comprovante_pagamento', arquivo);
  const r = await maria.post('/api/Reembolso/Solicitar', {
    cpfBeneficiario: MARIA.cpf,
    tipo: 'consulta',
    dataAtendimento: somarDias(diaEmSaoPaulo(Date.now()), -diasAtras),
    prestador: {
      documento: '111.444.777-35',
      nome: 'Dra. Helena Prado',
      conselho: 'CRM',
      numeroConselho: '123456',
      ufConselho: 'SP',
    },
    valorPago: 350,
    numeroRecibo: recibo,
    anexos: [anexo],
    pagamento: { forma: 'pix', tipoChave: 'cpf', chave: MARIA.cpf },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.protocolo as string;
}

/** A dialog at the console's tablet and desktop widths: axe finds nothing, a screenshot of each. */
async function conferirDialogo(page: Page, nome: string): Promise<void> {
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await visible(page.getByRole('dialog'));
    await conferirTela(page, nome, { fullPage: false });
  }
}

test('above the threshold an attendant approves (the dialog repeats amount, member and PIX), a supervisor confirms, the payment is marked with the date offered', async () => {
  const numero = await pedidoDaMaria('RS-2026-0421');
  const hoje = diaEmSaoPaulo(Date.now());
  const proxima = proximaRodadaDePagamento(hoje, DIAS_DE_PAGAMENTO);
  const impresso = formatarNumeroProtocolo(numero);

  // Rita, attendant: approves R$ 320,00 with the next payment run offered.
  const s = await openSession(browser, { expectStatuses: [401] });
  const { page } = s;
  await entrarNoConsole(page, conta);
  await page.goto(`/atendimento/reembolsos/${numero}`);
  await visible(page.getByRole('heading', { level: 1, name: `Reembolso ${impresso}` }));
  const acoes = page.getByRole('region', { name: 'Ações' });
  await acoes.getByRole('radio', { name: 'Aprovar' }).check();
  expect(await acoes.getByLabel('Data prevista de pagamento').inputValue()).toBe(proxima);
  await acoes.getByLabel('Valor aprovado (R$)').fill('320,00');
  const aprovar = acoes.getByRole('button', { name: 'Aprovar reembolso' });
  await aprovar.click();
  const dialogo = page.getByRole('dialog', { name: 'Confirmar aprovação' });
  await visible(dialogo.getByText('R$ 320,00'));
  const dados = (await dialogo.locator('dd').allTextContents()).map(espacos);
  expect(dados).toEqual([
    'R$ 320,00',
    proxima.split('-').reverse().join('/'),
    MARIA.nome,
    '***.982.247-**',
    'PIX',
    'CPF',
    MARIA.cpf,
  ]);
  await visible(
    dialogo.getByText('Acima de R$ 300,00: a aprovação fica aguardando a confirmação de um supervisor', {
      exact: false,
    }),
  );
  await conferirDialogo(page, 'atendimento-reembolso-confirmar-aprovacao');

  // Keyboard: Escape closes and gives the focus back to the button; Enter opens it again and confirms.
  await page.keyboard.press('Escape');
  await dialogo.waitFor({ state: 'detached' });
  await expect.poll(() => aprovar.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await visible(dialogo);
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await dialogo.waitFor({ state: 'detached' });
  await expect.poll(() => aprovar.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await visible(dialogo.getByRole('button', { name: 'Aprovar R$ 320,00' }));
  await page.keyboard.press('Enter');
  await visible(toast(page, 'Aprovação registrada. Aguarda a confirmação de um supervisor.'));
  const aguardando = page.getByRole('status').filter({ hasText: 'Aprovação aguardando confirmação' });
  await visible(
    aguardando.getByText('Você fez esta aprovação: a confirmação cabe a um supervisor que não a fez.', {
      exact: false,
    }),
  );
  expect(await acoes.getByRole('radio', { name: 'Confirmar aprovação' }).count()).toBe(0);
  expect(await acoes.getByRole('radio', { name: 'Marcar como pago' }).count()).toBe(0);
  await s.close();
  // Maria is told nothing yet.
  expect((await maria.post('/api/Reembolso/Detalhe', { protocolo: numero })).json).toMatchObject({
    situacao: 'recebido',
    valorAprovado: null,
  });

  // Sônia, supervisor: confirms, then marks it paid with the date offered.
  const s2 = await openSession(browser, { expectStatuses: [401] });
  const p2 = s2.page;
  await entrarNoConsole(p2, supervisora);
  await p2.goto(`/atendimento/reembolsos/${numero}`);
  await visible(p2.getByText('Aprovado por Rita Reembolsos', { exact: false }));
  const acoes2 = p2.getByRole('region', { name: 'Ações' });
  await acoes2.getByRole('radio', { name: 'Confirmar aprovação' }).check();
  await acoes2.getByRole('button', { name: 'Confirmar aprovação' }).click();
  const confirmar = p2.getByRole('dialog', { name: 'Confirmar a aprovação' });
  await visible(confirmar.getByText('Aprovado por Rita Reembolsos.', { exact: false }));
  await confirmar.getByRole('button', { name: 'Confirmar R$ 320,00' }).click();
  await visible(toast(p2, 'Aprovação confirmada.'));
  await visible(p2.getByText('Aprovado', { exact: true }).first());

  await acoes2.getByRole('radio', { name: 'Marcar como pago' }).check();
  const pagoEm = proxima < hoje ? proxima : hoje;
  expect(await acoes2.getByLabel('Pago em').inputValue()).toBe(pagoEm);
  await acoes2.getByRole('button', { name: 'Marcar como pago' }).click();
  const pagamento = p2.getByRole('dialog', { name: 'Confirmar pagamento' });
  expect((await pagamento.locator('dd').allTextContents()).map(espacos)).toEqual([
    'R$ 320,00',
    pagoEm.split('-').reverse().join('/'),
    MARIA.nome,
    '***.982.247-**',
    'PIX',
    'CPF',
    MARIA.cpf,
  ]);
  await conferirDialogo(p2, 'atendimento-reembolso-confirmar-pagamento');
  await p2.keyboard.press('Enter');
  await visible(toast(p2, 'Reembolso marcado como pago.'));
  await s2.close();

  expect((await maria.post('/api/Reembolso/Detalhe', { protocolo: numero })).json).toMatchObject({
    situacao: 'pago',
    valorAprovado: 320,
    previsaoPagamento: proxima,
    pagoEm,
  });
}, 180_000);

// Issue 31, "Who is on it", for reimbursements (decision 0055): the list's Assumir and 'Minha
// fila'; a supervisor opening the same request sees who else is there and asks for documents; the
// attendant's denial, written against the older screen, is refused (409) with her text kept, and
// goes once she reloads.
test("Assumir and 'Minha fila' on the reimbursement list; someone else on the same request; a stale denial keeps its text", async () => {
  const numero = await pedidoDaMaria('RS-2026-0422');
  const impresso = formatarNumeroProtocolo(numero);
  const MOTIVO = 'O recibo não traz o nome do paciente atendido.';

  const s = await openSession(browser, { expectStatuses: [401, 409] });
  const { page } = s;
  await entrarNoConsole(page, conta);
  await page.goto('/atendimento/reembolsos');
  await visible(page.getByRole('heading', { level: 1, name: 'Reembolsos' }));
  const linha = page.locator('tbody tr', { has: page.locator(`a[data-protocolo="${numero}"]`) });
  await linha.getByRole('button', { name: `Assumir o reembolso ${impresso}` }).click();
  await visible(toast(page, 'Reembolso assumido.'));
  await visible(linha.getByRole('cell', { name: 'Você', exact: true }));

  // Minha fila: only hers (the other requests of this file nobody took).
  await page.getByLabel('Responsável').selectOption('eu');
  await page.waitForURL(/responsavel=eu/);
  await page.waitForFunction(
    (n) =>
      [...document.querySelectorAll('tbody a[data-protocolo]')].map((x) => x.getAttribute('data-protocolo')).join() ===
      n,
    numero,
  );
  await conferirTelaDoConsole(page, 'atendimento-reembolsos-minha-fila');

  // Rita opens it and starts writing a denial.
  await page.locator(`tbody a[data-protocolo="${numero}"]`).click();
  await page.waitForURL(new RegExp(`/atendimento/reembolsos/${numero}$`));
  await visible(page.getByRole('region', { name: 'Responsável' }).getByText('Com você desde', { exact: false }));
  const acoes = page.getByRole('region', { name: 'Ações' });
  await acoes.getByRole('radio', { name: 'Negar' }).check();
  const motivo = acoes.getByLabel('Motivo da negativa (o beneficiário lê)');
  await motivo.fill(MOTIVO);

  // Sônia, a supervisor, opens the same request: she sees Rita there, and asks for documents.
  const s2 = await openSession(browser, { expectStatuses: [401] });
  const p2 = s2.page;
  await entrarNoConsole(p2, supervisora);
  await p2.goto(`/atendimento/reembolsos/${numero}`);
  await visible(p2.getByText('Rita Reembolsos (atendente) também está com este pedido aberto.'));
  await visible(p2.getByRole('region', { name: 'Responsável' }).getByText('Rita Reembolsos'));
  await conferirTelaDoConsole(p2, 'atendimento-reembolso-presenca');
  const acoes2 = p2.getByRole('region', { name: 'Ações' });
  await acoes2.getByRole('radio', { name: 'Pedir documentos' }).check();
  await acoes2.getByLabel('Documentos que faltam (o beneficiário lê)').fill(PERGUNTA);
  await acoes2.getByRole('button', { name: 'Pedir documentos' }).click();
  await visible(toast(p2, 'Pedido de documentos enviado ao beneficiário.'));
  await s2.close();

  // Rita's denial: refused, her text still there, a reload offered; after it, it goes.
  await acoes.getByRole('button', { name: 'Negar reembolso' }).click();
  await visible(
    acoes.getByText(
      'Este pedido de reembolso mudou desde que você o abriu. Recarregue para ver a versão atual; o seu texto foi mantido.',
    ),
  );
  expect(await motivo.inputValue()).toBe(MOTIVO);
  await conferirTelaDoConsole(page, 'atendimento-reembolso-desatualizado');
  await acoes.getByRole('button', { name: 'Recarregar o reembolso' }).click();
  await visible(page.getByRole('region', { name: 'Documentos pedidos' }).getByText(PERGUNTA));
  expect(await motivo.inputValue()).toBe(MOTIVO);
  await acoes.getByRole('button', { name: 'Negar reembolso' }).click();
  await visible(toast(page, 'Reembolso negado.'));
  await visible(page.getByRole('region', { name: 'Motivo da negativa' }).getByText(MOTIVO));
  await s.close();
}, 180_000);
