import { formatarNumeroProtocolo } from '@portal/contract';
import { diaEmSaoPaulo, somarDias } from '@portal/br';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import { MARIA, SENHA } from './support/contas';
import { openSession, baseUrl } from './support/browser';
import { toast, visible } from './support/flows';
import { type ContaDaEquipe, conferirTelaDoConsole, entrarNoConsole, portalComEquipe } from './support/console';
import { pdfDeTexto } from './support/pdf';

// Issue 31, the case screen (decision 0057): a supervisor saves a template for one kind of
// protocol; on a protocol of Maria's she sees the member at a glance (earlier reimbursements, unpaid
// invoices, notices sent, no code), picks only that kind's templates and asks for documents with
// the checklist; on Maria's reimbursement she looks at the receipt photo (zoom and rotation by
// buttons and keys) and the PDF beside the data, without leaving the case. The staff account is
// made with the operator's CLI, which needs the database to itself: this file serves its own copy.
const proprio = portalComEquipe('atendimento-caso', [['sonia.caso@saudeexemplo.com.br', 'Sônia Caso', 'supervisor']]);
let browser: Browser;
let sonia: ContaDaEquipe;
beforeAll(() => {
  ({
    browser,
    contas: [sonia],
  } = proprio);
});

/** Maria through the member API, as the app does: the app token, then her session on contract 100234. */
async function reembolsoDaMaria(): Promise<string> {
  const url = baseUrl();
  const cookies = new Map<string, string>();
  let token = '';
  const cab = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    ...extra,
  });
  const guardar = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const [par = ''] = c.split(';');
      const i = par.indexOf('=');
      cookies.set(par.slice(0, i), par.slice(i + 1));
    }
  };
  const json = { 'content-type': 'application/json' };
  token = (await (
    await fetch(`${url}/api/Token/GerarToken`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ usuario: 'portal-web', senha: 'portal-web-demo' }),
    })
  ).json()) as string;
  const cpf = MARIA.cpf.replace(/\D/g, '');
  const perfis = (await (
    await fetch(`${url}/api/Login/PerfisDaConta`, {
      method: 'POST',
      headers: cab(json),
      body: JSON.stringify({ cpf: Number(cpf), senha: SENHA }),
    })
  ).json()) as { codigoPlano: string; codigoContrato: string }[];
  const p = perfis.find((x) => x.codigoContrato === '100234');
  if (!p) throw new Error(`Maria sem o contrato 100234: ${JSON.stringify(perfis)}`);
  const a = await fetch(`${url}/api/Login/Autenticar`, {
    method: 'POST',
    headers: cab(json),
    body: JSON.stringify({ cpf, senha: SENHA, codigoPlano: p.codigoPlano, codigoContrato: p.codigoContrato }),
  });
  guardar(a);
  const { codigoSessao } = (await a.json()) as { codigoSessao: number };
  const anexar = async (arquivo: Buffer, documento: string, nome: string) => {
    const r = await fetch(`${url}/api/Reembolso/Anexos?${new URLSearchParams({ documento, nome })}`, {
      method: 'POST',
      headers: cab({ 'content-type': 'application/octet-stream', 'x-codigo-sessao': String(codigoSessao) }),
      body: new Uint8Array(arquivo),
    });
    const corpo = (await r.json()) as { id: string };
    expect(r.status, JSON.stringify(corpo)).toBe(200);
    return corpo.id;
  };
  const foto = await anexar(
    await sharp({ create: { width: 480, height: 320, channels: 3, background: '#c9b8a8' } })
      .jpeg()
      .toBuffer(),
    'comprovante_pagamento',
    'recibo-foto.jpg',
  );
  const nota = await anexar(await pdfDeTexto('Nota fiscal 2026/77 — R$ 350,00'), 'nota_fiscal', 'nota-fiscal.pdf');
  const r = await fetch(`${url}/api/Reembolso/Solicitar`, {
    method: 'POST',
    headers: cab(json),
    body: JSON.stringify({
      perfilAutenticado: { codigoSessao },
      cpfBeneficiario: MARIA.cpf,
      tipo: 'consulta',
      dataAtendimento: somarDias(diaEmSaoPaulo(Date.now()), -2),
      prestador: {
        documento: '111.444.777-35',
        nome: 'Dra. Helena Prado',
        conselho: 'CRM',
        numeroConselho: '123456',
        ufConselho: 'SP',
      },
      valorPago: 350,
      numeroRecibo: 'RS-CASO-1',
      anexos: [foto, nota],
      pagamento: { forma: 'pix', tipoChave: 'cpf', chave: MARIA.cpf },
    }),
  });
  const corpo = (await r.json()) as { protocolo: string };
  expect(r.status, JSON.stringify(corpo)).toBe(200);
  return corpo.protocolo;
}

async function salvarModelo(page: Page, titulo: string, tipo: string) {
  await page.getByLabel('Título').fill(titulo);
  await page.getByLabel('Tipo de protocolo').selectOption({ label: tipo });
  await page.getByLabel('Texto', { exact: true }).fill(`Texto do modelo ${titulo}.`);
  await page.getByRole('button', { name: 'Salvar modelo' }).click();
  await visible(toast(page, 'Modelo de resposta salvo.'));
}

let reembolso = '';

test('a protocol: the member at a glance, the templates of its kind, documents asked by the checklist', async () => {
  reembolso = await reembolsoDaMaria();
  const s = await openSession(browser, { expectStatuses: [401] });
  const { page } = s;
  await entrarNoConsole(page, sonia);

  await page.goto('/atendimento/modelos');
  await visible(page.getByRole('heading', { level: 1, name: 'Modelos de resposta' }));
  await salvarModelo(page, 'Dependente: documentos', 'Inclusão de dependente');
  await salvarModelo(page, 'Comercial: retorno', 'Pedido de contato comercial');
  await visible(
    page.getByRole('region', { name: 'Modelos salvos' }).getByText('Inclusão de dependente', { exact: true }),
  );

  // One of Maria's requests to add a dependant (the seed's).
  const fila = await page.request.get('/api/atendimento/protocolos?tipo=INCLUSAO_DEPENDENTE&situacao=abertos');
  const { itens } = (await fila.json()) as { itens: { protocolo: string; codigoContrato: string }[] };
  const numero = itens.find((i) => i.codigoContrato === '100234')?.protocolo ?? '';
  expect(numero).toMatch(/^\d{20}$/);
  await page.goto(`/atendimento/protocolos/${numero}`);
  await visible(page.getByRole('heading', { level: 1, name: `Protocolo ${formatarNumeroProtocolo(numero)}` }));

  const contexto = page.getByRole('complementary', { name: 'Contexto do beneficiário' });
  await visible(
    contexto
      .getByRole('region', { name: 'Reembolsos anteriores' })
      .getByRole('link', { name: formatarNumeroProtocolo(reembolso) }),
  );
  const mensalidades = contexto.getByRole('region', { name: 'Mensalidades em aberto' });
  await visible(mensalidades.getByRole('columnheader', { name: 'Vencimento' }));
  await visible(contexto.getByRole('region', { name: 'Avisos enviados' }));

  const acoes = page.getByRole('region', { name: 'Ações' });
  const modelos = acoes.getByLabel('Modelo de resposta');
  expect(await modelos.locator('option').allTextContents()).toEqual(['Escolha um modelo…', 'Dependente: documentos']);

  await acoes.getByRole('radio', { name: 'Pedir informações' }).check();
  await acoes.getByRole('checkbox', { name: 'Relatório médico' }).check();
  await acoes.getByRole('checkbox', { name: 'Documento de identidade' }).check();
  await acoes.getByLabel('O que o beneficiário precisa informar').fill('Pode ser foto legível.');
  const previa =
    'Para continuarmos, envie os documentos abaixo:\n- Relatório médico\n- Documento de identidade\n\nPode ser foto legível.';
  expect(await acoes.locator('p.whitespace-pre-wrap').innerText()).toBe(previa);
  await conferirTelaDoConsole(page, 'atendimento-caso-protocolo');
  await acoes.getByRole('button', { name: 'Pedir informações' }).click();
  await visible(toast(page, 'Pedido de informações enviado ao beneficiário.'));
  await visible(
    page.getByRole('region', { name: 'Histórico' }).getByText('- Documento de identidade', { exact: false }),
  );
  // The notice of it, by its subject, to Maria's masked e-mail.
  const avisos = contexto.getByRole('region', { name: 'Avisos enviados' });
  await page.reload();
  await visible(avisos.getByText(`informações para o protocolo`, { exact: false }).first());
  await visible(avisos.getByText('mar****@exemplo.com.br', { exact: false }).first());
  await s.close();
}, 180_000);

test('a reimbursement: the receipt photo with zoom and rotation, and the PDF, beside the data', async () => {
  expect(reembolso).not.toBe('');
  const s = await openSession(browser, { expectStatuses: [401] });
  const { page } = s;
  await entrarNoConsole(page, sonia);
  await page.goto(`/atendimento/reembolsos/${reembolso}`);
  await visible(page.getByRole('heading', { level: 1, name: `Reembolso ${formatarNumeroProtocolo(reembolso)}` }));
  await visible(page.getByRole('complementary', { name: 'Contexto do beneficiário' }));

  const anexos = page.getByRole('region', { name: 'Anexos' });
  await anexos.getByRole('button', { name: 'Ver recibo-foto.jpg aqui' }).click();
  const visor = page.getByRole('region', { name: 'Visualização de recibo-foto.jpg' });
  const imagem = visor.getByRole('img', { name: 'Anexo recibo-foto.jpg' });
  await visible(imagem);
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img[alt="Anexo recibo-foto.jpg"]');
    return img?.complete && img.naturalWidth === 480;
  });
  const documento = visor.getByRole('group', { name: /^recibo-foto\.jpg: zoom/ });
  // The focus is on the document: the keys work at once.
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'group');
  await page.keyboard.press('+');
  await visible(visor.getByText('125%'));
  await visor.getByRole('button', { name: 'Aumentar zoom' }).click();
  await visible(visor.getByText('150%'));
  await visor.getByRole('button', { name: 'Girar para a direita' }).click();
  await visible(visor.getByRole('group', { name: 'recibo-foto.jpg: zoom 150%, girado 90 graus' }));
  // Turned a quarter: the box the image takes is taller than wide.
  const caixa = await imagem.boundingBox();
  expect(caixa && caixa.height > caixa.width).toBe(true);
  await documento.focus();
  await page.keyboard.press('0');
  await visible(visor.getByRole('group', { name: 'recibo-foto.jpg: zoom 100%, girado 0 graus' }));
  await conferirTelaDoConsole(page, 'atendimento-caso-imagem');

  // The PDF: its page drawn in the case by pdf.js (its worker from our origin; the CSP holds, or
  // the session's check of console errors fails).
  await anexos.getByRole('button', { name: 'Ver nota-fiscal.pdf aqui' }).click();
  const visorPdf = page.getByRole('region', { name: 'Visualização de nota-fiscal.pdf' });
  const pagina = visorPdf.getByRole('img', { name: 'Página 1 de 1' });
  await visible(pagina);
  await page.waitForFunction(() => {
    const c = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Página 1 de 1"]');
    const ctx = c?.getContext('2d');
    if (!c || !ctx || c.width === 0) return false;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) return true; // some ink
    return false;
  });
  await visorPdf.getByRole('button', { name: 'Girar para a direita' }).click();
  await page.waitForFunction(() => {
    const c = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Página 1 de 1"]');
    return !!c && c.width > c.height;
  });
  await conferirTelaDoConsole(page, 'atendimento-caso-pdf');
  // The download stays.
  await visible(anexos.getByRole('link', { name: 'Baixar nota-fiscal.pdf' }));
  await visorPdf.getByRole('button', { name: 'Fechar a visualização' }).click();
  expect(await visorPdf.count()).toBe(0);
  await s.close();
}, 180_000);
