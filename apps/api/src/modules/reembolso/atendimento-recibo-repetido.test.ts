import { formatarNumeroProtocolo } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { EQUIPE, equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, CONTRATO, CPF, HOJE, type TestApp } from '../../../test/helper';
import { enviarAnexo, pdfCru, pedidoDeReembolso } from '../../../test/reembolso';

// Duplicate receipts (issue 31, decision 0056), over real HTTP on PGlite: the member is told of
// their own contract's requests only, may still send with a confirmation (marked for the staff), and
// the staff see every request with the same receipt, whichever member sent it.

let t: TestApp;
appDoArquivo((app) => (t = app));

type Json = Record<string, unknown>;
type Membro = { c: Client; perfil: { codigoSessao: number } };

const PRESTADOR = '11.222.333/0001-81';
let n = 0;
/** A receipt number no other test uses. */
const novoRecibo = () => `RC-${++n}${Date.now() % 100000}`;

const maria = () => t.membro(CPF.maria, CONTRATO.maria);
const roberto = () => t.membro(CPF.roberto, CONTRATO.roberto);

/** The member sends a request for their own consultation with this receipt; the whole answer. */
async function solicitar(m: Membro, cpf: string, numeroRecibo: string, extra: Json = {}) {
  const anexo = await enviarAnexo(m.c, m.perfil, pdfCru(`recibo ${numeroRecibo} ${++n}`));
  expect(anexo.status, JSON.stringify(anexo.body)).toBe(200);
  return m.c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: m.perfil,
    ...pedidoDeReembolso([anexo.body.id as string], {
      cpfBeneficiario: cpf,
      prestador: { documento: PRESTADOR, nome: 'Clínica Exemplo' },
      numeroRecibo,
      pagamento: { forma: 'pix', tipoChave: 'email', chave: 'titular@exemplo.com' },
      ...extra,
    }),
  });
}

async function enviado(m: Membro, cpf: string, numeroRecibo: string, extra: Json = {}): Promise<string> {
  const r = await solicitar(m, cpf, numeroRecibo, extra);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.protocolo as string;
}

const verificar = (m: Membro, numeroRecibo: string, documento = PRESTADOR, dataAtendimento = '2026-03-02') =>
  m.c.post<Json>('/api/Reembolso/VerificarRecibo', {
    perfilAutenticado: m.perfil,
    prestadorDocumento: documento,
    numeroRecibo,
    dataAtendimento,
  });

const detalheNoConsole = async (protocolo: string) => {
  const { c, id } = await equipeLogada(t, 'atendente', 'recibo');
  const r = await c.get<Json>(`/api/atendimento/reembolsos/${protocolo}`, EQUIPE);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { body: r.body, contaId: id };
};

describe('POST /api/Reembolso/VerificarRecibo', () => {
  it("tells the member of their contract's request with the same receipt, typed another way", async () => {
    const m = await maria();
    const recibo = novoRecibo();
    const protocolo = await enviado(m, CPF.maria, recibo);
    const r = await verificar(m, ` 000${recibo.toLowerCase()} `.replace('rc-', 'rc'), '11222333000181');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      repetido: true,
      mensagem: `Este recibo já foi enviado no pedido de reembolso ${formatarNumeroProtocolo(protocolo)} (10/03/2026). Envie de novo só se for outro atendimento.`,
      pedidos: [{ protocolo, criadoEm: new Date(HOJE).toISOString() }],
    });
  });

  it('answers nothing repeated for another day of care', async () => {
    const m = await maria();
    const recibo = novoRecibo();
    await enviado(m, CPF.maria, recibo);
    expect((await verificar(m, recibo, PRESTADOR, '2026-03-03')).body).toEqual({
      repetido: false,
      mensagem: null,
      pedidos: [],
    });
  });

  it("tells another member nothing of Maria's request with the same receipt", async () => {
    const recibo = novoRecibo();
    await enviado(await maria(), CPF.maria, recibo);
    expect((await verificar(await roberto(), recibo)).body).toEqual({ repetido: false, mensagem: null, pedidos: [] });
  });

  it('refuses a receipt with no number, in Portuguese', async () => {
    const r = await verificar(await maria(), '  ');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message: 'Informe o número do recibo ou da nota fiscal.' });
  });
});

describe('POST /api/Reembolso/Solicitar with a receipt already sent', () => {
  it('refuses it with the warning until the member confirms', async () => {
    const m = await maria();
    const recibo = novoRecibo();
    const primeiro = await enviado(m, CPF.maria, recibo);
    const r = await solicitar(m, CPF.maria, recibo);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'RECIBO_REPETIDO',
      message: `Este recibo já foi enviado no pedido de reembolso ${formatarNumeroProtocolo(primeiro)} (10/03/2026). Envie de novo só se for outro atendimento.`,
    });
  });

  it('sends it when the member confirms, marked for the staff with the first request', async () => {
    const m = await maria();
    const recibo = novoRecibo();
    const primeiro = await enviado(m, CPF.maria, recibo);
    const segundo = await enviado(m, CPF.maria, recibo, { confirmarReciboRepetido: true });
    const { body } = await detalheNoConsole(segundo);
    expect(body.reciboRepetido).toEqual({
      confirmadoPeloBeneficiario: true,
      outros: [
        {
          protocolo: primeiro,
          criadoEm: new Date(HOJE).toISOString(),
          situacao: 'recebido',
          beneficiario: expect.any(String),
          codigoContrato: CONTRATO.maria,
        },
      ],
    });
  });

  it("lets another member send it unwarned (Maria's request is none of theirs)", async () => {
    const recibo = novoRecibo();
    await enviado(await maria(), CPF.maria, recibo);
    expect((await solicitar(await roberto(), CPF.roberto, recibo)).status).toBe(200);
  });
});

describe('GET /api/atendimento/reembolsos/:protocolo, the same receipt across members', () => {
  it("shows Roberto's request on Maria's and Maria's on Roberto's", async () => {
    const recibo = novoRecibo();
    const daMaria = await enviado(await maria(), CPF.maria, recibo);
    const doRoberto = await enviado(await roberto(), CPF.roberto, recibo.toLowerCase());
    const a = await detalheNoConsole(daMaria);
    const b = await detalheNoConsole(doRoberto);
    expect(a.body.reciboRepetido).toEqual({
      confirmadoPeloBeneficiario: false,
      outros: [expect.objectContaining({ protocolo: doRoberto, codigoContrato: CONTRATO.roberto })],
    });
    expect(b.body.reciboRepetido).toEqual({
      confirmadoPeloBeneficiario: false,
      outros: [expect.objectContaining({ protocolo: daMaria, codigoContrato: CONTRATO.maria })],
    });
  });

  it('names the other requests read in the audit row', async () => {
    const recibo = novoRecibo();
    const daMaria = await enviado(await maria(), CPF.maria, recibo);
    const doRoberto = await enviado(await roberto(), CPF.roberto, recibo);
    const { contaId } = await detalheNoConsole(daMaria);
    const linhas = await t.db.query<{ detalhe: Json }>(
      `select detalhe from equipe_auditoria where conta_id = $1 and evento = 'equipe_leu_reembolso'`,
      [contaId],
    );
    expect(linhas.map((l) => (l.detalhe as { reciboRepetidoEm?: string[] }).reciboRepetidoEm)).toEqual([[doRoberto]]);
  });

  it('shows no other request for a receipt sent once', async () => {
    const protocolo = await enviado(await maria(), CPF.maria, novoRecibo());
    expect((await detalheNoConsole(protocolo)).body.reciboRepetido).toEqual({
      confirmadoPeloBeneficiario: false,
      outros: [],
    });
  });
});

describe('GET /api/atendimento/reembolsos, the list', () => {
  it('marks both requests of a repeated receipt and not a receipt sent once', async () => {
    const recibo = novoRecibo();
    const daMaria = await enviado(await maria(), CPF.maria, recibo);
    const doRoberto = await enviado(await roberto(), CPF.roberto, recibo);
    const unico = await enviado(await maria(), CPF.maria, novoRecibo());
    const { c } = await equipeLogada(t, 'atendente', 'recibo');
    const r = await c.get<{ itens: { protocolo: string; reciboRepetido: boolean }[] }>(
      '/api/atendimento/reembolsos?limite=200',
      EQUIPE,
    );
    const marca = Object.fromEntries(r.body.itens.map((x) => [x.protocolo, x.reciboRepetido]));
    expect([marca[daMaria], marca[doRoberto], marca[unico]]).toEqual([true, true, false]);
  });
});
