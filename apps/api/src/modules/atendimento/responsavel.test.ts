import { describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_DESATUALIZADA, type PapelEquipe } from '@portal/contract';
import { equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, pedidoDeDependenteDaMaria, type TestApp } from '../../../test/helper';
import { MENSAGENS_RESPONSAVEL } from './responsavel';

// Issue 31, "Who is on it" (decision 0055), over real HTTP on PGlite: a protocol's owner (assumir,
// liberar, atribuir) with its roles and audit rows, the version an answer is checked against (409),
// and who else has the case screen open.

let t: TestApp;
appDoArquivo((app) => (t = app));

type Json = Record<string, unknown>;
const BASE = '/api/atendimento';
const H = { headers: { 'x-portal-equipe': '1' }, auth: false } as const;

const logado = (papel: PapelEquipe) => equipeLogada(t, papel, 'dono');
const get = <T = Json>(c: Client, path: string) => c.get<T>(`${BASE}${path}`, H);
const post = <T = Json>(c: Client, path: string, body: unknown = {}) => c.post<T>(`${BASE}${path}`, body, H);
const dono = (c: Client, numero: string, body: Json) => post(c, `/protocolos/${numero}/responsavel`, body);

const auditoria = (contaId: string, numero: string) =>
  t.db.query<{ evento: string; detalhe: Json }>(
    `select evento, detalhe from equipe_auditoria
     where conta_id = $1 and protocolo = $2
       and evento in ('equipe_assumiu_protocolo', 'equipe_liberou_protocolo', 'equipe_atribuiu_protocolo')
     order by id`,
    [contaId, numero],
  );

interface Fila {
  itens: { protocolo: string; responsavel: { id: string; nome: string } | null }[];
}

describe('the owner of a protocol', () => {
  it('an attendant takes an unowned protocol: the case, the queue and the audit trail say so', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const r = await dono(ana.c, numero, { acao: 'assumir' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.responsavel).toEqual({
      id: ana.id,
      nome: ana.nome,
      papel: 'atendente',
      desde: new Date(t.clock.now()).toISOString(),
      atribuidoPor: null,
    });
    expect((await get(ana.c, `/protocolos/${numero}`)).body.responsavel).toMatchObject({ id: ana.id });
    const fila = await get<Fila>(ana.c, `/protocolos?busca=${numero}`);
    expect(fila.body.itens).toEqual([expect.objectContaining({ responsavel: { id: ana.id, nome: ana.nome } })]);
    expect(await auditoria(ana.id, numero)).toEqual([
      { evento: 'equipe_assumiu_protocolo', detalhe: { de: null, para: ana.id } },
    ]);
  });

  it("'Minha fila' (responsavel=eu) lists only my protocols; 'ninguem' only the unowned", async () => {
    const meu = await pedidoDeDependenteDaMaria(t);
    const dela = await pedidoDeDependenteDaMaria(t);
    const livre = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    expect((await dono(ana.c, meu, { acao: 'assumir' })).status).toBe(200);
    expect((await dono(bia.c, dela, { acao: 'assumir' })).status).toBe(200);
    const minha = await get<Fila>(ana.c, '/protocolos?responsavel=eu&limite=100');
    expect(minha.body.itens.map((i) => i.protocolo)).toEqual([meu]);
    const ninguem = await get<Fila>(ana.c, '/protocolos?responsavel=ninguem&limite=100');
    const numeros = ninguem.body.itens.map((i) => i.protocolo);
    expect(numeros).toContain(livre);
    expect(numeros).not.toContain(meu);
    expect(numeros).not.toContain(dela);
  });

  it('an unknown value of responsavel is a 400 in Portuguese', async () => {
    const ana = await logado('atendente');
    const r = await get(ana.c, '/protocolos?responsavel=todos');
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toContain("responsavel inválido. Use 'eu' ou 'ninguem'.");
  });

  it('releasing my own leaves it unowned, audited; releasing an unowned one changes nothing', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    await dono(ana.c, numero, { acao: 'assumir' });
    const r = await dono(ana.c, numero, { acao: 'liberar' });
    expect(r.status).toBe(200);
    expect(r.body.responsavel).toBeNull();
    expect((await dono(ana.c, numero, { acao: 'liberar' })).status).toBe(200);
    expect((await auditoria(ana.id, numero)).map((a) => a.evento)).toEqual([
      'equipe_assumiu_protocolo',
      'equipe_liberou_protocolo',
    ]);
  });

  it('an attendant cannot take a protocol from someone else (403), and nothing is written', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    await dono(ana.c, numero, { acao: 'assumir' });
    const r = await dono(bia.c, numero, { acao: 'assumir' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'SEM_PERMISSAO', message: MENSAGENS_RESPONSAVEL.deOutraPessoa });
    expect((await get(bia.c, `/protocolos/${numero}`)).body.responsavel).toMatchObject({ id: ana.id });
    expect(await auditoria(bia.id, numero)).toEqual([]);
  });

  it('an attendant cannot assign a protocol to someone else (403)', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    const r = await dono(ana.c, numero, { acao: 'atribuir', equipeId: bia.id });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(MENSAGENS_RESPONSAVEL.atribuir);
    expect((await get(ana.c, `/protocolos/${numero}`)).body.responsavel).toBeNull();
  });

  it("an attendant cannot release someone else's protocol (403)", async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    await dono(ana.c, numero, { acao: 'assumir' });
    const r = await dono(bia.c, numero, { acao: 'liberar' });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(MENSAGENS_RESPONSAVEL.liberarDeOutraPessoa);
  });

  it('a supervisor reassigns a protocol to another person: who assigned it shows, and the audit row says from whom to whom', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    const sup = await logado('supervisor');
    await dono(ana.c, numero, { acao: 'assumir' });
    const r = await dono(sup.c, numero, { acao: 'atribuir', equipeId: bia.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.responsavel).toMatchObject({ id: bia.id, atribuidoPor: { id: sup.id, nome: sup.nome } });
    // What the attendant now sees of it (another role's view of the same case).
    expect((await get(bia.c, `/protocolos/${numero}`)).body.responsavel).toMatchObject({
      id: bia.id,
      nome: bia.nome,
      atribuidoPor: { nome: sup.nome },
    });
    expect(await auditoria(sup.id, numero)).toEqual([
      { evento: 'equipe_atribuiu_protocolo', detalhe: { de: ana.id, para: bia.id } },
    ]);
  });

  it('an administrator takes a protocol from someone else', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const adm = await logado('administrador');
    await dono(ana.c, numero, { acao: 'assumir' });
    const r = await dono(adm.c, numero, { acao: 'assumir' });
    expect(r.status).toBe(200);
    expect(r.body.responsavel).toMatchObject({ id: adm.id, atribuidoPor: null });
    expect(await auditoria(adm.id, numero)).toEqual([
      { evento: 'equipe_assumiu_protocolo', detalhe: { de: ana.id, para: adm.id } },
    ]);
  });

  it('assigning to an account that does not exist is a 404', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const sup = await logado('supervisor');
    const r = await dono(sup.c, numero, { acao: 'atribuir', equipeId: '00000000-0000-4000-8000-000000000000' });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Pessoa da equipe não encontrada ou desativada.');
  });

  it("'atribuir' without a person is a 400 in Portuguese", async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const sup = await logado('supervisor');
    const r = await dono(sup.c, numero, { acao: 'atribuir' });
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toContain('Escolha a pessoa da equipe a quem atribuir o protocolo.');
  });

  it('an answered protocol is not taken (409)', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const resp = await post(ana.c, `/protocolos/${numero}/acoes`, {
      acao: 'cancelar',
      texto: 'Pedido em duplicidade.',
    });
    expect(resp.status).toBe(200);
    const r = await dono(ana.c, numero, { acao: 'assumir' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(MENSAGENS_RESPONSAVEL.fechado);
  });

  it('the people to assign to: supervisors and administrators only', async () => {
    const ana = await logado('atendente');
    const sup = await logado('supervisor');
    expect((await get(ana.c, '/equipe')).status).toBe(403);
    const r = await get<{ contas: { id: string; nome: string; papel: string }[] }>(sup.c, '/equipe');
    expect(r.status).toBe(200);
    expect(r.body.contas).toContainEqual({ id: ana.id, nome: ana.nome, papel: 'atendente' });
  });
});

describe('the version an action is checked against', () => {
  it('the case gives its version; an action sent with it is applied', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const caso = await get(ana.c, `/protocolos/${numero}`);
    expect(typeof caso.body.versao).toBe('number');
    const r = await post(ana.c, `/protocolos/${numero}/acoes`, {
      acao: 'encaminhar',
      setor: 'Cadastro',
      texto: 'Conferir os documentos.',
      versao: caso.body.versao,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.versao).not.toBe(caso.body.versao);
  });

  it('the same request for information sent twice with the version read (a double click) is applied once, not refused', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const visto = (await get(ana.c, `/protocolos/${numero}`)).body.versao;
    const corpo = { acao: 'pedir-informacao', texto: 'Envie a certidão de nascimento.', versao: visto };
    const [a, b] = await Promise.all([
      post(ana.c, `/protocolos/${numero}/acoes`, corpo),
      post(ana.c, `/protocolos/${numero}/acoes`, corpo),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const caso = await get<{ historico: { descricao: string }[] }>(ana.c, `/protocolos/${numero}`);
    expect(caso.body.historico.filter((h) => h.descricao.includes('certidão de nascimento'))).toHaveLength(1);
  });

  it('after another person acted, an answer with the old version is refused (409) and nothing changes', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    const visto = (await get(ana.c, `/protocolos/${numero}`)).body.versao;
    await get(bia.c, `/protocolos/${numero}`);
    const antes = await post(bia.c, `/protocolos/${numero}/acoes`, {
      acao: 'pedir-informacao',
      texto: 'Envie a certidão de nascimento.',
      versao: visto,
    });
    expect(antes.status).toBe(200);
    const r = await post(ana.c, `/protocolos/${numero}/acoes`, {
      acao: 'responder',
      texto: 'Dependente incluído.',
      aceitar: true,
      versao: visto,
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'VERSAO_DESATUALIZADA', message: MENSAGEM_VERSAO_DESATUALIZADA });
    const depois = await get(ana.c, `/protocolos/${numero}`);
    expect(depois.body.situacao).toBe('EM_ANALISE');
    expect(depois.body.resposta).toBeNull();
  });

  it('an answer sent without a version (a page loaded before it existed) is accepted unchecked', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    await post(ana.c, `/protocolos/${numero}/acoes`, { acao: 'encaminhar', setor: 'Cadastro', texto: 'Ver.' });
    const r = await post(ana.c, `/protocolos/${numero}/acoes`, {
      acao: 'responder',
      texto: 'Dependente incluído.',
      aceitar: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.situacao).toBe('CONCLUIDO');
  });

  it('taking or releasing a protocol does not change its version (a typed answer stays valid)', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const visto = (await get(ana.c, `/protocolos/${numero}`)).body.versao;
    await dono(ana.c, numero, { acao: 'assumir' });
    expect((await get(ana.c, `/protocolos/${numero}`)).body.versao).toBe(visto);
  });

  it('a change made outside the console (the integration API) moves the version on too', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const visto = (await get(ana.c, `/protocolos/${numero}`)).body.versao;
    await t.app.services.respostasDeProtocolos.responder(
      numero,
      { status: 'CONCLUIDO', resposta: 'Incluído pelo sistema da operadora.', pdf: null },
      { chaveId: 'chave-teste', origin: { ip: '127.0.0.1', userAgent: null } },
    );
    const r = await post(ana.c, `/protocolos/${numero}/acoes`, {
      acao: 'encaminhar',
      setor: 'Cadastro',
      texto: 'Ver.',
      versao: visto,
    });
    expect(r.status).toBe(409);
  });
});

describe('who else has the case open', () => {
  it("another person's heartbeat shows on my case, with name and role; mine does not", async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const sup = await logado('supervisor');
    expect((await post(sup.c, `/protocolos/${numero}/presenca`)).body).toEqual({ presentes: [] });
    const r = await post(ana.c, `/protocolos/${numero}/presenca`);
    expect(r.body).toEqual({ presentes: [{ id: sup.id, nome: sup.nome, papel: 'supervisor' }] });
    expect((await get(ana.c, `/protocolos/${numero}`)).body.presentes).toEqual([
      { id: sup.id, nome: sup.nome, papel: 'supervisor' },
    ]);
    expect((await get(sup.c, `/protocolos/${numero}`)).body.presentes).toEqual([
      { id: ana.id, nome: ana.nome, papel: 'atendente' },
    ]);
  });

  it('a heartbeat is forgotten 45 s later', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    await post(bia.c, `/protocolos/${numero}/presenca`);
    t.clock.advance(44_000);
    expect((await get(ana.c, `/protocolos/${numero}`)).body.presentes).toHaveLength(1);
    t.clock.advance(1_000);
    expect((await get(ana.c, `/protocolos/${numero}`)).body.presentes).toEqual([]);
  });

  it('closing the case (DELETE) removes me at once', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ana = await logado('atendente');
    const bia = await logado('atendente');
    await post(bia.c, `/protocolos/${numero}/presenca`);
    expect((await bia.c.request('DELETE', `${BASE}/protocolos/${numero}/presenca`, undefined, H)).status).toBe(204);
    expect((await get(ana.c, `/protocolos/${numero}`)).body.presentes).toEqual([]);
  });

  it('a heartbeat on a protocol that does not exist is a 404', async () => {
    const ana = await logado('atendente');
    expect((await post(ana.c, '/protocolos/20990101000000000001/presenca')).status).toBe(404);
  });
});
