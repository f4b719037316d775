import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, CPF, startApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const TOKEN_INVALIDO = {
  sucesso: false,
  code: 'TOKEN_INVALIDO',
  message: 'Token de acesso inválido ou expirado.',
  erro: 'Token de acesso inválido ou expirado.',
};

describe('POST /api/Token/GerarToken', () => {
  it('answers the token as a JSON string for the client credential', async () => {
    const r = await t.client().post<string>('/api/Token/GerarToken', CLIENT);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(typeof r.body).toBe('string');
    expect(r.body.split('.')).toHaveLength(3);
  });

  it('two tokens issued in the same second differ: each carries its own jti', async () => {
    const [a, b] = await Promise.all([t.client().newToken(), t.client().newToken()]);
    expect(a).not.toBe(b);
    const jti = (tk: string) => JSON.parse(Buffer.from(tk.split('.')[1]!, 'base64url').toString()).jti;
    expect(jti(a)).toMatch(/^[0-9a-f-]{36}$/);
    expect(jti(a)).not.toBe(jti(b));
  });

  it('a token remembered as verified still expires on time', async () => {
    const c = t.client();
    const token = await c.newToken();
    const call = () =>
      c.post('/api/Login/VerificarCPF', { cpf: CPF.maria }, { headers: { authorization: `Bearer ${token}` } });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200); // from the cache now
    t.clock.advance(t.config.tokenTtlSeconds * 1000 + 1000);
    expect((await call()).status).toBe(401);
    t.clock.advance(-(t.config.tokenTtlSeconds * 1000 + 1000));
  });

  it('refuses a wrong credential (401) and a malformed body (400)', async () => {
    const wrong = await t.client().post('/api/Token/GerarToken', { usuario: 'portal-web', senha: 'x' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      sucesso: false,
      code: 'CREDENCIAL_INVALIDA',
      message: 'Credenciais do aplicativo inválidas.',
      erro: 'Credenciais do aplicativo inválidas.',
    });
    const missing = await t.client().post('/api/Token/GerarToken', { usuario: 'portal-web' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'DADOS_INVALIDOS', message: 'Informe a senha.' });
  });
});

describe('protected routes', () => {
  it('need a Bearer token: missing → 401 TOKEN_INVALIDO with WWW-Authenticate', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', { cpf: CPF.maria }, { auth: false });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(TOKEN_INVALIDO);
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="portal", error="invalid_token"');
  });

  it('refuse garbage, another key and an expired token', async () => {
    const c = t.client();
    const garbage = await c.post(
      '/api/Login/VerificarCPF',
      { cpf: CPF.maria },
      { headers: { authorization: 'Bearer abc.def.ghi' } },
    );
    expect(garbage.status).toBe(401);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('portal-beneficiario')
      .setAudience('portal-api')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const other = await c.post(
      '/api/Login/VerificarCPF',
      { cpf: CPF.maria },
      { headers: { authorization: `Bearer ${forged}` } },
    );
    expect(other.status).toBe(401);
    expect(other.body).toEqual(TOKEN_INVALIDO);

    const token = await c.newToken();
    const ok = await c.post(
      '/api/Login/VerificarCPF',
      { cpf: CPF.maria },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(ok.status).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    const expired = await c.post(
      '/api/Login/VerificarCPF',
      { cpf: CPF.maria },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(TOKEN_INVALIDO);
  });

  it('token check comes before body parsing (malformed JSON without token → 401)', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', undefined, {
      auth: false,
      raw: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(401);
  });

  it('/api/dev/outbox needs no token outside production', async () => {
    const r = await t.client().get('/api/dev/outbox', { auth: false });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
  });
});

describe('production', () => {
  it('has no /api/dev/outbox, sets Secure cookies and HSTS', async () => {
    // Production needs the sealing key (issue 30): from the environment, as a deployment gives it.
    const p = await startApp({ env: { NODE_ENV: 'production', CHAVE_DE_SELAGEM: randomBytes(32).toString('base64') } });
    try {
      const c = p.client();
      const outbox = await c.get('/api/dev/outbox', { auth: false });
      expect(outbox.status).toBe(404);
      expect(outbox.body).toMatchObject({ code: 'NAO_ENCONTRADO' });
      expect(outbox.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const perfis = await c.post<{ codigoPlano: string; codigoContrato: string }[]>('/api/Login/PerfisDaConta', {
        cpf: CPF.roberto,
        senha: 'senha123',
      });
      const r = await c.post('/api/Login/Autenticar', { cpf: CPF.roberto, senha: 'senha123', ...perfis.body[0] });
      expect(r.headers.getSetCookie().find((x) => x.startsWith('pb_sessao='))).toMatch(
        /^pb_sessao=[\w-]{43}; Max-Age=43200; Path=\/api; HttpOnly; Secure; SameSite=Strict$/,
      );
      expect(perfis.headers.getSetCookie().find((x) => x.startsWith('pb_preauth='))).toMatch(
        /; Path=\/api\/Login; HttpOnly; Secure; SameSite=Strict$/,
      );
      // Codes are not kept in clear in production's outbox.
      await c.post('/api/Login/RecuperarSenha', { cpf: CPF.roberto, tipoSolicitacao: 'email' });
      const [row] = await p.db.query<{ codigo: string | null; mensagem: string }>(
        'select codigo, mensagem from outbox',
      );
      expect(row).toEqual({
        codigo: null,
        mensagem:
          'Saúde Exemplo: seu código de verificação é ******. Ele vale por 10 minutos. Não compartilhe este código.',
      });
    } finally {
      await p.close();
    }
  });
});
