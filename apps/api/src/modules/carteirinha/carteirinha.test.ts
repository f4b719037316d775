import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BENEFICIARIO, CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

/** A logged-in browser and the body every member call carries. */
const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);

type Card = Record<string, unknown>;
const listar = (c: Client, body: unknown) => c.post<Card[]>('/api/Carteirinha/ListarCarteirinhas', body);

const CARENCIAS_ESSENCIAL_2019 = [
  { descricao: 'Urgência e emergência', dataFim: '2019-03-02' },
  { descricao: 'Consultas e exames simples', dataFim: '2019-03-31' },
  { descricao: 'Exames especiais e terapias', dataFim: '2019-08-28' },
  { descricao: 'Internações e cirurgias', dataFim: '2019-08-28' },
  { descricao: 'Parto a termo', dataFim: '2019-12-26' },
];

describe('POST /api/Carteirinha/ListarCarteirinhas', () => {
  it("a holder gets the whole contract's cards, her own first, every docs/produto/informacoes.md 'Data' field", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await listar(c, { perfilAutenticado: perfil });
    expect(r.status).toBe(200);
    expect(r.body.map((x) => x.nome)).toEqual(['Maria Aparecida Souza', 'João Pedro Souza', 'Ana Clara Souza']);
    expect(r.body[0]).toEqual({
      cns: '700504839172315',
      acomodacao: 'APARTAMENTO',
      produto: 'Saúde Exemplo Essencial Apartamento',
      tipoContrato: 'INDIVIDUAL/FAMILIAR',
      nomeMae: 'Josefa Aparecida da Silva',
      estadoCivil: 'c',
      sexo: 'f',
      rg: '284736159',
      orgaoExpeditor: 'SSP/SP',
      tituloEleitor: '214356780175',
      profissao: 'Professora',
      pisPasep: '12056412545',
      codigoContrato: CONTRATO.maria,
      numeroCarteirinha: BENEFICIARIO.maria,
      dataContratacao: '2019-03-01',
      segmentacaoAssistencial: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
      cpf: CPF.maria,
      nome: 'Maria Aparecida Souza',
      dataNascimento: '1978-04-12',
      registroAns: '484521201',
      carencias: CARENCIAS_ESSENCIAL_2019,
      dataFinalCPT: null,
      nomeSocial: null,
      dataCancelamento: null,
    });
    expect(r.body[2]).toMatchObject({
      numeroCarteirinha: BENEFICIARIO.anaClara,
      cpf: CPF.anaClara,
      sexo: 'f',
      estadoCivil: 's',
      nomeMae: 'Maria Aparecida Souza',
      cns: '700901234785508',
      rg: null,
      tituloEleitor: null,
      codigoContrato: CONTRATO.maria,
    });
  });

  it("a dependant gets only his own card; Carlos's RG, título and PIS/PASEP are not on file", async () => {
    const { c, perfil } = await membro(CPF.carlos);
    const r = await listar(c, { perfilAutenticado: perfil });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        cns: '700002918374606',
        acomodacao: 'ENFERMARIA',
        produto: 'Saúde Exemplo Essencial Enfermaria',
        tipoContrato: 'COLETIVO POR ADESAO',
        nomeMae: 'Sandra Regina Lima',
        estadoCivil: 's',
        sexo: 'm',
        rg: null,
        orgaoExpeditor: null,
        tituloEleitor: null,
        profissao: 'Analista de sistemas',
        pisPasep: null,
        codigoContrato: CONTRATO.carlos,
        numeroCarteirinha: BENEFICIARIO.carlos,
        dataContratacao: '2021-08-01',
        segmentacaoAssistencial: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
        cpf: CPF.carlos,
        nome: 'Carlos Eduardo Lima',
        dataNascimento: '1999-07-21',
        registroAns: '484522209',
        carencias: [
          { descricao: 'Urgência e emergência', dataFim: '2021-08-02' },
          { descricao: 'Consultas e exames simples', dataFim: '2021-08-31' },
          { descricao: 'Exames especiais e terapias', dataFim: '2022-01-28' },
          { descricao: 'Internações e cirurgias', dataFim: '2022-01-28' },
          { descricao: 'Parto a termo', dataFim: '2022-05-28' },
        ],
        dataFinalCPT: null,
        nomeSocial: null,
        dataCancelamento: null,
      },
    ]);
    // His father holds the contract: nothing of Marcos reaches him.
    expect(r.text).not.toContain('Marcos');
    expect(r.text).not.toContain(BENEFICIARIO.marcos);
  });

  it("a CPT shows its end; a plan without obstetrics (Maria's cancelled contract) has no birth waiting period", async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const r = await listar(c, { perfilAutenticado: perfil });
    // Roberto and his wife Lúcia (seed part 0013_cancelamento); the holder first.
    expect(r.body).toHaveLength(2);
    expect(r.body[0]).toMatchObject({
      nome: 'Roberto Alves Pereira',
      rg: 'MG12345678',
      orgaoExpeditor: 'SSP/MG',
      tipoContrato: 'COLETIVO EMPRESARIAL',
      segmentacaoAssistencial: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
      dataFinalCPT: '2018-02-01',
    });
    expect((r.body[0]!.carencias as unknown[]).length).toBe(5);
    const antigo = await membro(CPF.maria, CONTRATO.mariaCancelado);
    const velho = await listar(antigo.c, { perfilAutenticado: antigo.perfil });
    // Maria's cancelled profile is another contract: only her old card there, no family of today.
    expect(velho.body.map((x) => [x.numeroCarteirinha, x.codigoContrato, x.produto, x.dataCancelamento])).toEqual([
      ['1087612001', CONTRATO.mariaCancelado, 'Saúde Exemplo Clássico Enfermaria', '2018-12-31'],
    ]);
    expect((velho.body[0]!.carencias as { descricao: string }[]).map((x) => x.descricao)).not.toContain(
      'Parto a termo',
    );
  });

  it("another browser holding Maria's session code gets nothing of hers", async () => {
    const { perfil } = await membro(CPF.maria, CONTRATO.maria);
    const { c: roberto } = await membro(CPF.roberto);
    const r = await listar(roberto, { perfilAutenticado: perfil });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ sucesso: false, code: 'SESSAO_INVALIDA' });
    expect(r.text).not.toContain('Maria');
  });

  it('a session code without its cookie, or no profile at all, gets a 401', async () => {
    const { perfil } = await membro(CPF.maria, CONTRATO.maria);
    for (const body of [{ perfilAutenticado: perfil }, {}, { perfilAutenticado: null }]) {
      const r = await listar(t.client(), body);
      expect(r.status, JSON.stringify(body)).toBe(401);
      expect(r.body).toEqual({
        sucesso: false,
        code: 'SESSAO_INVALIDA',
        message: 'Sessão inválida ou expirada. Faça login novamente.',
        erro: 'Sessão inválida ou expirada. Faça login novamente.',
      });
    }
  });

  it('bad input gets a 4xx with a Portuguese message, never a 500', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const json = { 'content-type': 'application/json' };
    const malformado = await c.post('/api/Carteirinha/ListarCarteirinhas', undefined, {
      raw: '{"perfil',
      headers: json,
    });
    expect(malformado.status).toBe(400);
    expect(malformado.body).toMatchObject({
      code: 'DADOS_INVALIDOS',
      message: 'Dados inválidos. Verifique os dados informados.',
    });
    const texto = await c.post('/api/Carteirinha/ListarCarteirinhas', undefined, {
      raw: 'perfilAutenticado',
      headers: { 'content-type': 'text/plain' },
    });
    expect(texto.status).toBe(415);
    expect(texto.body).toMatchObject({
      code: 'DADOS_INVALIDOS',
      message: 'Formato não suportado. Envie os dados em JSON (application/json).',
    });
    // Extra fields are ignored; the answer is still only the member's own contract.
    const extra = await listar(c, { perfilAutenticado: perfil, codigoContrato: CONTRATO.roberto, cpf: CPF.roberto });
    expect(extra.status).toBe(200);
    expect(extra.body.map((x) => x.codigoContrato)).toEqual([CONTRATO.maria, CONTRATO.maria, CONTRATO.maria]);
  });
});
