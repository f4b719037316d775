import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../test/helper';

// Every POST route of the API, fed hostile bodies: wrong types, huge strings, deep nesting,
// prototype keys, odd unicode. None may answer 5xx, and every refusal is the one error shape
// with a Portuguese message (no stack, no internals).
const ROUTES = [
  '/api/Token/GerarToken',
  '/api/Login/VerificarCPF',
  '/api/Login/PerfisDaConta',
  '/api/Login/Autenticar',
  '/api/Login/Sair',
  '/api/Login/RenovarSessao',
  '/api/Login/RecuperarSenha',
  '/api/Login/ValidarTokenRecuperacao',
  '/api/Login/AlterarSenha',
  '/api/Registro/CriarConta',
  '/api/Registro/CadastrarCelular',
  '/api/Registro/CadastrarEmail',
  '/api/Registro/ConfirmarCelular',
  '/api/Registro/ConfirmarEmail',
  '/api/Registro/ReenviarSmsConfirmacao',
  '/api/Registro/CadastrarSenha',
];

const deep = (n: number): unknown => (n === 0 ? {} : { cpf: deep(n - 1) });
const RAW_BODIES = [
  '',
  'null',
  '[]',
  '"texto"',
  '12345678909',
  'true',
  '{',
  '{"cpf":',
  '{"cpf": NaN}',
  '\u0000\u0001',
  JSON.stringify({ cpf: { $gt: '' }, senha: ['a'] }),
  JSON.stringify({ cpf: '5'.repeat(20_000) }),
  JSON.stringify({ cpf: 52998224725.5, senha: 1, codigoPlano: {}, codigoContrato: [] }),
  JSON.stringify({ cpf: -1, tipoSolicitacao: 'fax', token: 'abcdef' }),
  JSON.stringify({ cpf: 1e308, celular: 1e308, email: 42, tokenSMS: 1e21, tokenEmail: -5 }),
  JSON.stringify({ cpf: '529.982.247-25', senha: 'x'.repeat(10_000), confirmacaoSenha: null }),
  JSON.stringify({ cpf: '529.982.247-25', perfilAutenticado: { codigoSessao: '9'.repeat(40) } }),
  JSON.stringify({ cpf: '529.982.247-25', perfilAutenticado: { codigoSessao: -3 } }),
  JSON.stringify({ cpf: '\u202e52998224725', email: '\ud800@x.com', celular: '١١٩٨٧٦٥٤٣٢١' }),
  JSON.stringify({ usuario: 'portal-web', senha: { toString: 1 } }),
  '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}, "cpf": "52998224725"}',
  JSON.stringify(deep(200)),
];

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

describe('hostile bodies on every route', () => {
  for (const route of ROUTES) {
    it(`${route}: never 5xx, always the Portuguese error shape when refused`, async () => {
      const c = t.client();
      for (const raw of RAW_BODIES) {
        const r = await c.post<Record<string, unknown>>(route, undefined, {
          raw,
          headers: { 'content-type': 'application/json' },
        });
        expect(r.status, `${route} ${raw.slice(0, 60)}`).toBeLessThan(500);
        if (r.status >= 400) {
          expect(r.body).toMatchObject({ sucesso: false, code: expect.any(String), message: expect.any(String) });
          expect(r.text).not.toMatch(/at .+\.(ts|js):\d+|Error:|stack/i);
        }
        await t.resetCounters();
      }
    });
  }

  it('a prototype key in the body changes nothing on the server', async () => {
    const c = t.client();
    await c.post('/api/Login/VerificarCPF', undefined, {
      raw: '{"__proto__": {"polluted": true}, "cpf": "52998224725"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
