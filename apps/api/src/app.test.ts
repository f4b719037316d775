import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPF, startApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await startApp({ env: { BODY_LIMIT: '2048' } });
});
afterAll(() => t.close());

const DADOS_INVALIDOS = { sucesso: false, code: 'DADOS_INVALIDOS' };

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    const c = t.client();
    expect((await c.get('/healthz')).body).toEqual({ status: 'ok' });
    const r = await c.get('/readyz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', banco: 'ok' });
  });
});

describe('headers', () => {
  it('sends the strict CSP, no-store on the API and the other security headers', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', { cpf: CPF.maria });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
        "worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('permissions-policy')).toContain('camera=()');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    // HSTS only in production.
    expect(r.headers.get('strict-transport-security')).toBeNull();
  });

  it('no-store does not depend on how the path is spelled: /%61pi/... is /api/... to the router (issue 13)', async () => {
    const c = t.client();
    const { codigoSessao } = await c.login(CPF.maria);
    const authorization = `Bearer ${await c.newToken()}`;
    for (const path of [
      '/api/utilizacao/Beneficiarios',
      '/%61pi/utilizacao/Beneficiarios',
      '/%61%70%69/utilizacao/Beneficiarios',
    ]) {
      const r = await c.post(path, { perfilAutenticado: { codigoSessao } }, { headers: { authorization } });
      expect(r.status, path).toBe(200);
      expect(r.text, path).toContain('Maria');
      expect(r.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('bad input never reaches a 500', () => {
  it('unknown /api route → 404 JSON', async () => {
    const r = await t.client().post('/api/Nada/Aqui', {});
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      sucesso: false,
      code: 'NAO_ENCONTRADO',
      message: 'Recurso não encontrado.',
      erro: 'Recurso não encontrado.',
    });
    expect((await t.client().get('/api/Login/VerificarCPF')).status).toBe(404);
  });

  it('malformed JSON → 400', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', undefined, {
      raw: '{"cpf": "529',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ...DADOS_INVALIDOS, message: 'Dados inválidos. Verifique os dados informados.' });
    expect(r.text).not.toMatch(/stack|at .*\.js|SyntaxError/);
  });

  it('empty JSON body and a JSON array → 400', async () => {
    const empty = await t
      .client()
      .post('/api/Login/VerificarCPF', undefined, { raw: '', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ ...DADOS_INVALIDOS, message: 'Dados inválidos. Envie os dados em JSON.' });
    const arr = await t.client().post('/api/Login/VerificarCPF', [CPF.maria]);
    expect(arr.status).toBe(400);
    expect(arr.body).toMatchObject({ ...DADOS_INVALIDOS, message: 'Dados inválidos. Envie os dados em JSON.' });
  });

  it('no body at all → 400', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ...DADOS_INVALIDOS, message: 'Dados inválidos. Envie os dados em JSON.' });
  });

  it('wrong content type → 415', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', undefined, {
      raw: `cpf=${CPF.maria}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({
      sucesso: false,
      code: 'DADOS_INVALIDOS',
      message: 'Formato não suportado. Envie os dados em JSON (application/json).',
      erro: 'Formato não suportado. Envie os dados em JSON (application/json).',
    });
    const text = await t
      .client()
      .post('/api/Login/VerificarCPF', undefined, { raw: CPF.maria, headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('wrong types and over-long strings → 400 with the Portuguese message', async () => {
    const c = t.client();
    const obj = await c.post('/api/Login/VerificarCPF', { cpf: { n: 1 } });
    expect(obj.status).toBe(400);
    expect(obj.body).toEqual({ ...DADOS_INVALIDOS, message: 'Informe o CPF.', erro: 'Informe o CPF.' });
    const long = await c.post('/api/Login/VerificarCPF', { cpf: '5'.repeat(500) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: 'CPF inválido.' });
    const senha = await c.post('/api/Login/PerfisDaConta', { cpf: CPF.maria, senha: 'x'.repeat(129) });
    expect(senha.status).toBe(400);
    expect(senha.body).toMatchObject({ message: 'Senha inválida.' });
    const missing = await c.post('/api/Login/PerfisDaConta', { cpf: CPF.maria });
    expect(missing.body).toMatchObject({ message: 'Por favor, digite sua senha.' });
  });

  it('body over BODY_LIMIT → 413', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', { cpf: CPF.maria, lixo: 'x'.repeat(5000) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({
      sucesso: false,
      code: 'PAYLOAD_GRANDE',
      message: 'Os dados enviados são grandes demais.',
      erro: 'Os dados enviados são grandes demais.',
    });
  });

  it('prototype poisoning → 400', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', undefined, {
      raw: `{"cpf":"${CPF.maria}","__proto__":{"x":1}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
  });
});

describe('an unexpected failure', () => {
  it('answers 500 with the generic message only (logged server-side), and /readyz 503 without a database', async () => {
    const lines: string[] = [];
    const broken = await startApp({ logStream: { write: (s: string) => void lines.push(s) } });
    try {
      const c = broken.client();
      await c.newToken().then((tk) => (c.token = tk));
      await broken.db.query('drop table pessoas cascade');
      const r = await c.post('/api/Login/VerificarCPF', { cpf: CPF.maria });
      expect(r.status).toBe(500);
      expect(r.body).toEqual({
        sucesso: false,
        code: 'ERRO_INTERNO',
        message: 'Erro interno do servidor. Tente novamente em alguns minutos.',
        erro: 'Erro interno do servidor. Tente novamente em alguns minutos.',
      });
      expect(lines.some((l) => l.includes('unexpected error') && l.includes('pessoas'))).toBe(true);
      await broken.db.close();
      const ready = await c.get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'indisponivel', banco: 'indisponivel' });
    } finally {
      await broken.close();
    }
  });
});
