import Fastify from 'fastify';
import { expect, it } from 'vitest';
import cookies from './cookies';

// Decision 0039: cookies cost no hook. These fail with @fastify/cookie (an onRequest and an onSend
// hook on every route) or with a setCookie that appends a second Set-Cookie for the same cookie.
async function app() {
  const a = Fastify({ logger: false, exposeHeadRoutes: false });
  await a.register(cookies);
  a.get('/ler', (request) => ({ ...request.cookies }));
  a.get('/definir', (_request, reply) =>
    reply
      .setCookie('pb_fluxo', 'um', { path: '/api', httpOnly: true, sameSite: 'strict' })
      .setCookie('pb_fluxo', 'dois', { path: '/api', httpOnly: true, sameSite: 'strict', maxAge: 60 })
      .setCookie('outro', 'x')
      .clearCookie('pb_preauth', { path: '/api/Login' })
      .send({ ok: true }),
  );
  await a.ready();
  return a;
}

it('adds no hook to any route', async () => {
  const a = await app();
  const rotas = a.printRoutes({ includeHooks: true, commonPrefix: false });
  expect(rotas).toContain('/ler');
  expect(rotas).not.toMatch(/onRequest|preParsing|preValidation|preHandler|onSend|onResponse/);
  await a.close();
});

it('parses the Cookie header on first use, and gives {} without one', async () => {
  const a = await app();
  const r = await a.inject({ url: '/ler', headers: { cookie: 'pb_sessao=abc%20d; outro=1' } });
  expect(r.json()).toEqual({ pb_sessao: 'abc d', outro: '1' });
  expect((await a.inject({ url: '/ler' })).json()).toEqual({});
  await a.close();
});

it('writes one Set-Cookie per name and path, the last one set winning, and clears with an expired empty cookie', async () => {
  const a = await app();
  const r = await a.inject({ url: '/definir' });
  expect(r.headers['set-cookie']).toEqual([
    'pb_fluxo=dois; Max-Age=60; Path=/api; HttpOnly; SameSite=Strict',
    'outro=x; SameSite=Lax',
    'pb_preauth=; Max-Age=0; Path=/api/Login; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
  ]);
  await a.close();
});
