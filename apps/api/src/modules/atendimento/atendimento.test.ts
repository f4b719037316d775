import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { PapelEquipe } from '@portal/contract';
import { lerPdf } from '../../../../../test/pdf-text';
import {
  appDoArquivo,
  type Client,
  CONTRATO,
  CPF,
  HOJE,
  pedidoDeDependenteDaMaria,
  type Res,
  type TestApp,
} from '../../../test/helper';
import { ChavesDeIntegracao, ChavesRepository } from '../integracao';

// The staff console's API (issue 17 "Staff console", decision 0033), over real HTTP on PGlite:
// password + TOTP (codes computed with otpauth, as an authenticator app does), sessions apart from
// the members', roles, the audit trail, and answers through the same service as the integration API.

let t: TestApp;
appDoArquivo((app) => (t = app));

const BASE = '/api/atendimento';
/** The console's calls: its CSRF header, and no app token (the console never needs one). */
const H = { headers: { 'x-portal-equipe': '1' }, auth: false } as const;

interface Conta {
  id: string;
  email: string;
  nome: string;
  senha: string;
  segredo: string;
}

let n = 0;
async function novaConta(papel: PapelEquipe, nome = `Pessoa da Equipe ${n + 1}`): Promise<Conta> {
  n++;
  const email = `equipe${n}.${papel}@operadora.exemplo`;
  const r = await t.app.services.equipe.criarConta({ email, nome, papel });
  if (!r) throw new Error('account not created');
  return { id: r.conta.id, email, nome, senha: r.senha, segredo: r.segredo };
}

/** The code an authenticator app shows at `quando` (the test clock by default). */
const codigo = (segredo: string, quando = t.clock.now()) =>
  new TOTP({ secret: Secret.fromBase32(segredo), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: quando,
  });

const entrar = (c: Client, email: string, senha: string) =>
  c.post<Record<string, unknown>>(`${BASE}/entrar`, { email, senha }, H);
const totp = (c: Client, cod: string) => c.post<Record<string, unknown>>(`${BASE}/totp`, { codigo: cod }, H);
const definirSenha = (c: Client, senha: string) => c.post<Record<string, unknown>>(`${BASE}/senha`, { senha }, H);
/** The password a person chooses in place of the CLI's one-time one (one for every test account). */
const SENHA_PROPRIA = 'cavalo correto bateria grampo';

/**
 * A browser signed in as `conta` (each sign-in in a new 30 s step: a code is never accepted twice);
 * the first time, the person also replaces the one-time password, which `conta.senha` then holds.
 */
async function logado(conta: Conta): Promise<Client> {
  const c = t.client();
  t.clock.advance(30_000);
  const r = await entrar(c, conta.email, conta.senha);
  expect(r.status).toBe(200);
  const s = await totp(c, codigo(conta.segredo));
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  if (s.body.etapa === 'trocar-senha') {
    const d = await definirSenha(c, SENHA_PROPRIA);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    conta.senha = SENHA_PROPRIA;
  }
  return c;
}

const get = <T = Record<string, unknown>>(c: Client, path: string) => c.get<T>(`${BASE}${path}`, H);
const post = <T = Record<string, unknown>>(c: Client, path: string, body: unknown = {}) =>
  c.post<T>(`${BASE}${path}`, body, H);

describe('sign-in: password, then TOTP', () => {
  it('enrols the authenticator on the first sign-in, then asks only for the code; the cookie is the console’s own', async () => {
    const conta = await novaConta('atendente', 'Ana Atendente');
    const c = t.client();
    const r = await entrar(c, conta.email.toUpperCase(), conta.senha);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ etapa: 'cadastrar-totp', segredo: conta.segredo });
    expect(String(r.body.otpauthUri)).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(String(r.body.otpauthUri)).toContain('algorithm=SHA1&digits=6&period=30');
    expect(r.headers.getSetCookie().join('\n')).toMatch(
      /pb_equipe_pre=.+Path=\/api\/atendimento.*HttpOnly.*SameSite=Strict/,
    );

    // The code is right, but the password is still the CLI's one-time one: no session before the
    // person chooses their own (same pre-auth step, no second code).
    const passo = await totp(c, codigo(conta.segredo));
    expect(passo.status).toBe(200);
    expect(passo.body).toEqual({ etapa: 'trocar-senha' });
    expect(passo.headers.getSetCookie().some((x) => x.startsWith('pb_equipe='))).toBe(false);
    expect((await get(c, '/eu')).status).toBe(401);
    const s = await definirSenha(c, SENHA_PROPRIA);
    expect(s.status).toBe(200);
    conta.senha = SENHA_PROPRIA;
    expect(s.body).toEqual({
      conta: { id: conta.id, nome: 'Ana Atendente', email: conta.email, papel: 'atendente' },
      expiraEm: new Date(t.clock.now() + 15 * 60_000).toISOString(),
    });
    const cookie = s.headers.getSetCookie().find((x) => x.startsWith('pb_equipe='));
    expect(cookie).toMatch(/Path=\/api\/atendimento/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(c.cookies.has('pb_equipe_pre')).toBe(false);
    const [sessao] = await t.db.query<{ token_hash: string }>(
      'select token_hash from equipe_sessoes where conta_id = $1',
      [conta.id],
    );
    expect(sessao?.token_hash).not.toBe(c.cookies.get('pb_equipe')); // stored hashed

    const eu = await get(c, '/eu');
    expect(eu.status).toBe(200);
    expect(eu.body).toMatchObject({ conta: { email: conta.email, papel: 'atendente' } });

    // Enrolled: the next sign-in asks for the code only, and shows no secret.
    t.clock.advance(30_000);
    const outra = t.client();
    const r2 = await entrar(outra, conta.email, conta.senha);
    expect(r2.body).toEqual({ etapa: 'totp' });
    expect((await totp(outra, codigo(conta.segredo))).status).toBe(200);

    const sair = await post(c, '/sair');
    expect(sair.status).toBe(204);
    expect((await get(c, '/eu')).status).toBe(401);
    expect((await get(outra, '/eu')).status).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 text, and a wrong code with its own', async () => {
    const conta = await novaConta('atendente');
    const c = t.client();
    const errada = await entrar(c, conta.email, 'senha-errada-123');
    const desconhecido = await entrar(c, 'ninguem@operadora.exemplo', conta.senha);
    for (const r of [errada, desconhecido]) {
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'CREDENCIAL_INVALIDA', message: 'E-mail ou senha inválidos.' });
    }
    expect(c.cookies.has('pb_equipe_pre')).toBe(false);

    expect((await entrar(c, conta.email, conta.senha)).status).toBe(200);
    const certo = codigo(conta.segredo);
    const errado = String((Number(certo) + 1) % 1_000_000).padStart(6, '0');
    const r = await totp(c, errado);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'CODIGO_INVALIDO', message: 'Código inválido.' });
    expect(c.cookies.has('pb_equipe')).toBe(false);
    // Without the password step there is nothing to confirm.
    const semPre = await totp(t.client(), certo);
    expect(semPre.status).toBe(401);
  });

  it('ends the code step after 5 wrong codes', async () => {
    const conta = await novaConta('atendente');
    const c = t.client();
    await entrar(c, conta.email, conta.senha);
    for (let i = 0; i < 5; i++) expect((await totp(c, '000000')).status).toBe(401);
    const r = await totp(c, codigo(conta.segredo));
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
  });

  it('refuses a code already used in its 30 s step (replay), and accepts the next step’s', async () => {
    const conta = await novaConta('atendente');
    await logado(conta);
    const usado = codigo(conta.segredo);
    const c = t.client();
    expect((await entrar(c, conta.email, conta.senha)).status).toBe(200);
    const r = await totp(c, usado);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ message: 'Código inválido.' });
    t.clock.advance(30_000);
    expect((await totp(c, codigo(conta.segredo))).status).toBe(200);
  });

  it('5 wrong passwords stop that client for 15 minutes (even the right one), never the account', async () => {
    const conta = await novaConta('supervisor');
    await logado(conta);
    const c = t.client();
    for (let i = 1; i <= 5; i++) expect((await entrar(c, conta.email, `errada-${i}-xyz`)).status).toBe(401);
    const sexta = await entrar(c, conta.email, conta.senha);
    expect(sexta.status).toBe(429);
    expect(sexta.body).toMatchObject({
      code: 'MUITAS_TENTATIVAS',
      message: 'Muitas tentativas. Tente novamente em 15 minutos.',
      aguardarSegundos: 900,
    });
    expect(sexta.headers.get('retry-after')).toBe('900');
    // Tries while waiting neither count nor push the wait.
    t.clock.advance(10 * 60_000);
    expect((await entrar(c, conta.email, 'errada-6-xyz')).body).toMatchObject({ aguardarSegundos: 300 });
    // Another client is not stopped, and the account is not locked.
    expect((await entrar(t.client(), conta.email, conta.senha)).body).toEqual({ etapa: 'totp' });
    t.clock.advance(5 * 60_000 + 1000);
    expect((await entrar(c, conta.email, conta.senha)).body).toEqual({ etapa: 'totp' });
    const [linha] = await t.db.query<{ tentativas: number; bloqueada_ate: Date | null }>(
      'select tentativas, bloqueada_ate from equipe_contas where id = $1',
      [conta.id],
    );
    expect(linha).toEqual({ tentativas: 0, bloqueada_ate: null });
  });

  it('parallel wrong passwords from one client get no more than 5 tries', async () => {
    const conta = await novaConta('atendente');
    const c = t.client();
    const rs = await Promise.all(Array.from({ length: 15 }, (_, i) => entrar(c, conta.email, `paralela-${i}-xyz`)));
    expect(rs.filter((r) => r.status === 401)).toHaveLength(5);
    expect(rs.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it('throttles wrong tries per e-mail, known or not (429 before the password is even checked)', async () => {
    const c = t.client();
    for (let i = 0; i < 20; i++) {
      // From many addresses: the budget is the e-mail's.
      const r = await entrar(t.client(), 'alvo@operadora.exemplo', `errada-${i}-xyz`);
      expect(r.status).toBe(401);
    }
    const r = await entrar(c, 'alvo@operadora.exemplo', 'qualquer-uma');
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 'MUITAS_TENTATIVAS' });
  });

  it('a known e-mail and an unknown one get byte-identical answers, try after try', async () => {
    const conta = await novaConta('administrador');
    await logado(conta);
    /** Every answer of a guessing run against `email`: one client 7 times, then 20 clients once each, then the right password. */
    const rodada = async (email: string) => {
      const respostas: string[] = [];
      const anotar = (r: Res<unknown>) =>
        respostas.push(`${r.status} retry-after=${r.headers.get('retry-after')} ${r.text}`);
      const um = t.client();
      for (let i = 0; i < 7; i++) anotar(await entrar(um, email, `chute-${i}-xyz`));
      for (let i = 0; i < 20; i++) anotar(await entrar(t.client(), email, `chute-${i}-abc`));
      anotar(await entrar(t.client(), email, conta.senha));
      return respostas;
    };
    const inicio = t.clock.now();
    const conhecida = await rodada(conta.email);
    t.clock.set(inicio);
    const desconhecida = await rodada('ninguem.aqui@operadora.exemplo');
    expect(desconhecida).toEqual(conhecida);
    expect(conhecida.map((r) => r.slice(0, 3))).toEqual([
      ...Array<string>(5).fill('401'),
      '429',
      '429',
      ...Array<string>(15).fill('401'),
      ...Array<string>(6).fill('429'),
    ]);
    // The trail has every wrong password checked (not the tries a limit refused), the unknown ones
    // with the e-mail that was typed.
    const [desconhecidas] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from equipe_auditoria where conta_id is null and detalhe->>'email' = $1`,
      ['ninguem.aqui@operadora.exemplo'],
    );
    expect(desconhecidas?.n).toBe(20);
  });

  it('strangers’ wrong passwords never keep the real person’s known device out; that device has its own, slower pace', async () => {
    const conta = await novaConta('atendente');
    const real = await logado(conta); // password + code: this browser is now a known device of the account
    expect(real.cookies.get('pb_equipe_dispositivo')).toMatch(/^v1\./);

    // 25 wrong passwords from strangers spend the account's budget for strangers (20 an hour)…
    for (let i = 0; i < 25; i++) await entrar(t.client(), conta.email, `ataque-${i}-xyz`);
    const estranho = await entrar(t.client(), conta.email, conta.senha);
    expect(estranho.status).toBe(429);
    // …a browser holding another account's device cookie is a stranger here too…
    const outraConta = await novaConta('atendente');
    const outro = await logado(outraConta);
    expect((await entrar(outro, conta.email, conta.senha)).status).toBe(429);
    // …and one with a forged cookie.
    const forjado = t.client();
    forjado.cookies.set('pb_equipe_dispositivo', `v1.${conta.id}.abc.9999999999.${'0'.repeat(64)}`);
    expect((await entrar(forjado, conta.email, conta.senha)).status).toBe(429);

    // The known device signs in: password, then code.
    t.clock.advance(30_000);
    expect((await entrar(real, conta.email, conta.senha)).body).toEqual({ etapa: 'totp' });
    expect((await totp(real, codigo(conta.segredo))).status).toBe(200);

    // Its own mistakes: 5 free, then waits that grow (30 s, 60 s, …) — slowed, never locked.
    for (let i = 1; i <= 5; i++) expect((await entrar(real, conta.email, `engano-${i}-xyz`)).status).toBe(401);
    const espera = await entrar(real, conta.email, conta.senha);
    expect(espera.status).toBe(429);
    expect(espera.headers.get('retry-after')).toBe('30');
    t.clock.advance(30_000);
    expect((await entrar(real, conta.email, 'engano-6-xyz')).status).toBe(401);
    expect((await entrar(real, conta.email, conta.senha)).headers.get('retry-after')).toBe('60');
    t.clock.advance(60_000);
    expect((await entrar(real, conta.email, conta.senha)).body).toEqual({ etapa: 'totp' });
    t.clock.advance(30_000);
    expect((await totp(real, codigo(conta.segredo))).status).toBe(200);
    // The sign-in forgot the device's mistakes.
    for (let i = 1; i <= 5; i++) expect((await entrar(real, conta.email, `de-novo-${i}-xyz`)).status).toBe(401);
  });

  it('the known-device cookie: HttpOnly, SameSite=Strict, only for /api/atendimento, kept at sign-out', async () => {
    const conta = await novaConta('atendente');
    const c = t.client();
    t.clock.advance(30_000);
    await entrar(c, conta.email, conta.senha);
    await totp(c, codigo(conta.segredo));
    const s = await definirSenha(c, SENHA_PROPRIA);
    conta.senha = SENHA_PROPRIA;
    const cookie = s.headers.getSetCookie().find((x) => x.startsWith('pb_equipe_dispositivo='));
    expect(cookie).toMatch(/Max-Age=7776000/);
    expect(cookie).toMatch(/Path=\/api\/atendimento/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    // The password step alone gives none.
    const d = t.client();
    const r = await entrar(d, conta.email, conta.senha);
    expect(r.headers.getSetCookie().some((x) => x.startsWith('pb_equipe_dispositivo='))).toBe(false);
    expect((await post(c, '/sair')).status).toBe(204);
    expect(c.cookies.has('pb_equipe_dispositivo')).toBe(true);
  });

  it('needs the x-portal-equipe header on every state-changing call (CSRF guard)', async () => {
    const conta = await novaConta('atendente');
    const c = t.client();
    const r = await c.post(`${BASE}/entrar`, { email: conta.email, senha: conta.senha }, { auth: false });
    expect(r.status).toBe(403);
    expect(c.cookies.has('pb_equipe_pre')).toBe(false);
    const logada = await logado(conta);
    expect((await logada.post(`${BASE}/sair`, {}, { auth: false })).status).toBe(403);
    expect((await get(logada, '/eu')).status).toBe(200);
  });
});

describe('the one-time password opens only the step that replaces it', () => {
  it('refuses a short, common, one-time or e-mail-like password; the step needs its code and works once', async () => {
    const conta = await novaConta('supervisor', 'Sara Supervisora');
    const c = t.client();
    t.clock.advance(30_000);
    await entrar(c, conta.email, conta.senha);
    // Straight from the password to /senha, skipping the code: refused, and the step is gone.
    const pulou = await definirSenha(c, 'uma senha longa o bastante');
    expect(pulou.status).toBe(401);
    expect(pulou.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
    expect((await totp(c, codigo(conta.segredo))).status).toBe(401);

    t.clock.advance(30_000);
    const d = t.client();
    await entrar(d, conta.email, conta.senha);
    expect((await totp(d, codigo(conta.segredo))).body).toEqual({ etapa: 'trocar-senha' });
    const recusas: [string, string][] = [
      ['', 'Informe a nova senha.'],
      ['curta123', 'A senha deve ter pelo menos 12 caracteres.'],
      ['password1234', 'Esta senha é muito comum e fácil de adivinhar. Escolha uma senha diferente.'],
      [`x${conta.email.split('@')[0]}x`, 'A senha não pode conter o seu e-mail.'],
      [conta.senha, 'Escolha uma senha diferente da provisória.'],
    ];
    for (const [senha, mensagem] of recusas) {
      const r = await definirSenha(d, senha);
      expect(r.status, senha).toBe(400);
      expect(r.body).toMatchObject({ message: mensagem });
    }
    // Refusals do not end the step: the right one opens the session; the step cannot be used again.
    const ok = await definirSenha(d, SENHA_PROPRIA);
    expect(ok.status).toBe(200);
    expect((await get(d, '/eu')).status).toBe(200);
    expect((await definirSenha(d, 'outra senha qualquer aqui')).status).toBe(401);
    const [linha] = await t.db.query<{ senha_provisoria: boolean }>(
      'select senha_provisoria from equipe_contas where id = $1',
      [conta.id],
    );
    expect(linha?.senha_provisoria).toBe(false);
    const eventos = await t.db.query<{ evento: string }>(
      `select evento from equipe_auditoria where conta_id = $1 and evento in
         ('equipe_codigo_aceito', 'equipe_definiu_senha', 'equipe_entrou') order by id`,
      [conta.id],
    );
    expect(eventos.map((e) => e.evento)).toEqual(['equipe_codigo_aceito', 'equipe_definiu_senha', 'equipe_entrou']);

    // The one-time password no longer opens anything; the new one asks for the code only.
    t.clock.advance(30_000);
    expect((await entrar(t.client(), conta.email, conta.senha)).status).toBe(401);
    const e = t.client();
    expect((await entrar(e, conta.email, SENHA_PROPRIA)).body).toEqual({ etapa: 'totp' });
    expect((await totp(e, codigo(conta.segredo))).body).toMatchObject({ conta: { id: conta.id } });
  });

  it('redefinir makes the password a one-time one again: the step comes back', async () => {
    const conta = await novaConta('atendente');
    await logado(conta);
    const nova = await t.app.services.equipe.redefinir(conta.email);
    const c = t.client();
    t.clock.advance(30_000);
    expect((await entrar(c, conta.email, nova!.senha)).body).toMatchObject({ etapa: 'cadastrar-totp' });
    expect((await totp(c, codigo(nova!.segredo))).body).toEqual({ etapa: 'trocar-senha' });
    expect((await get(c, '/eu')).status).toBe(401);
  });
});

describe('a signed-in person changes their own password', () => {
  const trocar = (c: Client, corpo: Record<string, unknown>) => post(c, '/minha-senha', corpo);
  const NOVA = 'outra frase bem comprida agora';

  it('needs the current password and a fresh code; ends the other sessions, keeps this one', async () => {
    const conta = await novaConta('atendente');
    const outra = await logado(conta);
    const c = await logado(conta);
    t.clock.advance(30_000);
    const recusas: [Record<string, unknown>, string][] = [
      [{ senhaAtual: '', novaSenha: NOVA, codigo: codigo(conta.segredo) }, 'Informe a senha atual.'],
      [{ senhaAtual: conta.senha, novaSenha: NOVA, codigo: '12' }, 'O código deve ter 6 dígitos.'],
      [{ senhaAtual: 'nao e esta senha', novaSenha: NOVA, codigo: codigo(conta.segredo) }, 'Senha atual incorreta.'],
      [{ senhaAtual: conta.senha, novaSenha: NOVA, codigo: '000000' }, 'Código inválido.'],
      [
        { senhaAtual: conta.senha, novaSenha: 'curta123', codigo: codigo(conta.segredo) },
        'A senha deve ter pelo menos 12 caracteres.',
      ],
    ];
    for (const [corpo, mensagem] of recusas) {
      const r = await trocar(c, corpo);
      expect(r.status, mensagem).toBe(400);
      expect(r.body).toMatchObject({ message: mensagem });
    }
    // The code of the last refusal was accepted (the step is taken): the same code again is a replay.
    const repetido = await trocar(c, { senhaAtual: conta.senha, novaSenha: NOVA, codigo: codigo(conta.segredo) });
    expect(repetido.body).toMatchObject({ message: 'Código inválido.' });
    t.clock.advance(30_000);
    const igual = await trocar(c, { senhaAtual: conta.senha, novaSenha: conta.senha, codigo: codigo(conta.segredo) });
    expect(igual.body).toMatchObject({ message: 'Escolha uma senha diferente da atual.' });
    t.clock.advance(30_000);
    const ok = await trocar(c, { senhaAtual: conta.senha, novaSenha: NOVA, codigo: codigo(conta.segredo) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(204);
    expect((await get(c, '/eu')).status).toBe(200);
    expect((await get(outra, '/eu')).status).toBe(401);

    t.clock.advance(30_000);
    expect((await entrar(t.client(), conta.email, conta.senha)).status).toBe(401);
    expect((await entrar(t.client(), conta.email, NOVA)).body).toEqual({ etapa: 'totp' });
    const eventos = await t.db.query<{ evento: string; detalhe: Record<string, unknown> }>(
      `select evento, detalhe from equipe_auditoria where conta_id = $1 and evento like 'equipe_tro%' order by id`,
      [conta.id],
    );
    expect(eventos.map((e) => e.evento)).toEqual([
      'equipe_troca_de_senha_recusada',
      'equipe_troca_de_senha_recusada',
      'equipe_troca_de_senha_recusada',
      'equipe_trocou_senha',
    ]);
    expect(eventos.at(-1)?.detalhe).toEqual({ outrasSessoesEncerradas: 1 });
  });

  it('5 wrong current passwords lock the account and end every session; no session, no change', async () => {
    const conta = await novaConta('supervisor');
    const c = await logado(conta);
    expect(
      (await t.client().post(`${BASE}/minha-senha`, { senhaAtual: conta.senha, novaSenha: NOVA, codigo: '123456' }, H))
        .status,
    ).toBe(401);
    for (let i = 1; i <= 4; i++) {
      const r = await trocar(c, { senhaAtual: `errada-${i}-xyz`, novaSenha: NOVA, codigo: codigo(conta.segredo) });
      expect(r.status).toBe(400);
    }
    const quinta = await trocar(c, { senhaAtual: 'errada-5-xyz', novaSenha: NOVA, codigo: codigo(conta.segredo) });
    expect(quinta.status).toBe(423);
    expect(quinta.body).toMatchObject({ code: 'CONTA_BLOQUEADA' });
    expect((await get(c, '/eu')).status).toBe(401);
    expect((await entrar(t.client(), conta.email, conta.senha)).status).toBe(423);
  });
});

describe('no confirmed TOTP, no member data', () => {
  it('a password alone opens nothing; redefinir ends the sessions and asks for a new enrolment', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const conta = await novaConta('administrador');
    const c = t.client();
    expect((await entrar(c, conta.email, conta.senha)).body).toMatchObject({ etapa: 'cadastrar-totp' });
    for (const path of ['/eu', '/protocolos', `/protocolos/${numero}`, '/auditoria', '/contas']) {
      const r = await get(c, path);
      expect(r.status, path).toBe(401);
      expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
    }
    const leituras = await t.db.query(
      `select 1 from equipe_auditoria where conta_id = $1 and evento like 'equipe_leu%'`,
      [conta.id],
    );
    expect(leituras).toHaveLength(0);

    const logada = await logado(conta);
    const lido = await get<{ pedido: { rotulo: string; valor: string }[] }>(logada, `/protocolos/${numero}`);
    expect(lido.status).toBe(200);
    // The request's own state in words, as the member reads it.
    expect(lido.body.pedido).toContainEqual({ rotulo: 'Situação do pedido', valor: 'Em análise' });
    const nova = await t.app.services.equipe.redefinir(conta.email);
    expect(nova?.segredo).not.toBe(conta.segredo);
    expect((await get(logada, `/protocolos/${numero}`)).status).toBe(401);
    // The old password no longer works; the new one asks for the new authenticator.
    expect((await entrar(t.client(), conta.email, conta.senha)).status).toBe(401);
    expect((await entrar(t.client(), conta.email, nova!.senha)).body).toMatchObject({ etapa: 'cadastrar-totp' });
  });
});

describe('the staff session', () => {
  it('ends after 15 idle minutes; each call restarts the idle clock; 10 h at most', async () => {
    const conta = await novaConta('atendente');
    const c = await logado(conta);
    t.clock.advance(14 * 60_000);
    const eu = await get<{ expiraEm: string }>(c, '/eu');
    expect(eu.status).toBe(200);
    expect(eu.body.expiraEm).toBe(new Date(t.clock.now() + 15 * 60_000).toISOString());
    t.clock.advance(15 * 60_000 + 1);
    const r = await get(c, '/eu');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });

    const d = await logado(conta);
    const inicio = t.clock.now();
    while (t.clock.now() + 14 * 60_000 < inicio + 10 * 3600_000) {
      t.clock.advance(14 * 60_000);
      expect((await get(d, '/eu')).status).toBe(200);
    }
    t.clock.set(inicio + 10 * 3600_000);
    expect((await get(d, '/eu')).status).toBe(401);
  });

  it('a member session never opens /api/atendimento, nor an integration key; the staff cookie never opens member routes', async () => {
    const doc = (
      await t.client().get<{ paths: Record<string, Record<string, { tags?: string[] }>> }>('/api/openapi.json', {
        auth: false,
      })
    ).body;
    const rotas = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags?.includes('atendimento'))
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(rotas.length).toBeGreaterThanOrEqual(15);
    expect(rotas.every((r) => r.path.startsWith('/api/atendimento/'))).toBe(true);

    const { c: membro } = await t.membro(CPF.maria, CONTRATO.maria);
    const { chave } = await new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock }).criar({
      nome: 'Sistema da operadora',
      escopos: ['protocolos', 'leitura', 'importar'],
    });
    const comChave = t.client();
    for (const r of rotas) {
      if ([`${BASE}/entrar`, `${BASE}/totp`, `${BASE}/senha`].includes(r.path)) continue;
      const path = r.path
        .replace('{numero}', '20260310000000000001')
        .replace('{id}', r.path.includes('mensagens') ? 'msg_x' : '1');
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const m = await membro.request(r.method, path, body, { headers: { 'x-portal-equipe': '1' } });
      expect(m.status, `member: ${r.method} ${path}`).toBe(401);
      const k = await comChave.request(r.method, path, body, {
        auth: false,
        headers: { 'x-portal-equipe': '1', authorization: `Bearer ${chave}` },
      });
      expect(k.status, `key: ${r.method} ${path}`).toBe(401);
    }

    // The staff cookie, sent to a member route (as pb_equipe, or passed off as pb_sessao), opens nothing.
    const staff = await logado(await novaConta('administrador'));
    const valor = staff.cookies.get('pb_equipe')!;
    const { perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    for (const cookie of [`pb_equipe=${valor}`, `pb_sessao=${valor}`]) {
      const r = await staff.post('/api/Protocolos/Listar', { perfilAutenticado: perfil }, { headers: { cookie } });
      expect(r.status, cookie).toBe(401);
      expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
    }
  });
});

describe('roles', () => {
  it('an atendente gets 403 on replay, the audit trail, imports, deliveries, accounts and new templates', async () => {
    const c = await logado(await novaConta('atendente'));
    for (const [metodo, path] of [
      ['POST', '/webhooks/mensagens/msg_qualquer/reenviar'],
      ['GET', '/auditoria'],
      ['GET', '/importacoes'],
      ['GET', '/webhooks/entregas'],
      ['GET', '/contas'],
      ['POST', '/modelos-de-resposta'],
      ['DELETE', '/modelos-de-resposta/1'],
    ] as const) {
      const r = await c.request(
        metodo,
        `${BASE}${path}`,
        metodo === 'POST' ? { titulo: 'x', texto: 'y' } : undefined,
        H,
      );
      expect(r.status, `${metodo} ${path}`).toBe(403);
      expect(r.body, path).toMatchObject({ code: 'SEM_PERMISSAO', message: 'Seu perfil não permite esta ação.' });
    }
    expect((await get(c, '/modelos-de-resposta')).status).toBe(200);
  });

  it('a supervisor replays a webhook message and sees deliveries and imports, but not the audit trail', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const ep = await t.app.services.webhooks.criarEndpoint({
      url: 'http://127.0.0.1:9/webhooks',
      eventos: ['protocolo.criado'],
    });
    const numero2 = await pedidoDeDependenteDaMaria(t);
    const c = await logado(await novaConta('supervisor'));
    const entregas = await get<{ entregas: { mensagemId: string; endpointId: string; tipo: string }[] }>(
      c,
      '/webhooks/entregas?situacao=pendente&limite=10',
    );
    expect(entregas.status).toBe(200);
    const minha = entregas.body.entregas.find((e) => e.endpointId === ep.id);
    expect(minha).toMatchObject({ tipo: 'protocolo.criado' });
    const r = await post<{ reenviadas: number }>(c, `/webhooks/mensagens/${minha!.mensagemId}/reenviar`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ reenviadas: 1 });
    expect((await post(c, '/webhooks/mensagens/msg_naoexiste/reenviar')).status).toBe(404);
    expect((await get(c, '/importacoes')).status).toBe(200);
    expect((await get(c, '/auditoria')).status).toBe(403);
    await t.app.services.webhooks.desativar(ep.id);
    expect(numero).not.toBe(numero2);
  });

  it('an administrador reads the import history (a refused file counts its errors)', async () => {
    const { importar } = await import('../importacao');
    const { Readable } = await import('node:stream');
    const rel = await importar(t.db, Readable.from(['coluna_errada\nx\n']), {
      entidade: 'produtos',
      formato: 'csv',
      modo: 'incremental',
      dryRun: true,
      origem: 'cli',
    });
    const c = await logado(await novaConta('administrador'));
    const r = await get<{ importacoes: { id: string; status: string; totalErros: number; origem: string }[] }>(
      c,
      '/importacoes?limite=5',
    );
    expect(r.status).toBe(200);
    expect(r.body.importacoes[0]).toMatchObject({ id: rel.id, status: rel.status, origem: 'cli' });
    expect(r.body.importacoes[0]!.totalErros).toBe(rel.erros.length + rel.errosOmitidos);
    expect((await get(c, '/importacoes?antes=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('an import refused for the bound of a completo file shows its count to confirm and why (issue 30)', async () => {
    const { importar } = await import('../importacao');
    const { Readable } = await import('node:stream');
    const { readFileSync } = await import('node:fs');
    const { DADOS_DEMO_DIR } = await import('../../seed/arquivos');
    // The demo's members file cut to one active member: 8 of the 9 others would be cancelled.
    const [cab, ...linhas] = readFileSync(`${DADOS_DEMO_DIR}/03-beneficiarios.csv`, 'utf8').split('\n');
    const texto = [cab, linhas.find((l) => l.startsWith('1100234001;'))].join('\n') + '\n';
    const rel = await importar(t.db, Readable.from([texto]), {
      entidade: 'beneficiarios',
      formato: 'csv',
      modo: 'completo',
      dryRun: false,
      origem: 'api',
    });
    const c = await logado(await novaConta('supervisor'));
    const r = await get<{ importacoes: Record<string, unknown>[] }>(c, '/importacoes?limite=5');
    expect(r.body.importacoes[0]).toMatchObject({
      id: rel.id,
      status: 'recusado',
      inativados: 8,
      confirmacaoExigida: 8,
      primeiroErro: expect.stringMatching(/^Este arquivo cancelaria 8 de 9 beneficiários ativos \(89 %\)/),
      desfeitaEm: null,
      restaurados: null,
    });
  });

  it('answer templates: a supervisor creates and deletes, everyone lists', async () => {
    const sup = await logado(await novaConta('supervisor'));
    const criado = await post<{ id: string; titulo: string }>(sup, '/modelos-de-resposta', {
      titulo: 'Inclusão aprovada',
      texto: 'Sua solicitação de inclusão foi aprovada.',
    });
    expect(criado.status).toBe(201);
    const at = await logado(await novaConta('atendente'));
    const lista = await get<{ modelos: { id: string }[] }>(at, '/modelos-de-resposta');
    expect(lista.body.modelos.map((m) => m.id)).toContain(criado.body.id);
    const del = await sup.request('DELETE', `${BASE}/modelos-de-resposta/${criado.body.id}`, undefined, H);
    expect(del.status).toBe(204);
    expect((await sup.request('DELETE', `${BASE}/modelos-de-resposta/${criado.body.id}`, undefined, H)).status).toBe(
      404,
    );
    expect((await post(sup, '/modelos-de-resposta', { titulo: '', texto: 'x' })).status).toBe(400);
  });
});

interface Detalhe {
  protocolo: string;
  situacao: string;
  resposta: string | null;
  respondidoPor: string | null;
  decisao: string | null;
  historico: { situacao: string; descricao: string }[];
  contexto: {
    contrato: { codigo: string; plano: string };
    beneficiarios: { nome: string; cpf: string }[];
    protocolosAnteriores: { protocolo: string }[];
  };
}

describe('the queue and one protocol', () => {
  it('lists the overdue first with the counts; every read is in the trail an administrador sees', async () => {
    t.clock.set(HOJE - 40 * 86_400_000);
    const atrasado = await pedidoDeDependenteDaMaria(t);
    t.clock.set(HOJE);
    const atendente = await novaConta('atendente', 'Bruno Atendente');
    const c = await logado(atendente);
    const fila = await get<{
      itens: {
        protocolo: string;
        atrasado: boolean;
        venceHoje: boolean;
        beneficiario: string;
        prazoResposta: string;
      }[];
      totais: { abertos: number; atrasados: number; vencemHoje: number };
      proximoCursor: string | null;
    }>(c, '/protocolos?situacao=abertos&tipo=&limite=2');
    expect(fila.status).toBe(200);
    expect(fila.body.itens[0]).toMatchObject({ protocolo: atrasado, atrasado: true, venceHoje: false });
    expect(fila.body.itens).toHaveLength(2);
    expect(fila.body.proximoCursor).not.toBeNull();
    expect(fila.body.totais.atrasados).toBeGreaterThanOrEqual(1);
    expect(fila.body.totais.abertos).toBeGreaterThanOrEqual(fila.body.totais.atrasados);
    const seguinte = await get<{ itens: { prazoResposta: string }[] }>(
      c,
      `/protocolos?limite=2&cursor=${fila.body.proximoCursor}`,
    );
    expect(seguinte.status).toBe(200);
    expect(seguinte.body.itens[0]!.prazoResposta >= fila.body.itens[1]!.prazoResposta).toBe(true);
    const busca = await get<{ itens: { protocolo: string }[] }>(c, `/protocolos?busca=${atrasado}`);
    expect(busca.body.itens.map((i) => i.protocolo)).toEqual([atrasado]);

    const det = await get<Detalhe>(c, `/protocolos/${atrasado}`);
    expect(det.status).toBe(200);
    expect(det.body).toMatchObject({ protocolo: atrasado, situacao: 'ABERTO', decisao: 'aceite' });
    expect(det.body.contexto.contrato.codigo).toBe(CONTRATO.maria);
    expect(det.body.contexto.beneficiarios.length).toBeGreaterThan(0);
    expect(det.body.contexto.beneficiarios.every((b) => /^\*\*\*\.\d{3}\.\d{3}-\*\*$/.test(b.cpf))).toBe(true);
    expect(JSON.stringify(det.body)).not.toContain(CPF.maria);

    const admin = await logado(await novaConta('administrador'));
    const trilha = await get<{
      registros: {
        evento: string;
        contaId: string;
        contaNome: string;
        protocolo: string;
        codigoContrato: string;
        ip: string;
      }[];
    }>(admin, `/auditoria?conta=${atendente.id}`);
    expect(trilha.status).toBe(200);
    const leituras = trilha.body.registros.filter((r) => r.evento === 'equipe_leu_protocolo');
    expect(leituras).toEqual([
      expect.objectContaining({
        contaId: atendente.id,
        contaNome: 'Bruno Atendente',
        protocolo: atrasado,
        codigoContrato: CONTRATO.maria,
        ip: c.ip,
      }),
    ]);
    expect(trilha.body.registros.filter((r) => r.evento === 'equipe_leu_fila').length).toBe(3);
    expect(trilha.body.registros.every((r) => r.contaId === atendente.id)).toBe(true);

    // A second read is a second row.
    await get(c, `/protocolos/${atrasado}`);
    const depois = await get<{ registros: { evento: string }[] }>(admin, `/auditoria?conta=${atendente.id}`);
    expect(depois.body.registros.filter((r) => r.evento === 'equipe_leu_protocolo')).toHaveLength(2);

    const contas = await get<{ contas: { id: string; totpConfirmado: boolean }[] }>(admin, '/contas');
    expect(contas.body.contas.find((x) => x.id === atendente.id)).toMatchObject({ totpConfirmado: true });
  });
});

describe('acting on a protocol', () => {
  const avisos = async (numero: string) =>
    (
      await t.db.query<{ n: number }>(
        `select count(*)::int as n from outbox where destino = 'maria.souza@exemplo.com.br' and mensagem like $1`,
        [`%${numero.slice(0, 6)}%${numero.slice(-6)}%`],
      )
    )[0]?.n ?? 0;
  const atualizados = async (numero: string) =>
    t.db.query<{ payload: { data: { situacao: string } } }>(
      `select payload from webhook_mensagens where tipo = 'protocolo.atualizado' and payload->'data'->>'protocolo' = $1
       order by criado_em`,
      [numero],
    );

  it('answering a dependant request: Maria is told, protocolo.atualizado goes out, her PDF names the staff member', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const conta = await novaConta('atendente', 'Carla Atendente');
    const c = await logado(conta);
    const antes = await avisos(numero);

    const semDecisao = await post(c, `/protocolos/${numero}/acoes`, { acao: 'responder', texto: 'Aprovado.' });
    expect(semDecisao.status).toBe(400);
    expect(semDecisao.body).toMatchObject({ message: 'Informe se o pedido foi aceito (aceitar: sim ou não).' });
    expect(await atualizados(numero)).toHaveLength(0);

    const texto = 'Inclusão de Lucas aprovada; a carteirinha estará no aplicativo em até 2 dias úteis.';
    const r = await post<Detalhe>(c, `/protocolos/${numero}/acoes`, { acao: 'responder', texto, aceitar: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      situacao: 'CONCLUIDO',
      respondidoPor: 'Carla Atendente (equipe de atendimento)',
      decisao: null,
    });
    expect(r.body.resposta).toContain(texto);
    expect(r.body.resposta).toContain('Pedido aceito.');
    const [linha] = await t.db.query<{ respondido_por: string }>(
      'select respondido_por from protocolos where numero = $1',
      [numero],
    );
    expect(linha?.respondido_por).toBe(`equipe:${conta.id}`);
    const [dep] = await t.db.query<{ situacao: string }>(
      'select situacao from dependentes_solicitados where protocolo = $1',
      [numero],
    );
    expect(dep?.situacao).toBe('APROVADA');
    expect(await avisos(numero)).toBe(antes + 1);
    expect((await atualizados(numero)).map((m) => m.payload.data.situacao)).toEqual(['CONCLUIDO']);

    // The same answer again changes nothing and tells no one.
    const again = await post<Detalhe>(c, `/protocolos/${numero}/acoes`, { acao: 'responder', texto, aceitar: true });
    expect(again.status).toBe(200);
    expect(await avisos(numero)).toBe(antes + 1);
    expect(await atualizados(numero)).toHaveLength(1);

    const { c: mc, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const det = await mc.post<{ situacao: string; resposta: string }>('/api/Protocolos/Detalhe', {
      perfilAutenticado: perfil,
      protocolo: numero,
    });
    expect(det.body).toMatchObject({ situacao: 'CONCLUIDO' });
    expect(det.body.resposta).toContain(texto);
    const pdf = await fetch(`${mc.baseUrl}/api/Protocolos/BaixarResposta`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${mc.token}`,
        cookie: [...mc.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-forwarded-for': mc.ip,
      },
      body: JSON.stringify({ perfilAutenticado: perfil, protocolo: numero }),
    });
    expect(pdf.status).toBe(200);
    const lido = await lerPdf(await pdf.arrayBuffer());
    expect(lido.texto).toContain('Respondido por: Carla Atendente (equipe de atendimento da');
  });

  it('asking for information: Em análise, an Aguardando informações event, Maria told; forwarding only adds a line', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const c = await logado(await novaConta('atendente'));
    const antes = await avisos(numero);
    const pedir = { acao: 'pedir-informacao', texto: 'Envie a certidão de nascimento do Lucas.' };
    const r = await post<Detalhe>(c, `/protocolos/${numero}/acoes`, pedir);
    expect(r.status).toBe(200);
    expect(r.body.situacao).toBe('EM_ANALISE');
    expect(r.body.historico.at(-1)).toEqual(
      expect.objectContaining({
        situacao: 'EM_ANALISE',
        descricao: 'Aguardando informações: Envie a certidão de nascimento do Lucas.',
      }),
    );
    expect(await avisos(numero)).toBe(antes + 1);
    expect((await atualizados(numero)).map((m) => m.payload.data.situacao)).toEqual(['EM_ANALISE']);
    // Asked again: nothing new.
    await post(c, `/protocolos/${numero}/acoes`, pedir);
    expect(await avisos(numero)).toBe(antes + 1);

    const semSetor = await post(c, `/protocolos/${numero}/acoes`, { acao: 'encaminhar', texto: 'Ver documentos.' });
    expect(semSetor.status).toBe(400);
    const enc = await post<Detalhe>(c, `/protocolos/${numero}/acoes`, {
      acao: 'encaminhar',
      setor: 'Cadastro',
      texto: 'Conferir documentos.',
    });
    expect(enc.status).toBe(200);
    expect(enc.body.historico.at(-1)).toMatchObject({ descricao: 'Encaminhado para Cadastro: Conferir documentos.' });
    expect(await avisos(numero)).toBe(antes + 1);
    expect(await atualizados(numero)).toHaveLength(1);

    const cancelar = await post<Detalhe>(c, `/protocolos/${numero}/acoes`, {
      acao: 'cancelar',
      texto: 'Pedido duplicado: já atendido no protocolo anterior.',
    });
    expect(cancelar.body.situacao).toBe('CANCELADO');
    const depois = await post(c, `/protocolos/${numero}/acoes`, pedir);
    expect(depois.status).toBe(409);
  });

  it('an answer may carry a PDF, checked by its content; the detail says an attachment exists', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const c = await logado(await novaConta('supervisor'));
    const pdf = Buffer.from('%PDF-1.4\n% anexo de teste\n%%EOF\n').toString('base64');
    const naoPdf = await post(c, `/protocolos/${numero}/acoes`, {
      acao: 'responder',
      texto: 'Segue o termo.',
      aceitar: true,
      pdfBase64: Buffer.from('não sou um PDF').toString('base64'),
    });
    expect(naoPdf.status).toBe(400);
    expect(naoPdf.body).toMatchObject({ message: 'O arquivo enviado não é um PDF (o conteúdo não começa com %PDF-).' });
    const soNoResponder = await post(c, `/protocolos/${numero}/acoes`, {
      acao: 'pedir-informacao',
      texto: 'Veja o anexo.',
      pdfBase64: pdf,
    });
    expect(soNoResponder.status).toBe(400);
    const r = await post<Detalhe & { anexoDaOperadora: boolean }>(c, `/protocolos/${numero}/acoes`, {
      acao: 'responder',
      texto: 'Segue o termo.',
      aceitar: true,
      pdfBase64: pdf,
    });
    expect(r.status).toBe(200);
    expect(r.body.anexoDaOperadora).toBe(true);
  });

  it('bad input gets a Portuguese 4xx, never a 500', async () => {
    const numero = await pedidoDeDependenteDaMaria(t);
    const c = await logado(await novaConta('atendente'));
    const casos: [string, string, unknown, number][] = [
      ['GET', '/protocolos/123', undefined, 400],
      ['GET', '/protocolos/99999999999999999999', undefined, 404],
      ['GET', '/protocolos?limite=0', undefined, 400],
      ['GET', '/protocolos?tipo=XYZ', undefined, 400],
      ['GET', '/protocolos?venceAte=amanha', undefined, 400],
      ['GET', '/protocolos?cursor=bobagem', undefined, 400],
      ['POST', `/protocolos/${numero}/acoes`, { acao: 'apagar', texto: 'x' }, 400],
      ['POST', `/protocolos/${numero}/acoes`, { acao: 'responder', texto: '' }, 400],
      ['POST', `/protocolos/${numero}/acoes`, { acao: 'responder', texto: 'x', aceitar: 'sim' }, 400],
      ['POST', `/protocolos/${numero}/acoes`, { acao: 'responder', texto: 'x', aceitar: false }, 400],
      [
        'POST',
        `/protocolos/${numero}/acoes`,
        { acao: 'responder', texto: 'x', aceitar: true, pdfBase64: 'aGVsbG8=' },
        400,
      ],
      ['POST', `/protocolos/${numero}/acoes`, 'texto', 400],
      ['POST', '/entrar', { email: 'x' }, 400],
      ['POST', '/totp', { codigo: '12ab56' }, 400],
    ];
    for (const [metodo, path, body, status] of casos) {
      const r: Res<{ message?: string }> = await c.request(metodo, `${BASE}${path}`, body, H);
      expect(r.status, `${metodo} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(typeof r.body.message, path).toBe('string');
    }
  });
});

describe('kind-specific answers', () => {
  it('a data correction: refused with a reason changes nothing; applied, it changes the member’s e-mail in the same answer', async () => {
    const { c: mc, perfil } = await t.membro(CPF.carlos);
    const pedir = async (valorCorreto: string) =>
      (
        await mc.post<{ protocolo: string }>(
          '/api/MeusDados/SolicitarCorrecao',
          { perfilAutenticado: perfil, campo: 'EMAIL', valorCorreto },
          { headers: { 'idempotency-key': crypto.randomUUID() } },
        )
      ).body.protocolo;
    const emailDe = async () =>
      (await t.db.query<{ email: string }>('select email from pessoas where cpf = $1', [CPF.carlos]))[0]?.email;
    const original = await emailDe();
    const c = await logado(await novaConta('atendente'));

    const recusado = await pedir('carlos.recusado@exemplo.com.br');
    const det = await get<Detalhe & { pedido: { rotulo: string; valor: string }[] }>(c, `/protocolos/${recusado}`);
    expect(det.body.decisao).toBe('correcao');
    expect(det.body.pedido).toContainEqual({ rotulo: 'Valor correto', valor: 'carlos.recusado@exemplo.com.br' });
    const semMotivo = await post(c, `/protocolos/${recusado}/acoes`, {
      acao: 'responder',
      texto: 'Analisado.',
      aplicar: false,
    });
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.body).toMatchObject({ message: 'Informe o motivo da recusa da correção.' });
    const r = await post<Detalhe>(c, `/protocolos/${recusado}/acoes`, {
      acao: 'responder',
      texto: 'Analisado.',
      aplicar: false,
      motivo: 'O e-mail informado não pertence ao titular.',
    });
    expect(r.status).toBe(200);
    expect(r.body.resposta).toContain('Correção recusada. Motivo: O e-mail informado não pertence ao titular.');
    expect(await emailDe()).toBe(original);

    const aplicado = await pedir('carlos.novo@exemplo.com.br');
    const a = await post<Detalhe>(c, `/protocolos/${aplicado}/acoes`, {
      acao: 'responder',
      texto: 'Seu e-mail foi atualizado.',
      aplicar: true,
    });
    expect(a.status).toBe(200);
    expect(a.body.situacao).toBe('CONCLUIDO');
    expect(await emailDe()).toBe('carlos.novo@exemplo.com.br');
    await t.db.query('update pessoas set email = $2 where cpf = $1', [CPF.carlos, original]);
  });

  it('a cancellation (RN 561) needs the effect date, which the answer (the proof) states', async () => {
    const numero = '41729720260310999001';
    await t.db.query(
      `insert into protocolos (numero, cpf, codigo_contrato, codigo_beneficiario, tipo, assunto, situacao, criado_em, prazo_resposta)
       values ($1, $2, $3, null, 'CANCELAMENTO_DEPENDENTES', 'Cancelamento de dependente', 'ABERTO', $4, '2026-03-19')`,
      [numero, CPF.roberto, CONTRATO.roberto, new Date(HOJE)],
    );
    const c = await logado(await novaConta('atendente'));
    const det = await get<Detalhe>(c, `/protocolos/${numero}`);
    expect(det.body.decisao).toBe('cancelamento');
    const sem = await post(c, `/protocolos/${numero}/acoes`, { acao: 'responder', texto: 'Cancelamento confirmado.' });
    expect(sem.status).toBe(400);
    expect(sem.body).toMatchObject({
      message: 'Informe a data de efeito do cancelamento (dataEfeito, AAAA-MM-DD): a RN 561 exige.',
    });
    const r = await post<Detalhe>(c, `/protocolos/${numero}/acoes`, {
      acao: 'responder',
      texto: 'Cancelamento confirmado.',
      dataEfeito: '2026-03-10',
    });
    expect(r.status).toBe(200);
    expect(r.body.resposta).toContain('Cancelamento confirmado, com efeito em 10/03/2026.');
  });
});

describe('npm run equipe', () => {
  it('creates (printing the one-time password and the otpauth URI), lists, resets and deactivates accounts', async () => {
    const { executarEquipe, servicoDaEquipe, UsoInvalido } = await import('../../cli/equipe');
    const servico = await servicoDaEquipe(t.db, t.config, t.clock);
    const saida: string[] = [];
    const rodar = (...args: string[]) => executarEquipe(args, servico, (l) => saida.push(l));

    expect(
      await rodar('criar', '--email', 'Diana@Operadora.Exemplo', '--nome', 'Diana Admin', '--papel', 'administrador'),
    ).toBe(0);
    const texto = saida.join('\n');
    const senha = /Senha provisória: (\S+)/.exec(texto)?.[1];
    const segredo = /Segredo TOTP \(base32\): ([A-Z2-7]+)/.exec(texto)?.[1];
    expect(texto).toMatch(/TOTP \(otpauth\): otpauth:\/\/totp\//);
    // The message says what the design does: the first sign-in shows the same secret to whoever holds
    // the one-time password (pen test defect 10), so it is that password that must travel safely.
    expect(texto).not.toMatch(/não serão mostrados de novo/);
    expect(texto).toContain('quem entrar com ela vê no console este mesmo segredo TOTP');
    expect(senha).toBeDefined();
    expect(segredo).toBeDefined();
    expect(await rodar('criar', '--email', 'diana@operadora.exemplo', '--nome', 'Outra', '--papel', 'atendente')).toBe(
      1,
    );
    await expect(rodar('criar', '--email', 'x@y.z', '--nome', 'X', '--papel', 'chefe')).rejects.toThrow(UsoInvalido);
    await expect(rodar('criar', '--email', 'não é e-mail', '--nome', 'X', '--papel', 'atendente')).rejects.toThrow(
      UsoInvalido,
    );

    const conta: Conta = {
      id: '',
      email: 'diana@operadora.exemplo',
      nome: 'Diana Admin',
      senha: senha!,
      segredo: segredo!,
    };
    const c = await logado(conta);
    saida.length = 0;
    expect(await rodar('listar')).toBe(0);
    expect(saida.join('\n')).toMatch(
      /diana@operadora\.exemplo {2}Diana Admin {2}administrador {2}TOTP: cadastrado {2}ativa/,
    );

    expect(await rodar('desativar', '--email', 'diana@operadora.exemplo')).toBe(0);
    expect((await get(c, '/eu')).status).toBe(401);
    const r = await entrar(t.client(), conta.email, conta.senha);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ message: 'E-mail ou senha inválidos.' });
    expect(await rodar('desativar', '--email', 'diana@operadora.exemplo')).toBe(1);
    expect(await rodar('redefinir', '--email', 'ninguem@operadora.exemplo')).toBe(1);
  });
});
