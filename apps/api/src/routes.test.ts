import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPF, startApp, type TestApp } from '../test/helper';
import { rotasDoDocumento } from '../test/rotas';

// Every route of the API, collected from the generated OpenAPI document (each route is tagged
// with its group by app.ts): member routes refuse a call without a session, token routes a call
// without the API token, whatever the body. Read at collection time, so that the routes that send
// requests are a test each.
const t: TestApp = await startApp();
const { doc, rotas: routes } = await rotasDoDocumento(t);
afterAll(() => t.close());

const of = (tag: string) => routes.filter((r) => r.op.tags?.includes(tag));

describe('the route map', () => {
  it('is an OpenAPI 3.1 document where every route says who may call it', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) expect(r.op.tags, `${r.method} ${r.path}`).toHaveLength(1);
    expect(of('membro').map((r) => r.path)).toEqual(expect.arrayContaining(['/api/Login/Sair']));
  });

  it('every /api route declares its schemas and is in the document', () => {
    const documented = new Set(routes.map((r) => `${r.method} ${r.path}`));
    // The document itself and its reference page are the only undocumented /api routes.
    const own = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');
    // Fastify adds a HEAD route beside every GET by itself.
    const apiRoutes = t.app.rotas.filter((r) => r.url.startsWith('/api/') && !own(r.url) && r.method !== 'HEAD');
    expect(apiRoutes.length).toBe(routes.length);
    for (const r of apiRoutes) {
      for (const method of ([] as string[]).concat(r.method)) {
        if (method === 'HEAD') continue;
        // The document spells path parameters {id}; Fastify, :id.
        const label = `${method} ${r.url.replace(/:(\w+)/g, '{$1}')}`;
        expect(documented.has(label), `${label} is missing from /api/openapi.json`).toBe(true);
        expect(r.schema?.response, `${label} has no response schema`).toBeDefined();
        if (method === 'POST') expect(r.schema?.body, `${label} has no body schema`).toBeDefined();
      }
    }
  });

  it('a route whose body carries the member profile is a member route', () => {
    for (const r of routes) {
      // Uploads (the integration API's files) have no JSON body.
      const props = r.op.requestBody?.content['application/json']?.schema.properties ?? {};
      if ('perfilAutenticado' in props || 'PerfilAutenticado' in props)
        expect(r.op.tags, `${r.method} ${r.path}`).toEqual(['membro']);
    }
  });

  describe('every member route answers 401 without a session, with a session code of another browser, or no cookie', () => {
    const owner = t.client();
    const stranger = t.client();
    const noCookie = t.client();
    let codigoSessao: number;
    beforeAll(async () => {
      ({ codigoSessao } = await owner.login(CPF.maria, undefined, '100234'));
      await stranger.login(CPF.roberto);
    });

    it.for(of('membro'))('$method $path', async (r) => {
      const label = `${r.method} ${r.path}`;
      for (const [who, body] of [
        [noCookie, {}],
        [noCookie, { perfilAutenticado: { codigoSessao }, PerfilAutenticado: { codigoSessao } }],
        [stranger, { perfilAutenticado: { codigoSessao }, PerfilAutenticado: { codigoSessao } }],
      ] as const) {
        const res = await who.request<{ code: string }>(r.method, r.path, r.method === 'GET' ? undefined : body);
        expect(res.status, label).toBe(401);
        expect(res.body.code, label).toBe('SESSAO_INVALIDA');
      }
    });
  });

  it('every partner route answers 401 with the API token instead of the partner secret (issue 13)', async () => {
    expect(of('parceiro').map((r) => r.path)).toEqual(['/api/Clube/ResgatarAcesso']);
    const c = t.client();
    const token = await c.newToken();
    for (const r of of('parceiro')) {
      for (const authorization of [undefined, `Bearer ${token}`]) {
        const res = await c.request<{ code: string }>(
          r.method,
          r.path,
          { token: 'x' },
          {
            auth: false,
            headers: authorization ? { authorization } : {},
          },
        );
        expect(res.status, `${r.method} ${r.path}`).toBe(401);
        expect(res.body.code).toBe('TOKEN_INVALIDO');
      }
    }
  });

  it('the staff console’s routes are their own group, with the staff cookie as their only credential (decision 0033)', () => {
    const equipe = of('atendimento');
    expect(equipe.length).toBeGreaterThanOrEqual(15);
    for (const r of equipe) {
      expect(r.path, `${r.method} ${r.path}`).toMatch(/^\/api\/atendimento\//);
      expect(r.op.security, `${r.method} ${r.path}`).toEqual([{ cookieDaEquipe: [] }]);
    }
    expect(
      routes.filter((r) => r.path.startsWith('/api/atendimento/')).every((r) => r.op.tags?.[0] === 'atendimento'),
    ).toBe(true);
  });

  describe('every token route answers 401 without the API token', () => {
    it.for([...of('app'), ...of('membro')])('$method $path', async (r) => {
      const res = await t.client().request<{ code: string }>(r.method, r.path, r.method === 'GET' ? undefined : {}, {
        auth: false,
      });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(res.body.code).toBe('TOKEN_INVALIDO');
    });
  });
});
