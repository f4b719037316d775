import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BENEFICIARIO, CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { formatarNumeroProtocolo } from '@portal/contract';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const SOS = '/api/Servicos/Sos';
const ORTO = '/api/Servicos/Ortopedico';
const CELULAR = { maria: '11987654321', roberto: '31991234567' };

const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);
type M = Awaited<ReturnType<typeof membro>>;

const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

const aceitar = (m: M, base: string, codigos: unknown) =>
  m.c.post<Record<string, unknown>>(`${base}/AceiteTermoAdesao`, {
    perfilAutenticado: m.perfil,
    codigoMatriculasBeneficiariosAlvo: codigos,
  });
const enviar = (m: M, base: string) =>
  m.c.post<Record<string, unknown>>(`${base}/EnviarSms`, { perfilAutenticado: m.perfil });
const confirmar = (c: Client, perfil: object, base: string, codigoToken: unknown, extra: object = {}, chave?: string) =>
  c.post<{ sucesso: boolean; dados: Record<string, unknown> } & Record<string, unknown>>(
    `${base}/ConfirmarContratacao`,
    { perfilAutenticado: perfil, codigoToken, ...extra },
    chave ? { headers: { 'idempotency-key': chave } } : {},
  );

/** Accept + send, then the code as the member reads it on the phone. */
async function codigoPara(m: M, base: string, codigos: string[], celular: string): Promise<string> {
  expect((await aceitar(m, base, codigos)).status).toBe(200);
  expect((await enviar(m, base)).status).toBe(200);
  return t.lastCode(celular);
}

const errado = (codigo: string) => String((Number(codigo) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/Servicos/{Sos,Ortopedico}/Beneficiarios', () => {
  it("Maria's offer: João Pedro already has SOS; price, validity start and documents", async () => {
    const m = await membro(CPF.maria, CONTRATO.maria);
    const r = await m.c.post(`${SOS}/Beneficiarios`, { perfilAutenticado: m.perfil });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      beneficiarios: [
        { codigoBeneficiario: BENEFICIARIO.maria, nome: 'Maria Aparecida Souza', temAcessorioContratado: false },
        { codigoBeneficiario: BENEFICIARIO.joaoPedro, nome: 'João Pedro Souza', temAcessorioContratado: true },
        { codigoBeneficiario: BENEFICIARIO.anaClara, nome: 'Ana Clara Souza', temAcessorioContratado: false },
      ],
      valorParaContratacao: 29.9,
      dataInicioVigenciaAposContratacao: '2026-04-01',
      linkTermoAdesao: 'https://www.saudeexemplo.com.br/documentos/sos/termo-de-adesao.pdf',
      linkContrato: 'https://www.saudeexemplo.com.br/documentos/sos/contrato.pdf',
    });
    const o = await m.c.post<{ beneficiarios: { temAcessorioContratado: boolean }[] } & Record<string, unknown>>(
      `${ORTO}/Beneficiarios`,
      { perfilAutenticado: m.perfil },
    );
    expect(o.body.beneficiarios.map((b) => b.temAcessorioContratado)).toEqual([false, false, false]);
    expect(o.body).toMatchObject({
      valorParaContratacao: 19.9,
      linkTermoAdesao: 'https://www.saudeexemplo.com.br/documentos/ortopedico/termo-de-adesao.pdf',
      linkContrato: 'https://www.saudeexemplo.com.br/documentos/ortopedico/contrato.pdf',
    });
  });

  it('only the financial responsible of an active contract: 403 on every call of both services', async () => {
    const carlos = await membro(CPF.carlos);
    const antigo = await membro(CPF.maria, CONTRATO.mariaCancelado);
    for (const base of [SOS, ORTO]) {
      for (const [call, body] of [
        ['Beneficiarios', {}],
        ['AceiteTermoAdesao', { codigoMatriculasBeneficiariosAlvo: [BENEFICIARIO.carlos] }],
        ['EnviarSms', {}],
        ['ConfirmarContratacao', { codigoToken: 123456 }],
      ] as const) {
        const r = await carlos.c.post(`${base}/${call}`, { perfilAutenticado: carlos.perfil, ...body });
        expect(r.status, `${base}/${call}`).toBe(403);
        expect(r.body).toEqual({
          sucesso: false,
          code: 'ACESSO_RESTRITO',
          message: 'Apenas o responsável financeiro do contrato pode contratar novos serviços.',
          erro: 'Apenas o responsável financeiro do contrato pode contratar novos serviços.',
        });
        const r2 = await antigo.c.post(`${base}/${call}`, { perfilAutenticado: antigo.perfil, ...body });
        expect(r2.status).toBe(403);
        expect(r2.body).toMatchObject({ message: 'Este contrato está cancelado e não aceita novas contratações.' });
      }
    }
  });

  it("another browser holding Maria's session code, or no cookie, gets 401 on every call", async () => {
    const maria = await membro(CPF.maria, CONTRATO.maria);
    const roberto = await membro(CPF.roberto);
    for (const c of [roberto.c, t.client()])
      for (const call of ['Beneficiarios', 'AceiteTermoAdesao', 'EnviarSms', 'ConfirmarContratacao']) {
        const r = await c.post(`${SOS}/${call}`, {
          perfilAutenticado: maria.perfil,
          codigoMatriculasBeneficiariosAlvo: [BENEFICIARIO.maria],
          codigoToken: 123456,
        });
        expect(r.status, call).toBe(401);
        expect(JSON.stringify(r.body)).not.toContain('Maria');
      }
  });
});

describe('AceiteTermoAdesao and EnviarSms', () => {
  it('the selection: beneficiaries of the contract who do not hold the service', async () => {
    const m = await membro(CPF.maria, CONTRATO.maria);
    for (const [codigos, status, message] of [
      [[BENEFICIARIO.carlos], 404, 'Beneficiário não encontrado neste contrato.'],
      [[BENEFICIARIO.maria, '999999999'], 404, 'Beneficiário não encontrado neste contrato.'],
      [[BENEFICIARIO.joaoPedro], 409, 'João Pedro Souza já possui o SOS.'],
      [[], 400, 'Selecione pelo menos um beneficiário.'],
      [undefined, 400, 'Selecione pelo menos um beneficiário.'],
      [[BENEFICIARIO.maria, BENEFICIARIO.maria], 400, 'Um beneficiário foi selecionado mais de uma vez.'],
      [['abc'], 400, 'Beneficiário inválido.'],
      [Array.from({ length: 21 }, (_, i) => String(i + 1)), 400, 'Selecione no máximo 20 beneficiários.'],
    ] as const) {
      const r = await aceitar(m, SOS, codigos);
      expect(r.status, message).toBe(status);
      expect(r.body).toMatchObject({ message });
    }
    expect(await count('servicos_aceites')).toBe(0);
  });

  it('the acceptance is recorded with the documents; the code goes to the mobile on file, stored only as an HMAC', async () => {
    const m = await membro(CPF.roberto);
    expect((await aceitar(m, ORTO, [BENEFICIARIO.roberto])).body).toEqual({
      sucesso: true,
      mensagem: 'Termo de adesão aceito.',
    });
    const [aceite] = await t.db.query(
      'select cpf, servico, beneficiarios, link_termo_adesao, link_contrato from servicos_aceites',
    );
    expect(aceite).toEqual({
      cpf: CPF.roberto,
      servico: 'ORTOPEDICO',
      beneficiarios: [BENEFICIARIO.roberto],
      link_termo_adesao: 'https://www.saudeexemplo.com.br/documentos/ortopedico/termo-de-adesao.pdf',
      link_contrato: 'https://www.saudeexemplo.com.br/documentos/ortopedico/contrato.pdf',
    });
    const r = await enviar(m, ORTO);
    expect(r.body).toEqual({
      sucesso: true,
      mensagem: 'Código enviado para (31) *****-4567.',
      destino: '(31) *****-4567',
    });
    const codigo = await t.lastCode(CELULAR.roberto);
    expect(codigo).toMatch(/^\d{6}$/);
    const [sms] = await t.db.query<{ canal: string; mensagem: string }>(
      'select canal, mensagem from outbox where destino = $1 order by id desc limit 1',
      [CELULAR.roberto],
    );
    expect(sms).toEqual({
      canal: 'sms',
      mensagem: `Saúde Exemplo: seu código para confirmar a contratação do Plano Ortopédico é ${codigo}. Ele vale por 10 minutos. Não compartilhe este código.`,
    });
    const [row] = await t.db.query<{ codigo_hmac: string }>('select codigo_hmac from servicos_codigos');
    expect(row!.codigo_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codigo_hmac).not.toContain(codigo);
    // A second send for the same selection within 2 minutes waits, like the sign-in codes.
    const again = await enviar(m, ORTO);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'AGUARDE_REENVIO', message: 'Aguarde 2 minutos para reenviar o código.' });
  });

  it('no code without an accepted term (or one accepted more than 30 minutes ago)', async () => {
    const m = await membro(CPF.roberto);
    const r = await enviar(m, SOS);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      code: 'TERMO_NAO_ACEITO',
      message: 'Aceite o termo de adesão antes de solicitar o código de confirmação.',
    });
    await aceitar(m, SOS, [BENEFICIARIO.roberto]);
    // The acceptance belongs to its session: Roberto on another browser has none.
    const outra = await membro(CPF.roberto);
    expect((await enviar(outra, SOS)).status).toBe(422);
    // 31 minutes later (the session kept alive meanwhile) it no longer counts.
    t.clock.advance(20 * 60_000);
    expect((await m.c.post(`${SOS}/Beneficiarios`, { perfilAutenticado: m.perfil })).status).toBe(200);
    t.clock.advance(11 * 60_000);
    expect((await enviar(m, SOS)).status).toBe(422);
  });
});

describe('ConfirmarContratacao: codes as strict as the sign-in codes', () => {
  it('5 wrong tries kill the code; each counts even though the request fails', async () => {
    const m = await membro(CPF.roberto);
    const codigo = await codigoPara(m, ORTO, [BENEFICIARIO.roberto], CELULAR.roberto);
    for (let i = 1; i <= 5; i++) {
      const r = await confirmar(m.c, m.perfil, ORTO, errado(codigo));
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({
        code: 'CODIGO_INVALIDO',
        message:
          i < 5
            ? 'Token inválido ou expirado. Verifique o código e tente novamente.'
            : 'Código bloqueado por excesso de tentativas. Solicite um novo código.',
      });
    }
    const r = await confirmar(m.c, m.perfil, ORTO, codigo);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ message: 'Código bloqueado por excesso de tentativas. Solicite um novo código.' });
    expect(await count(`audit_log where event = 'codigo_contratacao_falha'`)).toBe(5);
    expect(await count('contratacoes_servico')).toBe(0);
  });

  it('12 parallel wrong guesses get at most 5 comparisons', async () => {
    t.clock.advance(3 * 60_000);
    const m = await membro(CPF.roberto);
    const codigo = await codigoPara(m, SOS, [BENEFICIARIO.roberto], CELULAR.roberto);
    const rs = await Promise.all(Array.from({ length: 12 }, () => confirmar(m.c, m.perfil, SOS, errado(codigo))));
    expect(rs.every((r) => r.status === 422)).toBe(true);
    const [row] = await t.db.query<{ tentativas: number }>(
      'select tentativas from servicos_codigos order by id desc limit 1',
    );
    expect(row!.tentativas).toBe(5);
    expect((await confirmar(m.c, m.perfil, SOS, codigo)).status).toBe(422);
  });

  it('a code lasts 10 minutes', async () => {
    t.clock.advance(3 * 60_000);
    const m = await membro(CPF.roberto);
    const codigo = await codigoPara(m, SOS, [BENEFICIARIO.roberto], CELULAR.roberto);
    t.clock.advance(10 * 60_000);
    const r = await confirmar(m.c, m.perfil, SOS, codigo);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      code: 'CODIGO_EXPIRADO',
      message: 'Token inválido ou expirado. Solicite um novo código.',
    });
  });

  it('a code is bound to its session and to the selection it was sent for', async () => {
    t.clock.advance(3 * 60_000);
    const m = await membro(CPF.roberto);
    const codigo = await codigoPara(m, SOS, [BENEFICIARIO.roberto], CELULAR.roberto);
    // Roberto himself, signed in on another browser, cannot use it.
    const outro = await membro(CPF.roberto);
    const r = await confirmar(outro.c, outro.perfil, SOS, codigo);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      code: 'CODIGO_NAO_CONFIRMADO',
      message: 'Nenhum código válido foi solicitado nesta sessão. Solicite um novo código.',
    });
    // Sent again with another selection, it is refused.
    const r2 = await confirmar(m.c, m.perfil, SOS, codigo, { codigoMatriculasBeneficiariosAlvo: [BENEFICIARIO.maria] });
    expect(r2.status).toBe(422);
    expect(r2.body).toMatchObject({
      message: 'Os beneficiários selecionados mudaram depois do envio do código. Solicite um novo código.',
    });
    // The right code, the right session: contracted, once.
    const ok = await confirmar(m.c, m.perfil, SOS, Number(codigo), {
      codigoMatriculasBeneficiariosAlvo: [BENEFICIARIO.roberto],
    });
    expect(ok.status).toBe(200);
    const again = await confirmar(m.c, m.perfil, SOS, codigo);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'CODIGO_NAO_CONFIRMADO' });
    expect(await count('servicos_contratados where codigo_beneficiario = $1', [BENEFICIARIO.roberto])).toBe(1);
  });

  it('bad input gets a 400 with a Portuguese message', async () => {
    const m = await membro(CPF.maria, CONTRATO.maria);
    for (const [codigoToken, message] of [
      [undefined, 'Informe o código.'],
      ['12345', 'O código deve ter 6 dígitos.'],
      ['abcdef', 'O código deve ter 6 dígitos.'],
      [1234567, 'O código deve ter 6 dígitos.'],
      [12.5, 'Informe o código.'],
    ] as const) {
      const r = await confirmar(m.c, m.perfil, SOS, codigoToken);
      expect(r.status, String(codigoToken)).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
  });
});

describe('contracting', () => {
  it('Maria contracts SOS for herself and Ana Clara: one transaction, protocol, e-mail; then they hold it', async () => {
    const m = await membro(CPF.maria, CONTRATO.maria);
    const codigo = await codigoPara(m, SOS, [BENEFICIARIO.anaClara, BENEFICIARIO.maria], CELULAR.maria);
    const r = await confirmar(m.c, m.perfil, SOS, Number(codigo), {}, randomUUID());
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sucesso: true,
      dados: {
        dataConclusaoContratacao: new Date(t.clock.now()).toISOString(),
        dataInicioVigencia: '2026-04-01',
        beneficiariosContratados: ['Maria Aparecida Souza', 'Ana Clara Souza'],
        valorTotal: 59.8,
        protocolo: expect.stringMatching(/^41729720260310\d{6}$/),
        prazoResposta: '2026-03-19',
      },
    });
    const protocolo = r.body.dados.protocolo as string;
    const [contratacao] = await t.db.query(
      `select servico, cpf_responsavel, quantidade, valor_unitario::float8 as unitario, valor_total::float8 as total
         from contratacoes_servico where protocolo = $1`,
      [protocolo],
    );
    expect(contratacao).toEqual({
      servico: 'SOS',
      cpf_responsavel: CPF.maria,
      quantidade: 2,
      unitario: 29.9,
      total: 59.8,
    });
    const [p] = await t.db.query('select tipo, situacao from protocolos where numero = $1', [protocolo]);
    expect(p).toEqual({ tipo: 'CONTRATACAO_SOS', situacao: 'CONCLUIDO' });
    const [aviso] = await t.db.query<{ destino: string; mensagem: string }>(
      'select destino, mensagem from outbox order by id desc limit 1',
    );
    expect(aviso!.destino).toBe('maria.souza@exemplo.com.br');
    expect(aviso!.mensagem).toContain(`Maria Aparecida Souza, Ana Clara Souza foi concluída`);
    expect(aviso!.mensagem).toContain(formatarNumeroProtocolo(protocolo));
    const oferta = await m.c.post<{ beneficiarios: { temAcessorioContratado: boolean }[] }>(`${SOS}/Beneficiarios`, {
      perfilAutenticado: m.perfil,
    });
    expect(oferta.body.beneficiarios.map((b) => b.temAcessorioContratado)).toEqual([true, true, true]);
    // Nobody left to include: a new acceptance for one of them is refused.
    expect((await aceitar(m, SOS, [BENEFICIARIO.anaClara])).body).toMatchObject({
      code: 'JA_REGISTRADO',
      message: 'Ana Clara Souza já possui o SOS.',
    });
  });

  it('20 identical confirmations at once (same key): one contracting, every answer the same', async () => {
    const m = await membro(CPF.maria, CONTRATO.maria);
    const codigo = await codigoPara(m, ORTO, [BENEFICIARIO.maria], CELULAR.maria);
    const chave = randomUUID();
    const rs = await Promise.all(Array.from({ length: 20 }, () => confirmar(m.c, m.perfil, ORTO, codigo, {}, chave)));
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(rs.map((r) => r.text)).size).toBe(1);
    expect(await count(`contratacoes_servico where servico = 'ORTOPEDICO'`)).toBe(1);
    expect(await count(`servicos_contratados where servico = 'ORTOPEDICO'`)).toBe(1);
  });

  it('20 identical confirmations at once without a key: still one contracting', async () => {
    t.clock.advance(3 * 60_000);
    const m = await membro(CPF.maria, CONTRATO.maria);
    const codigo = await codigoPara(m, ORTO, [BENEFICIARIO.joaoPedro], CELULAR.maria);
    const rs = await Promise.all(Array.from({ length: 20 }, () => confirmar(m.c, m.perfil, ORTO, codigo)));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.status === 422)).toHaveLength(19);
    expect(await count(`servicos_contratados where servico = 'ORTOPEDICO'`)).toBe(2);
  });
});

it('codes are pruned a day after they expire; contractings stay', async () => {
  const service = t.app.services.retencao;
  const codigos = await count('servicos_codigos');
  expect(codigos).toBeGreaterThan(0);
  t.clock.advance(2 * 86_400_000);
  expect((await service.prune())!.servicos_codigos).toBe(codigos);
  expect(await count('contratacoes_servico')).toBeGreaterThan(0);
});
