import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lerPdf } from '../../../../../test/pdf-text';
import { BENEFICIARIO, CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { CANCELAMENTO_DEMO } from '../../seed/cancelamento';
import { formatarNumeroProtocolo } from '@portal/contract';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const API = '/api/Cancelamento';
const CEL_ROBERTO = '31991234567';
const LUCIA = CANCELAMENTO_DEMO.conjuge.codigoBeneficiario;
const VERSAO = '2026-11-01';

const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);
type M = Awaited<ReturnType<typeof membro>>;
type Corpo = Record<string, unknown>;

const erro = (code: string, message: string) => ({ sucesso: false, code, message, erro: message });
const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

const dependentes = (codigos: string[]) => ({ abrangencia: 'DEPENDENTES', codigoMatriculasBeneficiariosAlvo: codigos });
const CONTRATO_INTEIRO = { abrangencia: 'CONTRATO' };

const ciencia = (m: M, selecao: Corpo, extra: Corpo = {}) =>
  m.c.post<Corpo>(`${API}/RegistrarCiencia`, {
    perfilAutenticado: m.perfil,
    ...selecao,
    cienteConsequencias: true,
    versaoConsequencias: VERSAO,
    ...extra,
  });
const enviar = (m: M) => m.c.post<Corpo>(`${API}/EnviarSms`, { perfilAutenticado: m.perfil });
const confirmar = (c: Client, perfil: object, selecao: Corpo, codigoToken: unknown, chave?: string) =>
  c.post<{ sucesso: boolean; dados: Corpo } & Corpo>(
    `${API}/Confirmar`,
    { perfilAutenticado: perfil, ...selecao, codigoToken },
    chave ? { headers: { 'idempotency-key': chave } } : {},
  );

async function codigoPara(m: M, selecao: Corpo): Promise<string> {
  expect((await ciencia(m, selecao)).status).toBe(200);
  const r = await enviar(m);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return t.lastCode(CEL_ROBERTO);
}
const errado = (codigo: string) => String((Number(codigo) + 1) % 1_000_000).padStart(6, '0');

async function comprovante(c: Client, perfil: object, protocolo: string) {
  const r = await fetch(`${c.baseUrl}${API}/Comprovante`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${c.token}`,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': c.ip,
    },
    body: JSON.stringify({ perfilAutenticado: perfil, protocolo }),
  });
  return { status: r.status, type: r.headers.get('content-type'), bytes: new Uint8Array(await r.arrayBuffer()) };
}

describe('who may ask', () => {
  it('Carlos (a dependent) gets 403 on every call; no cookie or another browser gets 401', async () => {
    const carlos = await membro(CPF.carlos);
    const roberto = await membro(CPF.roberto);
    const calls: [string, Corpo][] = [
      ['Opcoes', {}],
      ['RegistrarCiencia', { ...CONTRATO_INTEIRO, cienteConsequencias: true, versaoConsequencias: VERSAO }],
      ['EnviarSms', {}],
      ['Confirmar', { ...CONTRATO_INTEIRO, codigoToken: '123456' }],
      ['Comprovante', { protocolo: '41729720260310000001' }],
    ];
    for (const [call, body] of calls) {
      const r = await carlos.c.post(`${API}/${call}`, { perfilAutenticado: carlos.perfil, ...body });
      expect(r.status, call).toBe(403);
      expect(r.body).toEqual(
        erro(
          'ACESSO_RESTRITO',
          'Apenas o titular que é responsável financeiro pelo contrato pode pedir o cancelamento do plano.',
        ),
      );
      for (const c of [t.client(), carlos.c]) {
        const r2 = await c.post(`${API}/${call}`, { perfilAutenticado: roberto.perfil, ...body });
        expect(r2.status, `${call} without Roberto's cookie`).toBe(401);
      }
    }
    expect(await count('beneficiarios where codigo_contrato = $1 and ativo', [CONTRATO.carlos])).toBe(2);
  });
});

describe('Opcoes', () => {
  it("Roberto's contract: himself and his wife, the open installments and the consequences", async () => {
    const m = await membro(CPF.roberto);
    const r = await m.c.post<
      Corpo & { parcelasEmAberto: Corpo[]; consequencias: { CONTRATO: string[]; DEPENDENTES: string[] } }
    >(`${API}/Opcoes`, { perfilAutenticado: m.perfil });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      codigoContrato: CONTRATO.roberto,
      plano: 'Saúde Exemplo Premium Apartamento',
      beneficiarios: [
        { codigoBeneficiario: BENEFICIARIO.roberto, nome: 'Roberto Alves Pereira', tipo: 'TITULAR', parentesco: null },
        { codigoBeneficiario: LUCIA, nome: 'Lúcia Helena Pereira', tipo: 'DEPENDENTE', parentesco: 'CÔNJUGE' },
      ],
      celular: '(31) *****-4567',
      dataCancelamento: null,
      cancelamentos: [],
    });
    const abertas = await t.db.query<{ n: number }>(
      'select count(*)::int as n from mensalidades where codigo_contrato = $1 and pago_em is null',
      [CONTRATO.roberto],
    );
    expect(r.body.parcelasEmAberto).toHaveLength(abertas[0]!.n);
    expect(r.body.parcelasEmAberto.length).toBeGreaterThan(0);
    expect(r.body.parcelasEmAberto[0]).toMatchObject({ competencia: expect.stringMatching(/^\d{2}\/\d{4}$/) });
    // Oldest first by date, not by the text 'MM/YYYY' (12/2025 before 10/2026).
    const meses = r.body.parcelasEmAberto.map((p) => {
      const [mm, aaaa] = String(p.competencia).split('/');
      return `${aaaa}-${mm}`;
    });
    expect(meses).toEqual([...meses].sort());
    expect(new Set(meses.map((m) => m.slice(0, 4))).size).toBeGreaterThan(1);
    expect(r.body.consequencias.CONTRATO.join(' ')).toContain('carência');
    expect(r.body.consequencias.CONTRATO.join(' ')).toContain('dependentes também perdem a cobertura');
    expect(r.body.consequencias.DEPENDENTES.join(' ')).toContain('coparticipação');
  });
});

describe('the selection and the acknowledgement', () => {
  it('refuses bad input, the holder alone, another contract’s beneficiary and an outdated text', async () => {
    const m = await membro(CPF.roberto);
    const casos: [Corpo, Corpo, number, string][] = [
      [{ abrangencia: 'TUDO' }, {}, 400, 'Escolha o que deseja cancelar.'],
      [dependentes([]), {}, 400, 'Selecione pelo menos um beneficiário.'],
      [
        { abrangencia: 'CONTRATO', codigoMatriculasBeneficiariosAlvo: [LUCIA] },
        {},
        400,
        'Para cancelar o contrato inteiro não escolha beneficiários; para excluir dependentes, escolha pelo menos um.',
      ],
      [CONTRATO_INTEIRO, { cienteConsequencias: false }, 400, 'Marque que leu e está ciente das consequências.'],
      [
        dependentes([BENEFICIARIO.roberto]),
        {},
        400,
        'O titular só sai do plano com o cancelamento do contrato inteiro. Escolha "Cancelar o contrato inteiro".',
      ],
      [dependentes([BENEFICIARIO.anaClara]), {}, 404, 'Beneficiário não encontrado neste contrato.'],
      [dependentes(['9999999999']), {}, 404, 'Beneficiário não encontrado neste contrato.'],
      [
        CONTRATO_INTEIRO,
        { versaoConsequencias: '2020-01-01' },
        422,
        'O texto das consequências mudou. Leia a versão atual antes de continuar.',
      ],
    ];
    for (const [selecao, extra, status, message] of casos) {
      const r = await ciencia(m, selecao, extra);
      expect(r.status, JSON.stringify(selecao)).toBe(status);
      expect((r.body as { message: string }).message).toBe(message);
    }
    expect(await count('cancelamento_ciencias')).toBe(0);
  });

  it('a code needs an acknowledgement of this session first', async () => {
    const m = await membro(CPF.roberto);
    const r = await enviar(m);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'TERMO_NAO_ACEITO' });
  });
});

describe('the code', () => {
  it('wrong, expired, reused, another selection, another browser: refused; nothing cancelled', async () => {
    const m = await membro(CPF.roberto);
    let codigo = await codigoPara(m, dependentes([LUCIA]));
    expect(codigo).toMatch(/^\d{6}$/);
    const sms = await t.db.query<{ mensagem: string }>(
      "select mensagem from outbox where destino = $1 and canal = 'sms' order by id desc limit 1",
      [CEL_ROBERTO],
    );
    expect(sms[0]!.mensagem).toContain('exclusão de dependentes');
    // The stored code is an HMAC, never the digits.
    const [row] = await t.db.query<{ codigo_hmac: string }>('select codigo_hmac from cancelamento_codigos');
    expect(row!.codigo_hmac).not.toContain(codigo);

    const w = await confirmar(m.c, m.perfil, dependentes([LUCIA]), errado(codigo));
    expect(w.status).toBe(422);
    expect(w.body).toMatchObject({ code: 'CODIGO_INVALIDO' });
    const outra = await confirmar(m.c, m.perfil, CONTRATO_INTEIRO, codigo);
    expect(outra.status).toBe(422);
    expect(outra.body).toMatchObject({ code: 'CODIGO_NAO_CONFIRMADO' });
    // The same member in another browser has no code.
    const outroNavegador = await membro(CPF.roberto);
    const r2 = await confirmar(outroNavegador.c, outroNavegador.perfil, dependentes([LUCIA]), codigo);
    expect(r2.status).toBe(422);
    expect(r2.body).toMatchObject({ code: 'CODIGO_NAO_CONFIRMADO' });

    t.clock.advance(11 * 60_000);
    const exp = await confirmar(m.c, m.perfil, dependentes([LUCIA]), codigo);
    expect(exp.status).toBe(422);
    expect(exp.body).toMatchObject({ code: 'CODIGO_EXPIRADO' });

    // Five tries, then blocked even for the right code.
    codigo = await codigoPara(m, dependentes([LUCIA]));
    for (let i = 0; i < 5; i++) await confirmar(m.c, m.perfil, dependentes([LUCIA]), errado(codigo));
    const bloqueado = await confirmar(m.c, m.perfil, dependentes([LUCIA]), codigo);
    expect(bloqueado.status).toBe(422);
    expect(bloqueado.body).toMatchObject({
      message: 'Código bloqueado por excesso de tentativas. Solicite um novo código.',
    });
    expect(await count('beneficiarios where codigo_beneficiario = $1 and ativo', [LUCIA])).toBe(1);
    expect(await count("protocolos where tipo like 'CANCELAMENTO%'")).toBe(0);
  });
});

describe('confirmation', () => {
  it('20 identical confirms at once cancel the dependent once; the code is then spent', async () => {
    const m = await membro(CPF.roberto);
    t.clock.advance(3 * 60_000); // past the resend wait of the previous test
    const codigo = await codigoPara(m, dependentes([LUCIA]));
    const chave = randomUUID();
    const rs = await Promise.all(
      Array.from({ length: 20 }, () => confirmar(m.c, m.perfil, dependentes([LUCIA]), codigo, chave)),
    );
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    const protocolos = new Set(rs.map((r) => r.body.dados.protocolo));
    expect(protocolos.size).toBe(1);
    expect(rs[0]!.body.dados).toMatchObject({
      abrangencia: 'DEPENDENTES',
      dataCancelamento: '2026-03-10',
      beneficiariosCancelados: [{ codigoBeneficiario: LUCIA, nome: 'Lúcia Helena Pereira' }],
    });
    expect(await count("protocolos where tipo = 'CANCELAMENTO_DEPENDENTES' and situacao = 'CONCLUIDO'")).toBe(1);
    expect(await count('cancelamentos')).toBe(1);
    expect(
      await count("beneficiarios where codigo_beneficiario = $1 and not ativo and data_exclusao = '2026-03-10'", [
        LUCIA,
      ]),
    ).toBe(1);
    expect(await count('contratos where codigo_contrato = $1 and data_cancelamento is null', [CONTRATO.roberto])).toBe(
      1,
    );
    expect(await count("audit_log where event = 'cancelamento_efetivado'")).toBe(1);

    // Reused code (new key): nothing open any more.
    const reuso = await confirmar(m.c, m.perfil, dependentes([LUCIA]), codigo, randomUUID());
    expect(reuso.status).toBe(422);
    expect(reuso.body).toMatchObject({ code: 'CODIGO_NAO_CONFIRMADO' });
    // She cannot be chosen again.
    const de_novo = await ciencia(m, dependentes([LUCIA]));
    expect(de_novo.status).toBe(409);
    expect(de_novo.body).toMatchObject({ message: 'Lúcia Helena Pereira já teve o plano cancelado.' });
    // Roberto still may make requests: his own link runs.
    const o = await m.c.post<{ beneficiarios: unknown[]; cancelamentos: unknown[] }>(`${API}/Opcoes`, {
      perfilAutenticado: m.perfil,
    });
    expect(o.body.beneficiarios).toHaveLength(1);
    expect(o.body.cancelamentos).toHaveLength(1);
  });

  it('the whole contract: coverage ends, protocol, e-mail with the proof, SMS; then no new request', async () => {
    const m = await membro(CPF.roberto);
    t.clock.advance(3 * 60_000);
    const codigo = await codigoPara(m, CONTRATO_INTEIRO);
    const r = await confirmar(m.c, m.perfil, CONTRATO_INTEIRO, Number(codigo), randomUUID());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const dados = r.body.dados as { protocolo: string; solicitadoEm: string };
    expect(r.body.dados).toMatchObject({
      abrangencia: 'CONTRATO',
      dataCancelamento: '2026-03-10',
      beneficiariosCancelados: [{ codigoBeneficiario: BENEFICIARIO.roberto, nome: 'Roberto Alves Pereira' }],
    });
    expect(dados.protocolo).toMatch(/^\d{6}20260310\d{6}$/);
    expect(
      await count("contratos where codigo_contrato = $1 and data_cancelamento = '2026-03-10'", [CONTRATO.roberto]),
    ).toBe(1);
    expect(await count("protocolos where numero = $1 and tipo = 'CANCELAMENTO_CONTRATO'", [dados.protocolo])).toBe(1);
    const [email] = await t.db.query<{ mensagem: string }>(
      "select mensagem from outbox where destino = 'roberto.pereira@exemplo.com.br' order by id desc limit 1",
    );
    expect(email!.mensagem).toContain(`Protocolo: ${formatarNumeroProtocolo(dados.protocolo as string)}`);
    expect(email!.mensagem).toContain('o contrato inteiro');
    const [sms] = await t.db.query<{ mensagem: string }>(
      "select mensagem from outbox where destino = $1 and canal = 'sms' order by id desc limit 1",
      [CEL_ROBERTO],
    );
    expect(sms!.mensagem).toContain('seu plano foi cancelado em 10/03/2026');

    // The proof.
    const pdf = await comprovante(m.c, m.perfil, dados.protocolo);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const lido = await lerPdf(pdf.bytes);
    expect(lido.marcado).toBe(true);
    for (const texto of [
      'Comprovante de cancelamento',
      dados.protocolo,
      'Roberto Alves Pereira',
      '935.411.347-80',
      CONTRATO.roberto,
      'O contrato inteiro',
      '10/03/2026',
      'dependentes também perdem a cobertura',
    ])
      expect(lido.texto).toContain(texto);
    // Another contract's member cannot read it; an unknown protocol is 404.
    const maria = await membro(CPF.maria, CONTRATO.maria);
    expect((await comprovante(maria.c, maria.perfil, dados.protocolo)).status).toBe(404);
    expect((await comprovante(m.c, m.perfil, '41729720260310999999')).status).toBe(404);

    // No new request (each service), but finance documents stay.
    const antes = await count('protocolos');
    // [route, body, status]: the enrolment looks the (now inactive) beneficiary up first: 404.
    const novas: [string, Corpo, number?][] = [
      ['/api/Venda/ContatoInicial', { interesse: 'SOS' }],
      ['/api/Servicos/Sos/Beneficiarios', {}],
      ['/api/Servicos/Ortopedico/Beneficiarios', {}],
      [
        '/api/MedicinaPreventiva/FazerInscricao',
        {
          cpf: CPF.roberto,
          nome: 'Roberto Alves Pereira',
          dataNascimento: '1965-11-30',
          cidade: 'Belo Horizonte',
          telefone: CEL_ROBERTO,
          programa: 'BemBebe',
        },
        404,
      ],
      ['/api/Clube/SmartLinkLogin', { cpf: CPF.roberto }],
      [`${API}/RegistrarCiencia`, { ...CONTRATO_INTEIRO, cienteConsequencias: true, versaoConsequencias: VERSAO }],
    ];
    for (const [rota, body, status = 403] of novas) {
      const n = await m.c.post<{ code: string }>(rota, { perfilAutenticado: m.perfil, ...body });
      expect(n.status, rota).toBe(status);
      expect(['PLANO_CANCELADO', 'ACESSO_RESTRITO', 'NAO_ENCONTRADO'], rota).toContain(n.body.code);
    }
    // Rating a care goes through the same check.
    const [care] = await t.db.query<{ procedimento: string; data: string }>(
      `select codigo_procedimento as procedimento, to_char(data at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as data
         from atendimentos where codigo_beneficiario = $1 limit 1`,
      [BENEFICIARIO.roberto],
    );
    if (care) {
      const av = await m.c.post<{ code: string }>('/api/utilizacao/AvaliarAtendimento', {
        perfilAutenticado: m.perfil,
        codigoBeneficiario: BENEFICIARIO.roberto,
        codigoPrestador: care.procedimento,
        data: care.data,
        nota: 5,
      });
      expect(av.status).toBe(403);
      expect(av.body.code).toBe('PLANO_CANCELADO');
    }
    expect(await count('protocolos')).toBe(antes);
    const parcelas = await m.c.post<unknown[]>('/api/Financeiro/ListarParcelas', { PerfilAutenticado: m.perfil });
    expect(parcelas.status).toBe(200);
    expect(parcelas.body.length).toBeGreaterThan(0);
    const irpf = await m.c.post('/api/Financeiro/ListarExtratoIRPF', { PerfilAutenticado: m.perfil, ano: 2025 });
    expect(irpf.status).toBe(200);
    const o = await m.c.post<{ dataCancelamento: string; cancelamentos: unknown[] }>(`${API}/Opcoes`, {
      perfilAutenticado: m.perfil,
    });
    expect(o.body).toMatchObject({ dataCancelamento: '2026-03-10', beneficiarios: [] });
    expect(o.body.cancelamentos).toHaveLength(2);
  });

  it('after cancelling everything Roberto still signs in (read-only, Cancelado em); Paulo still does not', async () => {
    const c = t.client();
    const v = await c.post<Corpo>('/api/Login/VerificarCPF', { cpf: CPF.roberto });
    expect(v.body).toMatchObject({ beneficiario: true, temSenhaCadastrada: true });
    const perfis = await c.post<Corpo[]>('/api/Login/PerfisDaConta', { cpf: Number(CPF.roberto), senha: 'senha123' });
    expect(perfis.body).toEqual([
      expect.objectContaining({ codigoContrato: CONTRATO.roberto, dataCancelamento: '2026-03-10' }),
    ]);
    await c.login(CPF.roberto);
    const paulo = await t.client().post<Corpo>('/api/Login/VerificarCPF', { cpf: CPF.paulo });
    expect(paulo.body).toMatchObject({ beneficiario: false });
    // Five years later the door closes.
    t.clock.advance(5 * 366 * 24 * 3_600_000);
    const depois = await t.client().post<Corpo>('/api/Login/VerificarCPF', { cpf: CPF.roberto });
    expect(depois.body).toMatchObject({ beneficiario: false });
  });
});
