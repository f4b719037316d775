import { describe, expect, it } from 'vitest';
import { lerPdf } from '../../../../../test/pdf-text';
import { appDoArquivo, BENEFICIARIO, type Client, CONTRATO, CPF, HOJE, type TestApp } from '../../../test/helper';
import { COOKIE_SESSAO } from '../../lib/cookies';

// The fixed clock of the API tests is Tuesday 2026-03-10 12:00 UTC; the demo protocols (seed part
// 0009_protocolos) are laid out from that day in business days.
let t: TestApp;
appDoArquivo((app) => (t = app));

type Perfil = { codigoSessao: number };
const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);

interface Resumo {
  protocolo: string;
  tipo: string;
  assunto: string;
  situacao: string;
  criadoEm: string;
  prazoResposta: string;
  prazoDescricao: string;
  atrasado: boolean;
  respondidoEm: string | null;
  beneficiario: string | null;
  solicitante: string;
  canal: string;
  respostaDisponivel: boolean;
}
interface Lista {
  protocolos: Resumo[];
  pagina: number;
  itensPagina: number;
  total: number;
  totalPaginas: number;
}
interface Detalhe extends Resumo {
  resposta: string | null;
  historico: { em: string; situacao: string; descricao: string }[];
}

const listar = (c: Client, perfil: Perfil | null, extra: Record<string, unknown> = {}) =>
  c.post<Lista>('/api/Protocolos/Listar', { perfilAutenticado: perfil, ...extra });
const detalhe = (c: Client, perfil: Perfil | null, protocolo: unknown) =>
  c.post<Detalhe>('/api/Protocolos/Detalhe', { perfilAutenticado: perfil, protocolo });

async function baixar(c: Client, perfil: Perfil, protocolo: string) {
  const r = await fetch(`${c.baseUrl}/api/Protocolos/BaixarResposta`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${c.token}`,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': c.ip,
    },
    body: JSON.stringify({ perfilAutenticado: perfil, protocolo }),
  });
  const bytes = new Uint8Array(await r.arrayBuffer());
  return { status: r.status, headers: r.headers, bytes, json: () => JSON.parse(Buffer.from(bytes).toString()) };
}

const erro = (code: string, message: string) => ({ sucesso: false, code, message, erro: message });
const NAO_ENCONTRADO = erro('NAO_ENCONTRADO', 'Protocolo não encontrado.');
const SESSAO_INVALIDA = erro('SESSAO_INVALIDA', 'Sessão inválida ou expirada. Faça login novamente.');
const NUMERO_INVALIDO = erro('DADOS_INVALIDOS', 'Informe os 20 números do protocolo.');

/** A protocol written as another channel would (the operator's systems), with its first event. */
async function inserirProtocolo(p: {
  numero: string;
  cpf: string;
  contrato: string;
  beneficiario?: string | null;
  tipo?: string;
  situacao?: string;
}) {
  await t.db.query(
    `insert into protocolos (numero, cpf, codigo_contrato, codigo_beneficiario, tipo, assunto, situacao, criado_em, prazo_resposta)
     values ($1, $2, $3, $4, $5, 'Pedido de teste', $6, '2026-03-09T13:00:00Z', '2026-03-18')`,
    [p.numero, p.cpf, p.contrato, p.beneficiario ?? null, p.tipo ?? 'CONTATO_COMERCIAL', p.situacao ?? 'ABERTO'],
  );
  await t.db.query(
    `insert into protocolo_eventos (numero, em, situacao, descricao) values ($1, '2026-03-09T13:00:00Z', 'ABERTO', 'Registrado.')`,
    [p.numero],
  );
}

describe('Protocolos/Listar', () => {
  it("Maria (holder) sees her requests and her dependent's, newest first, with deadline and overdue", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await listar(c, perfil);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ pagina: 1, itensPagina: 10, total: 4, totalPaginas: 1 });
    const resumo = r.body.protocolos.map((p) => [p.tipo, p.situacao, p.solicitante, p.atrasado]);
    expect(resumo).toEqual([
      ['CONTATO_COMERCIAL', 'EM_ANALISE', 'Maria Aparecida Souza', false],
      ['CONTATO_COMERCIAL', 'CONCLUIDO', 'João Pedro Souza', false],
      ['INCLUSAO_DEPENDENTE', 'ABERTO', 'Maria Aparecida Souza', true],
      ['INCLUSAO_DEPENDENTE', 'CONCLUIDO', 'Maria Aparecida Souza', false],
    ]);
    const datas = r.body.protocolos.map((p) => p.criadoEm);
    expect([...datas].sort().reverse()).toEqual(datas);
    for (const p of r.body.protocolos) expect(p.protocolo).toMatch(/^417297\d{14}$/);
    // Registered Friday 2026-03-06 (2 business days ago): 7 business days → Tuesday 2026-03-17.
    expect(r.body.protocolos[0]).toEqual({
      protocolo: '41729720260306000001',
      tipo: 'CONTATO_COMERCIAL',
      assunto: 'Pedido de contato comercial: Plano Ortopédico',
      situacao: 'EM_ANALISE',
      situacaoReembolso: null,
      criadoEm: '2026-03-06T11:51:00.000Z',
      prazoResposta: '2026-03-17',
      prazoDescricao: 'Até 7 dias úteis (RN 623/2024)',
      atrasado: false,
      respondidoEm: null,
      beneficiario: null,
      solicitante: 'Maria Aparecida Souza',
      canal: 'PORTAL',
      respostaDisponivel: false,
    });
    expect(r.body.protocolos[1]).toMatchObject({ beneficiario: 'João Pedro Souza', canal: 'TELEFONE' });
    // The overdue one: its deadline has passed and nobody answered.
    const atrasado = r.body.protocolos[2]!;
    expect(atrasado.prazoResposta < '2026-03-10').toBe(true);
    expect(atrasado.respostaDisponivel).toBe(false);
    expect(r.body.protocolos[3]!.respostaDisponivel).toBe(true);
  });

  it('a request sent from the portal appears first, open, with its 7 business days', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const antes = await listar(c, perfil);
    expect(antes.body.total).toBe(0);
    const novo = await c.post<{ protocolo: string }>('/api/Venda/ContatoInicial', {
      perfilAutenticado: perfil,
      interesse: 'SOS',
    });
    const r = await listar(c, perfil);
    expect(r.body.total).toBe(1);
    expect(r.body.protocolos[0]).toMatchObject({
      protocolo: novo.body.protocolo,
      situacao: 'ABERTO',
      prazoResposta: '2026-03-19',
      atrasado: false,
    });
    // Nine days later, still unanswered: overdue.
    t.clock.set(HOJE + 10 * 86_400_000);
    const depois = await membro(CPF.roberto);
    expect((await listar(depois.c, depois.perfil)).body.protocolos[0]!.atrasado).toBe(true);
  });

  it('finds a number typed with or without punctuation and spaces; an unknown number finds nothing', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    for (const digitado of [
      '41729720260306000001',
      '417297 20260306 000001',
      ' 417.297.20260306-000001 ',
      '417297/20260306/000001',
    ]) {
      const r = await listar(c, perfil, { protocolo: digitado });
      expect(r.status).toBe(200);
      expect(r.body.protocolos.map((p) => p.protocolo)).toEqual(['41729720260306000001']);
      expect(r.body.total).toBe(1);
    }
    const nada = await listar(c, perfil, { protocolo: '41729720260306000099' });
    expect(nada.body).toEqual({ protocolos: [], pagina: 1, itensPagina: 10, total: 0, totalPaginas: 0 });
    expect((await listar(c, perfil, { protocolo: '' })).body.total).toBe(4);
  });

  it('malformed numbers and pages get a 400 in Portuguese', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    for (const protocolo of ['123', '4172972026030600000A', '417297202603060000011', 41729720260306, 'x'.repeat(100)]) {
      const r = await listar(c, perfil, { protocolo });
      expect(r.status).toBe(400);
      expect(r.body).toEqual(NUMERO_INVALIDO);
    }
    expect((await listar(c, perfil, { pagina: 0 })).body).toEqual(erro('DADOS_INVALIDOS', 'Página inválida.'));
    expect((await listar(c, perfil, { pagina: '2' })).body).toEqual(erro('DADOS_INVALIDOS', 'Página inválida.'));
    expect((await listar(c, perfil, { itensPagina: 51 })).body).toEqual(
      erro('DADOS_INVALIDOS', 'Peça no máximo 50 protocolos por página.'),
    );
  });

  it('pages: a page at a time, and a page past the end still counts', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const todos = (await listar(c, perfil)).body.protocolos.map((p) => p.protocolo);
    const p1 = await listar(c, perfil, { itensPagina: 3 });
    const p2 = await listar(c, perfil, { itensPagina: 3, pagina: 2 });
    expect(p1.body).toMatchObject({ total: 4, totalPaginas: 2, pagina: 1 });
    expect([...p1.body.protocolos, ...p2.body.protocolos].map((p) => p.protocolo)).toEqual(todos);
    expect((await listar(c, perfil, { itensPagina: 3, pagina: 5 })).body).toEqual({
      protocolos: [],
      pagina: 5,
      itensPagina: 3,
      total: 4,
      totalPaginas: 2,
    });
  });
});

describe('who sees what', () => {
  it("another contract's number reads as not found, in every call", async () => {
    const { c: cr, perfil: pr } = await membro(CPF.roberto);
    const dele = (
      await cr.post<{ protocolo: string }>('/api/Venda/ContatoInicial', { perfilAutenticado: pr, interesse: 'SOS' })
    ).body.protocolo;
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    expect((await detalhe(c, perfil, dele)).body).toEqual(NAO_ENCONTRADO);
    expect((await listar(c, perfil, { protocolo: dele })).body.total).toBe(0);
    const pdf = await baixar(c, perfil, dele);
    expect(pdf.status).toBe(404);
    expect(pdf.json()).toEqual(NAO_ENCONTRADO);
    // Nor does Maria's cancelled contract show the active one's protocols.
    const { c: antigo, perfil: pa } = await membro(CPF.maria, CONTRATO.mariaCancelado);
    expect((await listar(antigo, pa)).body.total).toBe(0);
    expect((await detalhe(antigo, pa, '41729720260306000001')).body).toEqual(NAO_ENCONTRADO);
  });

  it("a dependent sees only their own requests, not the holder's nor those the holder made about them", async () => {
    await inserirProtocolo({ numero: '41729720260309900001', cpf: CPF.marcos, contrato: CONTRATO.carlos });
    await inserirProtocolo({
      numero: '41729720260309900002',
      cpf: CPF.marcos,
      contrato: CONTRATO.carlos,
      beneficiario: BENEFICIARIO.carlos,
      tipo: 'CANCELAMENTO_DEPENDENTES',
    });
    const { c, perfil } = await membro(CPF.carlos);
    const proprio = (
      await c.post<{ protocolo: string }>('/api/Venda/ContatoInicial', {
        perfilAutenticado: perfil,
        interesse: 'OUTRO',
      })
    ).body.protocolo;
    const r = await listar(c, perfil);
    expect(r.body.protocolos.map((p) => p.protocolo)).toEqual([proprio]);
    for (const numero of ['41729720260309900001', '41729720260309900002']) {
      expect((await detalhe(c, perfil, numero)).body).toEqual(NAO_ENCONTRADO);
      expect((await baixar(c, perfil, numero)).status).toBe(404);
    }
    expect((await detalhe(c, perfil, proprio)).status).toBe(200);
  });

  it("the holder does not see a dependent's requests about their own personal data (LGPD)", async () => {
    await inserirProtocolo({
      numero: '41729720260309900003',
      cpf: CPF.joaoPedro,
      contrato: CONTRATO.maria,
      beneficiario: BENEFICIARIO.joaoPedro,
      tipo: 'CORRECAO_DADOS',
    });
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    expect((await detalhe(c, perfil, '41729720260309900003')).body).toEqual(NAO_ENCONTRADO);
    expect((await listar(c, perfil)).body.protocolos.some((p) => p.protocolo === '41729720260309900003')).toBe(false);
  });

  it("another browser holding Maria's session code, or her code without its cookie, gets a 401", async () => {
    const { c: maria, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const { c: roberto } = await membro(CPF.roberto);
    const semCookie = t.client();
    semCookie.token = await semCookie.newToken();
    for (const c of [roberto, semCookie]) {
      expect((await listar(c, perfil)).body).toEqual(SESSAO_INVALIDA);
      expect((await detalhe(c, perfil, '41729720260306000001')).status).toBe(401);
      const pdf = await baixar(c, perfil, '41729720260306000001');
      expect(pdf.status).toBe(401);
      expect(pdf.json()).toEqual(SESSAO_INVALIDA);
    }
    expect((await listar(t.client(), null)).status).toBe(401);
    expect(maria.cookies.get(COOKIE_SESSAO)).toBeTruthy();
  });
});

describe('Protocolos/Detalhe', () => {
  it('one protocol with its history, oldest first, and the answer', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const lista = (await listar(c, perfil)).body.protocolos;
    const respondido = lista.find((p) => p.tipo === 'INCLUSAO_DEPENDENTE' && p.situacao === 'CONCLUIDO')!;
    // Typed with spaces, as the member reads it.
    const n = respondido.protocolo;
    const r = await detalhe(c, perfil, `${n.slice(0, 6)} ${n.slice(6, 14)} ${n.slice(14)}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ...respondido, respostaDisponivel: true });
    expect(r.body.historico.map((e) => [e.situacao, e.descricao])).toEqual([
      ['ABERTO', 'Solicitação registrada pelo portal.'],
      ['EM_ANALISE', 'Pedido recebido pelo setor de cadastro, que está conferindo os documentos.'],
      ['CONCLUIDO', 'Resposta enviada à beneficiária.'],
    ]);
    const em = r.body.historico.map((e) => e.em);
    expect([...em].sort()).toEqual(em);
    expect(r.body.respondidoEm).toBe(em[2]);
    expect(r.body.resposta).toMatch(/^Olá, Maria\. Não foi possível incluir Lucas Almeida Souza/);
  });

  it('unknown and malformed numbers', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    expect((await detalhe(c, perfil, '41729720260306000099')).body).toEqual(NAO_ENCONTRADO);
    for (const protocolo of [undefined, '', '12345', 'abc']) {
      const r = await detalhe(c, perfil, protocolo);
      expect(r.status).toBe(400);
      expect(r.body).toEqual(NUMERO_INVALIDO);
    }
  });
});

describe('Protocolos/BaixarResposta', () => {
  it('the answered protocol as a tagged PDF: operator, member, contract, number, kind, dates, history, answer', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const respondido = (await listar(c, perfil)).body.protocolos.find(
      (p) => p.tipo === 'INCLUSAO_DEPENDENTE' && p.situacao === 'CONCLUIDO',
    )!;
    const r = await baixar(c, perfil, respondido.protocolo);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe(`inline; filename=protocolo-${respondido.protocolo}.pdf`);
    const pdf = await lerPdf(r.bytes);
    expect(pdf.marcado).toBe(true);
    expect(pdf.idioma).toBe('pt-BR');
    expect(pdf.titulo).toBe(`Resposta ao protocolo ${respondido.protocolo} - Saúde Exemplo`);
    const n = respondido.protocolo;
    for (const trecho of [
      'Saúde Exemplo',
      'Registro ANS nº 417297',
      `Resposta ao protocolo ${n.slice(0, 6)} ${n.slice(6, 14)} ${n.slice(14)}`,
      'Solicitante: Maria Aparecida Souza',
      'CPF: 529.982.247-25',
      'Contrato: 100234',
      'Tipo: Inclusão de dependente',
      'Situação: Concluído',
      'Até 7 dias úteis (RN 623/2024)',
      'Histórico',
      'Pedido recebido pelo setor de cadastro, que está conferindo os documentos.',
      'Resposta da operadora',
      'Não foi possível incluir Lucas Almeida Souza no seu plano',
    ]) {
      expect(pdf.texto).toContain(trecho);
    }
    expect(pdf.papeis).toEqual(expect.arrayContaining(['H1', 'H2', 'Table', 'TH', 'TD']));
  });

  it("the holder downloads the answer of her dependent's protocol", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const doJoao = (await listar(c, perfil)).body.protocolos.find((p) => p.solicitante === 'João Pedro Souza')!;
    const pdf = await lerPdf((await baixar(c, perfil, doJoao.protocolo)).bytes);
    expect(pdf.texto).toContain('Solicitante: João Pedro Souza');
    expect(pdf.texto).toContain('Canal: Central de atendimento (telefone)');
  });

  it('a protocol still waiting for its answer: 409 with a clear message', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const aberto = (await listar(c, perfil)).body.protocolos.find((p) => p.situacao === 'EM_ANALISE')!;
    const r = await baixar(c, perfil, aberto.protocolo);
    expect(r.status).toBe(409);
    expect(r.json()).toEqual(
      erro(
        'DOCUMENTO_INDISPONIVEL',
        'Este protocolo ainda não tem resposta. O documento fica disponível quando a solicitação for concluída.',
      ),
    );
    const malformado = await baixar(c, perfil, '12');
    expect(malformado.status).toBe(400);
    expect(malformado.json()).toEqual(NUMERO_INVALIDO);
  });
});

describe('deadline per kind when a request is registered', () => {
  it('a cancellation is due the same day (RN 561/2022); a contact in 7 business days', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const m = await t.app.services.sessoes.membro(c.cookies.get(COOKIE_SESSAO), perfil.codigoSessao, {
      ip: '10.0.0.1',
      userAgent: null,
    });
    const registrar = (tipo: 'CANCELAMENTO_CONTRATO' | 'CONTATO_COMERCIAL') =>
      t.app.services.solicitacoes.registrar({
        membro: m,
        origin: { ip: '10.0.0.1', userAgent: null },
        rota: '/teste/prazo',
        chave: undefined,
        corpo: {},
        executar: (ctx) => ctx.abrirProtocolo({ tipo, assunto: 'teste de prazo', situacao: 'ABERTO' }),
      });
    expect((await registrar('CANCELAMENTO_CONTRATO')).prazoResposta).toBe('2026-03-10');
    expect((await registrar('CONTATO_COMERCIAL')).prazoResposta).toBe('2026-03-19');
    const lista = (await listar(c, perfil)).body.protocolos;
    expect(lista.find((p) => p.tipo === 'CANCELAMENTO_CONTRATO')!.prazoDescricao).toBe(
      'Imediato: vale a partir do pedido (RN 561/2022)',
    );
  });
});
