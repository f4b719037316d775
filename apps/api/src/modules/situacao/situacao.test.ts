import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);
const situacao = (c: Client, body: unknown) =>
  c.post<Record<string, unknown>>('/api/Beneficiario/SituacaoDoPlano', body);

describe('POST /api/Beneficiario/SituacaoDoPlano', () => {
  it("Maria's active profile: her contract, no cancellation, two profiles to switch between", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await situacao(c, { perfilAutenticado: perfil });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      codigoContrato: CONTRATO.maria,
      cancelado: false,
      dataCancelamento: null,
      perfis: 2,
    });
  });

  it('her cancelled profile says since when its coverage ended', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.mariaCancelado);
    const r = await situacao(c, { perfilAutenticado: perfil });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      codigoContrato: CONTRATO.mariaCancelado,
      cancelado: true,
      dataCancelamento: expect.any(String),
    });
    expect(String(r.body.dataCancelamento)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('after Roberto cancels his contract, his profile is cancelled from that day', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    expect((await situacao(c, { perfilAutenticado: perfil })).body).toMatchObject({
      dataCancelamento: null,
      perfis: 1,
    });
    await t.db.exec(
      `update contratos set data_cancelamento = data_inicio_vigencia + 1 where codigo_contrato = '${CONTRATO.roberto}'`,
    );
    const r = await situacao(c, { perfilAutenticado: perfil });
    expect(r.body.cancelado).toBe(true);
    expect(r.body.dataCancelamento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("another browser holding Maria's session code, or the code without its cookie, gets nothing", async () => {
    const { perfil } = await membro(CPF.maria, CONTRATO.maria);
    const { c: carlos } = await membro(CPF.carlos);
    for (const c of [carlos, t.client()]) {
      const r = await situacao(c, { perfilAutenticado: perfil });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ sucesso: false, code: 'SESSAO_INVALIDA' });
      expect(r.text).not.toContain(CONTRATO.maria);
    }
  });

  it('bad input gets a 4xx with a Portuguese message', async () => {
    const { c } = await membro(CPF.maria, CONTRATO.maria);
    const r = await situacao(c, { perfilAutenticado: { codigoSessao: 'x' } });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(typeof r.body.message).toBe('string');
  });
});
