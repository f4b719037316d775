import { SENHA_COMUM } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

let seq = 100;
/** A fresh beneficiary per test (the demo has only two without an account). */
async function pessoa(
  contatos: { email?: string; celular?: string } = { email: 'teste@exemplo.com.br', celular: '11912345678' },
) {
  return t.addBeneficiario(String(500000000 + seq++), contatos);
}

function erro(code: string, message: string) {
  return { sucesso: false, code, message, erro: message };
}

const SEM_CODIGO = erro(
  'CODIGO_NAO_CONFIRMADO',
  'Nenhum código válido foi solicitado neste navegador. Solicite um novo código.',
);
const NAO_CONFIRMADO = erro('CODIGO_NAO_CONFIRMADO', 'Confirme o código de verificação antes de cadastrar a senha.');

async function pedirEmail(c: Client, cpf: string, email = 'teste@exemplo.com.br') {
  return c.post('/api/Registro/CadastrarEmail', { cpf, email });
}

describe('the whole registration', () => {
  it('Fernanda (standalone /cadastro): account, e-mail code from the outbox, password, then login', async () => {
    const c = t.client();
    const conta = await c.post('/api/Registro/CriarConta', { cpf: CPF.fernanda });
    expect(conta.status).toBe(200);
    expect(conta.body).toEqual({ sucesso: true, mensagem: 'Conta criada com sucesso.' });
    expect((await c.post('/api/Registro/CriarConta', { cpf: CPF.fernanda })).status).toBe(200); // idempotent
    // A look-up: no account row until the first password (issue 13, defect 4).
    expect(await t.db.query('select 1 from contas where cpf = $1', [CPF.fernanda])).toEqual([]);

    const envio = await c.post('/api/Registro/CadastrarEmail', {
      cpf: CPF.fernanda,
      email: 'Fernanda.Ribeiro@exemplo.com.br ',
    });
    expect(envio.status).toBe(200);
    expect(envio.body).toEqual({ sucesso: true, mensagem: 'Código de verificação enviado para seu e-mail.' });
    expect(envio.headers.getSetCookie()[0]).toMatch(
      /^pb_fluxo=[\w-]{43}; Max-Age=3600; Path=\/api; HttpOnly; SameSite=Strict$/,
    );

    const outbox = await t.client().get<Record<string, unknown>[]>('/api/dev/outbox', { auth: false });
    const codigo = await t.lastCode('fernanda.ribeiro@exemplo.com.br');
    expect(outbox.body[0]).toEqual({
      canal: 'email',
      destino: 'fernanda.ribeiro@exemplo.com.br',
      mensagem: `Saúde Exemplo: seu código de verificação é ${codigo}. Ele vale por 10 minutos. Não compartilhe este código.`,
      codigo,
      criadoEm: new Date(t.clock.now()).toISOString(),
    });
    expect(codigo).toMatch(/^\d{6}$/);
    // Only an HMAC of the code is stored with the flow.
    const [row] = await t.db.query<{ codigo_hmac: string }>(
      'select codigo_hmac from verification_codes where cpf = $1',
      [CPF.fernanda],
    );
    expect(row?.codigo_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codigo_hmac).not.toContain(codigo);

    const ok = await c.post('/api/Registro/ConfirmarEmail', {
      cpf: CPF.fernanda,
      email: 'fernanda.ribeiro@exemplo.com.br',
      tokenEmail: codigo,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ sucesso: true, mensagem: 'Verificação realizada com sucesso.' });

    const senha = await c.post('/api/Registro/CadastrarSenha', { cpf: CPF.fernanda, senha: 'nova-senha-1' });
    expect(senha.status).toBe(200);
    expect(senha.body).toEqual({ sucesso: true, mensagem: 'Conta criada com sucesso.' });
    expect(c.cookies.has('pb_fluxo')).toBe(false);

    expect((await c.post('/api/Login/VerificarCPF', { cpf: CPF.fernanda })).body).toMatchObject({
      temContaNoApp: true,
      temSenhaCadastrada: true,
    });
    expect((await t.client().login(CPF.fernanda, 'nova-senha-1')).sucesso).toBe(true);
    const events = (
      await t.db.query<{ event: string }>('select event from audit_log where cpf = $1 order by id', [CPF.fernanda])
    ).map((r) => r.event);
    expect(events).toEqual(['codigo_enviado', 'codigo_confirmado', 'conta_criada', 'senha_cadastrada', 'login_ok']);

    // Done: registration refuses now.
    const again = await c.post('/api/Registro/CadastrarSenha', { cpf: CPF.fernanda, senha: 'outra-senha' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(
      erro('CONTA_JA_EXISTE', 'Já existe uma conta com senha para este CPF. Faça login ou recupere sua senha.'),
    );
  });

  it('Ana Beatriz (login wizard): the masked e-mail VerificarCPF showed is accepted; she has no mobile', async () => {
    const c = t.client();
    const cel = await c.post('/api/Registro/CadastrarCelular', { cpf: CPF.anaBeatriz, celular: '(11) 91234-5678' });
    expect(cel.status).toBe(422);
    expect(cel.body).toEqual(
      erro(
        'CONTATO_INDISPONIVEL',
        'Não há celular cadastrado para este beneficiário. Atualize seus dados junto à operadora.',
      ),
    );
    const r = await c.post('/api/Registro/CadastrarEmail', { cpf: CPF.anaBeatriz, email: 'ana****@exemplo.com.br' });
    expect(r.status).toBe(200);
    const codigo = await t.lastCode('ana.lima@exemplo.com.br');
    expect(
      (
        await c.post('/api/Registro/ConfirmarEmail', {
          cpf: CPF.anaBeatriz,
          email: 'ana****@exemplo.com.br',
          tokenEmail: codigo,
        })
      ).status,
    ).toBe(200);
    expect((await c.post('/api/Registro/CadastrarSenha', { cpf: CPF.anaBeatriz, senha: 'senha-da-ana' })).status).toBe(
      200,
    );
    expect((await t.client().login(CPF.anaBeatriz, 'senha-da-ana')).sucesso).toBe(true);
  });

  it('by SMS, with the masked mobile and the code as a number', async () => {
    const cpf = await pessoa({ celular: '21998761234' });
    const c = t.client();
    expect((await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '(21) *****-1234' })).body).toEqual({
      sucesso: true,
      mensagem: 'Código de verificação enviado para seu celular.',
    });
    const codigo = await t.lastCode('21998761234');
    expect(
      (await c.post('/api/Registro/ConfirmarCelular', { cpf, celular: 21998761234, tokenSMS: Number(codigo) })).status,
    ).toBe(200);
    expect((await c.post('/api/Registro/CadastrarSenha', { cpf, senha: 'abcdef' })).status).toBe(200);
  });
});

describe('CriarConta', () => {
  it('refuses an account with a password (409), a non-member (404), an unknown CPF (404)', async () => {
    const c = t.client();
    expect((await c.post('/api/Registro/CriarConta', { cpf: CPF.maria })).body).toEqual(
      erro('CONTA_JA_EXISTE', 'Já existe uma conta com senha para este CPF. Faça login ou recupere sua senha.'),
    );
    const paulo = await c.post('/api/Registro/CriarConta', { cpf: CPF.paulo });
    expect(paulo.status).toBe(404);
    expect(paulo.body).toEqual(
      erro(
        'CPF_NAO_ENCONTRADO',
        'Este CPF não pertence a um beneficiário ativo nem a um plano cancelado nos últimos 5 anos.',
      ),
    );
    const ninguem = await c.post('/api/Registro/CriarConta', { cpf: CPF.ninguem });
    expect(ninguem.body).toEqual(erro('CPF_NAO_ENCONTRADO', 'CPF não encontrado em nossa base de beneficiários.'));
    expect((await c.post('/api/Registro/CriarConta', { cpf: '1' })).status).toBe(400);
  });
});

describe('a former member (pentest defect 14)', () => {
  /**
   * The holder and financial responsible of a contract cancelled on `fim` (AAAA-MM-DD), with an
   * e-mail on file and no account.
   */
  async function exBeneficiario(fim: string) {
    const email = `ex${seq}@exemplo.com.br`;
    const cpf = await pessoa({ email });
    const contrato = `8${String(seq).padStart(5, '0')}`;
    await t.db.query('delete from beneficiarios where cpf = $1', [cpf]);
    await t.db.query(
      `insert into contratos (codigo_contrato, codigo_plano, cpf_responsavel_financeiro, tipo_contratacao,
                              data_inicio_vigencia, data_cancelamento)
       select $1, codigo_plano, $2, 'INDIVIDUAL/FAMILIAR', '2019-05-01', $3 from contratos where codigo_contrato = $4`,
      [contrato, cpf, fim, CONTRATO.roberto],
    );
    await t.db.query(
      `insert into beneficiarios (codigo_beneficiario, codigo_contrato, cpf, tipo, ativo, data_inclusao, data_exclusao)
       values ($1, $2, $3, 'TITULAR', false, '2019-05-01', $4)`,
      [`${contrato}0001`, contrato, cpf, fim],
    );
    return { cpf, email, contrato };
  }

  it('cancelled within 5 years: VerificarCPF, the same registration, told the plan was cancelled, then the cancelled view', async () => {
    const { cpf, email, contrato } = await exBeneficiario('2025-08-31');
    const c = t.client();
    // VerificarCPF and the registration agree (the contract's comment on VerificarCPF).
    expect((await c.post('/api/Login/VerificarCPF', { cpf })).body).toMatchObject({
      beneficiario: true,
      temContaNoApp: false,
      temSenhaCadastrada: false,
    });
    // Nothing about the cancellation before the code: a CPF alone tells nobody.
    expect((await c.post('/api/Registro/CriarConta', { cpf })).body).toEqual({
      sucesso: true,
      mensagem: 'Conta criada com sucesso.',
    });
    // The same contact rules as a member.
    expect((await pedirEmail(c, cpf, 'outro@exemplo.com.br')).status).toBe(422);
    expect((await pedirEmail(c, cpf, email)).status).toBe(200);
    const codigo = await t.lastCode(email);
    expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, email, tokenEmail: codigo })).status).toBe(200);
    const senha = await c.post('/api/Registro/CadastrarSenha', { cpf, senha: 'senha-do-ex' });
    expect(senha.status).toBe(200);
    expect(senha.body).toEqual({
      sucesso: true,
      mensagem:
        'Conta criada com sucesso. Seu plano foi cancelado em 31/08/2025. No portal você continua acessando faturas, recibos, informes de Imposto de Renda, a declaração de quitação, seus protocolos e seus dados pessoais (LGPD).',
      dataCancelamento: '2025-08-31',
    });

    // Signs in to the cancelled profile: documents, protocols and LGPD, no new request.
    const perfis = await t.client().post<Record<string, unknown>[]>('/api/Login/PerfisDaConta', {
      cpf: Number(cpf),
      senha: 'senha-do-ex',
    });
    expect(perfis.body).toEqual([
      expect.objectContaining({ codigoContrato: contrato, dataCancelamento: '2025-08-31' }),
    ]);
    const logado = t.client();
    const { codigoSessao } = await logado.login(cpf, 'senha-do-ex');
    const body = { perfilAutenticado: { codigoSessao } };
    expect((await logado.post('/api/Beneficiario/SituacaoDoPlano', body)).body).toMatchObject({
      cancelado: true,
      dataCancelamento: '2025-08-31',
    });
    expect((await logado.post('/api/Protocolos/Listar', body)).status).toBe(200);
    expect((await logado.post('/api/Financeiro/ListarParcelas', body)).status).toBe(200);
    expect((await logado.post('/api/Financeiro/ListarExtratoIRPF', body)).status).toBe(200);
    expect((await logado.post('/api/MeusDados/Exportar', body)).status).toBe(200);
  });

  it('cancelled 5 years ago or more: not a member for VerificarCPF nor for the registration', async () => {
    const { cpf, email } = await exBeneficiario('2021-03-09');
    const c = t.client();
    expect((await c.post('/api/Login/VerificarCPF', { cpf })).body).toMatchObject({ beneficiario: false, nome: '' });
    const r = await c.post('/api/Registro/CriarConta', { cpf });
    expect(r.status).toBe(404);
    expect(r.body).toEqual(
      erro(
        'CPF_NAO_ENCONTRADO',
        'Este CPF não pertence a um beneficiário ativo nem a um plano cancelado nos últimos 5 anos.',
      ),
    );
    expect((await pedirEmail(c, cpf, email)).status).toBe(404);
  });
});

describe('contacts', () => {
  it('a contact other than the one on file is refused and audited; no code is sent', async () => {
    const cpf = await pessoa();
    const c = t.client();
    const email = await pedirEmail(c, cpf, 'atacante@exemplo.com');
    expect(email.status).toBe(422);
    expect(email.body).toEqual(
      erro(
        'CONTATO_DIVERGENTE',
        'O e-mail informado não confere com o cadastro do beneficiário. Atualize seus dados junto à operadora.',
      ),
    );
    const cel = await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '11999998888' });
    expect(cel.body).toEqual(
      erro(
        'CONTATO_DIVERGENTE',
        'O celular informado não confere com o cadastro do beneficiário. Atualize seus dados junto à operadora.',
      ),
    );
    expect(await t.db.query('select 1 from verification_codes where cpf = $1', [cpf])).toEqual([]);
    expect(
      (await t.db.query('select 1 from audit_log where event = $1 and cpf = $2', ['contato_divergente', cpf])).length,
    ).toBe(2);
    expect((await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '' })).body).toMatchObject({
      code: 'DADOS_INVALIDOS',
      message: 'Informe o celular.',
    });
  });

  it('confirming with a different contact answers exactly as a wrong code, and spends a try', async () => {
    const cpf = await pessoa();
    const c = t.client();
    await pedirEmail(c, cpf);
    const codigo = await t.lastCode('teste@exemplo.com.br');
    const errado = codigo === '000000' ? '111111' : '000000';
    const INVALIDO = erro('CODIGO_INVALIDO', 'Código inválido. Verifique e tente novamente.');
    const contatoErrado = await c.post('/api/Registro/ConfirmarEmail', {
      cpf,
      email: 'outro@exemplo.com.br',
      tokenEmail: codigo,
    });
    const codigoErrado = await c.post('/api/Registro/ConfirmarEmail', {
      cpf,
      email: 'teste@exemplo.com.br',
      tokenEmail: errado,
    });
    expect([contatoErrado.status, contatoErrado.body]).toEqual([422, INVALIDO]);
    expect([codigoErrado.status, codigoErrado.body]).toEqual([422, INVALIDO]);
    const [row] = await t.db.query<{ tentativas: number }>('select tentativas from verification_codes where cpf = $1', [
      cpf,
    ]);
    expect(row?.tentativas).toBe(2);
    // Without a code in this browser, both answer 'no code' alike too.
    const outro = t.client();
    const a = await outro.post('/api/Registro/ConfirmarEmail', { cpf, email: 'x@exemplo.com.br', tokenEmail: errado });
    const b = await outro.post('/api/Registro/ConfirmarEmail', {
      cpf,
      email: 'teste@exemplo.com.br',
      tokenEmail: errado,
    });
    expect([a.status, a.body]).toEqual([422, SEM_CODIGO]);
    expect([b.status, b.body]).toEqual([422, SEM_CODIGO]);
  });
});

describe('contact guessing (issue 13, defect 3)', () => {
  const MUITAS = {
    sucesso: false,
    code: 'MUITAS_TENTATIVAS',
    message: 'Muitas tentativas. Tente novamente em 60 minutos.',
    erro: 'Muitas tentativas. Tente novamente em 60 minutos.',
    aguardarSegundos: 3600,
  };

  it('guessing the hidden digits of the masked mobile: 5 wrong ones, then 429 for every guess, right or wrong', async () => {
    const cpf = await pessoa({ celular: '11987654321' });
    const c = t.client();
    // VerificarCPF shows '(11) *****-4321'; the attacker tries 9XXXX-4321 in order.
    const respostas = [];
    for (let n = 8750; n < 8770; n++) {
      const r = await c.post('/api/Registro/CadastrarCelular', { cpf, celular: `119${n}4321` });
      respostas.push([n, r.status]);
    }
    const certa = respostas.find(([n]) => n === 8765);
    expect(certa).toEqual([8765, 429]); // the right number is refused like the others: nothing learnt
    expect(respostas.filter(([, s]) => s !== 429)).toEqual(respostas.slice(0, 5).map(([n]) => [n, 422]));
    expect((await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '11987654321' })).body).toEqual(MUITAS);
    // From another IP too (the CPF's budget), until the hour ends.
    expect((await t.client().post('/api/Registro/CadastrarCelular', { cpf, celular: '11987654321' })).status).toBe(429);
    t.clock.advance(3600_000);
    expect((await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '11987654321' })).status).toBe(200);
  });

  it('ConfirmarCelular is throttled the same way before it compares', async () => {
    const cpf = await pessoa({ celular: '11987654321' });
    const c = t.client();
    expect((await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '(11) *****-4321' })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const r = await c.post('/api/Registro/ConfirmarCelular', { cpf, celular: `1198765000${i}`, tokenSMS: '000000' });
      expect(r.status).toBe(422);
    }
    const r = await c.post('/api/Registro/ConfirmarCelular', { cpf, celular: '11987654321', tokenSMS: '000000' });
    expect(r.body).toEqual(MUITAS);
  });

  it('one IP: 20 wrong contacts an hour, whatever the CPFs', async () => {
    const c = t.client();
    for (let i = 0; i < 20; i++) {
      const cpf = await pessoa();
      expect((await pedirEmail(c, cpf, `chute${i}@exemplo.com`)).status).toBe(422);
    }
    const cpf = await pessoa();
    expect((await pedirEmail(c, cpf)).body).toEqual(MUITAS);
    expect((await pedirEmail(t.client(), cpf)).status).toBe(200);
  });

  it('right contacts cost nothing: a member may ask again and confirm', async () => {
    const cpf = await pessoa();
    const c = t.client();
    for (let i = 0; i < 8; i++) {
      expect((await pedirEmail(c, cpf)).status).toBe(i === 0 ? 200 : 429); // 120 s between codes
      t.clock.advance(1000);
    }
    const [r] = await t.db.query("select 1 from rate_counters where key like 'contato:%' and count > 0");
    expect(r).toBeUndefined();
  });
});

describe('codes', () => {
  it('CadastrarSenha without a confirmed code is refused', async () => {
    const cpf = await pessoa();
    const c = t.client();
    expect((await c.post('/api/Registro/CadastrarSenha', { cpf, senha: 'abcdef' })).body).toEqual(NAO_CONFIRMADO);
    await pedirEmail(c, cpf); // sent, not confirmed
    const r = await c.post('/api/Registro/CadastrarSenha', { cpf, senha: 'abcdef' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual(NAO_CONFIRMADO);
  });

  it('another browser cannot confirm the code nor use a confirmed flow', async () => {
    const cpf = await pessoa();
    const a = t.client();
    const b = t.client();
    await pedirEmail(a, cpf);
    const codigo = await t.lastCode('teste@exemplo.com.br');
    const confirmB = await b.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo });
    expect(confirmB.status).toBe(422);
    expect(confirmB.body).toEqual(SEM_CODIGO);
    expect((await a.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo })).status).toBe(200);
    expect((await b.post('/api/Registro/CadastrarSenha', { cpf, senha: 'abcdef' })).body).toEqual(NAO_CONFIRMADO);
    // A third browser carrying a made-up flow cookie does no better.
    const c = t.client();
    c.cookies.set('pb_fluxo', 'x'.repeat(43));
    expect((await c.post('/api/Registro/CadastrarSenha', { cpf, senha: 'abcdef' })).body).toEqual(NAO_CONFIRMADO);
    expect((await a.post('/api/Registro/CadastrarSenha', { cpf, senha: 'abcdef' })).status).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    const cpf = await pessoa();
    const c = t.client();
    await pedirEmail(c, cpf);
    const codigo = await t.lastCode('teste@exemplo.com.br');
    t.clock.advance(10 * 60_000);
    const r = await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo });
    expect(r.status).toBe(422);
    expect(r.body).toEqual(erro('CODIGO_EXPIRADO', 'Código expirado. Solicite um novo código.'));
  });

  it('dies after 5 wrong tries, even for the right code', async () => {
    const cpf = await pessoa();
    const c = t.client();
    await pedirEmail(c, cpf);
    const codigo = await t.lastCode('teste@exemplo.com.br');
    const errado = codigo === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: errado })).body).toEqual(
        erro('CODIGO_INVALIDO', 'Código inválido. Verifique e tente novamente.'),
      );
    }
    const bloqueio = erro('CODIGO_INVALIDO', 'Código bloqueado por excesso de tentativas. Solicite um novo código.');
    expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: errado })).body).toEqual(bloqueio);
    expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo })).body).toEqual(bloqueio);
    expect(
      (await t.db.query('select 1 from audit_log where event = $1 and cpf = $2', ['codigo_falha', cpf])).length,
    ).toBe(5);
  });

  it('parallel guesses never get more than 5 comparisons', async () => {
    const cpf = await pessoa();
    const c = t.client();
    await pedirEmail(c, cpf);
    const codigo = await t.lastCode('teste@exemplo.com.br');
    // 12 different wrong codes at once, then the right one: only 5 were ever compared.
    const palpites = Array.from({ length: 12 }, (_, i) =>
      String((Number(codigo) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const respostas = await Promise.all(
      palpites.map((tokenEmail) => c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail })),
    );
    expect(respostas.every((r) => r.status === 422)).toBe(true);
    const [row] = await t.db.query<{ tentativas: number }>(
      'select tentativas from verification_codes where cpf = $1 order by id desc limit 1',
      [cpf],
    );
    expect(row?.tentativas).toBe(5);
    expect(
      (await t.db.query('select 1 from audit_log where event = $1 and cpf = $2', ['codigo_falha', cpf])).length,
    ).toBe(5);
    const certo = await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo });
    expect(certo.body).toEqual(
      erro('CODIGO_INVALIDO', 'Código bloqueado por excesso de tentativas. Solicite um novo código.'),
    );
  });

  it('single use: the confirmation is used up by CadastrarSenha', async () => {
    const cpf = await pessoa();
    const c = t.client();
    await pedirEmail(c, cpf);
    const codigo = await t.lastCode('teste@exemplo.com.br');
    await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo });
    const fluxo = c.cookies.get('pb_fluxo')!;
    expect((await c.post('/api/Registro/CadastrarSenha', { cpf, senha: 'abcdef' })).status).toBe(200);
    // The password exists now; and the code is gone even for the same flow.
    await t.db.query('update contas set senha_hash = null where cpf = $1', [cpf]);
    c.cookies.set('pb_fluxo', fluxo);
    expect((await c.post('/api/Registro/CadastrarSenha', { cpf, senha: 'ghijkl' })).body).toEqual(NAO_CONFIRMADO);
    expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo })).body).toEqual(SEM_CODIGO);
  });

  it('the password must follow the confirmation within 15 minutes', async () => {
    const cpf = await pessoa();
    const c = t.client();
    await pedirEmail(c, cpf);
    await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: await t.lastCode('teste@exemplo.com.br') });
    t.clock.advance(15 * 60_000 + 1000);
    expect((await c.post('/api/Registro/CadastrarSenha', { cpf, senha: 'abcdef' })).body).toEqual(NAO_CONFIRMADO);
  });

  it('a new send invalidates the earlier code', async () => {
    const cpf = await pessoa();
    const c = t.client();
    await pedirEmail(c, cpf);
    const primeiro = await t.lastCode('teste@exemplo.com.br');
    t.clock.advance(120_000);
    await pedirEmail(c, cpf);
    const segundo = await t.lastCode('teste@exemplo.com.br');
    if (primeiro !== segundo) {
      expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: primeiro })).body).toMatchObject({
        code: 'CODIGO_INVALIDO',
      });
    }
    expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: segundo })).status).toBe(200);
  });

  it('a code checked on the other channel: its own error, saying where it went, and no try spent', async () => {
    const cpf = await pessoa({ email: 'teste@exemplo.com.br', celular: '11912345678' });
    const c = t.client();
    await pedirEmail(c, cpf);
    const codigo = await t.lastCode('teste@exemplo.com.br');
    const outroCanal = {
      ...erro(
        'CODIGO_OUTRO_CANAL',
        'O código de verificação foi enviado para o seu e-mail, não por SMS. Digite o código que você recebeu por e-mail.',
      ),
      codigoEmAberto: { canal: 'email', destino: 'tes****@exemplo.com.br' },
    };
    for (let i = 0; i < 6; i++) {
      const r = await c.post('/api/Registro/ConfirmarCelular', { cpf, tokenSMS: codigo });
      expect(r.status).toBe(422);
      expect(r.body).toEqual(outroCanal);
    }
    // Another browser is not told anything about the code.
    expect((await t.client().post('/api/Registro/ConfirmarCelular', { cpf, tokenSMS: codigo })).body).toEqual(
      SEM_CODIGO,
    );
    const [row] = await t.db.query<{ tentativas: number }>('select tentativas from verification_codes where cpf = $1', [
      cpf,
    ]);
    expect(row?.tentativas).toBe(0);
    expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo })).status).toBe(200);
  });

  it('by SMS, checked as an e-mail code: the message names the SMS; once expired it just says so', async () => {
    const cpf = await pessoa({ celular: '21998760000' });
    const c = t.client();
    await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '21998760000' });
    const codigo = await t.lastCode('21998760000');
    expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo })).body).toEqual({
      ...erro(
        'CODIGO_OUTRO_CANAL',
        'O código de verificação foi enviado por SMS para o seu celular, não para o e-mail. Digite o código que você recebeu por SMS.',
      ),
      codigoEmAberto: { canal: 'sms', destino: '(21) *****-0000' },
    });
    t.clock.advance(10 * 60_000);
    expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo })).body).toEqual(
      erro('CODIGO_EXPIRADO', 'Código expirado. Solicite um novo código.'),
    );
  });

  it('bad code formats → 400', async () => {
    const r = await t.client().post('/api/Registro/ConfirmarEmail', { cpf: CPF.fernanda, tokenEmail: '12a456' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'O código deve ter 6 dígitos.' });
    const long = await t
      .client()
      .post('/api/Registro/ConfirmarCelular', { cpf: CPF.fernanda, tokenSMS: '1'.repeat(300) });
    expect(long.status).toBe(400);
    expect(
      (await t.client().post('/api/Registro/CadastrarSenha', { cpf: CPF.fernanda, senha: 'abc' })).body,
    ).toMatchObject({
      message: 'A senha deve ter pelo menos 6 caracteres.',
    });
  });
});

const AGUARDE = erro('AGUARDE_REENVIO', 'Aguarde 2 minutos para reenviar o código.');

describe('sending limits', () => {
  it('120 s between sends of one CPF, even from another browser (which is not told where the code went)', async () => {
    const cpf = await pessoa();
    expect((await pedirEmail(t.client(), cpf)).status).toBe(200);
    const r = await pedirEmail(t.client(), cpf);
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ ...AGUARDE, aguardarSegundos: 120 });
    expect(r.headers.get('retry-after')).toBe('120');
    t.clock.advance(119_000);
    expect((await pedirEmail(t.client(), cpf)).body).toEqual({ ...AGUARDE, aguardarSegundos: 1 });
    t.clock.advance(1000);
    expect((await pedirEmail(t.client(), cpf)).status).toBe(200);
  });

  it('the browser that holds the open code is told its channel and masked contact, whatever channel it asks for', async () => {
    const cpf = await pessoa({ email: 'marina.alves@exemplo.com.br', celular: '11912340001' });
    const c = t.client();
    expect((await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '11912340001' })).status).toBe(200);
    t.clock.advance(30_000);
    const sms = { codigoEmAberto: { canal: 'sms', destino: '(11) *****-0001' } };
    const mesmo = await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '(11) *****-0001' });
    expect(mesmo.status).toBe(429);
    expect(mesmo.body).toEqual({ ...AGUARDE, aguardarSegundos: 90, ...sms });
    const outro = await pedirEmail(c, cpf, 'marina.alves@exemplo.com.br');
    expect(outro.body).toEqual({ ...AGUARDE, aguardarSegundos: 90, ...sms });
    // Nothing went to the e-mail, and the SMS code still works.
    expect(await t.db.query('select 1 from outbox where destino = $1', ['marina.alves@exemplo.com.br'])).toEqual([]);
    const codigo = await t.lastCode('11912340001');
    expect((await c.post('/api/Registro/ConfirmarCelular', { cpf, tokenSMS: codigo })).status).toBe(200);
    // Without its flow cookie, or with a made-up one, the same browser learns nothing.
    const fluxo = c.cookies.get('pb_fluxo')!;
    c.cookies.delete('pb_fluxo');
    expect((await pedirEmail(c, cpf, 'marina.alves@exemplo.com.br')).body).toEqual({
      ...AGUARDE,
      aguardarSegundos: 90,
    });
    c.cookies.set('pb_fluxo', 'x'.repeat(43));
    expect((await pedirEmail(c, cpf, 'marina.alves@exemplo.com.br')).body).toEqual({
      ...AGUARDE,
      aguardarSegundos: 90,
    });
    c.cookies.set('pb_fluxo', fluxo);
    expect((await pedirEmail(c, cpf, 'marina.alves@exemplo.com.br')).body).toEqual({
      ...AGUARDE,
      aguardarSegundos: 90,
      ...sms,
    });
  });

  it('a dead code (no tries left, expired, used up) is not offered', async () => {
    const cpf = await pessoa();
    const c = t.client();
    await pedirEmail(c, cpf);
    const codigo = await t.lastCode('teste@exemplo.com.br');
    const aberto = { codigoEmAberto: { canal: 'email', destino: 'tes****@exemplo.com.br' } };
    expect((await pedirEmail(c, cpf)).body).toEqual({ ...AGUARDE, aguardarSegundos: 120, ...aberto });

    const errado = codigo === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: errado });
    expect((await pedirEmail(c, cpf)).body).toEqual({ ...AGUARDE, aguardarSegundos: 120 });

    await t.db.query('update verification_codes set tentativas = 0 where cpf = $1', [cpf]);
    expect((await pedirEmail(c, cpf)).body).toEqual({ ...AGUARDE, aguardarSegundos: 120, ...aberto });
    await t.db.query('update verification_codes set expira_em = $2 where cpf = $1', [cpf, new Date(t.clock.now())]);
    expect((await pedirEmail(c, cpf)).body).toEqual({ ...AGUARDE, aguardarSegundos: 120 });

    await t.db.query('update verification_codes set expira_em = $2, usado_em = $3 where cpf = $1', [
      cpf,
      new Date(t.clock.now() + 60_000),
      new Date(t.clock.now()),
    ]);
    expect((await pedirEmail(c, cpf)).body).toEqual({ ...AGUARDE, aguardarSegundos: 120 });
  });

  it('5 sends an hour per CPF', async () => {
    const cpf = await pessoa();
    const c = t.client();
    for (let i = 0; i < 5; i++) {
      expect((await pedirEmail(c, cpf)).status).toBe(200);
      t.clock.advance(120_000);
    }
    const r = await pedirEmail(c, cpf);
    expect(r.status).toBe(429);
    expect(r.body).toEqual({
      ...erro('MUITAS_TENTATIVAS', 'Muitas tentativas. Tente novamente em 50 minutos.'),
      aguardarSegundos: 3000,
    });
    t.clock.advance(3000_000);
    expect((await pedirEmail(c, cpf)).status).toBe(200);
  });

  it('ReenviarSmsConfirmacao: 200 with sucesso false when refused, a new code when allowed', async () => {
    const cpf = await pessoa({ celular: '11955551234' });
    const c = t.client();
    expect((await c.post('/api/Registro/ReenviarSmsConfirmacao', { cpf })).body).toEqual({
      sucesso: false,
      erro: 'Nenhum cadastro em andamento neste navegador. Solicite um novo código.',
      code: 'CODIGO_NAO_CONFIRMADO',
    });
    await c.post('/api/Registro/CadastrarCelular', { cpf, celular: '11955551234' });
    const cedo = await c.post('/api/Registro/ReenviarSmsConfirmacao', { cpf });
    expect(cedo.status).toBe(200);
    expect(cedo.body).toEqual({
      sucesso: false,
      erro: 'Aguarde 2 minutos para reenviar o código.',
      code: 'AGUARDE_REENVIO',
      aguardarSegundos: 120,
    });
    t.clock.advance(120_000);
    const ok = await c.post('/api/Registro/ReenviarSmsConfirmacao', { cpf });
    expect(ok.body).toEqual({ sucesso: true, erro: null });
    const sent = await t.db.query('select 1 from outbox where destino = $1', ['11955551234']);
    expect(sent.length).toBe(2);
    const codigo = await t.lastCode('11955551234');
    expect((await c.post('/api/Registro/ConfirmarCelular', { cpf, tokenSMS: codigo })).status).toBe(200);
    // Another browser cannot trigger resends of this flow.
    expect((await t.client().post('/api/Registro/ReenviarSmsConfirmacao', { cpf })).body).toMatchObject({
      sucesso: false,
    });
  });
});

describe('common passwords (issue 13, defect 10)', () => {
  it('CadastrarSenha refuses common and breached passwords without using up the confirmation', async () => {
    const cpf = await pessoa();
    const c = t.client();
    await pedirEmail(c, cpf);
    const codigo = await t.lastCode('teste@exemplo.com.br');
    expect((await c.post('/api/Registro/ConfirmarEmail', { cpf, tokenEmail: codigo })).status).toBe(200);
    for (const senha of ['senha123', '123456', 'Brasil', 'qwerty123', 'iloveyou']) {
      const r = await c.post('/api/Registro/CadastrarSenha', { cpf, senha });
      expect([senha, r.status, r.body]).toEqual([senha, 400, erro('DADOS_INVALIDOS', SENHA_COMUM)]);
    }
    expect((await c.post('/api/Registro/CadastrarSenha', { cpf, senha: 'minha-casa-azul' })).status).toBe(200);
    expect((await t.client().login(cpf, 'minha-casa-azul')).sucesso).toBe(true);
  });
});
