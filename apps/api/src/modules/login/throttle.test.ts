import { cpfFromBase } from '@portal/br';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CPF, SENHA, startApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const tentar = (c: ReturnType<TestApp['client']>, senha: string) =>
  c.post<Record<string, unknown>>('/api/Login/Autenticar', {
    cpf: CPF.roberto,
    senha,
    codigoPlano: '5210',
    codigoContrato: '310077',
  });

function muitas(espera: string, segundos: number) {
  const message = `Muitas tentativas. Tente novamente em ${espera}.`;
  return { sucesso: false, code: 'MUITAS_TENTATIVAS', message, erro: message, aguardarSegundos: segundos };
}

describe('wrong passwords per CPF', () => {
  it('a burst of parallel wrong passwords is checked one at a time, so every failure counts', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => tentar(t.client(), 'errada')));
    const checked = burst.filter((r) => r.status === 200);
    const refused = burst.filter((r) => r.status === 429);
    expect(checked.length + refused.length).toBe(12);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    // Only the 5 free tries can ever reach the password check, however the burst interleaves.
    expect(checked.length).toBeLessThanOrEqual(5);
    const falhas = await t.db.query('select 1 from audit_log where event = $1 and cpf = $2', [
      'login_falha',
      CPF.roberto,
    ]);
    expect(falhas.length).toBe(checked.length);
    for (const r of checked) expect(r.body).toMatchObject({ sucesso: false, erro: 'Senha incorreta.' });
    await t.db.query('delete from audit_log where cpf = $1', [CPF.roberto]);
  });

  it('5 free, then waits of 30 s, 1, 2, 4, 8 min, then a 15-minute lock at 10', async () => {
    const c = t.client();
    for (let i = 0; i < 5; i++)
      expect((await tentar(c, 'errada')).body).toMatchObject({ sucesso: false, erro: 'Senha incorreta.' });

    const waits: [string, number][] = [
      ['30 segundos', 30],
      ['1 minuto', 60],
      ['2 minutos', 120],
      ['4 minutos', 240],
      ['8 minutos', 480],
    ];
    for (const [espera, s] of waits) {
      // Even the right password waits; another IP too (the counter is the CPF's).
      const r = await tentar(t.client(), SENHA);
      expect(r.status).toBe(429);
      expect(r.body).toEqual(muitas(espera, s));
      expect(r.headers.get('retry-after')).toBe(String(s));
      t.clock.advance((s - 1) * 1000);
      expect((await tentar(c, 'errada')).status).toBe(429);
      t.clock.advance(1000);
      expect((await tentar(c, 'errada')).body).toMatchObject({ sucesso: false, erro: 'Senha incorreta.' });
    }
    // 10 failures: locked for 15 minutes.
    const locked = await tentar(c, SENHA);
    expect(locked.body).toEqual(muitas('15 minutos', 900));
    const blocked = await t.db.query('select 1 from audit_log where event = $1 and cpf = $2', [
      'login_bloqueado',
      CPF.roberto,
    ]);
    expect(blocked.length).toBeGreaterThanOrEqual(6);

    t.clock.advance(900_000);
    expect((await tentar(c, SENHA)).body).toMatchObject({ sucesso: true });
    // Success forgets the streak.
    expect((await tentar(c, 'errada')).body).toMatchObject({ erro: 'Senha incorreta.' });
    expect((await tentar(c, SENHA)).body).toMatchObject({ sucesso: true });
  });

  it('PerfisDaConta counts against the same CPF and is refused while it waits', async () => {
    const c = t.client();
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/Login/PerfisDaConta', { cpf: CPF.roberto, senha: 'x' })).body).toEqual([]);
    const r = await c.post('/api/Login/PerfisDaConta', { cpf: CPF.roberto, senha: SENHA });
    expect(r.status).toBe(429);
    expect(r.body).toEqual(muitas('30 segundos', 30));
  });
});

describe('wrong passwords per IP', () => {
  it('50 an hour from one IP, whatever the CPFs', async () => {
    const c = t.client();
    for (let i = 0; i < 50; i++) {
      const cpf = cpfFromBase(String(700000000 + i));
      expect((await c.post('/api/Login/PerfisDaConta', { cpf, senha: 'x' })).status).toBe(200);
    }
    const r = await c.post('/api/Login/PerfisDaConta', { cpf: CPF.maria, senha: SENHA });
    expect(r.status).toBe(429);
    expect(r.body).toEqual(muitas('60 minutos', 3600));
    // Another IP is not affected.
    expect(
      (await t.client().post<unknown[]>('/api/Login/PerfisDaConta', { cpf: CPF.maria, senha: SENHA })).body,
    ).toHaveLength(2);
    t.clock.advance(3600_000);
    expect((await c.post('/api/Login/PerfisDaConta', { cpf: CPF.maria, senha: SENHA })).status).toBe(200);
  });
});

describe('VerificarCPF per IP', () => {
  it('60 a minute, then 429 until the minute ends', async () => {
    const c = t.client();
    for (let i = 0; i < 60; i++) expect((await c.post('/api/Login/VerificarCPF', { cpf: CPF.maria })).status).toBe(200);
    const r = await c.post('/api/Login/VerificarCPF', { cpf: CPF.maria });
    expect(r.status).toBe(429);
    expect(r.body).toEqual(muitas('1 minuto', 60));
    expect((await t.client().post('/api/Login/VerificarCPF', { cpf: CPF.maria })).status).toBe(200);
    t.clock.advance(60_000);
    expect((await c.post('/api/Login/VerificarCPF', { cpf: CPF.maria })).status).toBe(200);
  });
});
