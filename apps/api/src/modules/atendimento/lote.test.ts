import { describe, expect, it } from 'vitest';
import { type LoteResponse, MENSAGEM_VERSAO_DESATUALIZADA, type PapelEquipe } from '@portal/contract';
import { DEMO_PESSOA } from '@portal/operadora/demo';
import { EQUIPE, equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, CONTRATO, CPF, HOJE, type TestApp } from '../../../test/helper';
import { MENSAGENS_RESPONSAVEL } from './responsavel';

// Issue 31, bulk actions on the queue (decision 0061), over real HTTP on PGlite: 'Assumir
// selecionados' and 'Responder com modelo', each protocol decided by the single action's rule in its
// own transaction and answered one by one (ok, or refused with the reason), audited per protocol.

let t: TestApp;
appDoArquivo((app) => (t = app));

type Json = Record<string, unknown>;
const BASE = '/api/atendimento';
const logado = (papel: PapelEquipe) => equipeLogada(t, papel, 'lote');
const post = <T = Json>(c: Client, path: string, body: unknown = {}) => c.post<T>(`${BASE}${path}`, body, EQUIPE);
const assumir = (c: Client, itens: { numero: string; versao: number }[]) =>
  post<LoteResponse>(c, '/protocolos/em-lote/assumir', { itens });
const responder = (c: Client, modeloId: string, itens: { numero: string; versao: number }[]) =>
  post<LoteResponse>(c, '/protocolos/em-lote/responder', { modeloId, itens });

let sequencia = 0;
/** An open protocol of `tipo` for `cpf` on `contrato`, as the member's request leaves it (versao 1). */
async function protocolo(tipo: string, cpf: string = CPF.maria, contrato: string = CONTRATO.maria): Promise<string> {
  const numero = `4172972026031098${String(++sequencia).padStart(4, '0')}`;
  await t.db.query(
    `insert into protocolos (numero, cpf, codigo_contrato, codigo_beneficiario, tipo, assunto, situacao, criado_em, prazo_resposta)
     values ($1, $2, $3, null, $4, 'Pedido de contato comercial: Plano Ortopédico', 'ABERTO', $5, '2026-03-19')`,
    [numero, cpf, contrato, tipo, new Date(HOJE)],
  );
  return numero;
}

const versao = async (numero: string) =>
  (await t.db.query<{ versao: number }>('select versao from protocolos where numero = $1', [numero]))[0]!.versao;
const item = async (numero: string) => ({ numero, versao: await versao(numero) });
const situacao = async (numero: string) =>
  (
    await t.db.query<{ situacao: string; resposta: string | null }>(
      'select situacao, resposta from protocolos where numero = $1',
      [numero],
    )
  )[0];
const auditoria = (contaId: string, evento: string) =>
  t.db.query<{ protocolo: string; detalhe: Json }>(
    `select trim(protocolo) as protocolo, detalhe from equipe_auditoria where conta_id = $1 and evento = $2 order by id`,
    [contaId, evento],
  );

async function modelo(sup: Client, tipos: string[], texto = 'Olá. Nossa equipe comercial vai ligar para você.') {
  const r = await post<{ id: string }>(sup, '/modelos-de-resposta', { titulo: `Retorno ${++sequencia}`, texto, tipos });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

describe('Assumir selecionados', () => {
  it('takes each unowned protocol and refuses, for that one only, a protocol already with someone else', async () => {
    const [livre1, livre2, dela] = [
      await protocolo('CONTATO_COMERCIAL'),
      await protocolo('CONTATO_COMERCIAL'),
      await protocolo('CONTATO_COMERCIAL'),
    ];
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    expect((await post(bia.c, `/protocolos/${dela}/responsavel`, { acao: 'assumir' })).status).toBe(200);
    const r = await assumir(ana.c, [await item(livre1), await item(dela), await item(livre2)]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.resultados).toEqual([
      { numero: livre1, resultado: 'ok', motivo: null },
      { numero: dela, resultado: 'recusado', motivo: MENSAGENS_RESPONSAVEL.deOutraPessoa },
      { numero: livre2, resultado: 'ok', motivo: null },
    ]);
  });

  it('writes one audit row per protocol taken, as Assumir does, and none for the refused one', async () => {
    const [livre, dela] = [await protocolo('CONTATO_COMERCIAL'), await protocolo('CONTATO_COMERCIAL')];
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    await post(bia.c, `/protocolos/${dela}/responsavel`, { acao: 'assumir' });
    await assumir(ana.c, [await item(livre), await item(dela)]);
    expect(await auditoria(ana.id, 'equipe_assumiu_protocolo')).toEqual([
      { protocolo: livre, detalhe: { de: null, para: ana.id } },
    ]);
  });

  it("a supervisor's role takes a protocol from someone else, as with Assumir", async () => {
    const dela = await protocolo('CONTATO_COMERCIAL');
    const bia = await logado('atendente');
    const sup = await logado('supervisor');
    await post(bia.c, `/protocolos/${dela}/responsavel`, { acao: 'assumir' });
    const r = await assumir(sup.c, [await item(dela)]);
    expect(r.body.resultados).toEqual([{ numero: dela, resultado: 'ok', motivo: null }]);
    expect(await auditoria(sup.id, 'equipe_assumiu_protocolo')).toEqual([
      { protocolo: dela, detalhe: { de: bia.id, para: sup.id } },
    ]);
  });

  it('refuses an unknown protocol and an answered one, each with its reason', async () => {
    const respondido = await protocolo('CONTATO_COMERCIAL');
    await t.db.query(`update protocolos set situacao = 'CONCLUIDO' where numero = $1`, [respondido]);
    const ana = await logado('atendente');
    const r = await assumir(ana.c, [{ numero: '41729720260310990999', versao: 1 }, await item(respondido)]);
    expect(r.body.resultados).toEqual([
      { numero: '41729720260310990999', resultado: 'recusado', motivo: 'Protocolo não encontrado.' },
      { numero: respondido, resultado: 'recusado', motivo: MENSAGENS_RESPONSAVEL.fechado },
    ]);
  });
});

describe('Responder com modelo', () => {
  it("answers each protocol of the template's kinds with its text, and refuses the others with the reason", async () => {
    const sup = await logado('supervisor');
    const id = await modelo(sup.c, ['CONTATO_COMERCIAL']);
    const [contato, correcao] = [await protocolo('CONTATO_COMERCIAL'), await protocolo('AVALIACAO_ATENDIMENTO')];
    const r = await responder(sup.c, id, [await item(contato), await item(correcao)]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const titulo = (
      await t.db.query<{ titulo: string }>('select titulo from equipe_modelos_resposta where id = $1', [id])
    )[0]!.titulo;
    expect(r.body.resultados).toEqual([
      { numero: contato, resultado: 'ok', motivo: null },
      {
        numero: correcao,
        resultado: 'recusado',
        motivo: `O modelo "${titulo}" não é para protocolos de Avaliação de atendimento.`,
      },
    ]);
    expect(await situacao(contato)).toEqual({
      situacao: 'CONCLUIDO',
      resposta: 'Olá. Nossa equipe comercial vai ligar para você.',
    });
    expect((await situacao(correcao))?.situacao).toBe('ABERTO');
  });

  it('refuses a kind that asks for a decision of its own (accept or refuse), even with a template for every kind', async () => {
    const sup = await logado('supervisor');
    const id = await modelo(sup.c, []);
    const inclusao = await protocolo('INCLUSAO_DEPENDENTE');
    const r = await responder(sup.c, id, [await item(inclusao)]);
    expect(r.body.resultados).toEqual([
      {
        numero: inclusao,
        resultado: 'recusado',
        motivo: 'Inclusão de dependente pede uma decisão própria: responda este protocolo pela tela dele.',
      },
    ]);
    expect((await situacao(inclusao))?.situacao).toBe('ABERTO');
  });

  it('refuses a reimbursement, which is concluded by its own steps, even with a template for every kind', async () => {
    const sup = await logado('supervisor');
    const id = await modelo(sup.c, []);
    const reembolso = await protocolo('REEMBOLSO');
    const r = await responder(sup.c, id, [await item(reembolso)]);
    expect(r.body.resultados).toEqual([
      {
        numero: reembolso,
        resultado: 'recusado',
        motivo:
          'Reembolso não se responde com modelo: use a tela do reembolso (análise, aprovação, negativa, pagamento).',
      },
    ]);
  });

  it('refuses a protocol changed since the queue read it (stale versao), and answers nothing of it', async () => {
    const sup = await logado('supervisor');
    const id = await modelo(sup.c, ['CONTATO_COMERCIAL']);
    const numero = await protocolo('CONTATO_COMERCIAL');
    const lido = await item(numero);
    const enc = await post(sup.c, `/protocolos/${numero}/acoes`, {
      acao: 'encaminhar',
      setor: 'Comercial',
      texto: 'Ligar à tarde.',
    });
    expect(enc.status, JSON.stringify(enc.body)).toBe(200);
    const r = await responder(sup.c, id, [lido]);
    expect(r.body.resultados).toEqual([{ numero, resultado: 'recusado', motivo: MENSAGEM_VERSAO_DESATUALIZADA }]);
    expect(await situacao(numero)).toEqual({ situacao: 'ABERTO', resposta: null });
  });

  it("writes the single answer's audit row per protocol answered, with the template, and none for a refusal", async () => {
    const at = await logado('atendente');
    const sup = await logado('supervisor');
    const id = await modelo(sup.c, ['CONTATO_COMERCIAL']);
    const [a, b] = [await protocolo('CONTATO_COMERCIAL'), await protocolo('INCLUSAO_DEPENDENTE')];
    await responder(at.c, id, [await item(a), await item(b)]);
    expect(await auditoria(at.id, 'equipe_respondeu')).toEqual([
      { protocolo: a, detalhe: { modelo: id, emLote: true } },
    ]);
  });

  it("notifies each member of their own protocol only, and the answer carries no member's data", async () => {
    const sup = await logado('supervisor');
    const id = await modelo(sup.c, ['CONTATO_COMERCIAL']);
    const daMaria = await protocolo('CONTATO_COMERCIAL');
    const doCarlos = await protocolo('CONTATO_COMERCIAL', CPF.carlos, CONTRATO.carlos);
    const [{ ultimo }] = (await t.db.query<{ ultimo: string }>(
      'select coalesce(max(id), 0)::text as ultimo from outbox',
    )) as [{ ultimo: string }];
    const r = await responder(sup.c, id, [await item(daMaria), await item(doCarlos)]);
    expect(r.body.resultados.map((x) => x.resultado)).toEqual(['ok', 'ok']);
    for (const pessoa of [DEMO_PESSOA.maria, DEMO_PESSOA.carlos]) {
      expect(r.text).not.toContain(pessoa.nome);
      expect(r.text).not.toContain(pessoa.email);
    }
    const avisos = await t.db.query<{ destino: string; assunto: string }>(
      'select destino, assunto from outbox where id > $1 order by id',
      [ultimo],
    );
    const grupos = (n: string) => `${n.slice(0, 6)} ${n.slice(6, 14)} ${n.slice(14)}`;
    expect(avisos).toEqual([
      { destino: DEMO_PESSOA.maria.email, assunto: `Saúde Exemplo: resposta ao protocolo ${grupos(daMaria)}` },
      { destino: DEMO_PESSOA.carlos.email, assunto: `Saúde Exemplo: resposta ao protocolo ${grupos(doCarlos)}` },
    ]);
  });

  it('a removed or unknown template is a 404, and nothing is answered', async () => {
    const sup = await logado('supervisor');
    const numero = await protocolo('CONTATO_COMERCIAL');
    const r = await responder(sup.c, '999999', [await item(numero)]);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ message: 'Modelo de resposta não encontrado.' });
    expect((await situacao(numero))?.situacao).toBe('ABERTO');
  });
});

describe('the bulk requests', () => {
  it('more than 50 protocols is a 400 in Portuguese', async () => {
    const ana = await logado('atendente');
    const itens = Array.from({ length: 51 }, (_, i) => ({
      numero: `417297202603109${String(i).padStart(5, '0')}`,
      versao: 1,
    }));
    const r = await assumir(ana.c, itens);
    expect(r.status).toBe(400);
    expect(String((r.body as Json).message)).toContain('Selecione no máximo 50 protocolos por vez.');
  });

  it('the same protocol twice is a 400', async () => {
    const ana = await logado('atendente');
    const numero = await protocolo('CONTATO_COMERCIAL');
    const r = await assumir(ana.c, [await item(numero), await item(numero)]);
    expect(r.status).toBe(400);
    expect(String((r.body as Json).message)).toContain('Protocolo repetido na seleção.');
  });

  it('an empty selection is a 400', async () => {
    const ana = await logado('atendente');
    const r = await assumir(ana.c, []);
    expect(r.status).toBe(400);
    expect(String((r.body as Json).message)).toContain('Selecione ao menos um protocolo.');
  });

  it('without the staff cookie: 401, and nothing is taken', async () => {
    const numero = await protocolo('CONTATO_COMERCIAL');
    const r = await t.client().post(`${BASE}/protocolos/em-lote/assumir`, { itens: [await item(numero)] }, EQUIPE);
    expect(r.status).toBe(401);
    expect(await t.db.query('select 1 from protocolo_responsaveis where numero = $1', [numero])).toEqual([]);
  });

  it("a member's session (not a staff one): 401, and nothing is answered", async () => {
    const sup = await logado('supervisor');
    const id = await modelo(sup.c, ['CONTATO_COMERCIAL']);
    const numero = await protocolo('CONTATO_COMERCIAL');
    const { c } = await t.membro(CPF.maria, CONTRATO.maria);
    const r = await c.post(
      `${BASE}/protocolos/em-lote/responder`,
      { modeloId: id, itens: [await item(numero)] },
      {
        headers: { 'x-portal-equipe': '1' },
      },
    );
    expect(r.status).toBe(401);
    expect((await situacao(numero))?.situacao).toBe('ABERTO');
  });
});
