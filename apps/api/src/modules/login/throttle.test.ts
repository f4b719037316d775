import { cpfFromBase } from '@portal/br';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PgCounterStore } from '../../db/counters';
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

describe('one CPF look-up budget per IP (issue 13, defect 4)', () => {
  /** Every call whose answer tells a member from a non-member, each with a body for `cpf`. */
  const CONSULTAS: [string, (cpf: string) => object][] = [
    ['/api/Login/VerificarCPF', (cpf) => ({ cpf })],
    ['/api/Registro/CriarConta', (cpf) => ({ cpf })],
    ['/api/Registro/CadastrarEmail', (cpf) => ({ cpf, email: 'alguem@exemplo.com.br' })],
    ['/api/Registro/ConfirmarCelular', (cpf) => ({ cpf, tokenSMS: '123456' })],
    ['/api/Registro/CadastrarSenha', (cpf) => ({ cpf, senha: 'uma-senha-longa' })],
    ['/api/Login/RecuperarSenha', (cpf) => ({ cpf, tipoSolicitacao: 'email' })],
    ['/api/Login/ValidarTokenRecuperacao', (cpf) => ({ cpf, token: '123456', tipoSolicitacao: 'email' })],
    [
      '/api/Login/AlterarSenha',
      (cpf) => ({ cpf, token: '123456', senha: 'x1y2z3w4', confirmacaoSenha: 'x1y2z3w4', tipoSolicitacao: 'celular' }),
    ],
  ];

  it('60 distinct CPFs a minute across all those calls, then 429 for every one of them', async () => {
    const c = t.client();
    for (let i = 0; i < 60; i++) {
      const [path, body] = CONSULTAS[i % CONSULTAS.length]!;
      const r = await c.post(path, body(cpfFromBase(String(700000000 + i))));
      expect([path, r.status]).not.toEqual([path, 429]);
    }
    for (const [path, body] of CONSULTAS) {
      const r = await c.post(path, body(cpfFromBase('700000999')));
      expect([path, r.status, r.body]).toEqual([path, 429, muitas('1 minuto', 60)]);
    }
    // ReenviarSmsConfirmacao answers 200 { sucesso: false } (docs/produto/acesso.md, "Calls"), with the same refusal.
    const reenvio = await c.post('/api/Registro/ReenviarSmsConfirmacao', { cpf: cpfFromBase('700000998') });
    expect(reenvio.body).toMatchObject({ sucesso: false, code: 'MUITAS_TENTATIVAS' });
    // Nothing was learnt about the refused CPFs, and nothing was written for any of them.
    expect(await t.db.query("select 1 from contas where cpf like '700%'")).toEqual([]);
    // Another IP is not affected; this one may look up again after the minute.
    expect((await t.client().post('/api/Login/VerificarCPF', { cpf: CPF.maria })).status).toBe(200);
    t.clock.advance(60_000);
    expect((await c.post('/api/Login/VerificarCPF', { cpf: CPF.maria })).status).toBe(200);
  });

  it("a member's own journey counts once: the same CPF again in the minute costs nothing", async () => {
    const c = t.client();
    for (let i = 0; i < 100; i++)
      expect((await c.post('/api/Login/VerificarCPF', { cpf: CPF.maria })).status).toBe(200);
    for (let i = 0; i < 59; i++)
      expect((await c.post('/api/Login/VerificarCPF', { cpf: cpfFromBase(String(710000000 + i)) })).status).toBe(404);
    expect((await c.post('/api/Registro/CriarConta', { cpf: CPF.maria })).status).toBe(409); // counted already
    const r = await c.post('/api/Login/RecuperarSenha', { cpf: cpfFromBase('710000999'), tipoSolicitacao: 'email' });
    expect([r.status, r.body]).toEqual([429, muitas('1 minuto', 60)]);
    // Over budget, even a CPF counted before waits: parallel duplicates of a refused CPF gain nothing.
    expect((await c.post('/api/Login/VerificarCPF', { cpf: CPF.maria })).status).toBe(429);
  });
});

describe('code sends', () => {
  let seq = 0;
  /** A fresh active beneficiary with an e-mail only (registration sends go there). */
  async function pessoa() {
    const n = String(610000000 + seq++);
    const email = `envio.${n}@exemplo.com.br`;
    return { cpf: await t.addBeneficiario(n, { email }), email };
  }
  const cadastrar = (c: ReturnType<TestApp['client']>, p: { cpf: string; email: string }) =>
    c.post('/api/Registro/CadastrarEmail', { cpf: p.cpf, email: p.email });
  const aguarde = (s: number) => {
    const message = 'Aguarde 2 minutos para reenviar o código.';
    return { sucesso: false, code: 'AGUARDE_REENVIO', message, erro: message, aguardarSegundos: s };
  };

  it('parallel sends for one CPF and purpose: one code goes out, the others wait', async () => {
    const p = await pessoa();
    const c = t.client();
    const rs = await Promise.all(Array.from({ length: 8 }, () => cadastrar(c, p)));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    // The others wait: for the 2-minute gap (AGUARDE_REENVIO), or — when more than 5 arrive at
    // once — at the contact check, which takes its slot before comparing so that parallel guesses
    // cannot all pass (issue 13, defect 3; MUITAS_TENTATIVAS). Which one depends on the timing.
    const recusas = rs.filter((r) => r.status === 429).map((r) => (r.body as { code: string }).code);
    expect(recusas).toHaveLength(7);
    for (const code of recusas) expect(['AGUARDE_REENVIO', 'MUITAS_TENTATIVAS']).toContain(code);
    expect(recusas).toContain('AGUARDE_REENVIO');
    expect(await t.db.query('select 1 from outbox where destino = $1', [p.email])).toHaveLength(1);
    const [row] = await t.db.query<{ count: number }>('select count from rate_counters where key = $1', [
      `envio:cpf:${p.cpf}`,
    ]);
    expect(row?.count).toBe(1);
  });

  it('the wait is per purpose: a registration code does not hold back a recovery code, nor the reverse', async () => {
    const p = await pessoa();
    const c = t.client();
    expect((await cadastrar(c, p)).status).toBe(200);
    await c.post('/api/Registro/ConfirmarEmail', { cpf: p.cpf, tokenEmail: await t.lastCode(p.email) });
    expect((await c.post('/api/Registro/CadastrarSenha', { cpf: p.cpf, senha: 'abcdef' })).status).toBe(200);
    // A minute and a half after the registration code, the member forgets the password.
    t.clock.advance(90_000);
    const recuperar = () => c.post('/api/Login/RecuperarSenha', { cpf: p.cpf, tipoSolicitacao: 'email' });
    expect((await recuperar()).status).toBe(200);
    t.clock.advance(40_000);
    const aberto = { codigoEmAberto: { canal: 'email', destino: `env****@exemplo.com.br` } };
    expect((await recuperar()).body).toEqual({ ...aguarde(80), ...aberto });
    // Back to a registration (the password removed): the recovery wait does not hold it back.
    await t.db.query('update contas set senha_hash = null where cpf = $1', [p.cpf]);
    expect((await cadastrar(c, p)).status).toBe(200);
  });

  it('a send refused by the hourly cap per CPF starts no 2-minute wait and is not counted', async () => {
    const p = await pessoa();
    const c = t.client();
    for (let i = 0; i < 5; i++) {
      expect((await cadastrar(c, p)).status).toBe(200);
      t.clock.advance(120_000);
    }
    t.clock.advance(3000_000 - 1000); // one second before the hour of the first send ends
    const r = await cadastrar(c, p);
    expect(r.status).toBe(429);
    expect(r.body).toEqual(muitas('1 segundo', 1));
    const [row] = await t.db.query<{ count: number }>('select count from rate_counters where key = $1', [
      `envio:cpf:${p.cpf}`,
    ]);
    expect(row?.count).toBe(5);
    t.clock.advance(1000);
    // Before, the refused send above had started a wait that would last until well past this point.
    expect((await cadastrar(c, p)).status).toBe(200);
  });

  it('30 sends an hour per IP, whatever the CPFs; a CPF refused there is not held back elsewhere', async () => {
    const ip = t.client();
    for (let i = 0; i < 30; i++) expect((await cadastrar(ip, await pessoa())).status).toBe(200);
    const p = await pessoa();
    for (let i = 0; i < 2; i++) {
      const r = await cadastrar(ip, p);
      expect(r.status).toBe(429);
      expect(r.body).toEqual(muitas('60 minutos', 3600));
    }
    expect(await t.db.query('select 1 from outbox where destino = $1', [p.email])).toEqual([]);
    // The same member on another network: no wait was started, nothing was counted for the CPF.
    expect((await cadastrar(t.client(), p)).status).toBe(200);
    const [row] = await t.db.query<{ count: number }>('select count from rate_counters where key = $1', [
      `envio:cpf:${p.cpf}`,
    ]);
    expect(row?.count).toBe(1);
  });

  it('the wait is shared by every instance through the counter store', async () => {
    // A second instance with its own database but the first one's counters (PostgreSQL here;
    // Redis behaves the same, see lib/counters.test.ts).
    const outra = await startApp({ counters: new PgCounterStore(t.db, t.clock) });
    outra.clock.set(t.clock.now());
    try {
      const body = { cpf: CPF.fernanda, email: 'fer****@exemplo.com.br' };
      expect((await t.client().post('/api/Registro/CadastrarEmail', body)).status).toBe(200);
      const r = await outra.client().post('/api/Registro/CadastrarEmail', body);
      expect(r.status).toBe(429);
      expect(r.body).toEqual(aguarde(120));
    } finally {
      await outra.close();
    }
  });
});
