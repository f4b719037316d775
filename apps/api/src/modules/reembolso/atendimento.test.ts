import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PapelEquipe } from '@portal/contract';
import { EQUIPE, equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, CONTRATO, CPF, type TestApp } from '../../../test/helper';
import { enviarAnexo, pedidoDeReembolso } from '../../../test/reembolso';
import { prazoDoReembolso } from './atendimento-routes';

// The console's side of Reembolso (issue 18 "Operator side", decisions 0033/0034), over real HTTP on
// PGlite: the queue by deadline, a request with its attachments, the five changes, who acted, the
// audit rows of every read, and the staff session as the only way in.

let t: TestApp;
appDoArquivo((app) => (t = app));

type Json = Record<string, unknown>;
const BASE = '/api/atendimento';

const logado = (papel: PapelEquipe) => equipeLogada(t, papel, 'reembolso');

const get = (c: Client, path: string) => c.get<Json>(`${BASE}${path}`, EQUIPE);
const post = (c: Client, path: string, body: unknown = {}) => c.post<Json>(`${BASE}${path}`, body, EQUIPE);

async function pdf(texto: string): Promise<Buffer> {
  const doc = new PDFDocument();
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  doc.text(texto);
  doc.end();
  await once(doc, 'end');
  return Buffer.concat(partes);
}

let k = 0;
/** Maria asks for a reimbursement through the member API: a photographed receipt and a PDF. */
async function pedidoDaMaria(): Promise<{ protocolo: string; foto: string; recibo: string; membro: Client }> {
  k++;
  const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
  const imagem = await sharp({ create: { width: 64, height: 48, channels: 3, background: `#3${k % 10}5` } })
    .jpeg()
    .toBuffer();
  const foto = await enviarAnexo(c, perfil, imagem, { documento: 'comprovante_pagamento', nome: 'recibo.jpg' });
  expect(foto.status, JSON.stringify(foto.body)).toBe(200);
  const recibo = await enviarAnexo(c, perfil, await pdf(`recibo ${k} ${Date.now()}`), {
    documento: 'nota_fiscal',
    nome: 'recibo consulta.pdf',
  });
  expect(recibo.status, JSON.stringify(recibo.body)).toBe(200);
  const r = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([foto.body.id as string, recibo.body.id as string], {
      cpfBeneficiario: CPF.maria,
      numeroRecibo: `RS-2026-${k}`,
    }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return {
    protocolo: r.body.protocolo as string,
    foto: foto.body.id as string,
    recibo: recibo.body.id as string,
    membro: c,
  };
}

const auditoria = (contaId: string, evento: string) =>
  t.db.query<{ protocolo: string | null; codigo_contrato: string | null; detalhe: Json }>(
    'select protocolo, codigo_contrato, detalhe from equipe_auditoria where conta_id = $1 and evento = $2 order by id',
    [contaId, evento],
  );

describe('/api/atendimento/reembolsos', () => {
  it('lists by deadline with the deadline in words, and every read is audited', async () => {
    const { protocolo } = await pedidoDaMaria();
    const { c, id } = await logado('atendente');
    const fila = await get(c, '/reembolsos');
    expect(fila.status, JSON.stringify(fila.body)).toBe(200);
    const itens = fila.body.itens as Json[];
    const prazos = itens.map((x) => (x.prazoPagamento as string | null) ?? '9999');
    expect(prazos).toEqual([...prazos].sort());
    expect(itens.find((x) => x.protocolo === protocolo)).toMatchObject({
      situacao: 'recebido',
      codigoContrato: CONTRATO.maria,
      prazoPagamento: '2026-04-09',
      diasRestantes: 30,
      atrasado: false,
      venceHoje: false,
    });
    expect(await auditoria(id, 'equipe_leu_reembolsos')).toEqual([
      expect.objectContaining({ detalhe: { filtros: { situacao: 'abertos', limite: 50 }, reembolsos: itens.length } }),
    ]);
    const pagos = await get(c, '/reembolsos?situacao=pago');
    expect((pagos.body.itens as Json[]).every((x) => x.situacao === 'pago')).toBe(true);

    // Thirty days later it is due today; a day after, late.
    t.clock.advance(30 * 86_400_000);
    const hoje = await logado('atendente');
    const vence = ((await get(hoje.c, '/reembolsos')).body.itens as Json[]).find((x) => x.protocolo === protocolo);
    expect(vence).toMatchObject({ diasRestantes: 0, venceHoje: true, atrasado: false });
    t.clock.advance(86_400_000);
    const amanha = await logado('atendente');
    const atrasado = ((await get(amanha.c, '/reembolsos')).body.itens as Json[]).find((x) => x.protocolo === protocolo);
    expect(atrasado).toMatchObject({ diasRestantes: -1, venceHoje: false, atrasado: true });
  });

  it('shows one request with bank data and attachments, streams an attachment, and audits both reads', async () => {
    const { protocolo, foto, recibo } = await pedidoDaMaria();
    const { c, id } = await logado('atendente');
    const d = await get(c, `/reembolsos/${protocolo}`);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body).toMatchObject({
      protocolo,
      beneficiario: expect.stringContaining('Maria'),
      prestador: 'Dra. Helena Prado',
      valorPago: 350,
      valorPrevia: expect.any(Number),
      codigoContrato: CONTRATO.maria,
      dadosPagamento: { forma: 'pix', tipoChave: 'cpf', chave: '52998224725' },
      anexos: [
        expect.objectContaining({ id: foto, tipoArquivo: 'image/jpeg' }),
        expect.objectContaining({ id: recibo, tipoArquivo: 'application/pdf' }),
      ],
      historico: [expect.objectContaining({ situacao: 'recebido' })],
    });
    expect(await auditoria(id, 'equipe_leu_reembolso')).toEqual([
      expect.objectContaining({ protocolo, codigo_contrato: CONTRATO.maria }),
    ]);

    const r = await fetch(`${t.url}${BASE}/reembolsos/${protocolo}/anexos/${recibo}`, {
      headers: { cookie: `pb_equipe=${c.cookies.get('pb_equipe')}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="recibo consulta.pdf"/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(
      Buffer.from(await r.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const img = await fetch(`${t.url}${BASE}/reembolsos/${protocolo}/anexos/${foto}`, {
      headers: { cookie: `pb_equipe=${c.cookies.get('pb_equipe')}` },
    });
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(await auditoria(id, 'equipe_baixou_anexo_reembolso')).toEqual([
      expect.objectContaining({ protocolo, detalhe: { anexo: recibo, documento: 'nota_fiscal' } }),
      expect.objectContaining({ protocolo, detalhe: { anexo: foto, documento: 'comprovante_pagamento' } }),
    ]);

    // Another request's attachment, an unknown one, an unknown request: 404, nothing audited.
    const outro = await pedidoDaMaria();
    expect((await get(c, `/reembolsos/${protocolo}/anexos/${outro.recibo}`)).status).toBe(404);
    expect((await get(c, `/reembolsos/${protocolo}/anexos/anx_${'0'.repeat(32)}`)).status).toBe(404);
    expect((await get(c, `/reembolsos/${'1'.repeat(20)}`)).status).toBe(404);
    expect(await auditoria(id, 'equipe_baixou_anexo_reembolso')).toHaveLength(2);
  });

  it('each action by each role, recorded as the staff account that acted, with its audit row', async () => {
    const atendente = await logado('atendente');
    const supervisor = await logado('supervisor');
    const admin = await logado('administrador');

    // atendente: análise, pendência; Maria answers; supervisor approves; administrador marks paid.
    const a = await pedidoDaMaria();
    const analise = await post(atendente.c, `/reembolsos/${a.protocolo}/analise`);
    expect(analise.status, JSON.stringify(analise.body)).toBe(200);
    expect(analise.body.situacao).toBe('em_analise');
    const pend = await post(atendente.c, `/reembolsos/${a.protocolo}/pendencia`, {
      pergunta: 'Envie o comprovante de pagamento (extrato ou PIX).',
    });
    expect(pend.status).toBe(200);
    expect(pend.body).toMatchObject({ situacao: 'pendente', prazoPagamento: null, diasRestantes: null });
    const aprovar = { valor: 200, previsaoPagamento: '2026-03-25' };
    expect((await post(supervisor.c, `/reembolsos/${a.protocolo}/aprovacao`, aprovar)).status).toBe(409);
    const ok = await post(admin.c, `/reembolsos/${a.protocolo}/negativa`, { motivo: 'Recibo ilegível.' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ situacao: 'negado', motivoNegativa: 'Recibo ilegível.' });

    const b = await pedidoDaMaria();
    const ap = await post(supervisor.c, `/reembolsos/${b.protocolo}/aprovacao`, aprovar);
    expect(ap.status, JSON.stringify(ap.body)).toBe(200);
    expect(ap.body).toMatchObject({ situacao: 'aprovado', valorAprovado: 200, previsaoPagamento: '2026-03-25' });
    const pago = await post(admin.c, `/reembolsos/${b.protocolo}/pagamento`, { pagoEm: '2026-03-10' });
    expect(pago.status).toBe(200);
    expect(pago.body).toMatchObject({ situacao: 'pago', pagoEm: '2026-03-10' });

    const por = await t.db.query<{ protocolo: string; situacao: string; por: string }>(
      `select protocolo, situacao, por from reembolso_eventos where protocolo = any($1) and situacao <> 'recebido' order by id`,
      [[a.protocolo, b.protocolo]],
    );
    expect(por).toEqual([
      { protocolo: a.protocolo, situacao: 'em_analise', por: `equipe:${atendente.id}` },
      { protocolo: a.protocolo, situacao: 'pendente', por: `equipe:${atendente.id}` },
      { protocolo: a.protocolo, situacao: 'negado', por: `equipe:${admin.id}` },
      { protocolo: b.protocolo, situacao: 'aprovado', por: `equipe:${supervisor.id}` },
      { protocolo: b.protocolo, situacao: 'pago', por: `equipe:${admin.id}` },
    ]);
    expect(await auditoria(atendente.id, 'equipe_analisou_reembolso')).toEqual([
      expect.objectContaining({ protocolo: a.protocolo, codigo_contrato: CONTRATO.maria }),
    ]);
    expect(await auditoria(atendente.id, 'equipe_pediu_documentos_reembolso')).toHaveLength(1);
    expect(await auditoria(supervisor.id, 'equipe_aprovou_reembolso')).toHaveLength(1);
    expect(await auditoria(admin.id, 'equipe_negou_reembolso')).toHaveLength(1);
    expect(await auditoria(admin.id, 'equipe_marcou_reembolso_pago')).toHaveLength(1);

    // The member sees the result.
    const maria = await t.membro(CPF.maria, CONTRATO.maria);
    const detalhe = await maria.c.post<Json>('/api/Reembolso/Detalhe', {
      perfilAutenticado: maria.perfil,
      protocolo: b.protocolo,
    });
    expect(detalhe.status, JSON.stringify(detalhe.body)).toBe(200);
    expect(detalhe.body.situacao).toBe('pago');
  });

  it('refuses a member session, no session, and a write without the x-portal-equipe header', async () => {
    const { protocolo } = await pedidoDaMaria();
    const { c: membro } = await t.membro(CPF.maria, CONTRATO.maria);
    expect((await membro.get(`${BASE}/reembolsos`)).status).toBe(401);
    expect((await membro.post(`${BASE}/reembolsos/${protocolo}/analise`, {}, EQUIPE)).status).toBe(401);
    expect((await t.client().get(`${BASE}/reembolsos/${protocolo}`, EQUIPE)).status).toBe(401);
    const { c } = await logado('atendente');
    const semCabecalho = await c.post(`${BASE}/reembolsos/${protocolo}/analise`, {}, { auth: false });
    expect(semCabecalho.status).toBe(403);
    expect((await get(c, `/reembolsos/${protocolo}`)).body.situacao).toBe('recebido');
  });

  it('bad input is a Portuguese 4xx and changes nothing', async () => {
    const { protocolo } = await pedidoDaMaria();
    const { c } = await logado('atendente');
    const casos: [string, string, unknown, number, RegExp][] = [
      ['GET', '/reembolsos?situacao=xyz', undefined, 400, /situacao inválida/],
      ['GET', '/reembolsos?limite=0', undefined, 400, /limite inválido/],
      ['GET', '/reembolsos/123', undefined, 400, /Número de protocolo inválido/],
      ['GET', `/reembolsos/${protocolo}/anexos/recibo.pdf`, undefined, 400, /Anexo inválido/],
      ['POST', `/reembolsos/${protocolo}/pendencia`, { pergunta: '' }, 400, /Informe o que falta/],
      ['POST', `/reembolsos/${protocolo}/negativa`, {}, 400, /Informe o motivo/],
      ['POST', `/reembolsos/${protocolo}/aprovacao`, { valor: 0, previsaoPagamento: '2026-03-20' }, 400, /valor/],
      ['POST', `/reembolsos/${protocolo}/aprovacao`, { valor: 'muito', previsaoPagamento: '2026-03-20' }, 400, /valor/],
      [
        'POST',
        `/reembolsos/${protocolo}/aprovacao`,
        { valor: 100, previsaoPagamento: '20/03/2026' },
        400,
        /AAAA-MM-DD/,
      ],
      [
        'POST',
        `/reembolsos/${protocolo}/aprovacao`,
        { valor: 351, previsaoPagamento: '2026-03-20' },
        422,
        /passar do valor pago/,
      ],
      [
        'POST',
        `/reembolsos/${protocolo}/aprovacao`,
        { valor: 100, previsaoPagamento: '2026-03-01' },
        422,
        /data prevista/,
      ],
      ['POST', `/reembolsos/${protocolo}/pagamento`, {}, 409, /não pode passar a pago/],
      ['POST', `/reembolsos/${'9'.repeat(20)}/analise`, {}, 404, /não encontrado/],
    ];
    for (const [metodo, caminho, corpo, status, mensagem] of casos) {
      const r = metodo === 'GET' ? await get(c, caminho) : await post(c, caminho, corpo);
      expect(r.status, `${metodo} ${caminho} ${JSON.stringify(r.body)}`).toBe(status);
      expect(String(r.body.message)).toMatch(mensagem);
    }
    expect((await get(c, `/reembolsos/${protocolo}`)).body.situacao).toBe('recebido');
  });
});

describe('prazoDoReembolso', () => {
  it('counts calendar days only while the clock runs', () => {
    expect(prazoDoReembolso({ situacao: 'recebido', prazoPagamento: '2026-03-12' }, '2026-03-10')).toEqual({
      diasRestantes: 2,
      atrasado: false,
      venceHoje: false,
    });
    expect(prazoDoReembolso({ situacao: 'aprovado', prazoPagamento: '2026-03-09' }, '2026-03-10').atrasado).toBe(true);
    expect(prazoDoReembolso({ situacao: 'pago', prazoPagamento: '2026-03-09' }, '2026-03-10').atrasado).toBe(false);
    expect(prazoDoReembolso({ situacao: 'pendente', prazoPagamento: null }, '2026-03-10').diasRestantes).toBeNull();
  });
});
