import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { enviarAnexo, pdfCru, pedidoDeReembolso } from '../../../test/reembolso';

// POST /api/Reembolso/UltimoPagamento (issue 31): 'Dados para pagamento' starts with the payment data
// of the member's own last request in the session's contract, and the holder's CPF as a PIX key.

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

type Perfil = { codigoSessao: number };
type Json = Record<string, unknown>;

const ultimo = (c: Client, perfil: Perfil) =>
  c.post<Json>('/api/Reembolso/UltimoPagamento', { perfilAutenticado: perfil });

async function pedir(c: Client, perfil: Perfil, pagamento: Json, numeroRecibo: string) {
  const anexo = await enviarAnexo(c, perfil, pdfCru(`recibo ${randomUUID()}`));
  expect(anexo.status).toBe(200);
  const r = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([anexo.body.id as string], { numeroRecibo, pagamento }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const CONTA = { forma: 'conta', banco: '341', agencia: '1234', conta: '98765-4', tipoConta: 'corrente' } as const;

describe('POST /api/Reembolso/UltimoPagamento', () => {
  // The tests run in order on one database: Maria has no request, then two.
  let maria: { c: Client; perfil: Perfil };
  beforeAll(async () => {
    maria = await t.membro(CPF.maria, CONTRATO.maria);
  });

  it('before the first request: no data, and the holder is offered her own CPF as a PIX key', async () => {
    const r = await ultimo(maria.c, maria.perfil);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ pagamento: null, usadoEm: null, cpfTitular: CPF.maria });
  });

  it('after two requests: the payment data of the newest, as the server kept it, with its day', async () => {
    await pedir(maria.c, maria.perfil, { forma: 'pix', tipoChave: 'cpf', chave: '529.982.247-25' }, 'UP-1');
    await pedir(maria.c, maria.perfil, CONTA, 'UP-2');
    const r = await ultimo(maria.c, maria.perfil);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ pagamento: CONTA, usadoEm: '2026-03-10', cpfTitular: CPF.maria });
  });

  it('a PIX key is answered as the server normalised it (CPF digits only)', async () => {
    await pedir(maria.c, maria.perfil, { forma: 'pix', tipoChave: 'cpf', chave: '529.982.247-25' }, 'UP-3');
    const r = await ultimo(maria.c, maria.perfil);
    expect(r.body.pagamento).toEqual({ forma: 'pix', tipoChave: 'cpf', chave: CPF.maria });
  });

  it("another contract's member gets nothing of Maria's (Roberto)", async () => {
    const roberto = await t.membro(CPF.roberto);
    const r = await ultimo(roberto.c, roberto.perfil);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ pagamento: null, usadoEm: null, cpfTitular: CPF.roberto });
  });

  it("a dependant of another contract gets neither data nor the holder's CPF (Carlos)", async () => {
    const carlos = await t.membro(CPF.carlos);
    const r = await ultimo(carlos.c, carlos.perfil);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ pagamento: null, usadoEm: null, cpfTitular: null });
  });

  it('Maria in her other (cancelled) contract does not get the data she typed in this one', async () => {
    const antigo = await t.membro(CPF.maria, CONTRATO.mariaCancelado);
    const r = await ultimo(antigo.c, antigo.perfil);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ pagamento: null, usadoEm: null });
  });

  it('without the cookie, the session code of Maria gets 401 and no data', async () => {
    const r = await ultimo(t.client(), maria.perfil);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
    expect(JSON.stringify(r.body)).not.toContain('98765');
  });

  it("another member's cookie with Maria's session code gets 401 and no data", async () => {
    const roberto = await t.membro(CPF.roberto);
    const r = await ultimo(roberto.c, maria.perfil);
    expect(r.status).toBe(401);
    expect(JSON.stringify(r.body)).not.toContain(CPF.maria);
  });
});
