import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CPF, startApp, type TestApp } from '../test/helper';
import { rotasDoDocumento } from '../test/rotas';

// Every POST route of the API (read from the generated OpenAPI document, so a new route is
// covered the day it exists), fed hostile bodies: wrong types, huge strings, deep nesting,
// prototype keys, odd unicode. None may answer 5xx, and every refusal is the one error shape with
// a Portuguese message (no stack, no internals). Member routes get each body twice: as it is,
// and with a live session's perfilAutenticado merged in, so the validation behind the session
// check is reached too.
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

// Read at collection time, so that each route is a test of its own (bounded by its own few dozen
// requests, not by how many routes there are).
const t: TestApp = await startApp();
const posts = (await rotasDoDocumento(t)).rotas.filter((r) => r.method === 'POST');
// One browser signed in for every route: its cookie is what lets the member bodies past the session check.
const c = t.client();
let perfil: { perfilAutenticado: { codigoSessao: number }; PerfilAutenticado: { codigoSessao: number } };
beforeAll(async () => {
  const { codigoSessao } = await c.login(CPF.maria, undefined, '100234');
  perfil = { perfilAutenticado: { codigoSessao }, PerfilAutenticado: { codigoSessao } };
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

/** The bodies a route gets: each raw body, and for a member route each JSON object again with the session merged in. */
function corpos(membro: boolean): string[] {
  const bodies = [...RAW_BODIES];
  if (!membro) return bodies;
  for (const raw of RAW_BODIES) {
    try {
      const v: unknown = JSON.parse(raw);
      if (v && typeof v === 'object' && !Array.isArray(v)) bodies.push(JSON.stringify({ ...v, ...perfil }));
    } catch {
      // not JSON: sent as it is above
    }
  }
  return bodies;
}

describe('hostile bodies on every route', () => {
  it('reaches every POST route of the document', () => {
    expect(posts.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/Token/GerarToken', '/api/Login/VerificarCPF', '/api/Login/Sair']),
    );
  });

  it.for(posts)('$path: never 5xx, always the Portuguese error shape when refused', async (route) => {
    for (const raw of corpos(route.membro)) {
      // Sair would end the session the other routes' bodies need: it gets only refused bodies.
      if (route.path === '/api/Login/Sair' && raw.includes('"codigoSessao"')) continue;
      const r = await c.post<Record<string, unknown>>(route.path, undefined, {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, `${route.path} ${raw.slice(0, 60)}`).toBeLessThan(500);
      if (r.status >= 400) {
        expect(r.body).toMatchObject({ sucesso: false, code: expect.any(String), message: expect.any(String) });
        expect(r.text).not.toMatch(/at .+\.(ts|js):\d+|Error:|stack/i);
      }
      await t.resetCounters();
    }
  });

  it('constructor poisoning is refused before any route sees the body', async () => {
    // Fastify's guard (onConstructorPoisoning: 'error'): with it off, this valid CPF check answers 200.
    const r = await t.client().post('/api/Login/VerificarCPF', undefined, {
      raw: `{"cpf": "${CPF.maria}", "constructor": {"prototype": {"polluted": true}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS' });
  });
});
