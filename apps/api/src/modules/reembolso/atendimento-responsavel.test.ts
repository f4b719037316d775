import { describe, expect, it } from 'vitest';
import { MENSAGEM_REEMBOLSO_DESATUALIZADO, type PapelEquipe } from '@portal/contract';
import { EQUIPE, equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, CONTRATO, CPF, type TestApp } from '../../../test/helper';
import { enviarAnexo, pdfCru, pedidoDeReembolso } from '../../../test/reembolso';
import { MENSAGENS_RESPONSAVEL } from '../atendimento/responsavel';
import { MENSAGEM_ACAO_EM_REEMBOLSO } from '../atendimento/service';

// Issue 31, "Who is on it", for reimbursements (decision 0055, amended), over real HTTP on PGlite:
// a request is one protocol, so it is taken, released and assigned through its protocol (the same
// rule and audit rows); the reimbursement queue shows and filters the owner ('Minha fila'), the
// request gives its version, owner and who else has it open, and a stale action is refused (409).
// Above R$ 300,00 an approval waits for a supervisor (Maria paid R$ 350,00).

let t: TestApp;
appDoArquivo((app) => (t = app), { env: { REEMBOLSO_QUATRO_OLHOS_ACIMA: '300' } });

type Json = Record<string, unknown>;
const BASE = '/api/atendimento';
const PREVISTO = '2026-03-20';

const logado = (papel: PapelEquipe) => equipeLogada(t, papel, 'dono.reembolso');
const get = <T = Json>(c: Client, path: string) => c.get<T>(`${BASE}${path}`, EQUIPE);
const post = <T = Json>(c: Client, path: string, body: unknown = {}) => c.post<T>(`${BASE}${path}`, body, EQUIPE);
const dono = (c: Client, protocolo: string, body: Json) => post(c, `/protocolos/${protocolo}/responsavel`, body);
const versao = async (c: Client, protocolo: string) => (await get(c, `/reembolsos/${protocolo}`)).body.versao;

let k = 0;
/** A reimbursement of R$ 350,00 asked by Maria through the member API. */
async function pedido(): Promise<string> {
  k++;
  const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
  const anexo = await enviarAnexo(c, perfil, pdfCru(`dono ${k} ${Date.now()}`), { nome: 'recibo.pdf' });
  expect(anexo.status, JSON.stringify(anexo.body)).toBe(200);
  const r = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([anexo.body.id as string], { cpfBeneficiario: CPF.maria, numeroRecibo: `DN-2026-${k}` }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.protocolo as string;
}

interface Lista {
  itens: { protocolo: string; responsavel: { id: string; nome: string } | null }[];
}
const lista = async (c: Client, query = '') =>
  (await get<Lista>(c, `/reembolsos?limite=200${query}`)).body.itens.map((i) => i.protocolo);

const auditoria = (contaId: string, protocolo: string) =>
  t.db.query<{ evento: string; detalhe: Json }>(
    `select evento, detalhe from equipe_auditoria
     where conta_id = $1 and protocolo = $2
       and evento in ('equipe_assumiu_protocolo', 'equipe_liberou_protocolo', 'equipe_atribuiu_protocolo')
     order by id`,
    [contaId, protocolo],
  );

const situacao = async (protocolo: string) =>
  (await t.db.query<{ situacao: string }>('select situacao from reembolsos where protocolo = $1', [protocolo]))[0]
    ?.situacao;

describe('the owner of a reimbursement request', () => {
  it('an attendant takes an unowned request: the request, the reimbursement queue and the audit trail say so', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const r = await dono(ana.c, protocolo, { acao: 'assumir' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await get(ana.c, `/reembolsos/${protocolo}`)).body.responsavel).toEqual({
      id: ana.id,
      nome: ana.nome,
      papel: 'atendente',
      desde: new Date(t.clock.now()).toISOString(),
      atribuidoPor: null,
    });
    const fila = await get<Lista>(ana.c, '/reembolsos?limite=200');
    expect(fila.body.itens.find((i) => i.protocolo === protocolo)?.responsavel).toEqual({ id: ana.id, nome: ana.nome });
    expect(await auditoria(ana.id, protocolo)).toEqual([
      { evento: 'equipe_assumiu_protocolo', detalhe: { de: null, para: ana.id } },
    ]);
  });

  it("'Minha fila' (responsavel=eu) lists only my requests", async () => {
    const meu = await pedido();
    const dela = await pedido();
    const livre = await pedido();
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    expect((await dono(ana.c, meu, { acao: 'assumir' })).status).toBe(200);
    expect((await dono(bia.c, dela, { acao: 'assumir' })).status).toBe(200);
    const minha = await lista(ana.c, '&responsavel=eu');
    expect(minha).toContain(meu);
    expect(minha).not.toContain(dela);
    expect(minha).not.toContain(livre);
  });

  it("'ninguem' lists only the requests nobody took", async () => {
    const meu = await pedido();
    const livre = await pedido();
    const ana = await logado('atendente');
    await dono(ana.c, meu, { acao: 'assumir' });
    const ninguem = await lista(ana.c, '&responsavel=ninguem');
    expect(ninguem).toContain(livre);
    expect(ninguem).not.toContain(meu);
  });

  it('the filter is written in the audit row of the list', async () => {
    const ana = await logado('atendente');
    await get(ana.c, '/reembolsos?responsavel=eu');
    const [linha] = await t.db.query<{ detalhe: Json }>(
      "select detalhe from equipe_auditoria where conta_id = $1 and evento = 'equipe_leu_reembolsos'",
      [ana.id],
    );
    expect(linha?.detalhe).toMatchObject({ filtros: { situacao: 'abertos', limite: 50, responsavel: 'eu' } });
  });

  it('an unknown value of responsavel is a 400 in Portuguese', async () => {
    const ana = await logado('atendente');
    const r = await get(ana.c, '/reembolsos?responsavel=todos');
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toContain("responsavel inválido. Use 'eu' ou 'ninguem'.");
  });

  it('an attendant cannot take a request from someone else (403), and nothing is written', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    await dono(ana.c, protocolo, { acao: 'assumir' });
    const r = await dono(bia.c, protocolo, { acao: 'assumir' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'SEM_PERMISSAO', message: MENSAGENS_RESPONSAVEL.deOutraPessoa });
    expect((await get(bia.c, `/reembolsos/${protocolo}`)).body.responsavel).toMatchObject({ id: ana.id });
    expect(await auditoria(bia.id, protocolo)).toEqual([]);
  });

  it("an attendant cannot release someone else's request (403)", async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    await dono(ana.c, protocolo, { acao: 'assumir' });
    const r = await dono(bia.c, protocolo, { acao: 'liberar' });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(MENSAGENS_RESPONSAVEL.liberarDeOutraPessoa);
  });

  it('an attendant cannot assign a request to someone else (403)', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    const r = await dono(ana.c, protocolo, { acao: 'atribuir', equipeId: bia.id });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(MENSAGENS_RESPONSAVEL.atribuir);
    expect((await get(ana.c, `/reembolsos/${protocolo}`)).body.responsavel).toBeNull();
  });

  it('releasing my own leaves it unowned in the reimbursement queue, audited', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    await dono(ana.c, protocolo, { acao: 'assumir' });
    expect((await dono(ana.c, protocolo, { acao: 'liberar' })).status).toBe(200);
    expect(await lista(ana.c, '&responsavel=ninguem')).toContain(protocolo);
    expect((await auditoria(ana.id, protocolo)).map((a) => a.evento)).toEqual([
      'equipe_assumiu_protocolo',
      'equipe_liberou_protocolo',
    ]);
  });

  it('a supervisor reassigns a request to another person: who assigned it shows, audited from whom to whom', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    const sup = await logado('supervisor');
    await dono(ana.c, protocolo, { acao: 'assumir' });
    const r = await dono(sup.c, protocolo, { acao: 'atribuir', equipeId: bia.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await get(bia.c, `/reembolsos/${protocolo}`)).body.responsavel).toMatchObject({
      id: bia.id,
      atribuidoPor: { id: sup.id, nome: sup.nome },
    });
    expect(await lista(bia.c, '&responsavel=eu')).toContain(protocolo);
    expect(await auditoria(sup.id, protocolo)).toEqual([
      { evento: 'equipe_atribuiu_protocolo', detalhe: { de: ana.id, para: bia.id } },
    ]);
  });

  it('an approved request, still to be paid, can be taken', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const ok = await post(ana.c, `/reembolsos/${protocolo}/aprovacao`, { valor: 200, previsaoPagamento: PREVISTO });
    expect(ok.body.situacao).toBe('aprovado');
    const bia = await logado('atendente');
    expect((await dono(bia.c, protocolo, { acao: 'assumir' })).status).toBe(200);
  });

  it('a denied request is not taken (409)', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    expect((await post(ana.c, `/reembolsos/${protocolo}/negativa`, { motivo: 'Fora da cobertura.' })).status).toBe(200);
    const r = await dono(ana.c, protocolo, { acao: 'assumir' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(MENSAGENS_RESPONSAVEL.fechado);
  });
});

describe('the version a reimbursement action is checked against', () => {
  it('the request gives its version; an action sent with it is applied and moves it on', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const visto = await versao(ana.c, protocolo);
    expect(typeof visto).toBe('number');
    const r = await post(ana.c, `/reembolsos/${protocolo}/analise`, { versao: visto });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.versao).not.toBe(visto);
  });

  it('a stale approval is refused (409 VERSAO_DESATUALIZADA) and nothing changes', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    const visto = await versao(ana.c, protocolo);
    expect((await post(bia.c, `/reembolsos/${protocolo}/analise`, { versao: visto })).status).toBe(200);
    const r = await post(ana.c, `/reembolsos/${protocolo}/aprovacao`, {
      valor: 200,
      previsaoPagamento: PREVISTO,
      versao: visto,
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'VERSAO_DESATUALIZADA', message: MENSAGEM_REEMBOLSO_DESATUALIZADO });
    expect(await situacao(protocolo)).toBe('em_analise');
  });

  it('a stale denial is refused (409) and no denial is audited', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    const visto = await versao(ana.c, protocolo);
    await post(bia.c, `/reembolsos/${protocolo}/pendencia`, { pergunta: 'Envie o recibo legível.', versao: visto });
    const r = await post(ana.c, `/reembolsos/${protocolo}/negativa`, { motivo: 'Recibo ilegível.', versao: visto });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('VERSAO_DESATUALIZADA');
    expect(await situacao(protocolo)).toBe('pendente');
    const negou = await t.db.query(
      "select 1 from equipe_auditoria where conta_id = $1 and evento = 'equipe_negou_reembolso'",
      [ana.id],
    );
    expect(negou).toEqual([]);
  });

  it('a stale request for documents is refused (409)', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    const visto = await versao(ana.c, protocolo);
    await post(bia.c, `/reembolsos/${protocolo}/aprovacao`, { valor: 200, previsaoPagamento: PREVISTO });
    const r = await post(ana.c, `/reembolsos/${protocolo}/pendencia`, { pergunta: 'Envie o laudo.', versao: visto });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('VERSAO_DESATUALIZADA');
    expect(await situacao(protocolo)).toBe('aprovado');
  });

  it('a stale payment is refused (409)', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const ok = await post(ana.c, `/reembolsos/${protocolo}/aprovacao`, { valor: 200, previsaoPagamento: PREVISTO });
    const visto = ok.body.versao;
    // Someone else writes a history line on its protocol (forwards it) meanwhile.
    const bia = await logado('atendente');
    const encaminhado = await post(bia.c, `/protocolos/${protocolo}/acoes`, {
      acao: 'encaminhar',
      setor: 'Financeiro',
      texto: 'Conferir a conta.',
    });
    expect(encaminhado.status, JSON.stringify(encaminhado.body)).toBe(200);
    const r = await post(ana.c, `/reembolsos/${protocolo}/pagamento`, { pagoEm: '2026-03-10', versao: visto });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('VERSAO_DESATUALIZADA');
    expect(await situacao(protocolo)).toBe('aprovado');
  });

  it('an approval awaiting confirmation (a change of the request alone) moves the version: a stale denial is refused', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const sup = await logado('supervisor');
    const visto = await versao(ana.c, protocolo);
    const proposta = await post(sup.c, `/reembolsos/${protocolo}/aprovacao`, {
      valor: 320,
      previsaoPagamento: PREVISTO,
      versao: visto,
    });
    expect(proposta.body.aprovacaoPendente).not.toBeNull();
    const r = await post(ana.c, `/reembolsos/${protocolo}/negativa`, { motivo: 'Fora da cobertura.', versao: visto });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('VERSAO_DESATUALIZADA');
  });

  it('an action sent without a version (a page loaded before it existed) is accepted unchecked', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    await post(ana.c, `/reembolsos/${protocolo}/analise`);
    const r = await post(ana.c, `/reembolsos/${protocolo}/negativa`, { motivo: 'Fora da cobertura.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.situacao).toBe('negado');
  });

  it('a version that is not an integer is a 400 in Portuguese', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const r = await post(ana.c, `/reembolsos/${protocolo}/negativa`, { motivo: 'Fora.', versao: 'velha' });
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toContain('versao inválida.');
  });

  it('taking a request does not change its version (a typed text stays valid)', async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const visto = await versao(ana.c, protocolo);
    await dono(ana.c, protocolo, { acao: 'assumir' });
    expect(await versao(ana.c, protocolo)).toBe(visto);
  });
});

describe('who else has the request open', () => {
  it("another person's heartbeat shows on the request, with name and role; mine does not", async () => {
    const protocolo = await pedido();
    const ana = await logado('atendente');
    const sup = await logado('supervisor');
    expect((await post(sup.c, `/protocolos/${protocolo}/presenca`)).status).toBe(200);
    const eu = await post<{ presentes: Json[] }>(ana.c, `/protocolos/${protocolo}/presenca`);
    expect(eu.body.presentes).toEqual([{ id: sup.id, nome: sup.nome, papel: 'supervisor' }]);
    expect((await get(ana.c, `/reembolsos/${protocolo}`)).body.presentes).toEqual([
      { id: sup.id, nome: sup.nome, papel: 'supervisor' },
    ]);
    expect((await get(sup.c, `/reembolsos/${protocolo}`)).body.presentes).toEqual([
      { id: ana.id, nome: ana.nome, papel: 'atendente' },
    ]);
  });
});

describe('only the staff', () => {
  it("a member's session gets nothing of the owners: not the filtered queue, not the owner, not the presence", async () => {
    const protocolo = await pedido();
    const { c: membro } = await t.membro(CPF.maria, CONTRATO.maria);
    expect((await membro.get(`${BASE}/reembolsos?responsavel=eu`)).status).toBe(401);
    expect((await membro.post(`${BASE}/protocolos/${protocolo}/responsavel`, { acao: 'assumir' }, EQUIPE)).status).toBe(
      401,
    );
    expect((await membro.post(`${BASE}/protocolos/${protocolo}/presenca`, {}, EQUIPE)).status).toBe(401);
    expect(await t.db.query('select 1 from protocolo_responsaveis where numero = $1', [protocolo])).toEqual([]);
  });

  it('no cookie gets nothing either', async () => {
    const protocolo = await pedido();
    const anonimo = t.client();
    expect((await anonimo.get(`${BASE}/reembolsos?responsavel=ninguem`, EQUIPE)).status).toBe(401);
    expect((await anonimo.get(`${BASE}/reembolsos/${protocolo}`, EQUIPE)).status).toBe(401);
    expect(
      (await anonimo.post(`${BASE}/protocolos/${protocolo}/responsavel`, { acao: 'assumir' }, EQUIPE)).status,
    ).toBe(401);
    expect(
      (await anonimo.post(`${BASE}/reembolsos/${protocolo}/negativa`, { motivo: 'x', versao: 1 }, EQUIPE)).status,
    ).toBe(401);
    expect(await situacao(protocolo)).toBe('recebido');
  });
});

describe("a reimbursement's protocol on the console's protocol actions", () => {
  // Its own steps decide it (decision 0034): a plain answer, cancellation or request for information
  // through the protocol would close or change it behind the request's back.
  for (const acao of ['responder', 'cancelar', 'pedir-informacao'] as const)
    it(`'${acao}' is refused (422) with where to do it, and nothing changes`, async () => {
      const protocolo = await pedido();
      const ana = await logado('atendente');
      const antes = await versao(ana.c, protocolo);
      const r = await post(ana.c, `/protocolos/${protocolo}/acoes`, { acao, texto: 'Resolvido por aqui.' });
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.message).toBe(MENSAGEM_ACAO_EM_REEMBOLSO);
      expect(await situacao(protocolo)).toBe('recebido');
      expect(await versao(ana.c, protocolo)).toBe(antes);
      const p = await t.db.query<{ situacao: string }>('select situacao from protocolos where numero = $1', [
        protocolo,
      ]);
      expect(p[0]?.situacao).toBe('ABERTO');
    });
});
