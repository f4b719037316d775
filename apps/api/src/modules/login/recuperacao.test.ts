import { SENHA_COMUM } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CPF, SENHA, startApp, type Client, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await startApp({
    probeMembro: true,
  });
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

function erro(code: string, message: string) {
  return { sucesso: false, code, message, erro: message };
}

async function pedir(c: Client, cpf: string, tipoSolicitacao: 'email' | 'celular') {
  return c.post('/api/Login/RecuperarSenha', { cpf, tipoSolicitacao, celular: 11900000000 });
}

describe('password recovery', () => {
  it('Maria by SMS: validate, change; sessions end; the old password fails, the new one works', async () => {
    const logada = t.client();
    const { codigoSessao } = await logada.login(CPF.maria);
    for (let i = 0; i < 3; i++) await t.client().post('/api/Login/PerfisDaConta', { cpf: CPF.maria, senha: 'errada' });

    const c = t.client();
    const envio = await pedir(c, CPF.maria, 'celular');
    expect(envio.status).toBe(200);
    expect(envio.body).toEqual({ sucesso: true, mensagem: 'Código enviado para seu celular!' });
    // The payload's celular is ignored: the code goes to the mobile on file.
    const codigo = await t.lastCode('11987654321');

    const errado = codigo === '000000' ? '111111' : '000000';
    expect(
      (
        await c.post('/api/Login/ValidarTokenRecuperacao', {
          cpf: CPF.maria,
          token: errado,
          tipoSolicitacao: 'celular',
        })
      ).body,
    ).toEqual(erro('CODIGO_INVALIDO', 'Código inválido. Verifique e tente novamente.'));
    const valida = await c.post('/api/Login/ValidarTokenRecuperacao', {
      cpf: CPF.maria,
      token: codigo,
      tipoSolicitacao: 'celular',
    });
    expect(valida.status).toBe(200);
    expect(valida.body).toEqual({ sucesso: true, mensagem: 'Código validado com sucesso.' });

    const altera = await c.post('/api/Login/AlterarSenha', {
      cpf: CPF.maria,
      token: codigo,
      senha: 'nova-senha',
      confirmacaoSenha: 'nova-senha',
      tipoSolicitacao: 'celular',
    });
    expect(altera.status).toBe(200);
    expect(altera.body).toEqual({ sucesso: true, mensagem: 'Senha alterada com sucesso.' });

    expect((await logada.post('/api/teste/membro', { perfilAutenticado: { codigoSessao } })).status).toBe(401);
    expect((await t.client().post('/api/Login/PerfisDaConta', { cpf: CPF.maria, senha: SENHA })).body).toEqual([]);
    expect(
      (await t.client().post<unknown[]>('/api/Login/PerfisDaConta', { cpf: CPF.maria, senha: 'nova-senha' })).body,
    ).toHaveLength(2);
    // The wrong-password streak was cleared: 1 failure (the SENHA try above) now, not 4.
    const [row] = await t.db.query<{ count: number }>('select count from rate_counters where key = $1', [
      `senha:cpf:${CPF.maria}`,
    ]);
    expect(row?.count).toBe(1);

    // Single use.
    const de_novo = await c.post('/api/Login/AlterarSenha', {
      cpf: CPF.maria,
      token: codigo,
      senha: 'outra-senha',
      confirmacaoSenha: 'outra-senha',
      tipoSolicitacao: 'celular',
    });
    expect(de_novo.status).toBe(422);
    expect(de_novo.body).toMatchObject({ code: 'CODIGO_NAO_CONFIRMADO' });
    const [audit] = await t.db.query<{ detail: unknown }>(
      "select detail from audit_log where event = 'senha_alterada' and cpf = $1",
      [CPF.maria],
    );
    expect(audit?.detail).toEqual({ sessoesEncerradas: 1 });
  });

  it('AlterarSenha needs a validated code, from the same browser', async () => {
    const c = t.client();
    // The spec's toast, word for word ('Código enviado para seu email/celular!').
    expect((await pedir(c, CPF.roberto, 'email')).body).toEqual({
      sucesso: true,
      mensagem: 'Código enviado para seu email!',
    });
    const codigo = await t.lastCode('roberto.pereira@exemplo.com.br');
    const body = {
      cpf: CPF.roberto,
      token: codigo,
      senha: 'abcdef',
      confirmacaoSenha: 'abcdef',
      tipoSolicitacao: 'email',
    };
    expect((await c.post('/api/Login/AlterarSenha', body)).body).toEqual(
      erro('CODIGO_NAO_CONFIRMADO', 'Valide o código antes de alterar a senha.'),
    );
    await c.post('/api/Login/ValidarTokenRecuperacao', { cpf: CPF.roberto, token: codigo, tipoSolicitacao: 'email' });
    const outro = await t.client().post('/api/Login/AlterarSenha', body);
    expect(outro.status).toBe(422);
    expect(outro.body).toEqual(
      erro('CODIGO_NAO_CONFIRMADO', 'Nenhum código válido foi solicitado neste navegador. Solicite um novo código.'),
    );
    // The code was sent by e-mail: the celular channel is refused, saying where it went.
    expect((await c.post('/api/Login/AlterarSenha', { ...body, tipoSolicitacao: 'celular' })).body).toEqual({
      ...erro(
        'CODIGO_OUTRO_CANAL',
        'O código de verificação foi enviado para o seu e-mail, não por SMS. Digite o código que você recebeu por e-mail.',
      ),
      codigoEmAberto: { canal: 'email', destino: 'rob****@exemplo.com.br' },
    });
    // Still the same login password: nothing changed.
    expect((await t.client().login(CPF.roberto)).sucesso).toBe(true);
  });

  it('refuses a CPF without a password (404) and a channel without a contact (422)', async () => {
    const c = t.client();
    const ana = await pedir(c, CPF.anaBeatriz, 'email');
    expect(ana.status).toBe(404);
    expect(ana.body).toEqual(erro('CONTA_NAO_ENCONTRADA', 'Não encontramos uma conta com senha para este CPF.'));
    await t.db.query('update pessoas set celular = null where cpf = $1', [CPF.carlos]);
    const semCelular = await pedir(c, CPF.carlos, 'celular');
    expect(semCelular.status).toBe(422);
    expect(semCelular.body).toEqual(
      erro(
        'CONTATO_INDISPONIVEL',
        'Não há celular cadastrado para este beneficiário. Atualize seus dados junto à operadora.',
      ),
    );
  });

  it('resend is blocked for 2 minutes; this browser is told where its valid code went', async () => {
    await t.db.query("update pessoas set celular = '11976543210' where cpf = $1", [CPF.carlos]);
    const c = t.client();
    expect((await pedir(c, CPF.carlos, 'email')).status).toBe(200);
    const aguarde = erro('AGUARDE_REENVIO', 'Aguarde 2 minutos para reenviar o código.');
    const aberto = { codigoEmAberto: { canal: 'email', destino: 'car****@exemplo.com.br' } };
    const r = await pedir(c, CPF.carlos, 'email');
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ ...aguarde, aguardarSegundos: 120, ...aberto });
    t.clock.advance(45_000);
    // Asking for the SMS instead: nothing is sent; the e-mail code is the one to type.
    const sms = await pedir(c, CPF.carlos, 'celular');
    expect(sms.status).toBe(429);
    expect(sms.body).toEqual({ ...aguarde, aguardarSegundos: 75, ...aberto });
    expect(await t.db.query('select 1 from outbox where destino = $1', ['11976543210'])).toEqual([]);
    // Another browser waits too, but is not told anything about the code.
    expect((await pedir(t.client(), CPF.carlos, 'email')).body).toEqual({ ...aguarde, aguardarSegundos: 75 });
  });

  it('ValidarTokenRecuperacao on the other channel is refused before it costs a try', async () => {
    const c = t.client();
    await t.db.query("update pessoas set celular = '11976543210' where cpf = $1", [CPF.carlos]);
    expect((await pedir(c, CPF.carlos, 'celular')).status).toBe(200);
    const codigo = await t.lastCode('11976543210');
    const r = await c.post('/api/Login/ValidarTokenRecuperacao', {
      cpf: CPF.carlos,
      token: codigo,
      tipoSolicitacao: 'email',
    });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      ...erro(
        'CODIGO_OUTRO_CANAL',
        'O código de verificação foi enviado por SMS para o seu celular, não para o e-mail. Digite o código que você recebeu por SMS.',
      ),
      codigoEmAberto: { canal: 'sms', destino: '(11) *****-3210' },
    });
    const ok = await c.post('/api/Login/ValidarTokenRecuperacao', {
      cpf: CPF.carlos,
      token: codigo,
      tipoSolicitacao: 'celular',
    });
    expect(ok.body).toEqual({ sucesso: true, mensagem: 'Código validado com sucesso.' });
    const [row] = await t.db.query<{ tentativas: number }>(
      "select tentativas from verification_codes where cpf = $1 and finalidade = 'recuperacao' order by id desc limit 1",
      [CPF.carlos],
    );
    expect(row?.tentativas).toBe(1); // the right code's own comparison only
  });

  it('validates its input', async () => {
    const c = t.client();
    const diff = await c.post('/api/Login/AlterarSenha', {
      cpf: CPF.maria,
      token: '123456',
      senha: 'abcdef',
      confirmacaoSenha: 'abcdeg',
      tipoSolicitacao: 'email',
    });
    expect(diff.status).toBe(400);
    expect(diff.body).toEqual(erro('DADOS_INVALIDOS', 'As senhas digitadas não são iguais.'));
    const tipo = await c.post('/api/Login/RecuperarSenha', { cpf: CPF.maria, tipoSolicitacao: 'pombo' });
    expect(tipo.body).toEqual(erro('DADOS_INVALIDOS', 'Escolha e-mail ou celular.'));
    const token = await c.post('/api/Login/ValidarTokenRecuperacao', {
      cpf: CPF.maria,
      token: 12,
      tipoSolicitacao: 'email',
    });
    expect(token.status).toBe(422); // 12 → '000012': well-formed, but there is no code in this browser
  });
});

describe('common passwords (issue 13, defect 10)', () => {
  const COMUM = erro('DADOS_INVALIDOS', SENHA_COMUM);

  it('AlterarSenha refuses the demo password and breached ones, keeps the code, then takes a good one', async () => {
    const c = t.client();
    expect((await pedir(c, CPF.roberto, 'email')).status).toBe(200);
    const codigo = await t.lastCode('roberto.pereira@exemplo.com.br');
    const body = { cpf: CPF.roberto, token: codigo, tipoSolicitacao: 'email' as const };
    expect((await c.post('/api/Login/ValidarTokenRecuperacao', body)).status).toBe(200);
    // senha123 (the short Brazilian list, also checked in the browser), iloveyou / 1q2w3e4r /
    // Password1 (zxcvbn-ts's list, any case): each a 400 with the same message.
    for (const senha of [SENHA, 'SENHA123', 'iloveyou', '1q2w3e4r', 'Password1']) {
      const r = await c.post('/api/Login/AlterarSenha', { ...body, senha, confirmacaoSenha: senha });
      expect([senha, r.status, r.body]).toEqual([senha, 400, COMUM]);
    }
    // The 6-character minimum of docs/produto/acesso.md ("Validation") still holds, and an uncommon 6-character password passes.
    const ok = await c.post('/api/Login/AlterarSenha', { ...body, senha: 'kq7#vz', confirmacaoSenha: 'kq7#vz' });
    expect(ok.status).toBe(200);
    expect((await t.client().login(CPF.roberto, 'kq7#vz')).sucesso).toBe(true);
  });
});
