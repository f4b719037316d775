import { describe, expect, it } from 'vitest';
import { EQUIPE, equipeLogada } from '../../../test/equipe';
import { appDoArquivo, CONTRATO, CPF, type TestApp } from '../../../test/helper';
import { enviarAnexo, pdfCru, pedidoDeReembolso } from '../../../test/reembolso';

// Issue 31, "one vocabulary" (migration 0044): a reimbursement request is one protocol, and that
// protocol — in 'Meus protocolos', its detail and history, the console's queue and case screen, and
// protocolo.atualizado — says what the request's own tracker says ('Aprovado', 'Pago', 'Negado',
// 'Pendente'), changed in the transaction of the request's change. Over real HTTP on PGlite.

let t: TestApp;
appDoArquivo((app) => (t = app));

type Json = Record<string, unknown>;
const BASE = '/api/atendimento';
const PREVISTO = '2026-03-20';

let k = 0;
/** A reimbursement of R$ 350,00 Maria asks through the member API. */
async function pedido(): Promise<string> {
  k++;
  const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
  const anexo = await enviarAnexo(c, perfil, pdfCru(`vocabulario ${k} ${Date.now()}`), { nome: 'recibo.pdf' });
  expect(anexo.status, JSON.stringify(anexo.body)).toBe(200);
  const r = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([anexo.body.id as string], {
      cpfBeneficiario: CPF.maria,
      numeroRecibo: `VOC-2026-${k}`,
      pagamento: { forma: 'pix', tipoChave: 'cpf', chave: CPF.maria },
    }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.protocolo as string;
}

/** The console acts on the request as an attendant (`caminho`: analise, aprovacao, pendencia, negativa, pagamento). */
async function acao(protocolo: string, caminho: string, body: unknown = {}) {
  const { c } = await equipeLogada(t, 'atendente', 'vocabulario');
  const r = await c.post<Json>(`${BASE}/reembolsos/${protocolo}/${caminho}`, body, EQUIPE);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** The protocol as Maria reads it in 'Meus protocolos': the list's item and the detail. */
async function comoMariaLe(protocolo: string) {
  const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
  const lista = await c.post<{ protocolos: Json[] }>('/api/Protocolos/Listar', {
    perfilAutenticado: perfil,
    protocolo,
  });
  const detalhe = await c.post<Json & { historico: Json[] }>('/api/Protocolos/Detalhe', {
    perfilAutenticado: perfil,
    protocolo,
  });
  expect(detalhe.status, JSON.stringify(detalhe.body)).toBe(200);
  return { item: lista.body.protocolos[0], detalhe: detalhe.body };
}

describe("a reimbursement's protocol says what the request says", () => {
  it('a request just sent reads recebido on its protocol and its first history line', async () => {
    const protocolo = await pedido();
    const { item, detalhe } = await comoMariaLe(protocolo);
    expect(item).toMatchObject({ situacao: 'ABERTO', situacaoReembolso: 'recebido' });
    expect(detalhe.historico.map((e) => e.situacaoReembolso)).toEqual(['recebido']);
  });

  it('approved: the protocol reads aprovado in the list, the detail and the last history line', async () => {
    const protocolo = await pedido();
    await acao(protocolo, 'analise');
    await acao(protocolo, 'aprovacao', { valor: 200, previsaoPagamento: PREVISTO });
    const { item, detalhe } = await comoMariaLe(protocolo);
    expect(item).toMatchObject({ situacaoReembolso: 'aprovado' });
    expect(detalhe).toMatchObject({ situacaoReembolso: 'aprovado', reembolso: { situacao: 'aprovado' } });
    expect(detalhe.historico.map((e) => e.situacaoReembolso)).toEqual(['recebido', 'em_analise', 'aprovado']);
  });

  it('paid: the protocol reads pago and is concluded', async () => {
    const protocolo = await pedido();
    await acao(protocolo, 'aprovacao', { valor: 200, previsaoPagamento: PREVISTO });
    await acao(protocolo, 'pagamento', {});
    const { item, detalhe } = await comoMariaLe(protocolo);
    expect(item).toMatchObject({ situacao: 'CONCLUIDO', situacaoReembolso: 'pago' });
    expect(detalhe.historico.at(-1)).toMatchObject({ situacao: 'CONCLUIDO', situacaoReembolso: 'pago' });
  });

  it('denied: the protocol reads negado', async () => {
    const protocolo = await pedido();
    await acao(protocolo, 'negativa', { motivo: 'Procedimento sem cobertura no plano.' });
    const { item, detalhe } = await comoMariaLe(protocolo);
    expect(item).toMatchObject({ situacao: 'CONCLUIDO', situacaoReembolso: 'negado' });
    expect(detalhe.historico.at(-1)).toMatchObject({ situacaoReembolso: 'negado' });
  });

  it('documents requested: the protocol reads pendente', async () => {
    const protocolo = await pedido();
    await acao(protocolo, 'pendencia', { pergunta: 'Envie o relatório médico.' });
    const { item, detalhe } = await comoMariaLe(protocolo);
    expect(item).toMatchObject({ situacao: 'EM_ANALISE', situacaoReembolso: 'pendente' });
    expect(detalhe.historico.at(-1)).toMatchObject({ situacaoReembolso: 'pendente' });
  });

  it("the console's queue and case screen read the request's step too", async () => {
    const protocolo = await pedido();
    await acao(protocolo, 'aprovacao', { valor: 200, previsaoPagamento: PREVISTO });
    const { c } = await equipeLogada(t, 'atendente', 'vocabulario');
    const fila = await c.get<{ itens: Json[] }>(`${BASE}/protocolos?grupo=reembolsos&busca=${protocolo}`, EQUIPE);
    expect(fila.status, JSON.stringify(fila.body)).toBe(200);
    expect(fila.body.itens).toEqual([expect.objectContaining({ protocolo, situacaoReembolso: 'aprovado' })]);
    const caso = await c.get<Json & { historico: Json[] }>(`${BASE}/protocolos/${protocolo}`, EQUIPE);
    expect(caso.body).toMatchObject({ situacaoReembolso: 'aprovado' });
    expect(caso.body.historico.at(-1)).toMatchObject({ situacaoReembolso: 'aprovado' });
  });

  it('an approval while in analysis (the protocol status unchanged) still sends protocolo.atualizado with aprovado', async () => {
    const protocolo = await pedido();
    await acao(protocolo, 'analise');
    await acao(protocolo, 'aprovacao', { valor: 200, previsaoPagamento: PREVISTO });
    const eventos = await t.db.query<{ data: Json }>(
      `select payload->'data' as data from webhook_mensagens
        where tipo = 'protocolo.atualizado' and payload->'data'->>'protocolo' = $1 order by criado_em, id`,
      [protocolo],
    );
    expect(eventos.map((e) => [e.data.situacao, e.data.situacaoReembolso])).toEqual([
      ['EM_ANALISE', 'em_analise'],
      ['EM_ANALISE', 'aprovado'],
    ]);
  });

  it("another member (another contract) gets nothing of Maria's approved protocol", async () => {
    const protocolo = await pedido();
    await acao(protocolo, 'aprovacao', { valor: 200, previsaoPagamento: PREVISTO });
    const { c, perfil } = await t.membro(CPF.carlos, CONTRATO.carlos);
    const lista = await c.post<{ protocolos: Json[] }>('/api/Protocolos/Listar', { perfilAutenticado: perfil });
    expect(lista.body.protocolos.map((p) => p.protocolo)).not.toContain(protocolo);
    const detalhe = await c.post<Json>('/api/Protocolos/Detalhe', { perfilAutenticado: perfil, protocolo });
    expect(detalhe.status).toBe(404);
    expect(detalhe.body).toMatchObject({ code: 'NAO_ENCONTRADO', message: 'Protocolo não encontrado.' });
    expect(JSON.stringify(detalhe.body)).not.toContain('aprovado');
  });
});
