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

describe('POST /api/Autorizacoes/Beneficiarios', () => {
  it('a holder sees the whole contract, holder first', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await c.post('/api/Autorizacoes/Beneficiarios', { perfilAutenticado: perfil });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        codigoBeneficiario: BENEFICIARIO.maria,
        nome: 'Maria Aparecida Souza',
        plano: 'Saúde Exemplo Essencial Apartamento',
      },
      {
        codigoBeneficiario: BENEFICIARIO.joaoPedro,
        nome: 'João Pedro Souza',
        plano: 'Saúde Exemplo Essencial Apartamento',
      },
      {
        codigoBeneficiario: BENEFICIARIO.anaClara,
        nome: 'Ana Clara Souza',
        plano: 'Saúde Exemplo Essencial Apartamento',
      },
    ]);
  });

  it('a dependant sees only themself', async () => {
    const { c, perfil } = await membro(CPF.carlos);
    const r = await c.post('/api/Autorizacoes/Beneficiarios', { perfilAutenticado: perfil });
    expect(r.body).toEqual([
      {
        codigoBeneficiario: BENEFICIARIO.carlos,
        nome: 'Carlos Eduardo Lima',
        plano: 'Saúde Exemplo Essencial Enfermaria',
      },
    ]);
  });

  it("another browser holding Maria's session code gets nothing", async () => {
    const { perfil } = await membro(CPF.maria, CONTRATO.maria);
    const { c: roberto } = await membro(CPF.roberto);
    const r = await roberto.post('/api/Autorizacoes/Beneficiarios', { perfilAutenticado: perfil });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
    expect(JSON.stringify(r.body)).not.toContain('Maria');
  });
});

describe('POST /api/Autorizacoes/ListarAutorizacoes', () => {
  const listar = (c: Client, perfil: object, codigoBeneficiario: unknown) =>
    c.post<{ autorizacoes: Record<string, unknown>[] }>('/api/Autorizacoes/ListarAutorizacoes', {
      perfilAutenticado: perfil,
      codigoBeneficiario,
    });

  it("Maria's own: one of each status, newest first, with their procedures", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await listar(c, perfil, BENEFICIARIO.maria);
    expect(r.status).toBe(200);
    const lista = r.body.autorizacoes;
    expect(lista.map((a) => a.statusProcedimento)).toEqual(['pendente', 'aprovado', 'negado', 'aprovado']);
    expect(lista[0]).toEqual({
      dataSolicitacao: '2026-02-18T10:05:00.000Z',
      prestadorSolicitante: 'Hospital Santa Clara',
      statusProcedimento: 'pendente',
      procedimentos: [{ codigoProcedimento: '41101014', descricaoProcedimento: 'RM - Crânio (encéfalo)' }],
      numeroTransacao: '2026101898231',
    });
    for (const a of lista) {
      expect((a.procedimentos as unknown[]).length).toBeGreaterThan(0);
      for (const p of a.procedimentos as { codigoProcedimento: string }[])
        expect(p.codigoProcedimento).toMatch(/^\d{8}$/);
    }
  });

  it("a holder reads a dependant's list; Ana Clara has none", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    expect((await listar(c, perfil, BENEFICIARIO.joaoPedro)).body.autorizacoes).toHaveLength(1);
    const ana = await listar(c, perfil, BENEFICIARIO.anaClara);
    expect(ana.status).toBe(200);
    expect(ana.body).toEqual({ autorizacoes: [] });
  });

  it("another contract's code, or a relative's for a dependant, reads as not found", async () => {
    const nf = {
      sucesso: false,
      code: 'NAO_ENCONTRADO',
      message: 'Beneficiário não encontrado neste contrato.',
      erro: 'Beneficiário não encontrado neste contrato.',
    };
    const maria = await membro(CPF.maria, CONTRATO.maria);
    for (const codigo of [BENEFICIARIO.carlos, BENEFICIARIO.roberto, '999999999']) {
      const r = await listar(maria.c, maria.perfil, codigo);
      expect(r.status, codigo).toBe(404);
      expect(r.body).toEqual(nf);
    }
    // Maria's cancelled profile is another contract: today's family is not hers there.
    const antigo = await membro(CPF.maria, CONTRATO.mariaCancelado);
    expect((await listar(antigo.c, antigo.perfil, BENEFICIARIO.joaoPedro)).status).toBe(404);
    const carlos = await membro(CPF.carlos);
    expect((await listar(carlos.c, carlos.perfil, BENEFICIARIO.marcos)).body).toEqual(nf);
    expect((await listar(carlos.c, carlos.perfil, BENEFICIARIO.carlos)).body.autorizacoes).toHaveLength(2);
  });

  it('bad input gets a 400 with a Portuguese message', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    for (const [codigo, message] of [
      [undefined, 'Informe o beneficiário.'],
      ['abc', 'Beneficiário inválido.'],
      ['1'.repeat(21), 'Beneficiário inválido.'],
      [1100234001, 'Informe o beneficiário.'],
      [{ $ne: '' }, 'Informe o beneficiário.'],
    ] as const) {
      const r = await listar(c, perfil, codigo);
      expect(r.status, String(codigo)).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
  });

  it('a session code without its cookie gets nothing', async () => {
    const { perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await listar(t.client(), perfil, BENEFICIARIO.maria);
    expect(r.status).toBe(401);
    expect(JSON.stringify(r.body)).not.toContain('Hospital');
  });
});
