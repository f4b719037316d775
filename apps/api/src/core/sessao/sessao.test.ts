import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { CPF, startApp, type TestApp } from '../../../test/helper';

// The session check of every member call (0006): cached per instance, written once a minute,
// ended at once by a logout on the instance that handled it and within seconds elsewhere.
let t: TestApp;
beforeAll(async () => {
  t = await startApp({ probeMembro: true });
});
afterAll(() => t.close());

const ultimoUso = async (codigoSessao: number) =>
  new Date(
    (
      await t.db.query<{ u: string }>('select ultimo_uso_em::text as u from sessions where codigo_sessao = $1', [
        codigoSessao,
      ])
    )[0]!.u,
  ).getTime();

describe('member session check', () => {
  it('puts the typed member on the request', async () => {
    const c = t.client();
    const { codigoSessao } = await c.login(CPF.maria, undefined, '100234');
    const r = await c.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } });
    expect(r.body).toEqual({
      codigoSessao,
      cpf: CPF.maria,
      nome: 'Maria Aparecida Souza',
      codigoContrato: '100234',
      codigoPlano: '4521',
      codigoBeneficiario: '1100234001',
      tipoPerfil: 'TITULAR',
      titular: true,
      responsavelFinanceiro: true,
      coparticipativo: true,
      veTodoContrato: true,
    });
    const carlos = t.client();
    const s = await carlos.login(CPF.carlos);
    expect(
      (await carlos.post('/api/teste/membro', { perfilAutenticado: { codigoSessao: s.codigoSessao } })).body,
    ).toMatchObject({ tipoPerfil: 'DEPENDENTE', titular: false, responsavelFinanceiro: false, veTodoContrato: false });
  });

  it('writes the idle clock at most once a minute, and the 30-minute rule stays exact to the minute', async () => {
    const c = t.client();
    const { codigoSessao } = await c.login(CPF.roberto);
    const probe = () => c.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } });
    const login = await ultimoUso(codigoSessao);
    for (let i = 0; i < 10; i++) {
      t.clock.advance(5_000);
      expect((await probe()).status).toBe(200);
    }
    // 50 s of calls: no write yet.
    expect(await ultimoUso(codigoSessao)).toBe(login);
    t.clock.advance(15_000);
    expect((await probe()).status).toBe(200); // 65 s: written now
    const escrito = await ultimoUso(codigoSessao);
    expect(escrito).toBe(login + 65_000);
    // Idle for 30 minutes after the last call (not the last write) ends it; one second less does not.
    t.clock.advance(30 * 60_000 - 1000);
    expect((await probe()).status).toBe(200);
    t.clock.advance(30 * 60_000 + 1000);
    expect((await probe()).status).toBe(401);
  });

  it('a logout ends the session at once on this instance, within SESSION_CACHE_SECONDS on another', async () => {
    const second = await buildApp(t.config, { db: t.db, clock: t.clock });
    try {
      const c = t.client();
      const { codigoSessao } = await c.login(CPF.roberto);
      const cookie = c.cookies.get('pb_sessao')!;
      const viaSecond = async () =>
        (
          await second.inject({
            method: 'POST',
            url: '/api/Login/RenovarSessao',
            headers: { authorization: `Bearer ${c.token}`, cookie: `pb_sessao=${cookie}` },
            payload: { perfilAutenticado: { codigoSessao } },
          })
        ).statusCode;
      expect(await viaSecond()).toBe(200); // the second instance now holds a copy
      await c.post('/api/Login/Sair', { perfilAutenticado: { codigoSessao } });
      c.cookies.set('pb_sessao', cookie);
      // This instance: at once.
      expect((await c.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } })).status).toBe(401);
      // The other: still its copy for up to 5 s, then it reads the row again.
      t.clock.advance(4_000);
      expect(await viaSecond()).toBe(200);
      t.clock.advance(1_500);
      expect(await viaSecond()).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('a password change ends every session of the CPF on this instance at once', async () => {
    const c = t.client();
    const { codigoSessao } = await c.login(CPF.roberto);
    expect((await c.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } })).status).toBe(200);
    await t.app.services.sessoes.encerrarTodasDe(CPF.roberto);
    expect((await c.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } })).status).toBe(401);
  });
});
