import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CPF, SENHA, startApp, type TestApp } from '../../../test/helper';
import { hashPassword } from '../../lib/password';

let t: TestApp;
beforeAll(async () => {
  t = await startApp({
    // A probe inside a member group, as every member area is registered.
    probeMembro: true,
  });
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const SESSAO_INVALIDA = {
  sucesso: false,
  code: 'SESSAO_INVALIDA',
  message: 'Sessão inválida ou expirada. Faça login novamente.',
  erro: 'Sessão inválida ou expirada. Faça login novamente.',
};

async function audit(event: string, cpf: string | null = null) {
  return t.db.query<{ detail: Record<string, unknown> }>(
    'select detail from audit_log where event = $1 and ($2::text is null or cpf = $2) order by id',
    [event, cpf],
  );
}

describe('POST /api/Login/VerificarCPF', () => {
  it('a beneficiary with an account: masked contacts', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', { cpf: '529.982.247-25' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sucesso: true,
      erro: null,
      beneficiario: true,
      nome: 'Maria Aparecida Souza',
      email: 'mar****@exemplo.com.br',
      celular: '(11) *****-4321',
      temContaNoApp: true,
      temSenhaCadastrada: true,
    });
  });

  it('Ana Beatriz: no account, e-mail only; Fernanda: both contacts; the CPF as a number works', async () => {
    const c = t.client();
    expect((await c.post('/api/Login/VerificarCPF', { cpf: Number(CPF.anaBeatriz) })).body).toEqual({
      sucesso: true,
      erro: null,
      beneficiario: true,
      nome: 'Ana Beatriz Lima',
      email: 'ana****@exemplo.com.br',
      celular: '',
      temContaNoApp: false,
      temSenhaCadastrada: false,
    });
    expect((await c.post('/api/Login/VerificarCPF', { cpf: CPF.fernanda })).body).toMatchObject({
      beneficiario: true,
      email: 'fer****@exemplo.com.br',
      celular: '(21) *****-5432',
      temContaNoApp: false,
    });
  });

  it('Paulo is in the base but not an active beneficiary', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', { cpf: CPF.paulo });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sucesso: true,
      erro: null,
      beneficiario: false,
      nome: '',
      email: '',
      celular: '',
      temContaNoApp: false,
      temSenhaCadastrada: false,
    });
  });

  it('unknown CPF → 404 CPF_NAO_ENCONTRADO; bad check digits → 400', async () => {
    const r = await t.client().post('/api/Login/VerificarCPF', { cpf: '123.456.789-09' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      sucesso: false,
      code: 'CPF_NAO_ENCONTRADO',
      message: 'CPF não encontrado em nossa base de beneficiários.',
      erro: 'CPF não encontrado em nossa base de beneficiários.',
    });
    const bad = await t.client().post('/api/Login/VerificarCPF', { cpf: '529.982.247-26' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      sucesso: false,
      code: 'DADOS_INVALIDOS',
      message: 'CPF inválido.',
      erro: 'CPF inválido.',
    });
  });
});

describe('POST /api/Login/PerfisDaConta', () => {
  it('Maria has two profiles: the active one first, then the cancelled one', async () => {
    const r = await t.client().post('/api/Login/PerfisDaConta', { cpf: 52998224725, senha: SENHA });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        tipoPerfil: 'TITULAR',
        codigoPlano: '4521',
        codigoContrato: '100234',
        dataInicioVigencia: '2019-03-01',
        dataCancelamento: null,
        perfilAutenticado: null,
        nome: 'Maria Aparecida Souza',
        cpf: CPF.maria,
        numeroCarteirinha: '1100234001',
        coparticipativo: true,
      },
      {
        tipoPerfil: 'TITULAR',
        codigoPlano: '3105',
        codigoContrato: '087612',
        dataInicioVigencia: '2012-05-01',
        dataCancelamento: '2018-12-31',
        perfilAutenticado: null,
        nome: 'Maria Aparecida Souza',
        cpf: CPF.maria,
        numeroCarteirinha: '1087612001',
        coparticipativo: true,
      },
    ]);
  });

  it('Carlos: one DEPENDENTE co-participative profile; Roberto: one TITULAR not co-participative', async () => {
    const c = t.client();
    const carlos = await c.post<Record<string, unknown>[]>('/api/Login/PerfisDaConta', {
      cpf: CPF.carlos,
      senha: SENHA,
    });
    expect(carlos.body).toHaveLength(1);
    expect(carlos.body[0]).toMatchObject({
      tipoPerfil: 'DEPENDENTE',
      coparticipativo: true,
      nome: 'Carlos Eduardo Lima',
      dataCancelamento: null,
    });
    const roberto = await c.post<Record<string, unknown>[]>('/api/Login/PerfisDaConta', {
      cpf: CPF.roberto,
      senha: SENHA,
    });
    expect(roberto.body).toHaveLength(1);
    expect(roberto.body[0]).toMatchObject({ tipoPerfil: 'TITULAR', coparticipativo: false });
  });

  it('wrong password, no account, unknown CPF → 200 [] and one failure counted', async () => {
    const c = t.client();
    for (const cpf of [CPF.maria, CPF.anaBeatriz, CPF.ninguem]) {
      const r = await c.post('/api/Login/PerfisDaConta', { cpf, senha: 'errada1' });
      expect(r.status).toBe(200);
      expect(r.body).toEqual([]);
    }
    const [row] = await t.db.query<{ count: number }>('select count from rate_counters where key = $1', [
      `senha:cpf:${CPF.maria}`,
    ]);
    expect(row?.count).toBe(1);
    expect((await audit('login_falha', CPF.maria)).at(-1)?.detail).toEqual({ motivo: 'senha_incorreta' });
  });
});

describe('POST /api/Login/Autenticar', () => {
  it('opens a session with every response field and an HttpOnly cookie', async () => {
    const c = t.client();
    const r = await c.post<Record<string, unknown>>('/api/Login/Autenticar', {
      cpf: '529.982.247-25',
      senha: SENHA,
      codigoPlano: '4521',
      codigoContrato: '100234',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sucesso: true,
      erro: null,
      codigoSessao: expect.any(Number),
      nome: 'Maria Aparecida Souza',
      email: 'maria.souza@exemplo.com.br',
      celular: '11987654321',
      tipoPerfil: 'TITULAR',
      dataNascimento: '1978-04-12',
      codigoBeneficiario: '1100234001',
      codigoPlano: '4521',
      codigoContrato: '100234',
      responsavelFinanceiro: true,
      produtos: [
        { nome: 'Saúde Exemplo Essencial Apartamento', dataInicioVigencia: '2019-03-01', coparticipativo: true },
      ],
      beneficiariosAssociados: [
        { codigoBeneficiario: '1100234001', nome: 'Maria Aparecida Souza', padraoConforto: 'APARTAMENTO' },
        { codigoBeneficiario: '1100234003', nome: 'Ana Clara Souza', padraoConforto: 'APARTAMENTO' },
        { codigoBeneficiario: '1100234002', nome: 'João Pedro Souza', padraoConforto: 'APARTAMENTO' },
      ],
      sessaoExpiraEm: new Date(t.clock.now() + 12 * 3600_000).toISOString(),
    });
    const codigo = r.body.codigoSessao as number;
    expect(String(codigo)).toMatch(/^\d{16}$/);
    expect(Number.isSafeInteger(codigo)).toBe(true);
    expect(r.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^pb_sessao=[\w-]{43}; Max-Age=43200; Path=\/api; HttpOnly; SameSite=Strict$/),
    ]);
    // Only a hash of the cookie is stored.
    const [row] = await t.db.query<{ cookie_hash: string }>(
      'select cookie_hash from sessions where codigo_sessao = $1',
      [codigo],
    );
    expect(row?.cookie_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.cookie_hash).not.toBe(c.cookies.get('pb_sessao'));
    expect((await audit('login_ok', CPF.maria)).length).toBeGreaterThan(0);
  });

  it('session codes are random, not sequential', async () => {
    const a = await t.client().login(CPF.roberto);
    const b = await t.client().login(CPF.roberto);
    expect(a.codigoSessao).not.toBe(b.codigoSessao);
    expect(Math.abs(a.codigoSessao - b.codigoSessao)).toBeGreaterThan(1000);
  });

  it('a cancelled profile can still log in', async () => {
    const r = await t
      .client()
      .post('/api/Login/Autenticar', { cpf: CPF.maria, senha: SENHA, codigoPlano: '3105', codigoContrato: '087612' });
    expect(r.body).toMatchObject({
      sucesso: true,
      codigoContrato: '087612',
      codigoBeneficiario: '1087612001',
      produtos: [
        { nome: 'Saúde Exemplo Clássico Enfermaria', dataInicioVigencia: '2012-05-01', coparticipativo: true },
      ],
      beneficiariosAssociados: [
        { codigoBeneficiario: '1087612001', nome: 'Maria Aparecida Souza', padraoConforto: 'ENFERMARIA' },
      ],
    });
  });

  it('Carlos sees only himself and is not the financial responsible; Roberto is not co-participative', async () => {
    const carlos = await t
      .client()
      .post('/api/Login/Autenticar', { cpf: CPF.carlos, senha: SENHA, codigoPlano: '4522', codigoContrato: '204518' });
    expect(carlos.body).toMatchObject({
      sucesso: true,
      tipoPerfil: 'DEPENDENTE',
      responsavelFinanceiro: false,
      codigoBeneficiario: '1204518002',
      beneficiariosAssociados: [
        { codigoBeneficiario: '1204518002', nome: 'Carlos Eduardo Lima', padraoConforto: 'ENFERMARIA' },
      ],
    });
    const roberto = await t
      .client()
      .post('/api/Login/Autenticar', { cpf: CPF.roberto, senha: SENHA, codigoPlano: '5210', codigoContrato: '310077' });
    expect(roberto.body).toMatchObject({
      sucesso: true,
      tipoPerfil: 'TITULAR',
      responsavelFinanceiro: true,
      produtos: [{ coparticipativo: false }],
    });
  });

  it('wrong password → 200 sucesso:false "Senha incorreta." and no cookie', async () => {
    const r = await t.client().post('/api/Login/Autenticar', {
      cpf: CPF.maria,
      senha: 'errada',
      codigoPlano: '4521',
      codigoContrato: '100234',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sucesso: false,
      erro: 'Senha incorreta.',
      codigoSessao: null,
      nome: '',
      email: '',
      celular: '',
      tipoPerfil: '',
      dataNascimento: '',
      codigoBeneficiario: '',
      codigoPlano: '',
      codigoContrato: '',
      responsavelFinanceiro: false,
      produtos: [],
      beneficiariosAssociados: [],
      sessaoExpiraEm: null,
    });
    expect(r.headers.getSetCookie()).toEqual([]);
  });

  it("never opens someone else's contract, and that is not counted as a wrong password", async () => {
    const r = await t
      .client()
      .post('/api/Login/Autenticar', { cpf: CPF.maria, senha: SENHA, codigoPlano: '5210', codigoContrato: '310077' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      sucesso: false,
      erro: 'Perfil não encontrado para este CPF. Escolha um dos perfis disponíveis.',
      codigoSessao: null,
    });
    expect(r.headers.getSetCookie()).toEqual([]);
    expect(await t.db.query("select 1 from rate_counters where key like 'senha:%'")).toEqual([]);
    expect((await audit('login_falha', CPF.maria)).at(-1)?.detail).toEqual({ motivo: 'perfil_inexistente' });
    const mixed = await t
      .client()
      .post('/api/Login/Autenticar', { cpf: CPF.maria, senha: SENHA, codigoPlano: '4521', codigoContrato: '087612' });
    expect(mixed.body).toMatchObject({ sucesso: false });
  });

  it('bad input → 400', async () => {
    const r = await t
      .client()
      .post('/api/Login/Autenticar', { cpf: CPF.maria, senha: SENHA, codigoPlano: '', codigoContrato: '100234' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS' });
  });
});

describe('sessions', () => {
  it('Sair ends the session, clears the cookie and a second Sair is refused', async () => {
    const c = t.client();
    const { codigoSessao } = await c.login(CPF.roberto);
    expect((await c.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } })).body).toMatchObject({
      cpf: CPF.roberto,
      codigoContrato: '310077',
      codigoBeneficiario: '1310077001',
    });
    const cookie = c.cookies.get('pb_sessao');
    const sair = await c.post('/api/Login/Sair', { perfilAutenticado: { codigoSessao } });
    expect(sair.status).toBe(200);
    expect(sair.body).toEqual({ sucesso: true, mensagem: 'Sua sessão foi encerrada com segurança.' });
    expect(sair.headers.getSetCookie()[0]).toMatch(
      /^pb_sessao=; Max-Age=0; Path=\/api; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/,
    );
    c.cookies.set('pb_sessao', cookie!); // even with the old cookie kept
    const again = await c.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } });
    expect(again.status).toBe(401);
    expect(again.body).toEqual(SESSAO_INVALIDA);
    expect((await audit('logout', CPF.roberto)).length).toBe(1);
  });

  it('a session code without its cookie, or in another browser, is refused', async () => {
    const a = t.client();
    const { codigoSessao } = await a.login(CPF.carlos);
    const b = t.client();
    const stolen = await b.post('/api/Login/Sair', { perfilAutenticado: { codigoSessao } });
    expect(stolen.status).toBe(401);
    expect(stolen.body).toEqual(SESSAO_INVALIDA);
    // B logged in as Roberto tries Carlos's session code with its own cookie.
    await b.login(CPF.roberto);
    const other = await b.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } });
    expect(other.status).toBe(401);
    expect(other.body).toEqual(SESSAO_INVALIDA);
    // The real browser still has its session.
    expect(
      (await a.post('/api/teste/membro', { perfilAutenticado: { codigoSessao: String(codigoSessao) } })).status,
    ).toBe(200);
    expect((await audit('sessao_recusada')).map((r) => r.detail.motivo)).toEqual(
      expect.arrayContaining(['sem_cookie', 'sessao_de_outro']),
    );
  });

  it('a missing or malformed perfilAutenticado is a 401 before the body is even validated', async () => {
    const c = t.client();
    await c.login(CPF.roberto);
    for (const body of [{}, { perfilAutenticado: { codigoSessao: '0' } }, { perfilAutenticado: 'x' }]) {
      const sair = await c.post('/api/Login/Sair', body);
      expect(sair.status).toBe(401);
      expect(sair.body).toEqual(SESSAO_INVALIDA);
      expect((await c.post('/api/teste/membro', body)).status).toBe(401);
    }
    expect((await audit('sessao_recusada', null)).at(-1)?.detail).toEqual({ motivo: 'sem_perfil' });
  });

  it('ends after 30 minutes without calls; calls keep it alive', async () => {
    const c = t.client();
    const { codigoSessao } = await c.login(CPF.roberto);
    const probe = () => c.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } });
    t.clock.advance(29 * 60_000);
    expect((await probe()).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await probe()).status).toBe(200);
    t.clock.advance(30 * 60_000 + 1000);
    expect((await probe()).status).toBe(401);
    expect((await audit('sessao_recusada', CPF.roberto)).at(-1)?.detail).toEqual({ motivo: 'inativa' });
  });

  it('RenovarSessao keeps an idle-looking session alive, only with its cookie', async () => {
    const c = t.client();
    const { codigoSessao } = await c.login(CPF.roberto);
    const renovar = (cli = c) => cli.post('/api/Login/RenovarSessao', { perfilAutenticado: { codigoSessao } });
    t.clock.advance(25 * 60_000);
    const r = await renovar();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sucesso: true });
    // Another browser with the same code is refused and does not renew anything.
    expect((await renovar(t.client())).body).toEqual(SESSAO_INVALIDA);
    t.clock.advance(25 * 60_000);
    expect((await c.post('/api/Login/Sair', { perfilAutenticado: { codigoSessao } })).status).toBe(200);
    expect((await renovar()).status).toBe(401);
    expect((await c.post('/api/Login/RenovarSessao', {})).status).toBe(401);
  });

  it('ends 12 hours after login however active', async () => {
    const c = t.client();
    const { codigoSessao } = await c.login(CPF.roberto);
    const probe = () => c.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } });
    for (let i = 0; i < 28; i++) {
      t.clock.advance(25 * 60_000); // 28 × 25 min = 11 h 40
      expect((await probe()).status).toBe(200);
    }
    t.clock.advance(21 * 60_000);
    expect((await probe()).status).toBe(401);
    expect((await audit('sessao_recusada', CPF.roberto)).at(-1)?.detail).toEqual({ motivo: 'expirada' });
  });
});

describe('one argon2id hash per login: the pre-authentication proof', () => {
  const perfis = (c: ReturnType<TestApp['client']>, cpf: string, senha = SENHA) =>
    c.post<{ codigoPlano: string; codigoContrato: string }[]>('/api/Login/PerfisDaConta', { cpf: Number(cpf), senha });
  const autenticar = (
    c: ReturnType<TestApp['client']>,
    cpf: string,
    p: { codigoPlano: string; codigoContrato: string },
    senha = SENHA,
  ) => c.post<{ sucesso: boolean; erro: string | null }>('/api/Login/Autenticar', { cpf, senha, ...p });
  /** Replaces the stored hash, so only a login that does not hash again can still succeed. */
  const trocarHash = async (cpf: string) => {
    const [row] = await t.db.query<{ senha_hash: string }>('select senha_hash from contas where cpf = $1', [cpf]);
    await t.db.query('update contas set senha_hash = $2 where cpf = $1', [
      cpf,
      await hashPassword('outra-senha-qualquer'),
    ]);
    return () => t.db.query('update contas set senha_hash = $2 where cpf = $1', [cpf, row!.senha_hash]);
  };

  it('PerfisDaConta hands the browser an HttpOnly proof for the sign-in calls only', async () => {
    const c = t.client();
    const r = await perfis(c, CPF.roberto);
    const set = r.headers.getSetCookie().find((x) => x.startsWith('pb_preauth='));
    expect(set).toMatch(/^pb_preauth=[\w-]{43}; Max-Age=120; Path=\/api\/Login; HttpOnly; SameSite=Strict$/);
    const wrong = await perfis(t.client(), CPF.roberto, 'errada');
    expect(wrong.headers.getSetCookie().some((x) => x.startsWith('pb_preauth='))).toBe(false);
  });

  it('Autenticar right after PerfisDaConta does not hash again; the proof is single use', async () => {
    const c = t.client();
    const [p] = (await perfis(c, CPF.roberto)).body;
    const restaurar = await trocarHash(CPF.roberto);
    try {
      const ok = await autenticar(c, CPF.roberto, p!);
      expect(ok.body.sucesso).toBe(true);
      expect(ok.headers.getSetCookie().some((x) => /^pb_preauth=;/.test(x))).toBe(true);
      // No proof left: this one hashes, against the replaced hash, and fails.
      expect((await autenticar(c, CPF.roberto, p!)).body).toMatchObject({ sucesso: false, erro: 'Senha incorreta.' });
    } finally {
      await restaurar();
    }
  });

  it('the proof counts only for the same CPF, the same password and two minutes', async () => {
    const c = t.client();
    const [pr] = (await perfis(c, CPF.roberto)).body;
    // Another password than the one checked: hashed as usual, refused.
    expect((await autenticar(c, CPF.roberto, pr!, 'outra')).body.sucesso).toBe(false);

    const d = t.client();
    await perfis(d, CPF.roberto);
    const restaurarMaria = await trocarHash(CPF.maria);
    try {
      // Roberto's proof does not open Maria's account.
      expect((await autenticar(d, CPF.maria, { codigoPlano: '4521', codigoContrato: '100234' })).body.sucesso).toBe(
        false,
      );
    } finally {
      await restaurarMaria();
    }

    const e = t.client();
    const [pe] = (await perfis(e, CPF.roberto)).body;
    const restaurar = await trocarHash(CPF.roberto);
    try {
      t.clock.advance(121_000);
      expect((await autenticar(e, CPF.roberto, pe!)).body.sucesso).toBe(false);
    } finally {
      await restaurar();
    }
  });

  it('a password change drops every proof of the CPF', async () => {
    const c = t.client();
    const [p] = (await perfis(c, CPF.roberto)).body;
    await t.app.services.login['d'].preAutenticacao.descartarDe(CPF.roberto);
    const restaurar = await trocarHash(CPF.roberto);
    try {
      expect((await autenticar(c, CPF.roberto, p!)).body.sucesso).toBe(false);
    } finally {
      await restaurar();
    }
  });
});
