import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, HOJE, pedidoDeDependenteDaMaria, startApp, type TestApp, esperar } from '../../../test/helper';
import { ChavesDeIntegracao, ChavesRepository, type Escopo } from './index';

// Webhook endpoints through the integration API (issue 17, decisions 0029 and 0030), over real HTTP:
// an operator's system with a `webhooks` key creates, lists, changes, rotates and disables its
// endpoints, follows the deliveries and replays them; a standardwebhooks receiver checks every post.

interface Endpoint {
  id: string;
  url: string;
  descricao: string | null;
  eventos: string[];
  ativo: boolean;
  motivoDesativacao: string | null;
  segredoAnteriorAte: string | null;
  segredo?: string;
}
interface Entrega {
  id: string;
  mensagemId: string;
  tipo: string;
  endpointId: string;
  situacao: string;
  tentativas: number;
  ultimaTentativa: { statusHttp: number | null; resultado: string } | null;
}
interface Erro {
  message: string;
}

/** The operator's receiver: one path per endpoint, each verified with the secrets it was given. */
class Receptor {
  recebidos: { caminho: string; id: string; tipo: string; protocolo: unknown }[] = [];
  invalidos = 0;
  segredos = new Map<string, string[]>();
  base = '';
  server: Server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const corpo = Buffer.concat(partes).toString('utf8');
      const caminho = req.url ?? '';
      const segredos = this.segredos.get(caminho) ?? [];
      if (!segredos.length) {
        this.invalidos++;
        res.statusCode = 401;
        res.end();
        return;
      }
      try {
        // Every secret it holds must verify the post: during a rotation both sign it.
        for (const s of segredos) new Webhook(s).verify(corpo, req.headers as Record<string, string>);
        const c = JSON.parse(corpo) as { type: string; data: { protocolo?: unknown } };
        this.recebidos.push({
          caminho,
          id: String(req.headers['webhook-id']),
          tipo: c.type,
          protocolo: c.data.protocolo,
        });
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
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  de(caminho: string) {
    return this.recebidos.filter((r) => r.caminho === caminho);
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
});
afterAll(async () => {
  await t.close();
  await receptor.fechar();
});
beforeEach(async () => {
  await t.resetCounters();
  t.clock.set(HOJE);
  // Each test hears only the endpoints it creates.
  await t.db.query('update webhook_endpoints set ativo = false where ativo');
});

const chave = async (escopos: Escopo[] = ['webhooks']) =>
  (await chaves.criar({ nome: 'ERP da operadora', escopos })).chave;
const comChave = (k: string) => ({ headers: { authorization: `Bearer ${k}` } });
const BASE = '/api/integracao/v1/webhooks';

let caminhos = 0;
/** A new endpoint through the API, its receiver path ready with the secret it answered. */
async function criar(k: string, eventos = ['dependentes.solicitados'], descricao?: string) {
  const caminho = `/ep${++caminhos}`;
  const r = await t
    .client()
    .post<Endpoint>(BASE, { url: receptor.base + caminho, eventos, ...(descricao ? { descricao } : {}) }, comChave(k));
  expect(r.status).toBe(201);
  receptor.segredos.set(caminho, [r.body.segredo!]);
  return { caminho, endpoint: r.body };
}

/** Maria asks to add a dependant on `quando` (the message's creation time); the clock goes back to HOJE. */
async function pedidoDaMaria(quando: number): Promise<string> {
  t.clock.set(quando);
  const numero = await pedidoDeDependenteDaMaria(t);
  t.clock.set(HOJE);
  return numero;
}

describe('webhook endpoints through the integration API', () => {
  it('create shows the secret once; list, read and change never show it; a delivery is listed and replayed with the same webhook-id', async () => {
    const k = await chave();
    const c = t.client();
    const { caminho, endpoint } = await criar(k, ['dependentes.solicitados'], 'ERP de cadastro');
    expect(endpoint).toMatchObject({
      url: receptor.base + caminho,
      descricao: 'ERP de cadastro',
      eventos: ['dependentes.solicitados'],
      ativo: true,
    });
    expect(endpoint.id).toMatch(/^ep_/);
    const segredo = endpoint.segredo!;
    expect(segredo).toMatch(/^whsec_/);

    const lista = await c.get<{ endpoints: Endpoint[] }>(BASE, comChave(k));
    expect(lista.status).toBe(200);
    expect(lista.body.endpoints.map((e) => e.id)).toContain(endpoint.id);
    const um = await c.get<Endpoint>(`${BASE}/${endpoint.id}`, comChave(k));
    expect(um.status).toBe(200);
    for (const r of [lista, um]) {
      expect(r.text).not.toContain(segredo);
      expect(r.text).not.toContain('segredo"');
      expect(r.text).not.toContain('whsec_');
    }

    // Maria's request reaches the receiver, signed with that secret.
    const numero = await pedidoDaMaria(HOJE + 86_400_000);
    const [primeiro] = await esperar(
      () => receptor.de(caminho),
      (x) => x.length >= 1,
    );
    expect(primeiro).toMatchObject({ tipo: 'dependentes.solicitados', protocolo: numero });
    expect(receptor.invalidos).toBe(0);

    // The delivery, as the operator follows it.
    const entregas = await esperar(
      () => c.get<{ entregas: Entrega[] }>(`${BASE}/entregas?endpoint=${endpoint.id}`, comChave(k)),
      (r) => r.body.entregas?.[0]?.situacao === 'entregue',
    );
    expect(entregas.status).toBe(200);
    expect(entregas.body.entregas).toEqual([
      expect.objectContaining({
        mensagemId: primeiro!.id,
        tipo: 'dependentes.solicitados',
        endpointId: endpoint.id,
        situacao: 'entregue',
        tentativas: 1,
        ultimaTentativa: expect.objectContaining({ statusHttp: 200, resultado: 'entregue' }),
      }),
    ]);

    // Replay: delivered again with the same webhook-id.
    const replay = await c.post<{ entregas: number }>(
      `${BASE}/mensagens/${primeiro!.id}/reenviar`,
      undefined,
      comChave(k),
    );
    expect(replay.status, replay.text).toBe(202);
    expect(replay.body).toEqual({ entregas: 1 });
    const dois = await esperar(
      () => receptor.de(caminho),
      (x) => x.length >= 2,
    );
    expect(dois.map((r) => r.id)).toEqual([primeiro!.id, primeiro!.id]);

    // Audited as calls on 'webhooks', with the key (written once the answer is sent, decision 0024: polled).
    const auditoria = async () =>
      (
        await t.db.query<{ rota: string; status: number }>(
          `select rota, status from auditoria_integracao where entidade = 'webhooks' and chave_id = $1 order by id`,
          [k.split('_')[1]],
        )
      ).map((a) => `${a.status} ${a.rota}`);
    await expect
      .poll(auditoria, { timeout: 5000 })
      .toEqual(expect.arrayContaining([`201 ${BASE}`, `200 ${BASE}`, `202 ${BASE}/mensagens/:id/reenviar`]));
  });

  it('replays a time range: each message again with its own webhook-id', async () => {
    const k = await chave();
    const { caminho } = await criar(k);
    const dia = HOJE + 10 * 86_400_000;
    const a = await pedidoDaMaria(dia);
    const b = await pedidoDaMaria(dia + 60_000);
    const antes = await esperar(
      () => receptor.de(caminho),
      (x) => x.length >= 2,
    );
    expect(antes.map((r) => r.protocolo).sort()).toEqual([a, b].sort());

    const c = t.client();
    const fora = await c.post<{ entregas: number }>(
      `${BASE}/reenviar`,
      { desde: new Date(dia + 3_600_000).toISOString(), ate: new Date(dia + 7_200_000).toISOString() },
      comChave(k),
    );
    expect(fora.status).toBe(202);
    expect(fora.body).toEqual({ entregas: 0 });
    const r = await c.post<{ entregas: number }>(
      `${BASE}/reenviar`,
      { desde: new Date(dia - 1000).toISOString(), ate: new Date(dia + 61_000).toISOString() },
      comChave(k),
    );
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ entregas: 2 });
    const depois = await esperar(
      () => receptor.de(caminho),
      (x) => x.length >= 4,
    );
    expect(depois).toHaveLength(4);
    const ids = depois.map((x) => x.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.slice(2).sort()).toEqual(ids.slice(0, 2).sort());
  });

  it('rotation: the new secret is answered once and, during the overlap, both secrets verify each post', async () => {
    const k = await chave();
    const c = t.client();
    const { caminho, endpoint } = await criar(k);
    const rot = await c.post<{ segredo: string; anteriorAte: string }>(
      `${BASE}/${endpoint.id}/rotacionar-segredo`,
      { sobreposicaoHoras: 2 },
      comChave(k),
    );
    expect(rot.status).toBe(200);
    expect(rot.body.segredo).toMatch(/^whsec_/);
    expect(rot.body.segredo).not.toBe(endpoint.segredo);
    expect(Date.parse(rot.body.anteriorAte) - Date.now()).toBeGreaterThan(1.9 * 3_600_000);
    // The receiver now requires both to verify the same post.
    receptor.segredos.set(caminho, [endpoint.segredo!, rot.body.segredo]);
    const numero = await pedidoDaMaria(HOJE + 20 * 86_400_000);
    const recebidos = await esperar(
      () => receptor.de(caminho),
      (x) => x.length >= 1,
    );
    expect(recebidos.map((r) => r.protocolo)).toEqual([numero]);
    expect(receptor.invalidos).toBe(0);
    const lido = await c.get<Endpoint>(`${BASE}/${endpoint.id}`, comChave(k));
    expect(lido.body.segredoAnteriorAte).toBe(rot.body.anteriorAte);
    expect(lido.text).not.toContain(rot.body.segredo);
    expect(lido.text).not.toContain(endpoint.segredo!);

    // No body: the default overlap, 24 hours.
    const padrao = await c.post<{ segredo: string; anteriorAte: string }>(
      `${BASE}/${endpoint.id}/rotacionar-segredo`,
      undefined,
      comChave(k),
    );
    expect(padrao.status, padrao.text).toBe(200);
    expect(Date.parse(padrao.body.anteriorAte) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
  });

  it('changes url, events and description; disables (PATCH or DELETE) and enables again', async () => {
    const k = await chave();
    const c = t.client();
    const { endpoint } = await criar(k, ['protocolo.criado'], 'Antigo');
    const alterado = await c.request<Endpoint>(
      'PATCH',
      `${BASE}/${endpoint.id}`,
      { url: `${receptor.base}/novo`, eventos: ['protocolo.criado', 'protocolo.atualizado'], descricao: null },
      comChave(k),
    );
    expect(alterado.status).toBe(200);
    expect(alterado.body).toMatchObject({
      url: `${receptor.base}/novo`,
      eventos: ['protocolo.criado', 'protocolo.atualizado'],
      descricao: null,
      ativo: true,
    });
    const desligado = await c.request<Endpoint>('PATCH', `${BASE}/${endpoint.id}`, { ativo: false }, comChave(k));
    expect(desligado.body).toMatchObject({ ativo: false, motivoDesativacao: 'Desativado pelo operador.' });
    // A disabled endpoint gets nothing: no delivery is even queued for it.
    await pedidoDaMaria(HOJE + 30 * 86_400_000);
    const [{ n }] = (await t.db.query<{ n: number }>(
      'select count(*)::int as n from webhook_entregas where endpoint_id = $1',
      [endpoint.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
    const ligado = await c.request<Endpoint>('PATCH', `${BASE}/${endpoint.id}`, { ativo: true }, comChave(k));
    expect(ligado.body).toMatchObject({ ativo: true, motivoDesativacao: null });
    const apagado = await c.request<Endpoint>('DELETE', `${BASE}/${endpoint.id}`, undefined, comChave(k));
    expect(apagado.status).toBe(200);
    expect(apagado.body.ativo).toBe(false);
    const lista = await c.get<{ endpoints: Endpoint[] }>(BASE, comChave(k));
    expect(lista.body.endpoints.find((e) => e.id === endpoint.id)?.ativo).toBe(false);
  });

  it('pages and filters the deliveries', async () => {
    const k = await chave();
    const c = t.client();
    const { endpoint } = await criar(k, ['protocolo.criado', 'dependentes.solicitados']);
    await pedidoDaMaria(HOJE + 40 * 86_400_000);
    await pedidoDaMaria(HOJE + 41 * 86_400_000);
    await esperar(
      () => c.get<{ entregas: Entrega[] }>(`${BASE}/entregas?endpoint=${endpoint.id}&situacao=entregue`, comChave(k)),
      (r) => r.body.entregas?.length === 4,
    );
    const vistas: Entrega[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const r = await c.get<{ entregas: Entrega[]; proximoCursor: string | null }>(
        `${BASE}/entregas?endpoint=${endpoint.id}&limite=3${q}`,
        comChave(k),
      );
      expect(r.status).toBe(200);
      expect(r.body.entregas.length).toBeLessThanOrEqual(3);
      vistas.push(...r.body.entregas);
      cursor = r.body.proximoCursor;
    } while (cursor);
    expect(vistas).toHaveLength(4);
    expect(vistas.map((e) => Number(e.id))).toEqual(vistas.map((e) => Number(e.id)).sort((a, b) => b - a));

    const dia41 = new Date(HOJE + 41 * 86_400_000);
    const periodo = await c.get<{ entregas: Entrega[] }>(
      `${BASE}/entregas?endpoint=${endpoint.id}&desde=${new Date(dia41.getTime() - 1000).toISOString()}&ate=${new Date(dia41.getTime() + 1000).toISOString()}`,
      comChave(k),
    );
    expect(periodo.body.entregas.map((e) => e.tipo).sort()).toEqual(['dependentes.solicitados', 'protocolo.criado']);
    const falhas = await c.get<{ entregas: Entrega[] }>(
      `${BASE}/entregas?endpoint=${endpoint.id}&situacao=falhou`,
      comChave(k),
    );
    expect(falhas.body.entregas).toEqual([]);
    const umaMensagem = await c.get<{ entregas: Entrega[] }>(
      `${BASE}/entregas?mensagem=${vistas[0]!.mensagemId}`,
      comChave(k),
    );
    expect(umaMensagem.body.entregas.map((e) => e.id)).toEqual([vistas[0]!.id]);
  });

  it('bad input is a 4xx in Portuguese, never a 500, and changes nothing', async () => {
    const k = await chave();
    const c = t.client();
    const antes = await t.db.query('select id from webhook_endpoints');
    const casos: [string, string, unknown, number, string][] = [
      ['POST', BASE, { url: 'http://erp.exemplo.com.br/w', eventos: ['protocolo.criado'] }, 400, 'https'],
      ['POST', BASE, { url: 'não é url', eventos: ['protocolo.criado'] }, 400, 'URL inválida'],
      ['POST', BASE, { url: 'https://erp.exemplo.com.br/w', eventos: ['pedido.feito'] }, 400, 'Eventos inválidos'],
      ['POST', BASE, { url: 'https://erp.exemplo.com.br/w', eventos: [] }, 400, 'Informe eventos'],
      ['POST', BASE, { eventos: ['protocolo.criado'] }, 400, 'Informe a url'],
      [
        'POST',
        BASE,
        { url: 'https://erp.exemplo.com.br/w', eventos: ['protocolo.criado'], descricao: 'x'.repeat(201) },
        400,
        'descricao tem no máximo 200 caracteres',
      ],
      ['GET', `${BASE}/nao-e-id`, undefined, 400, 'Id de endpoint inválido'],
      ['GET', `${BASE}/ep_desconhecido`, undefined, 404, 'Endpoint de webhook não encontrado.'],
      ['PATCH', `${BASE}/ep_desconhecido`, { ativo: false }, 404, 'Endpoint de webhook não encontrado.'],
      ['DELETE', `${BASE}/ep_desconhecido`, undefined, 404, 'Endpoint de webhook não encontrado.'],
      ['POST', `${BASE}/ep_desconhecido/rotacionar-segredo`, {}, 404, 'Endpoint de webhook não encontrado.'],
      ['POST', `${BASE}/mensagens/msg_desconhecida/reenviar`, undefined, 404, 'Mensagem de webhook não encontrada.'],
      ['POST', `${BASE}/mensagens/x/reenviar`, undefined, 400, 'Id de mensagem inválido'],
      ['GET', `${BASE}/entregas?situacao=perdida`, undefined, 400, 'situacao inválida'],
      ['GET', `${BASE}/entregas?desde=ontem`, undefined, 400, 'desde inválido'],
      ['GET', `${BASE}/entregas?cursor=abc`, undefined, 400, 'Cursor inválido'],
      ['GET', `${BASE}/entregas?limite=500`, undefined, 400, 'limite inválido'],
      [
        'GET',
        `${BASE}/entregas?desde=2026-03-02T00:00:00Z&ate=2026-03-01T00:00:00Z`,
        undefined,
        400,
        'Período inválido',
      ],
      ['POST', `${BASE}/reenviar`, { desde: '2026-03-02T00:00:00Z', ate: '2026-03-01T00:00:00Z' }, 400, 'Período'],
      ['POST', `${BASE}/reenviar`, { desde: '2026-01-01T00:00:00Z', ate: '2026-03-01T00:00:00Z' }, 400, '31 dias'],
      ['POST', `${BASE}/reenviar`, { desde: 'ontem', ate: '2026-03-01T00:00:00Z' }, 400, 'desde inválido'],
    ];
    for (const [metodo, caminho, corpo, status, mensagem] of casos) {
      const r = await c.request<Erro>(metodo, caminho, corpo, comChave(k));
      expect(r.status, `${metodo} ${caminho}`).toBe(status);
      expect(r.body.message, `${metodo} ${caminho}`).toContain(mensagem);
    }
    const { endpoint } = await criar(k);
    for (const corpo of [{}, { ativo: 'sim' }, { url: 'ftp://erp.exemplo.com.br' }, { eventos: ['x'] }]) {
      const r = await c.request<Erro>('PATCH', `${BASE}/${endpoint.id}`, corpo, comChave(k));
      expect(r.status, JSON.stringify(corpo)).toBe(400);
      expect(r.body.message).toMatch(/Informe o que alterar|ativo deve ser|https|Eventos inválidos/);
    }
    const rot = await c.post<Erro>(`${BASE}/${endpoint.id}/rotacionar-segredo`, { sobreposicaoHoras: -1 }, comChave(k));
    expect(rot.status).toBe(400);
    expect(rot.body.message).toContain('sobreposicaoHoras inválida');
    const depois = await t.db.query<{ id: string; url: string }>('select id, url from webhook_endpoints');
    expect(depois).toHaveLength(antes.length + 1);
    expect(depois.find((e) => e.id === endpoint.id)?.url).toBe(endpoint.url);
  });

  it('a key without the webhooks scope gets 403; a member session or the app token gets 401', async () => {
    const k = await chave();
    const { endpoint } = await criar(k);
    const rotas: [string, string, unknown][] = [
      ['GET', BASE, undefined],
      ['POST', BASE, { url: 'https://erp.exemplo.com.br/w', eventos: ['protocolo.criado'] }],
      ['GET', `${BASE}/${endpoint.id}`, undefined],
      ['PATCH', `${BASE}/${endpoint.id}`, { ativo: false }],
      ['DELETE', `${BASE}/${endpoint.id}`, undefined],
      ['POST', `${BASE}/${endpoint.id}/rotacionar-segredo`, {}],
      ['GET', `${BASE}/entregas`, undefined],
      ['POST', `${BASE}/mensagens/msg_qualquer/reenviar`, undefined],
      ['POST', `${BASE}/reenviar`, { desde: '2026-03-01T00:00:00Z', ate: '2026-03-02T00:00:00Z' }],
    ];
    const outra = await chave(['protocolos', 'importar', 'leitura']);
    const { c: membro } = await t.membro(CPF.maria, CONTRATO.maria);
    for (const [metodo, caminho, corpo] of rotas) {
      const r403 = await t.client().request<Erro>(metodo, caminho, corpo, comChave(outra));
      expect(r403.status, `${metodo} ${caminho}`).toBe(403);
      expect(r403.body.message).toBe("Esta chave não tem o escopo 'webhooks' exigido por esta chamada.");
      const r401 = await membro.request<Erro>(metodo, caminho, corpo);
      expect(r401.status, `${metodo} ${caminho}`).toBe(401);
      expect(r401.text).not.toContain(endpoint.id);
    }
    // Nothing changed: the endpoint is still on, with its secret.
    const [row] = await t.db.query<{ ativo: boolean; segredo_anterior: string | null }>(
      'select ativo, segredo_anterior from webhook_endpoints where id = $1',
      [endpoint.id],
    );
    expect(row).toEqual({ ativo: true, segredo_anterior: null });
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
      [BASE, 'get'],
      [BASE, 'post'],
      [`${BASE}/{id}`, 'get'],
      [`${BASE}/{id}`, 'patch'],
      [`${BASE}/{id}`, 'delete'],
      [`${BASE}/{id}/rotacionar-segredo`, 'post'],
      [`${BASE}/entregas`, 'get'],
      [`${BASE}/mensagens/{id}/reenviar`, 'post'],
      [`${BASE}/reenviar`, 'post'],
    ] as const) {
      const op = doc.paths[path]?.[metodo];
      expect(op?.tags, `${metodo} ${path}`).toEqual(['integracao']);
      expect(op?.security, `${metodo} ${path}`).toEqual([{ chaveDeIntegracao: [] }]);
    }
  });
});
