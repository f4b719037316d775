import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContextoDoMembro, formatarNumeroProtocolo, type PapelEquipe } from '@portal/contract';
import { DEMO_CONTRATO, DEMO_PESSOA } from '@portal/operadora/demo';
import { equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, CPF, HOJE, pedidoDeDependenteDaMaria, type TestApp } from '../../../test/helper';
import { enviarAnexo, pedidoDeReembolso } from '../../../test/reembolso';

// Issue 31, the case screen (decision 0057), over real HTTP on PGlite: the member at a glance beside
// a protocol and a reimbursement (scoped to the case's contract, no code ever, the read audited with
// what was shown), templates by kind of protocol and 'Pedir documentos' with its checklist.

let t: TestApp;
appDoArquivo((app) => (t = app));

type Json = Record<string, unknown>;
const BASE = '/api/atendimento';
const H = { headers: { 'x-portal-equipe': '1' }, auth: false } as const;
const logado = (papel: PapelEquipe = 'atendente') => equipeLogada(t, papel, 'caso');
const get = <T = Json>(c: Client, path: string) => c.get<T>(`${BASE}${path}`, H);
const post = <T = Json>(c: Client, path: string, body: unknown = {}) => c.post<T>(`${BASE}${path}`, body, H);

const CODIGO_DA_MARIA = '482913';
const CODIGO_DO_CARLOS = '739104';

/** A reimbursement asked by `cpf` on `contrato` (a JPEG receipt), through the member API. */
async function reembolsoDe(cpf: string, contrato: string, beneficiario: string, recibo: string, titular = cpf) {
  const { c, perfil } = await t.membro(cpf, contrato);
  const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: `#${recibo.length}a5` } })
    .jpeg()
    .toBuffer();
  const foto = await enviarAnexo(c, perfil, jpeg, { documento: 'comprovante_pagamento', nome: 'recibo.jpg' });
  expect(foto.status, JSON.stringify(foto.body)).toBe(200);
  const r = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([foto.body.id as string], {
      cpfBeneficiario: beneficiario,
      numeroRecibo: recibo,
      pagamento: { forma: 'pix', tipoChave: 'cpf', chave: titular },
    }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.protocolo as string;
}

let numero: string;
let reembolsoDaMaria: string;
let reembolsoDoCarlos: string;
beforeAll(async () => {
  numero = await pedidoDeDependenteDaMaria(t);
  reembolsoDaMaria = await reembolsoDe(CPF.maria, DEMO_CONTRATO.maria, CPF.maria, 'RS-CASO-1');
  reembolsoDoCarlos = await reembolsoDe(CPF.carlos, DEMO_CONTRATO.carlos, CPF.carlos, 'RS-CASO-2', CPF.marcos);
  // Codes as registration and sign-in send them, to Maria's mobile and to Carlos's e-mail.
  const { notifier } = t.app.services;
  await notifier.sendCode('sms', DEMO_PESSOA.maria.celular, CODIGO_DA_MARIA);
  await notifier.sendCode('email', DEMO_PESSOA.carlos.email, CODIGO_DO_CARLOS);
});

const contexto = async (c: Client, n = numero) => {
  const r = await get<{ contexto: ContextoDoMembro }>(c, `/protocolos/${n}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.contexto;
};

describe('the member at a glance', () => {
  it("lists the contract's unpaid invoices, due date, amount and status, oldest first", async () => {
    const { c } = await logado();
    const abertas = await t.db.query<{ vencimento: string; valor: string }>(
      `select vencimento::text as vencimento, valor_centavos::text as valor from mensalidades
       where codigo_contrato = $1 and pago_em is null order by vencimento limit 12`,
      [DEMO_CONTRATO.maria],
    );
    expect(abertas.length).toBeGreaterThan(0);
    const ctx = await contexto(c);
    expect(ctx.mensalidadesEmAberto.map((m) => [m.vencimento, m.valor])).toEqual(
      abertas.map((m) => [m.vencimento, Number(m.valor) / 100]),
    );
    for (const m of ctx.mensalidadesEmAberto)
      expect(m.situacao).toBe(m.vencimento < HOJE_DIA ? 'vencida' : 'em_aberto');
  });

  it("lists the contract's earlier reimbursements beside a protocol", async () => {
    const { c } = await logado();
    const ctx = await contexto(c);
    expect(ctx.reembolsosAnteriores).toContainEqual(
      expect.objectContaining({ protocolo: reembolsoDaMaria, valorPago: 350, situacao: 'recebido' }),
    );
  });

  it('lists a code sent to the member only as a hidden code, with the mobile masked', async () => {
    const { c } = await logado();
    const ctx = await contexto(c);
    expect(ctx.avisos).toContainEqual(
      expect.objectContaining({
        canal: 'sms',
        assunto: 'Código de verificação (oculto)',
        destino: '(11) *****-4321',
      }),
    );
  });

  it('never carries a code, a full address or a message text', async () => {
    const { c } = await logado();
    const corpo = JSON.stringify(await contexto(c));
    expect(corpo).not.toContain(CODIGO_DA_MARIA);
    expect(corpo).not.toContain(DEMO_PESSOA.maria.celular);
    expect(corpo).not.toContain(DEMO_PESSOA.maria.email);
    expect(corpo).not.toContain('seu código de verificação');
  });

  it("never shows another contract's reimbursements, notices, codes or people", async () => {
    const { c } = await logado();
    const corpo = JSON.stringify(await contexto(c));
    expect(corpo).not.toContain(reembolsoDoCarlos);
    expect(corpo).not.toContain(CODIGO_DO_CARLOS);
    expect(corpo).not.toContain('car****@');
    expect(corpo).not.toContain(DEMO_PESSOA.carlos.nome);
    expect(corpo).not.toContain(DEMO_CONTRATO.carlos);
  });

  it('shows the notice of an answer by its subject once the protocol asks the member for something', async () => {
    const { c } = await logado();
    const r = await post(c, `/protocolos/${numero}/acoes`, { acao: 'pedir-informacao', texto: 'Envie a certidão.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ctx = r.body.contexto as ContextoDoMembro;
    expect(ctx.avisos[0]).toMatchObject({ canal: 'email', destino: 'mar****@exemplo.com.br', entrega: 'na_fila' });
    expect(ctx.avisos[0]?.assunto).toMatch(/informações para o protocolo/);
    expect(JSON.stringify(ctx.avisos)).not.toContain('certidão');
  });

  it("lists the notices' subjects with the protocol number grouped, as every screen writes it", async () => {
    const { c } = await logado();
    const assuntos = (await contexto(c)).avisos.map((a) => a.assunto);
    expect(assuntos).toContain(
      `Saúde Exemplo: pedido de reembolso, protocolo ${formatarNumeroProtocolo(reembolsoDaMaria)}`,
    );
    expect(assuntos.join('\n')).not.toContain(reembolsoDaMaria);
  });

  it('groups the number of a notice written before the subjects were grouped', async () => {
    const antigo = `Saúde Exemplo: reembolso ${reembolsoDaMaria}: em análise`;
    await t.db.query(
      `insert into outbox (canal, destino, mensagem, assunto, criado_em) values ('email', $1, 'texto', $2, $3)`,
      [DEMO_PESSOA.maria.email, antigo, new Date(t.clock.now())],
    );
    const { c } = await logado();
    expect((await contexto(c)).avisos.map((a) => a.assunto)).toContain(
      `Saúde Exemplo: reembolso ${formatarNumeroProtocolo(reembolsoDaMaria)}: em análise`,
    );
  });

  it('audits the case read with what the screen showed of the member', async () => {
    const { c, id } = await logado();
    const ctx = await contexto(c);
    const [linha] = await t.db.query<{ detalhe: Json; codigo_contrato: string }>(
      `select detalhe, codigo_contrato from equipe_auditoria
       where conta_id = $1 and evento = 'equipe_leu_protocolo' order by id desc limit 1`,
      [id],
    );
    expect(linha).toEqual({
      codigo_contrato: DEMO_CONTRATO.maria,
      detalhe: {
        mostrado: {
          beneficiarios: ctx.beneficiarios.length,
          protocolos: ctx.protocolosAnteriores.length,
          reembolsos: ctx.reembolsosAnteriores.length,
          avisos: ctx.avisos.length,
          mensalidadesEmAberto: ctx.mensalidadesEmAberto.length,
        },
      },
    });
  });

  it("gives a reimbursement the same glance, without another contract's data, and audits what it showed", async () => {
    const { c, id } = await logado();
    const r = await get<{ contexto: ContextoDoMembro }>(c, `/reembolsos/${reembolsoDaMaria}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.contexto.contrato.codigo).toBe(DEMO_CONTRATO.maria);
    expect(r.body.contexto.reembolsosAnteriores.map((x) => x.protocolo)).not.toContain(reembolsoDaMaria);
    expect(JSON.stringify(r.body.contexto)).not.toContain(reembolsoDoCarlos);
    const [linha] = await t.db.query<{ detalhe: { mostrado: Json } }>(
      `select detalhe from equipe_auditoria where conta_id = $1 and evento = 'equipe_leu_reembolso'
       order by id desc limit 1`,
      [id],
    );
    expect(linha?.detalhe.mostrado).toMatchObject({ avisos: r.body.contexto.avisos.length });
  });
});

describe('templates by kind of protocol', () => {
  it('keeps the kinds a template is for', async () => {
    const { c } = await logado('supervisor');
    const r = await post(c, '/modelos-de-resposta', {
      titulo: 'Dependente aceito',
      texto: 'Seu dependente foi incluído.',
      tipos: ['INCLUSAO_DEPENDENTE'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const lista = await get<{ modelos: Json[] }>(c, '/modelos-de-resposta');
    expect(lista.body.modelos).toContainEqual({ ...r.body, tipos: ['INCLUSAO_DEPENDENTE'] });
  });

  it('takes a template without kinds as one for every kind', async () => {
    const { c } = await logado('supervisor');
    const r = await post(c, '/modelos-de-resposta', { titulo: 'Geral', texto: 'Obrigado pelo contato.' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.tipos).toEqual([]);
  });

  it('refuses an unknown kind in Portuguese', async () => {
    const { c } = await logado('supervisor');
    const r = await post(c, '/modelos-de-resposta', { titulo: 'X', texto: 'Y', tipos: ['QUALQUER'] });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Tipo de protocolo inválido/);
  });
});

describe("'Pedir documentos' with the checklist", () => {
  it('sends the member the documents checked, in the list order, then the free text', async () => {
    const n = await pedidoDeDependenteDaMaria(t);
    const { c } = await logado();
    const r = await post<{ historico: { descricao: string }[] }>(c, `/protocolos/${n}/acoes`, {
      acao: 'pedir-informacao',
      texto: 'Pode ser foto.',
      documentos: ['documento_identidade', 'relatorio_medico'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.historico.at(-1)?.descricao).toBe(
      'Aguardando informações: Para continuarmos, envie os documentos abaixo:\n' +
        '- Relatório médico\n- Documento de identidade\n\nPode ser foto.',
    );
  });

  it('accepts the checklist without free text', async () => {
    const n = await pedidoDeDependenteDaMaria(t);
    const { c } = await logado();
    const r = await post(c, `/protocolos/${n}/acoes`, {
      acao: 'pedir-informacao',
      texto: '',
      documentos: ['nota_fiscal'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('refuses a document outside the checklist', async () => {
    const { c } = await logado();
    const r = await post(c, `/protocolos/${numero}/acoes`, {
      acao: 'pedir-informacao',
      texto: 'x',
      documentos: ['senha_do_banco'],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Documento inválido/);
  });

  it('refuses the checklist on another action', async () => {
    const { c } = await logado();
    const r = await post(c, `/protocolos/${numero}/acoes`, {
      acao: 'encaminhar',
      setor: 'Cadastro',
      texto: 'x',
      documentos: ['nota_fiscal'],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Só a ação pedir-informacao aceita a lista de documentos/);
  });

  it('refuses neither text nor documents', async () => {
    const { c } = await logado();
    const r = await post(c, `/protocolos/${numero}/acoes`, { acao: 'pedir-informacao', texto: ' ', documentos: [] });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Escreva o texto/);
  });

  it('asks a reimbursement for the documents checked', async () => {
    const protocolo = await reembolsoDe(CPF.maria, DEMO_CONTRATO.maria, CPF.maria, 'RS-CASO-3');
    const { c } = await logado();
    const r = await post(c, `/reembolsos/${protocolo}/pendencia`, { documentos: ['nota_fiscal', 'pedido_medico'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.pergunta).toBe('Para continuarmos, envie os documentos abaixo:\n- Nota fiscal\n- Pedido médico');
  });

  it("refuses a reimbursement's checklist value outside the list", async () => {
    const { c } = await logado();
    const r = await post(c, `/reembolsos/${reembolsoDaMaria}/pendencia`, { documentos: ['outro'] });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Documento inválido/);
  });
});

const HOJE_DIA = new Date(HOJE).toISOString().slice(0, 10);
