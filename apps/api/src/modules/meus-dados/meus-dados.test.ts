import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lerPdf } from '../../../../../test/pdf-text';
import { BENEFICIARIO, CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { buildApp } from '../../app';
import { formatarNumeroProtocolo } from '@portal/contract';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

type Perfil = { codigoSessao: number };
const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);

const erro = (code: string, message: string) => ({ sucesso: false, code, message, erro: message });

async function baixar(c: Client, path: string, perfil: Perfil) {
  const r = await fetch(`${c.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${c.token}`,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': c.ip,
    },
    body: JSON.stringify({ perfilAutenticado: perfil }),
  });
  return { status: r.status, headers: r.headers, bytes: new Uint8Array(await r.arrayBuffer()) };
}

interface Exportacao {
  titular: Record<string, unknown>;
  conta: Record<string, unknown>;
  vinculos: Record<string, unknown>[];
  protocolos: Record<string, unknown>[];
  consentimentos: Record<string, unknown>[];
  sessoes: Record<string, unknown>[];
  registrosDeAcesso: Record<string, unknown>[];
  mensagens: { mensagem: string; destino: string }[];
  contratoDaSessao: {
    codigoContrato: string;
    autorizacoes: { codigo_beneficiario: string }[];
    utilizacao: { codigo_beneficiario: string }[];
    mensalidades: unknown[] | null;
  };
}

describe('POST /api/MeusDados/Exportar and ExportarPdf', () => {
  it("hands the member their data as a JSON attachment, never a hash, a code or another member's data", async () => {
    // A recovery code goes to Maria's e-mail: the export shows the message, not the code.
    await t.client().post('/api/Login/RecuperarSenha', { cpf: CPF.maria, tipoSolicitacao: 'email' });
    const codigo = await t.lastCode('maria.souza@exemplo.com.br');
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await c.post<Exportacao>('/api/MeusDados/Exportar', { perfilAutenticado: perfil });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename=meus-dados-2026-03-10.json');
    expect(r.headers.get('cache-control')).toBe('no-store');
    const x = r.body;
    expect(x.titular).toMatchObject({
      cpf: CPF.maria,
      nome: 'Maria Aparecida Souza',
      email: 'maria.souza@exemplo.com.br',
    });
    expect(x.conta).toMatchObject({ possui_senha: true });
    expect(x.vinculos.map((v) => v.codigo_contrato)).toEqual(
      expect.arrayContaining([CONTRATO.maria, CONTRATO.mariaCancelado]),
    );
    expect(x.sessoes.length).toBeGreaterThan(0);
    expect(x.registrosDeAcesso.some((a) => a.event === 'login_ok')).toBe(true);
    expect(x.mensagens.some((m) => m.mensagem.includes('******'))).toBe(true);
    expect(x.contratoDaSessao.codigoContrato).toBe(CONTRATO.maria);
    expect(x.contratoDaSessao.autorizacoes.length).toBeGreaterThan(0);
    expect(x.contratoDaSessao.mensalidades?.length).toBeGreaterThanOrEqual(12);

    const secrets = await t.db.query<{ v: string }>(
      `select senha_hash as v from contas where cpf = $1 and senha_hash is not null
       union all select cookie_hash from sessions where cpf = $1
       union all select codigo_hmac from verification_codes where cpf = $1`,
      [CPF.maria],
    );
    expect(secrets.length).toBeGreaterThan(2);
    for (const { v } of secrets) expect(r.text).not.toContain(v);
    expect(r.text).not.toContain(codigo);
    expect(r.text).not.toMatch(/senha_hash|cookie_hash|codigo_hmac|codigo_sessao/);
    expect(r.text).not.toContain(CPF.roberto);
    expect(r.text).not.toContain(CPF.carlos);
    expect(r.text).not.toContain('Roberto Alves Pereira');

    const [audit] = await t.db.query<{ detail: unknown }>(
      `select detail from audit_log where event = 'dados_exportados' and cpf = $1 order by id desc limit 1`,
      [CPF.maria],
    );
    expect(audit?.detail).toEqual({ formato: 'json', codigoContrato: CONTRATO.maria });
  });

  it('a dependant gets only his own contract data, and no installments', async () => {
    const { c, perfil } = await membro(CPF.carlos);
    const r = await c.post<Exportacao>('/api/MeusDados/Exportar', { perfilAutenticado: perfil });
    expect(r.status).toBe(200);
    expect(r.body.contratoDaSessao.mensalidades).toBeNull();
    for (const a of [...r.body.contratoDaSessao.autorizacoes, ...r.body.contratoDaSessao.utilizacao])
      expect(a.codigo_beneficiario).toBe(BENEFICIARIO.carlos);
    expect(r.text).not.toContain(CPF.maria);
  });

  it('the PDF is tagged, readable and says whose data it is', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await baixar(c, '/api/MeusDados/ExportarPdf', perfil);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename=meus-dados-2026-03-10.pdf');
    const pdf = await lerPdf(r.bytes);
    expect(pdf.marcado).toBe(true);
    expect(pdf.idioma).toBe('pt-BR');
    expect(pdf.titulo).toContain('Meus dados - Maria Aparecida Souza');
    expect(pdf.texto).toContain('Dados pessoais');
    expect(pdf.texto).toContain('529.982.247-25');
    expect(pdf.texto).toContain('Mensalidades');
    expect(pdf.papeis).toEqual(expect.arrayContaining(['H1', 'H2', 'Table']));
    expect(pdf.texto).not.toContain('Roberto Alves Pereira');
  });

  it('downloads are limited per hour; another browser or no cookie gets 401', async () => {
    const maria = await membro(CPF.maria, CONTRATO.maria);
    const roberto = await membro(CPF.roberto);
    for (const c of [roberto.c, t.client()]) {
      const r = await c.post('/api/MeusDados/Exportar', { perfilAutenticado: maria.perfil });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
    }
    const rs = [];
    for (let i = 0; i < 21; i++)
      rs.push((await maria.c.post('/api/MeusDados/Exportar', { perfilAutenticado: maria.perfil })).status);
    expect(rs.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(rs[20]).toBe(429);
  });
});

interface Consentimentos {
  consentimentos: { idConsentimento: number; protocolo: string; situacao: string; revogadoEm: string | null }[];
}

describe('consents: list, revoke, and the club link stops working', () => {
  it('lists, revokes once (protocol, audit, notice), refuses a second time and another person', async () => {
    const { c, perfil } = await membro(CPF.carlos);
    const link = await c.post<{ webSmartLink: string; protocolo: string }>('/api/Clube/SmartLinkLogin', {
      perfilAutenticado: perfil,
      cpf: CPF.carlos,
    });
    expect(link.status).toBe(200);
    const token = new URL(link.body.webSmartLink).searchParams.get('token')!;
    const validar = async (tk: string) =>
      (await t.client().post<{ situacao: string }>('/api/Clube/ValidarLink', { token: tk })).body.situacao;
    expect(await validar(token)).toBe('VALIDO');

    const lista = await c.post<Consentimentos>('/api/MeusDados/Consentimentos', { perfilAutenticado: perfil });
    expect(lista.status).toBe(200);
    const [consent] = lista.body.consentimentos;
    expect(consent).toEqual({
      idConsentimento: expect.any(Number),
      protocolo: link.body.protocolo,
      finalidade: 'Acesso ao clube de benefícios do parceiro',
      parceiro: 'Clube Vantagens Saúde Exemplo',
      dadosCompartilhados: ['nome completo', 'CPF'],
      textoVersao: '2025-07-01',
      concedidoEm: '2026-03-10T12:00:00.000Z',
      revogadoEm: null,
      situacao: 'ATIVO',
    });

    // Someone else cannot revoke it (reads as not found).
    const roberto = await membro(CPF.roberto);
    const alheio = await roberto.c.post('/api/MeusDados/RevogarConsentimento', {
      perfilAutenticado: roberto.perfil,
      idConsentimento: consent!.idConsentimento,
    });
    expect(alheio.status).toBe(404);
    expect(alheio.body).toEqual(erro('NAO_ENCONTRADO', 'Consentimento não encontrado.'));

    const chave = randomUUID();
    const revogar = (k = chave) =>
      c.post<{ protocolo: string; prazoResposta: string; revogadoEm: string }>(
        '/api/MeusDados/RevogarConsentimento',
        { perfilAutenticado: perfil, idConsentimento: consent!.idConsentimento },
        { headers: { 'idempotency-key': k } },
      );
    const r = await revogar();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      protocolo: expect.stringMatching(/^41729720260310\d{6}$/),
      prazoResposta: '2026-03-10', // a revocation takes effect at once (LGPD art. 8 § 5)
      revogadoEm: '2026-03-10T12:00:00.000Z',
    });
    expect((await revogar()).body).toEqual(r.body); // a retry with the same key
    const denovo = await revogar(randomUUID());
    expect(denovo.status).toBe(409);
    expect(denovo.body).toEqual(erro('JA_REVOGADO', 'Este consentimento já foi revogado.'));

    const [p] = await t.db.query('select tipo, situacao, cpf from protocolos where numero = $1', [r.body.protocolo]);
    expect(p).toEqual({ tipo: 'REVOGACAO_CONSENTIMENTO', situacao: 'CONCLUIDO', cpf: CPF.carlos });
    const [aviso] = await t.db.query<{ destino: string; mensagem: string }>(
      'select destino, mensagem from outbox order by id desc limit 1',
    );
    expect(aviso!.destino).toBe('carlos.lima@exemplo.com.br');
    expect(aviso!.mensagem).toContain(`Protocolo ${formatarNumeroProtocolo(r.body.protocolo as string)}`);
    const [{ n }] = (await t.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where event = 'consentimento_revogado' and cpf = $1`,
      [CPF.carlos],
    )) as [{ n: number }];
    expect(n).toBe(1);

    const depois = await c.post<Consentimentos>('/api/MeusDados/Consentimentos', { perfilAutenticado: perfil });
    expect(depois.body.consentimentos[0]).toMatchObject({
      situacao: 'REVOGADO',
      revogadoEm: '2026-03-10T12:00:00.000Z',
    });

    // The revoked consent's link no longer works; a new visit to the club records a new consent.
    expect(await validar(token)).toBe('REVOGADO');
    expect(await validar(`${token.slice(0, -2)}xx`)).toBe('INVALIDO');
    const novo = await c.post<{ webSmartLink: string }>('/api/Clube/SmartLinkLogin', {
      perfilAutenticado: perfil,
      cpf: CPF.carlos,
    });
    const tokenNovo = new URL(novo.body.webSmartLink).searchParams.get('token')!;
    expect(await validar(tokenNovo)).toBe('VALIDO');
    t.clock.advance(301_000);
    expect(await validar(tokenNovo)).toBe('EXPIRADO');
    const [{ ativos }] = (await t.db.query<{ ativos: number }>(
      'select count(*)::int as ativos from consentimentos where cpf = $1 and revogado_em is null',
      [CPF.carlos],
    )) as [{ ativos: number }];
    expect(ativos).toBe(1);
  });

  it('bad input is a 400 in Portuguese', async () => {
    const { c, perfil } = await membro(CPF.carlos);
    for (const [body, message] of [
      [{}, 'Informe o consentimento.'],
      [{ idConsentimento: 'x' }, 'Informe o consentimento.'],
      [{ idConsentimento: 1.5 }, 'Consentimento inválido.'],
      [{ idConsentimento: -3 }, 'Consentimento inválido.'],
    ] as const) {
      const r = await c.post('/api/MeusDados/RevogarConsentimento', { perfilAutenticado: perfil, ...body });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
    const r = await t.client().post('/api/Clube/ValidarLink', { token: '' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'Informe o token.' });
  });
});

interface Acessos {
  sessoes: { dispositivo: string; ipAproximado: string; estaSessao: boolean }[];
  acessos: { evento: string; descricao: string }[];
}

describe('sign-ins and ending the other sessions', () => {
  it('lists open sessions (this one marked) and ends the others at once here, within the cache window elsewhere', async () => {
    const a = await membro(CPF.roberto);
    const b = await membro(CPF.roberto);
    await t.db.query(`update sessions set user_agent = $2 where codigo_sessao = $1`, [
      b.perfil.codigoSessao,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    ]);
    const r = await a.c.post<Acessos>('/api/MeusDados/Acessos', { perfilAutenticado: a.perfil });
    expect(r.status).toBe(200);
    expect(r.body.sessoes.filter((s) => s.estaSessao)).toHaveLength(1);
    expect(r.body.sessoes.length).toBeGreaterThanOrEqual(2);
    expect(r.body.sessoes.map((s) => s.dispositivo)).toContain('Safari 17 no iOS 17.0 (celular)');
    expect(r.body.sessoes.find((s) => s.estaSessao)!.ipAproximado).toBe(
      a.c.ip.split('.').slice(0, 2).join('.') + '.x.x',
    );
    expect(r.body.acessos[0]).toMatchObject({ evento: 'login_ok', descricao: 'Entrada no portal' });
    expect(r.text).not.toContain(String(b.perfil.codigoSessao));

    // A second instance on the same database holds a copy of b's session.
    const second = await buildApp(t.config, { db: t.db, clock: t.clock });
    try {
      const viaSecond = async () =>
        (
          await second.inject({
            method: 'POST',
            url: '/api/MeusDados/Consentimentos',
            headers: { authorization: `Bearer ${b.c.token}`, cookie: `pb_sessao=${b.c.cookies.get('pb_sessao')}` },
            payload: { perfilAutenticado: b.perfil },
          })
        ).statusCode;
      expect(await viaSecond()).toBe(200);
      expect((await b.c.post('/api/MeusDados/Consentimentos', { perfilAutenticado: b.perfil })).status).toBe(200);

      const fim = await a.c.post('/api/MeusDados/EncerrarOutrasSessoes', { perfilAutenticado: a.perfil });
      expect(fim.status).toBe(200);
      expect((fim.body as { encerradas: number }).encerradas).toBeGreaterThanOrEqual(1);
      // This instance: at once.
      const negado = await b.c.post('/api/MeusDados/Consentimentos', { perfilAutenticado: b.perfil });
      expect(negado.status).toBe(401);
      expect(negado.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
      expect((await a.c.post('/api/MeusDados/Acessos', { perfilAutenticado: a.perfil })).status).toBe(200);
      // The other instance: within SESSION_CACHE_SECONDS.
      t.clock.advance(5_500);
      expect(await viaSecond()).toBe(401);
    } finally {
      await second.close();
    }
    const depois = await a.c.post<Acessos>('/api/MeusDados/Acessos', { perfilAutenticado: a.perfil });
    expect(depois.body.sessoes).toHaveLength(1);
    expect(depois.body.acessos[0]).toMatchObject({
      evento: 'sessoes_encerradas',
      descricao: 'Outras sessões encerradas',
    });
  });
});

describe('POST /api/MeusDados/SolicitarCorrecao', () => {
  it('opens a CORRECAO_DADOS protocol with 7 business days and never changes the data', async () => {
    const { c, perfil } = await membro(CPF.carlos);
    const r = await c.post<{ protocolo: string; prazoResposta: string }>(
      '/api/MeusDados/SolicitarCorrecao',
      { perfilAutenticado: perfil, campo: 'EMAIL', valorCorreto: ' carlos.novo@exemplo.com.br ', observacao: '' },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ protocolo: expect.stringMatching(/^41729720260310\d{6}$/), prazoResposta: '2026-03-19' });
    const [p] = await t.db.query('select tipo, situacao, cpf, codigo_contrato from protocolos where numero = $1', [
      r.body.protocolo,
    ]);
    expect(p).toEqual({
      tipo: 'CORRECAO_DADOS',
      situacao: 'ABERTO',
      cpf: CPF.carlos,
      codigo_contrato: CONTRATO.carlos,
    });
    const [row] = await t.db.query(
      'select campo, valor_correto, observacao from correcoes_dados where protocolo = $1',
      [r.body.protocolo],
    );
    expect(row).toEqual({ campo: 'EMAIL', valor_correto: 'carlos.novo@exemplo.com.br', observacao: null });
    const [pessoa] = await t.db.query<{ email: string }>('select email from pessoas where cpf = $1', [CPF.carlos]);
    expect(pessoa!.email).toBe('carlos.lima@exemplo.com.br');
  });

  it('bad input is a 400 in Portuguese; no cookie is a 401', async () => {
    const { c, perfil } = await membro(CPF.carlos);
    for (const [body, message] of [
      [{ campo: 'CPF', valorCorreto: 'x' }, 'Escolha o dado a corrigir.'],
      [{ campo: 'EMAIL', valorCorreto: '   ' }, 'Informe o valor correto.'],
      [{ campo: 'EMAIL', valorCorreto: 'x'.repeat(301) }, 'O valor correto pode ter no máximo 300 caracteres.'],
      [{ campo: 'OUTRO', valorCorreto: 'Rua Nova, 10' }, 'Diga na observação qual dado deve ser corrigido.'],
      [
        { campo: 'NOME_SOCIAL', valorCorreto: 'Cadu', observacao: 'y'.repeat(501) },
        'A observação pode ter no máximo 500 caracteres.',
      ],
    ] as const) {
      const r = await c.post('/api/MeusDados/SolicitarCorrecao', { perfilAutenticado: perfil, ...body });
      expect(r.status, message).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
    const semCookie = await t.client().post('/api/MeusDados/SolicitarCorrecao', {
      perfilAutenticado: perfil,
      campo: 'EMAIL',
      valorCorreto: 'a@b.com',
    });
    expect(semCookie.status).toBe(401);
  });
});
