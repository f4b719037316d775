import { describe, expect, it } from 'vitest';
import type { PapelEquipe } from '@portal/contract';
import { EQUIPE, equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, CONTRATO, CPF, type TestApp } from '../../../test/helper';
import { enviarAnexo, pdfCru, pedidoDeReembolso } from '../../../test/reembolso';

// Issue 31, "Confirm money" (decision 0053), over real HTTP on PGlite: above
// REEMBOLSO_QUATRO_OLHOS_ACIMA (R$ 300,00 here; Maria paid R$ 350,00) a console approval waits for a
// supervisor who is not its author; the refusals; the payment dates from REEMBOLSO_DIAS_DE_PAGAMENTO
// (5 and 20 here; today is Tuesday 2026-03-10).

let t: TestApp;
appDoArquivo((app) => (t = app), { env: { REEMBOLSO_QUATRO_OLHOS_ACIMA: '300', REEMBOLSO_DIAS_DE_PAGAMENTO: '20,5' } });

type Json = Record<string, unknown>;
const BASE = '/api/atendimento';
const PREVISTO = '2026-03-20';

const logado = (papel: PapelEquipe) => equipeLogada(t, papel, 'quatro.olhos');

const get = (c: Client, path: string) => c.get<Json>(`${BASE}${path}`, EQUIPE);
const post = (c: Client, path: string, body: unknown = {}) => c.post<Json>(`${BASE}${path}`, body, EQUIPE);

let k = 0;
/** A reimbursement of R$ 350,00 asked through the member API (Maria by default; Carlos for another contract). */
async function pedido(quem: 'maria' | 'carlos' = 'maria'): Promise<string> {
  k++;
  const { c, perfil } = await t.membro(CPF[quem], CONTRATO[quem]);
  const anexo = await enviarAnexo(c, perfil, pdfCru(`quatro olhos ${k} ${Date.now()}`), { nome: 'recibo.pdf' });
  expect(anexo.status, JSON.stringify(anexo.body)).toBe(200);
  const r = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([anexo.body.id as string], {
      cpfBeneficiario: CPF[quem],
      numeroRecibo: `QO-2026-${k}`,
      // Paid to the contract's holder: Carlos's is Marcos.
      pagamento: { forma: 'pix', tipoChave: 'cpf', chave: quem === 'maria' ? CPF.maria : CPF.marcos },
    }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.protocolo as string;
}

/** Maria's request approved at R$ 320,00 by a supervisor: above the threshold, so awaiting confirmation. */
async function aguardando() {
  const protocolo = await pedido();
  const autor = await logado('supervisor');
  const r = await post(autor.c, `/reembolsos/${protocolo}/aprovacao`, { valor: 320, previsaoPagamento: PREVISTO });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.aprovacaoPendente).not.toBeNull();
  return { protocolo, autor };
}

const situacao = async (protocolo: string) =>
  (await t.db.query<{ situacao: string }>('select situacao from reembolsos where protocolo = $1', [protocolo]))[0]
    ?.situacao;

const auditoria = (contaId: string, evento: string) =>
  t.db.query<{ protocolo: string | null; detalhe: Json }>(
    'select protocolo, detalhe from equipe_auditoria where conta_id = $1 and evento = $2 order by id',
    [contaId, evento],
  );

describe('four eyes on an approval (REEMBOLSO_QUATRO_OLHOS_ACIMA)', () => {
  it('approves at once an amount equal to the threshold', async () => {
    const protocolo = await pedido();
    const { c } = await logado('atendente');
    const r = await post(c, `/reembolsos/${protocolo}/aprovacao`, { valor: 300, previsaoPagamento: PREVISTO });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ situacao: 'aprovado', valorAprovado: 300, aprovacaoPendente: null });
  });

  it('approves at once an amount below the threshold', async () => {
    const protocolo = await pedido();
    const { c } = await logado('atendente');
    const r = await post(c, `/reembolsos/${protocolo}/aprovacao`, { valor: 299.99, previsaoPagamento: PREVISTO });
    expect(r.body).toMatchObject({ situacao: 'aprovado', valorAprovado: 299.99, aprovacaoPendente: null });
  });

  it('above the threshold records the approval as awaiting confirmation, told to no one outside the staff', async () => {
    const protocolo = await pedido();
    const { c, id, nome } = await logado('atendente');
    const r = await post(c, `/reembolsos/${protocolo}/aprovacao`, { valor: 300.01, previsaoPagamento: PREVISTO });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      situacao: 'recebido',
      valorAprovado: null,
      previsaoPagamento: null,
      aprovacaoPendente: { valor: 300.01, previsaoPagamento: PREVISTO, por: { id, nome }, em: expect.any(String) },
    });
    expect(await auditoria(id, 'equipe_aprovou_reembolso')).toEqual([
      { protocolo, detalhe: { situacao: 'recebido', aguardaConfirmacao: true, valor: 300.01 } },
    ]);
    // Nothing in the member's history, no notice, no webhook event yet.
    const maria = await t.membro(CPF.maria, CONTRATO.maria);
    const d = await maria.c.post<Json>('/api/Reembolso/Detalhe', { perfilAutenticado: maria.perfil, protocolo });
    expect(d.body).toMatchObject({ situacao: 'recebido', valorAprovado: null });
    expect((d.body.historico as Json[]).map((e) => e.situacao)).toEqual(['recebido']);
    const eventos = await t.db.query(
      `select 1 from webhook_mensagens where tipo = 'reembolso.atualizado' and payload->'data'->>'protocolo' = $1
         and payload->'data'->>'situacao' = 'aprovado'`,
      [protocolo],
    );
    expect(eventos).toEqual([]);
  });

  it('another supervisor confirms: approved with the amount proposed, audited, and the member is told', async () => {
    const { protocolo, autor } = await aguardando();
    const sup = await logado('supervisor');
    const r = await post(sup.c, `/reembolsos/${protocolo}/confirmacao`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      situacao: 'aprovado',
      valorAprovado: 320,
      previsaoPagamento: PREVISTO,
      aprovacaoPendente: null,
    });
    expect(await auditoria(sup.id, 'equipe_confirmou_aprovacao_reembolso')).toEqual([
      { protocolo, detalhe: { situacao: 'aprovado' } },
    ]);
    const [linha] = await t.db.query<Json>(
      'select aprovacao_proposta_por::text as a, aprovacao_confirmada_por::text as b from reembolsos where protocolo = $1',
      [protocolo],
    );
    expect(linha).toEqual({ a: autor.id, b: sup.id });
    const maria = await t.membro(CPF.maria, CONTRATO.maria);
    const d = await maria.c.post<Json>('/api/Reembolso/Detalhe', { perfilAutenticado: maria.perfil, protocolo });
    expect(d.body).toMatchObject({ situacao: 'aprovado', valorAprovado: 320, previsaoPagamento: PREVISTO });
  });

  it('an administrador who did not approve may confirm too', async () => {
    const { protocolo } = await aguardando();
    const { c } = await logado('administrador');
    const r = await post(c, `/reembolsos/${protocolo}/confirmacao`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.situacao).toBe('aprovado');
  });

  it('refuses the approver confirming their own approval, in Portuguese', async () => {
    const { protocolo, autor } = await aguardando();
    const r = await post(autor.c, `/reembolsos/${protocolo}/confirmacao`);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'Quem aprovou não pode confirmar a própria aprovação: a confirmação é de outro supervisor.',
    );
    expect(await situacao(protocolo)).toBe('recebido');
  });

  it('refuses an attendant confirming (403)', async () => {
    const { protocolo } = await aguardando();
    const { c, id } = await logado('atendente');
    const r = await post(c, `/reembolsos/${protocolo}/confirmacao`);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Seu perfil não permite esta ação.');
    expect(await situacao(protocolo)).toBe('recebido');
    expect(await auditoria(id, 'equipe_confirmou_aprovacao_reembolso')).toEqual([]);
  });

  it('refuses marking as paid before the confirmation', async () => {
    const { protocolo } = await aguardando();
    const { c } = await logado('administrador');
    const r = await post(c, `/reembolsos/${protocolo}/pagamento`, {});
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'A aprovação deste reembolso aguarda a confirmação de um supervisor: o pagamento só pode ser marcado depois dela.',
    );
    expect(await situacao(protocolo)).toBe('recebido');
  });

  it('refuses a second approval while one awaits confirmation', async () => {
    const { protocolo } = await aguardando();
    const { c } = await logado('supervisor');
    const r = await post(c, `/reembolsos/${protocolo}/aprovacao`, { valor: 100, previsaoPagamento: PREVISTO });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Este reembolso já tem uma aprovação aguardando a confirmação de um supervisor.');
  });

  it('confirming another contract’s reimbursement, which awaits nothing, is refused and leaves both as they were', async () => {
    const { protocolo } = await aguardando();
    const doCarlos = await pedido('carlos');
    const { c } = await logado('supervisor');
    const r = await post(c, `/reembolsos/${doCarlos}/confirmacao`);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Este reembolso não tem aprovação aguardando confirmação.');
    expect(await situacao(doCarlos)).toBe('recebido');
    expect((await get(c, `/reembolsos/${protocolo}`)).body.aprovacaoPendente).toMatchObject({ valor: 320 });
  });

  it('a member session cannot confirm (401)', async () => {
    const { protocolo } = await aguardando();
    const carlos = await t.membro(CPF.carlos, CONTRATO.carlos);
    expect((await carlos.c.post(`${BASE}/reembolsos/${protocolo}/confirmacao`, {}, EQUIPE)).status).toBe(401);
    expect(await situacao(protocolo)).toBe('recebido');
  });

  it('asking for documents drops an approval awaiting confirmation', async () => {
    const { protocolo } = await aguardando();
    const { c } = await logado('atendente');
    const r = await post(c, `/reembolsos/${protocolo}/pendencia`, { pergunta: 'Envie o relatório médico.' });
    expect(r.body).toMatchObject({ situacao: 'pendente', aprovacaoPendente: null });
  });

  it('a confirmation after the expected date asks for a new one', async () => {
    const { protocolo } = await aguardando();
    t.clock.advance(12 * 86_400_000); // 2026-03-22
    const { c } = await logado('supervisor');
    const r = await post(c, `/reembolsos/${protocolo}/confirmacao`);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('A data prevista de pagamento (20/03/2026) já passou: informe uma nova data.');
    const ok = await post(c, `/reembolsos/${protocolo}/confirmacao`, { previsaoPagamento: '2026-04-06' });
    expect(ok.body).toMatchObject({ situacao: 'aprovado', previsaoPagamento: '2026-04-06' });
  });
});

describe('payment dates (REEMBOLSO_DIAS_DE_PAGAMENTO)', () => {
  it('offers the next run as the expected date, the beneficiary’s CPF masked and the threshold', async () => {
    const protocolo = await pedido();
    const { c } = await logado('atendente');
    const d = await get(c, `/reembolsos/${protocolo}`);
    expect(d.body).toMatchObject({
      proximoPagamento: '2026-03-20',
      pagoEmSugerido: null,
      quatroOlhosAcima: 300,
      cpfBeneficiario: '***.982.247-**',
    });
  });

  it('once approved, offers as the day paid the run after the approval, or today before it', async () => {
    const protocolo = await pedido();
    const { c } = await logado('atendente');
    await post(c, `/reembolsos/${protocolo}/aprovacao`, { valor: 200, previsaoPagamento: PREVISTO });
    expect((await get(c, `/reembolsos/${protocolo}`)).body.pagoEmSugerido).toBe('2026-03-10');
    t.clock.advance(14 * 86_400_000); // 2026-03-24: the run of the 20th has happened, the next is 6 April
    const depois = await logado('atendente');
    const d = await get(depois.c, `/reembolsos/${protocolo}`);
    expect(d.body).toMatchObject({ pagoEmSugerido: '2026-03-20', proximoPagamento: '2026-04-06' });
    const pago = await post(depois.c, `/reembolsos/${protocolo}/pagamento`, { pagoEm: d.body.pagoEmSugerido });
    expect(pago.body).toMatchObject({ situacao: 'pago', pagoEm: '2026-03-20' });
  });
});
