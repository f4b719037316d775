import { describe, expect, it } from 'vitest';
import { MENSAGEM_REEMBOLSO_DESATUALIZADO, type PapelEquipe } from '@portal/contract';
import { EQUIPE, equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, CONTRATO, CPF, type TestApp } from '../../../test/helper';
import { enviarAnexo, pdfCru, pedidoDeReembolso } from '../../../test/reembolso';

// Issue 31, four eyes (decision 0065), over real HTTP on PGlite: a supervisor who did not approve
// refuses an approval awaiting confirmation (above REEMBOLSO_QUATRO_OLHOS_ACIMA, R$ 300,00 here), with
// a reason only the staff read; the request is back in analysis and the approver is told in the console.

let t: TestApp;
appDoArquivo((app) => (t = app), { env: { REEMBOLSO_QUATRO_OLHOS_ACIMA: '300' } });

type Json = Record<string, unknown>;
const BASE = '/api/atendimento';
const PREVISTO = '2026-03-20';
const MOTIVO = 'O recibo não traz o CRM do médico: confira antes de aprovar.';

const logado = (papel: PapelEquipe) => equipeLogada(t, papel, 'recusa');
const get = (c: Client, path: string) => c.get<Json>(`${BASE}${path}`, EQUIPE);
const post = (c: Client, path: string, body: unknown = {}) => c.post<Json>(`${BASE}${path}`, body, EQUIPE);

let k = 0;
/** Maria's request of R$ 350,00 approved at R$ 320,00 (by an attendant unless told): awaiting a supervisor. */
async function aguardando(analisado = false, papelDoAutor: PapelEquipe = 'atendente') {
  k++;
  const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
  const anexo = await enviarAnexo(c, perfil, pdfCru(`recusa ${k} ${Date.now()}`), { nome: 'recibo.pdf' });
  const pedido = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([anexo.body.id as string], {
      cpfBeneficiario: CPF.maria,
      numeroRecibo: `RA-2026-${k}`,
      pagamento: { forma: 'pix', tipoChave: 'cpf', chave: CPF.maria },
    }),
  });
  expect(pedido.status, JSON.stringify(pedido.body)).toBe(200);
  const protocolo = pedido.body.protocolo as string;
  const autor = await logado(papelDoAutor);
  if (analisado) expect((await post(autor.c, `/reembolsos/${protocolo}/analise`)).status).toBe(200);
  const r = await post(autor.c, `/reembolsos/${protocolo}/aprovacao`, { valor: 320, previsaoPagamento: PREVISTO });
  expect(r.body.aprovacaoPendente).not.toBeNull();
  return { protocolo, autor, versao: r.body.versao as number };
}

const linha = async (protocolo: string) =>
  (
    await t.db.query<{ situacao: string; proposta: string | null }>(
      'select situacao, aprovacao_proposta_por::text as proposta from reembolsos where protocolo = $1',
      [protocolo],
    )
  )[0];

describe('a supervisor refuses an approval awaiting confirmation', () => {
  it('another supervisor refuses: back in analysis, no approval pending, the refusal shown to the staff', async () => {
    const { protocolo, autor } = await aguardando();
    const sup = await logado('supervisor');
    const r = await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      situacao: 'em_analise',
      valorAprovado: null,
      aprovacaoPendente: null,
      aprovacaoRecusada: {
        valor: 320,
        aprovadaPor: { id: autor.id, nome: autor.nome },
        recusadaPor: { id: sup.id, nome: sup.nome },
        em: expect.any(String),
        motivo: MOTIVO,
      },
    });
  });

  it("the reimbursement list says 'aguardando-confirmacao', then 'recusada' once refused", async () => {
    const { protocolo, autor } = await aguardando();
    const naLista = async () => {
      const r = await get(autor.c, '/reembolsos?limite=200');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.itens as { protocolo: string; quatroOlhos: string | null }[]).find(
        (i) => i.protocolo === protocolo,
      )?.quatroOlhos;
    };
    expect(await naLista()).toBe('aguardando-confirmacao');
    const sup = await logado('supervisor');
    expect((await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO })).status).toBe(200);
    expect(await naLista()).toBe('recusada');
  });

  it('the approver reads the refusal on the request in the console', async () => {
    const { protocolo, autor } = await aguardando();
    const sup = await logado('supervisor');
    await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    const visto = await get(autor.c, `/reembolsos/${protocolo}`);
    expect(visto.body.aprovacaoRecusada).toMatchObject({ valor: 320, motivo: MOTIVO, recusadaPor: { id: sup.id } });
  });

  it('is audited with the amount refused and who had approved', async () => {
    const { protocolo, autor } = await aguardando();
    const sup = await logado('supervisor');
    await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    const linhas = await t.db.query<{ protocolo: string; detalhe: Json }>(
      `select protocolo, detalhe from equipe_auditoria where conta_id = $1 and evento = 'equipe_recusou_aprovacao_reembolso'`,
      [sup.id],
    );
    expect(linhas).toEqual([
      { protocolo, detalhe: { situacao: 'em_analise', valorRecusado: 320, aprovadaPor: autor.id } },
    ]);
  });

  it('the reason is an internal note of the supervisor in the staff history', async () => {
    const { protocolo } = await aguardando();
    const sup = await logado('supervisor');
    await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    const notas = await get(sup.c, `/protocolos/${protocolo}/notas`);
    expect(notas.body.notas).toEqual([
      expect.objectContaining({
        autor: { id: sup.id, nome: sup.nome },
        texto: expect.stringContaining(`Motivo: ${MOTIVO}`),
      }),
    ]);
  });

  it('the member reads nothing of the refusal: not in Reembolso, Meus protocolos, a notice or a webhook', async () => {
    const { protocolo } = await aguardando();
    const sup = await logado('supervisor');
    await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    const maria = await t.membro(CPF.maria, CONTRATO.maria);
    const reembolso = await maria.c.post('/api/Reembolso/Detalhe', { perfilAutenticado: maria.perfil, protocolo });
    const protocoloLido = await maria.c.post('/api/Protocolos/Detalhe', { perfilAutenticado: maria.perfil, protocolo });
    expect(reembolso.status).toBe(200);
    expect(protocoloLido.status).toBe(200);
    for (const texto of [reembolso.text, protocoloLido.text]) {
      expect(texto).not.toContain('recusad');
      expect(texto).not.toContain('CRM do médico');
    }
    const vazou = await t.db.query(
      `select 1 from outbox where mensagem like '%CRM do médico%'
       union all select 1 from webhook_mensagens where payload::text like '%CRM do médico%'`,
    );
    expect(vazou).toEqual([]);
  });

  it('a request still recebido moves to em análise for the member as any analysis does', async () => {
    const { protocolo } = await aguardando();
    const sup = await logado('supervisor');
    await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    const maria = await t.membro(CPF.maria, CONTRATO.maria);
    const d = await maria.c.post<Json>('/api/Reembolso/Detalhe', { perfilAutenticado: maria.perfil, protocolo });
    expect((d.body.historico as Json[]).map((e) => [e.situacao, e.descricao])).toEqual([
      ['recebido', 'Pedido de reembolso recebido pelo portal.'],
      ['em_analise', 'Pedido em análise pela operadora.'],
    ]);
  });

  it('a request already in analysis stays so, with no new line in the member’s history', async () => {
    const { protocolo } = await aguardando(true);
    const sup = await logado('supervisor');
    const r = await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    expect(r.body.situacao).toBe('em_analise');
    expect((r.body.historico as Json[]).map((e) => e.situacao)).toEqual(['recebido', 'em_analise']);
  });

  it('a new approval after the refusal awaits confirmation again and no longer shows the refusal', async () => {
    const { protocolo, autor } = await aguardando();
    const sup = await logado('supervisor');
    await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    const r = await post(autor.c, `/reembolsos/${protocolo}/aprovacao`, { valor: 310, previsaoPagamento: PREVISTO });
    expect(r.body).toMatchObject({ aprovacaoPendente: { valor: 310 }, aprovacaoRecusada: null });
  });
});

describe('who may refuse, and when', () => {
  it('refuses the approver refusing their own approval (a supervisor), in Portuguese', async () => {
    const { protocolo, autor } = await aguardando(false, 'supervisor');
    const r = await post(autor.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Quem aprovou não pode recusar a própria aprovação: a recusa é de outro supervisor.');
    expect(await linha(protocolo)).toEqual({ situacao: 'recebido', proposta: autor.id });
  });

  it('refuses an attendant (403) and leaves the approval pending', async () => {
    const { protocolo, autor } = await aguardando();
    const { c } = await logado('atendente');
    const r = await post(c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Seu perfil não permite esta ação.');
    expect(await linha(protocolo)).toEqual({ situacao: 'recebido', proposta: autor.id });
  });

  it('refuses when no approval awaits confirmation (409)', async () => {
    const { protocolo } = await aguardando();
    const sup = await logado('supervisor');
    await post(sup.c, `/reembolsos/${protocolo}/confirmacao`);
    const r = await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Este reembolso não tem aprovação aguardando confirmação.');
    expect((await linha(protocolo))?.situacao).toBe('aprovado');
  });

  it('two supervisors refuse at once: the second, on a stale screen, gets 409 VERSAO_DESATUALIZADA', async () => {
    const { protocolo, versao } = await aguardando();
    const ana = await logado('supervisor');
    const bia = await logado('supervisor');
    expect((await post(ana.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO, versao })).status).toBe(200);
    const r = await post(bia.c, `/reembolsos/${protocolo}/recusa`, { motivo: 'Outro motivo.', versao });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'VERSAO_DESATUALIZADA', message: MENSAGEM_REEMBOLSO_DESATUALIZADO });
    expect(await t.db.query('select 1 from notas_internas where protocolo = $1', [protocolo])).toHaveLength(1);
  });

  it('accepts the version the screen read', async () => {
    const { protocolo, versao } = await aguardando();
    const sup = await logado('supervisor');
    const r = await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO, versao });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('requires a reason (400 in Portuguese)', async () => {
    const { protocolo } = await aguardando();
    const sup = await logado('supervisor');
    const r = await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: '   ' });
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toContain('Escreva o motivo da recusa.');
  });

  it('refuses a reason over 500 characters (400 in Portuguese)', async () => {
    const { protocolo } = await aguardando();
    const sup = await logado('supervisor');
    const r = await post(sup.c, `/reembolsos/${protocolo}/recusa`, { motivo: 'x'.repeat(501) });
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toContain('O motivo da recusa tem no máximo 500 caracteres.');
  });

  it('a member session cannot refuse (401)', async () => {
    const { protocolo } = await aguardando();
    const carlos = await t.membro(CPF.carlos, CONTRATO.carlos);
    const r = await carlos.c.post(`${BASE}/reembolsos/${protocolo}/recusa`, { motivo: MOTIVO }, EQUIPE);
    expect(r.status).toBe(401);
  });
});
