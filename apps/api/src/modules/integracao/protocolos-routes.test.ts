import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatarNumeroProtocolo } from '@portal/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lerPdf } from '../../../../../test/pdf-text';
import {
  CONTRATO,
  CPF,
  HOJE,
  pedidoDeDependenteDaMaria,
  startApp,
  type Client,
  type TestApp,
  esperar,
} from '../../../test/helper';
import { diasUteisAte } from '../../core/protocolos/respostas';
import { ChavesDeIntegracao, ChavesRepository, type Escopo } from './index';

// Answers back (issue 17, decision 0032): the operator answers Maria's request through the
// integration API, over real HTTP; a standardwebhooks receiver hears protocolo.atualizado.

interface Resumo {
  protocolo: string;
  tipo: string;
  situacao: string;
  prazoResposta: string;
  diasUteisRestantes: number | null;
  atrasado: boolean;
}
interface Detalhe extends Resumo {
  resposta: string | null;
  respondidoPor: string | null;
  solicitante: string;
  historico: { situacao: string; descricao: string }[];
}

/** The operator's receiver: keeps every delivery its secret verifies. */
class Receptor {
  recebidos: { tipo: string; data: Record<string, unknown> }[] = [];
  invalidos = 0;
  segredo = '';
  url = '';
  server: Server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const corpo = Buffer.concat(partes).toString('utf8');
      try {
        new Webhook(this.segredo).verify(corpo, req.headers as Record<string, string>);
        const c = JSON.parse(corpo) as { type: string; data: Record<string, unknown> };
        this.recebidos.push({ tipo: c.type, data: c.data });
        res.statusCode = 200;
      } catch {
        this.invalidos++;
        res.statusCode = 401;
      }
      res.end();
    });
  });
  async ouvir() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }
  fechar() {
    return new Promise<void>((r) => {
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }
}

let t: TestApp;
let chaves: ChavesDeIntegracao;
const receptor = new Receptor();
beforeAll(async () => {
  t = await startApp({
    env: { INTEGRACAO_CHAMADAS_POR_MINUTO: '1000', WEBHOOKS_INTERVAL_MS: '50', WEBHOOKS_RETRY_DELAY_MS: '150' },
  });
  chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
  await receptor.ouvir();
  receptor.segredo = (
    await t.app.services.webhooks.criarEndpoint({ url: receptor.url, eventos: ['protocolo.atualizado'] })
  ).segredo;
});
afterAll(async () => {
  await t.close();
  await receptor.fechar();
});
beforeEach(async () => {
  await t.resetCounters();
  t.clock.set(HOJE);
});

const chave = async (escopos: Escopo[] = ['protocolos']) =>
  (await chaves.criar({ nome: 'Atendimento da operadora', escopos })).chave;
const comChave = (k: string) => ({ headers: { authorization: `Bearer ${k}` } });
const BASE = '/api/integracao/v1/protocolos';

/** Maria asks to add a dependant on `quando` (the clock goes back to HOJE after). */
async function pedidoDaMaria(quando: number): Promise<string> {
  t.clock.set(quando);
  const protocolo = await pedidoDeDependenteDaMaria(t);
  t.clock.set(HOJE);
  return protocolo;
}

/** Notices of an answer to this protocol in the outbox (e-mail to Maria). */
const avisos = async (numero: string) =>
  (
    await t.db.query<{ n: number }>(
      `select count(*)::int as n from outbox where destino = 'maria.souza@exemplo.com.br' and mensagem like $1`,
      [`%protocolo ${formatarNumeroProtocolo(numero)} foi respondido%`],
    )
  )[0]?.n ?? 0;

/** POST /api/Protocolos/BaixarAnexo as the member's browser does (optionally without the session cookie). */
async function baixarAnexo(c: Client, perfil: unknown, protocolo: string, { semCookie = false } = {}) {
  const r = await fetch(`${c.baseUrl}/api/Protocolos/BaixarAnexo`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${c.token}`,
      ...(semCookie ? {} : { cookie: [...c.cookies].map(([n, v]) => `${n}=${v}`).join('; ') }),
      'x-forwarded-for': c.ip,
    },
    body: JSON.stringify({ perfilAutenticado: perfil, protocolo }),
  });
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

const responder = (c: Client, k: string, numero: string, corpo: Record<string, unknown>) =>
  c.post<Detalhe & { message?: string }>(`${BASE}/${numero}/resposta`, corpo, comChave(k));

describe('business days to the deadline', () => {
  it('count the national holidays (Good Friday 2026-04-03) and go negative once overdue', () => {
    expect(diasUteisAte('2026-04-01', '2026-04-06')).toBe(2);
    expect(diasUteisAte('2026-04-06', '2026-04-01')).toBe(-2);
    expect(diasUteisAte('2026-03-10', '2026-03-10')).toBe(0);
    expect(diasUteisAte('2026-03-10', '2026-03-19')).toBe(7);
  });
});

describe('answers back through the integration API', () => {
  it('lists Maria’s overdue request first; the answer reaches Meus Protocolos, her PDF, the webhook and her e-mail once', async () => {
    // Registered 40 days before today: its 7 business days are long gone (overdue before the demo's late one).
    const numero = await pedidoDaMaria(HOJE - 40 * 86_400_000);
    const k = await chave();
    const c = t.client();

    const lista = await c.get<{ protocolos: Resumo[]; hoje: string }>(`${BASE}?situacao=abertos`, comChave(k));
    expect(lista.status).toBe(200);
    expect(lista.body.hoje).toBe('2026-03-10');
    const [primeiro] = lista.body.protocolos;
    expect(primeiro?.protocolo).toBe(numero);
    expect(primeiro?.atrasado).toBe(true);
    expect(primeiro?.diasUteisRestantes).toBe(diasUteisAte('2026-03-10', primeiro!.prazoResposta));
    expect(primeiro!.diasUteisRestantes).toBeLessThan(0);
    const prazos = lista.body.protocolos.map((p) => p.prazoResposta);
    expect(prazos).toEqual([...prazos].sort());
    expect(lista.body.protocolos.every((p) => p.situacao === 'ABERTO' || p.situacao === 'EM_ANALISE')).toBe(true);

    const lido = await c.get<Detalhe>(`${BASE}/${numero}`, comChave(k));
    expect(lido.status).toBe(200);
    expect(lido.body).toMatchObject({
      protocolo: numero,
      tipo: 'INCLUSAO_DEPENDENTE',
      solicitante: 'Maria Aparecida Souza',
    });
    expect(JSON.stringify(lido.body)).not.toContain(CPF.maria);
    // Audited as calls on 'protocolos', with the key. The row is written once the answer is sent
    // (onResponse, decision 0024): on a loaded machine it may land a moment after the client read it.
    const auditadas = async () =>
      (
        await t.db.query<{ rota: string; status: number }>(
          `select rota, status from auditoria_integracao where entidade = 'protocolos' and chave_id = $1 order by id`,
          [k.split('_')[1]],
        )
      ).map((a) => `${a.status} ${a.rota}`);
    await expect
      .poll(auditadas, { timeout: 5000 })
      .toEqual(expect.arrayContaining([`200 ${BASE}`, `200 ${BASE}/:numero`]));
    const leituras = await t.db.query<{ detail: { chaveId: string } }>(
      `select detail from audit_log where event = 'protocolo_lido_integracao' and detail->>'protocolo' = $1`,
      [numero],
    );
    expect(leituras).toHaveLength(1);

    const texto = 'Inclusão de Lucas aprovada; a carteirinha dele já está disponível no aplicativo.';
    const r = await responder(c, k, numero, { status: 'CONCLUIDO', resposta: texto });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ situacao: 'CONCLUIDO', resposta: texto, atrasado: false, diasUteisRestantes: null });
    expect(r.body.respondidoPor).toMatch(/^integracao:[0-9a-f]{16}$/);
    expect(r.body.historico.at(-1)).toMatchObject({ situacao: 'CONCLUIDO', descricao: texto });

    // Maria sees it.
    const { c: mc, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const det = await mc.post<Detalhe>('/api/Protocolos/Detalhe', { perfilAutenticado: perfil, protocolo: numero });
    expect(det.status).toBe(200);
    expect(det.body).toMatchObject({ situacao: 'CONCLUIDO', resposta: texto });
    const pdf = await fetch(`${mc.baseUrl}/api/Protocolos/BaixarResposta`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${mc.token}`,
        cookie: [...mc.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        'x-forwarded-for': mc.ip,
      },
      body: JSON.stringify({ perfilAutenticado: perfil, protocolo: numero }),
    });
    expect(pdf.status).toBe(200);
    const lidoPdf = await lerPdf(await pdf.arrayBuffer());
    expect(lidoPdf.texto).toContain(texto);
    expect(lidoPdf.texto).toContain('Respondido por');
    expect(lidoPdf.texto).toContain('Respondido em: 10/03/2026');

    // The receiver hears protocolo.atualizado, verified with its secret.
    const recebidos = await esperar(
      () => receptor.recebidos.filter((x) => x.data.protocolo === numero),
      (x) => x.length >= 1,
    );
    expect(receptor.invalidos).toBe(0);
    expect(recebidos).toEqual([
      {
        tipo: 'protocolo.atualizado',
        data: expect.objectContaining({ protocolo: numero, situacao: 'CONCLUIDO', codigoContrato: CONTRATO.maria }),
      },
    ]);
    expect(await avisos(numero)).toBe(1);
    const respostas = await t.db.query<{ detail: { chaveId: string } }>(
      `select detail from audit_log where event = 'protocolo_respondido' and detail->>'protocolo' = $1`,
      [numero],
    );
    expect(respostas.map((x) => x.detail.chaveId)).toEqual([r.body.respondidoPor!.slice('integracao:'.length)]);

    // The same answer again (a retry after a timeout): the same 200, nothing twice.
    const de_novo = await responder(c, k, numero, { status: 'CONCLUIDO', resposta: `  ${texto} ` });
    expect(de_novo.status).toBe(200);
    expect(de_novo.body).toEqual(r.body);
    // The notice is written in the answer's transaction; the webhook worker has looked since and found nothing due.
    await t.app.services.webhooks.entregador.ocioso();
    expect(await avisos(numero)).toBe(1);
    expect(receptor.recebidos.filter((x) => x.data.protocolo === numero)).toHaveLength(1);
    const eventos = await t.db.query('select 1 from protocolo_eventos where numero = $1 and situacao = $2', [
      numero,
      'CONCLUIDO',
    ]);
    expect(eventos).toHaveLength(1);

    // Answered, it leaves the open queue and stays under situacao=todos.
    const abertos = await c.get<{ protocolos: Resumo[] }>(`${BASE}`, comChave(k));
    expect(abertos.body.protocolos.map((p) => p.protocolo)).not.toContain(numero);
    const todos = await c.get<{ protocolos: Resumo[] }>(`${BASE}?situacao=todos&tipo=INCLUSAO_DEPENDENTE`, comChave(k));
    expect(todos.body.protocolos.map((p) => p.protocolo)).toContain(numero);
  });

  it('two identical answers at once: one answer, one notice, one history line', async () => {
    const numero = await pedidoDaMaria(HOJE - 86_400_000);
    const k = await chave();
    const corpo = { status: 'CONCLUIDO', resposta: 'Inclusão aprovada.' };
    const [a, b] = await Promise.all([
      responder(t.client(), k, numero, corpo),
      responder(t.client(), k, numero, corpo),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await avisos(numero)).toBe(1);
    const eventos = await t.db.query('select 1 from protocolo_eventos where numero = $1 and situacao = $2', [
      numero,
      'CONCLUIDO',
    ]);
    expect(eventos).toHaveLength(1);
  });

  it('keeps a PDF the operator attaches, checked by content', async () => {
    const numero = await pedidoDaMaria(HOJE - 86_400_000);
    const k = await chave();
    const c = t.client();
    const pdf = Buffer.from('%PDF-1.7\n% resposta anexa\n%%EOF\n');
    const r = await responder(c, k, numero, {
      status: 'CANCELADO',
      resposta: 'Pedido cancelado: o dependente já consta em outro contrato.',
      pdfBase64: pdf.toString('base64'),
    });
    expect(r.status).toBe(200);
    const [linha] = await t.db.query<{ resposta_pdf: Uint8Array }>(
      'select resposta_pdf from protocolos where numero = $1',
      [numero],
    );
    expect(Buffer.from(linha!.resposta_pdf).equals(pdf)).toBe(true);

    // Maria downloads it from Meus Protocolos, as the operator sent it, to be saved (not rendered).
    const { c: mc, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const det = await mc.post<Detalhe & { anexoDisponivel: boolean }>('/api/Protocolos/Detalhe', {
      perfilAutenticado: perfil,
      protocolo: numero,
    });
    expect(det.body.anexoDisponivel).toBe(true);
    const anexo = await baixarAnexo(mc, perfil, numero);
    expect(anexo.status).toBe(200);
    expect(anexo.headers.get('content-type')).toBe('application/pdf');
    expect(anexo.headers.get('content-disposition')).toBe(
      `attachment; filename=protocolo-${numero}-anexo-da-operadora.pdf`,
    );
    expect(anexo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(anexo.headers.get('cache-control')).toBe('no-store');
    expect(anexo.bytes.equals(pdf)).toBe(true);

    // Another member (another contract) gets 404, as for a number that does not exist.
    const { c: outro, perfil: perfilOutro } = await t.membro(CPF.carlos);
    const alheio = await baixarAnexo(outro, perfilOutro, numero);
    expect(alheio.status).toBe(404);
    expect(JSON.parse(alheio.bytes.toString()).message).toBe('Protocolo não encontrado.');
    expect(alheio.bytes.includes(pdf)).toBe(false);

    // Maria's session code without her session cookie opens nothing.
    const semCookie = await baixarAnexo(mc, perfil, numero, { semCookie: true });
    expect(semCookie.status).toBe(401);
    expect(semCookie.bytes.includes(pdf)).toBe(false);
  });

  it('a protocol answered without a PDF offers no attachment: 404 with a clear message', async () => {
    const numero = await pedidoDaMaria(HOJE - 86_400_000);
    const k = await chave();
    expect(
      (await responder(t.client(), k, numero, { status: 'CONCLUIDO', resposta: 'Inclusão aprovada.' })).status,
    ).toBe(200);
    const { c: mc, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const det = await mc.post<{ anexoDisponivel: boolean }>('/api/Protocolos/Detalhe', {
      perfilAutenticado: perfil,
      protocolo: numero,
    });
    expect(det.body.anexoDisponivel).toBe(false);
    const r = await baixarAnexo(mc, perfil, numero);
    expect(r.status).toBe(404);
    expect(JSON.parse(r.bytes.toString())).toMatchObject({
      code: 'DOCUMENTO_INDISPONIVEL',
      message: 'Este protocolo não tem anexo da operadora.',
    });
    const ruim = await baixarAnexo(mc, perfil, '123');
    expect(ruim.status).toBe(400);
  });

  it('refuses a non-PDF file and "em análise" as an answer, in Portuguese, changing nothing', async () => {
    const numero = await pedidoDaMaria(HOJE - 86_400_000);
    const k = await chave();
    const c = t.client();
    const html = await responder(c, k, numero, {
      status: 'CONCLUIDO',
      resposta: 'Veja o anexo.',
      pdfBase64: Buffer.from('<html>não sou um PDF</html>').toString('base64'),
    });
    expect(html.status).toBe(400);
    expect(html.body.message).toBe('O arquivo enviado não é um PDF (o conteúdo não começa com %PDF-).');
    const grande = await responder(c, k, numero, {
      status: 'CONCLUIDO',
      resposta: 'Veja o anexo.',
      pdfBase64: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(5 * 1024 * 1024)]).toString('base64'),
    });
    expect(grande.status).toBe(413);
    expect(grande.body.message).toBe('O PDF passa do limite de 5 MB.');
    const analise = await responder(c, k, numero, { status: 'EM_ANALISE', resposta: 'Estamos analisando.' });
    expect(analise.status).toBe(422);
    expect(analise.body.message).toContain('RN 623/2024 exige resposta conclusiva');
    const vazio = await responder(c, k, numero, { status: 'CONCLUIDO', resposta: '   ' });
    expect(vazio.status).toBe(400);
    expect(vazio.body.message).toContain('Informe a resposta.');
    const lido = await c.get<Detalhe>(`${BASE}/${numero}`, comChave(k));
    expect(lido.body.situacao).toBe('ABERTO');
    expect(await avisos(numero)).toBe(0);
  });

  it('404 for an unknown protocol, 403 without the scope, 401 for a member session', async () => {
    const k = await chave();
    const c = t.client();
    const desconhecido = '20260310999999999999';
    const r404 = await c.get<{ message: string }>(`${BASE}/${desconhecido}`, comChave(k));
    expect(r404.status).toBe(404);
    expect(r404.body.message).toBe('Protocolo não encontrado.');
    const p404 = await responder(c, k, desconhecido, { status: 'CONCLUIDO', resposta: 'Ok.' });
    expect(p404.status).toBe(404);
    const ruim = await c.get<{ message: string }>(`${BASE}/123`, comChave(k));
    expect(ruim.status).toBe(400);
    expect(ruim.body.message).toContain('Número de protocolo inválido');
    const cursor = await c.get<{ message: string }>(`${BASE}?cursor=xyz`, comChave(k));
    expect(cursor.status).toBe(400);
    const situacao = await c.get<{ message: string }>(`${BASE}?situacao=fechados`, comChave(k));
    expect(situacao.status).toBe(400);
    expect(situacao.body.message).toContain("situacao inválida. Use 'abertos' ou 'todos'.");
    const data = await c.get<{ message: string }>(`${BASE}?venceAte=31/03/2026`, comChave(k));
    expect(data.status).toBe(400);
    expect(data.body.message).toContain('venceAte inválido. Use uma data AAAA-MM-DD.');

    const semEscopo = await chave(['leitura']);
    const r403 = await c.get<{ message: string }>(BASE, comChave(semEscopo));
    expect(r403.status).toBe(403);
    expect(r403.body.message).toBe("Esta chave não tem o escopo 'protocolos' exigido por esta chamada.");

    const { c: mc } = await t.membro(CPF.maria, CONTRATO.maria);
    const r401 = await mc.get<{ message: string }>(BASE);
    expect(r401.status).toBe(401);
  });

  it('is in the OpenAPI document, in the integration group with the key as credential', async () => {
    const doc = (
      await t
        .client()
        .get<{ paths: Record<string, Record<string, { tags: string[]; security: unknown }>> }>('/api/openapi.json', {
          auth: false,
        })
    ).body;
    for (const [path, metodo] of [
      ['/api/integracao/v1/protocolos', 'get'],
      ['/api/integracao/v1/protocolos/{numero}', 'get'],
      ['/api/integracao/v1/protocolos/{numero}/resposta', 'post'],
    ] as const) {
      const op = doc.paths[path]?.[metodo];
      expect(op?.tags, path).toEqual(['integracao']);
      expect(op?.security, path).toEqual([{ chaveDeIntegracao: [] }]);
    }
  });

  it('pages the queue with a cursor, in deadline order', async () => {
    const k = await chave();
    const c = t.client();
    const vistos: Resumo[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const r = await c.get<{ protocolos: Resumo[]; proximoCursor: string | null }>(
        `${BASE}?situacao=todos&limite=2${q}`,
        comChave(k),
      );
      expect(r.status).toBe(200);
      expect(r.body.protocolos.length).toBeLessThanOrEqual(2);
      vistos.push(...r.body.protocolos);
      cursor = r.body.proximoCursor;
    } while (cursor);
    const [{ n }] = (await t.db.query<{ n: number }>('select count(*)::int as n from protocolos')) as [{ n: number }];
    expect(vistos).toHaveLength(n);
    expect(new Set(vistos.map((p) => p.protocolo)).size).toBe(n);
    const chaves_ = vistos.map((p) => `${p.prazoResposta}|${p.protocolo}`);
    expect(chaves_).toEqual([...chaves_].sort());
  });
});
