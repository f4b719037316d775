import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pedidoDeDependenteDaMaria, resolvedorDeTeste, startApp, type TestApp, esperar } from '../../../test/helper';
import { loadConfig } from '../../config';
import { selagemDe } from '../../lib/selagem';
import { ChavesDeIntegracao, ChavesRepository } from '../../modules/integracao/index';
import { type Resolvedor, WebhooksService } from './service';

/**
 * Webhook destinations (issue 30, decision 0048): no endpoint reaches the internal network. Names
 * under `.test` (RFC 6761) never resolve in a real DNS; here they resolve to what each test says.
 * Nothing in this file connects anywhere but the loopback receiver: every refusal is checked
 * before a connection, and the receiver counts the connections it gets.
 */

/** A name's answers in order; the last one repeats. */
const respostas = new Map<string, string[][]>();
const resolverDe =
  (nomes: Map<string, string[][]>): Resolvedor =>
  async (nome) => {
    const fila = nomes.get(nome);
    if (!fila) return resolvedorDeTeste(nome);
    const resposta = (fila.length > 1 ? fila.shift() : fila[0]) ?? [];
    return resposta.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

/** A loopback receiver that answers 200 and counts every connection made to it. */
class Receptor {
  conexoes = 0;
  recebidos = 0;
  server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      this.recebidos++;
      res.end();
    });
  }).on('connection', () => this.conexoes++);
  porta = 0;
  async ouvir() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.porta = (this.server.address() as AddressInfo).port;
  }
  fechar() {
    return new Promise<void>((r) => {
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }
}

let t: TestApp;
let receptor: Receptor;
beforeAll(async () => {
  t = await startApp({
    resolvedorDeNomes: resolverDe(respostas),
    env: {
      INTEGRACAO_CHAMADAS_POR_MINUTO: '1000',
      WEBHOOKS_INTERVAL_MS: '50',
      WEBHOOKS_RETRY_DELAY_MS: '150',
      WEBHOOKS_RETRY_DELAY_MAX_MS: '300',
      WEBHOOKS_RETRY_LIMIT: '2',
      WEBHOOKS_REDES_PERMITIDAS: '127.0.0.0/8',
    },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.resetCounters();
  await t.db.query('update webhook_endpoints set ativo = false where ativo');
  respostas.clear();
  receptor = new Receptor();
  await receptor.ouvir();
  return () => receptor.fechar();
});

/** A delivery's attempts once it is settled (or what there is when the wait ends). */
const tentativasDe = (endpointId: string) =>
  esperar(
    () =>
      t.db.query<{ situacao: string; status_http: number | null; duracao_ms: number; resultado: string; erro: string }>(
        `select w.situacao, t.status_http, t.duracao_ms, t.resultado, t.erro
           from webhook_entregas w join webhook_tentativas t on t.entrega_id = w.id
          where w.endpoint_id = $1 order by t.id`,
        [endpointId],
      ),
    (x) => x.length > 0 && x[0]!.situacao !== 'pendente',
  );

const RECUSADA = [
  { situacao: 'falhou', status_http: null, duracao_ms: 0, resultado: 'falhou', erro: 'destino não permitido' },
];

/** The server as production starts it by default (no WEBHOOKS_REDES_PERMITIDAS), names resolved by `nomes`. */
function servicoDeProducao(nomes: Map<string, string[][]>, env: Record<string, string> = {}) {
  return new WebhooksService({
    db: t.db,
    cofre: selagemDe([randomBytes(32)]).webhooks,
    opcoes: {
      ...loadConfig({ NODE_ENV: 'production', CHAVE_DE_SELAGEM: randomBytes(32).toString('base64'), ...env }).webhooks,
      producao: true,
    },
    clock: t.clock,
    log: t.app.log,
    resolvedor: resolverDe(nomes),
  });
}

const MENSAGEM_RECUSA = /^Destino não permitido: a URL do webhook aponta para um endereço local, interno ou reservado/;

describe('registration refuses internal destinations (production defaults)', () => {
  // Names the registration resolves (the worker never sees these answers: another resolver).
  const nomes = new Map<string, string[][]>([
    ['loopback.operadora.test', [['127.0.0.1']]],
    ['misto.operadora.test', [['93.184.215.14', '10.0.0.1']]],
    ['ula.operadora.test', [['fd12:3456::1']]],
    ['publico.operadora.test', [['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']]],
  ]);

  it.each([
    ['loopback', 'https://127.0.0.1/w'],
    ['localhost (resolved)', 'https://localhost/w'],
    ['IPv6 loopback', 'https://[::1]/w'],
    ['unspecified', 'https://0.0.0.0/w'],
    ['IPv6 unspecified', 'https://[::]/w'],
    ['cloud metadata (link-local)', 'https://169.254.169.254/latest/meta-data/'],
    ['RFC 1918 10/8', 'https://10.0.0.1/w'],
    ['RFC 1918 172.16/12', 'https://172.16.5.4/w'],
    ['RFC 1918 192.168/16', 'https://192.168.0.10/w'],
    ['CGNAT 100.64/10', 'https://100.64.0.1/w'],
    ['IPv6 unique-local', 'https://[fd00::1]/w'],
    ['IPv6 link-local', 'https://[fe80::1]/w'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/w'],
    ['IPv4-compatible IPv6', 'https://[::127.0.0.1]/w'],
    ['NAT64 of the loopback', 'https://[64:ff9b::127.0.0.1]/w'],
    ['decimal 2130706433', 'https://2130706433/w'],
    ['octal 0177.0.0.1', 'https://0177.0.0.1/w'],
    ['hex 0x7f.0.0.1', 'https://0x7f.0.0.1/w'],
    ['hex 0x7f000001', 'https://0x7f000001/w'],
    ['short 127.1', 'https://127.1/w'],
    ['trailing dot 127.0.0.1.', 'https://127.0.0.1./w'],
    ['multicast', 'https://224.0.0.1/w'],
    ['IPv6 multicast', 'https://[ff02::1]/w'],
    ['broadcast', 'https://255.255.255.255/w'],
    ['reserved 240/4', 'https://240.0.0.1/w'],
    ['a public name that resolves to the loopback', 'https://loopback.operadora.test/w'],
    ['a name with one public and one private address', 'https://misto.operadora.test/w'],
    ['a name that resolves to a unique-local IPv6', 'https://ula.operadora.test/w'],
  ])('%s: %s', async (_, url) => {
    await expect(servicoDeProducao(nomes).criarEndpoint({ url, eventos: ['protocolo.criado'] })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(MENSAGEM_RECUSA),
    });
  });

  it('changing an endpoint to an internal destination is refused the same way', async () => {
    const w = servicoDeProducao(nomes);
    const e = await w.criarEndpoint({ url: 'https://publico.operadora.test/w', eventos: ['protocolo.criado'] });
    try {
      await expect(w.alterarEndpoint(e.id, { url: 'https://169.254.169.254/' })).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(MENSAGEM_RECUSA),
      });
      expect((await w.endpoint(e.id)).url).toBe('https://publico.operadora.test/w');
    } finally {
      await w.desativar(e.id);
    }
  });

  it('a public name is accepted, and so is a network the operator lists in WEBHOOKS_REDES_PERMITIDAS', async () => {
    const w = servicoDeProducao(nomes, { WEBHOOKS_REDES_PERMITIDAS: '10.20.0.0/16,fd12::/16' });
    const criados = [];
    try {
      for (const url of ['https://publico.operadora.test/w', 'https://10.20.1.2/w', 'https://ula.operadora.test/w'])
        criados.push(await w.criarEndpoint({ url, eventos: ['protocolo.criado'] }));
      await expect(
        w.criarEndpoint({ url: 'https://10.21.0.1/w', eventos: ['protocolo.criado'] }),
      ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(MENSAGEM_RECUSA) });
    } finally {
      for (const e of criados) await w.desativar(e.id);
    }
    expect(criados.map((e) => e.url)).toEqual([
      'https://publico.operadora.test/w',
      'https://10.20.1.2/w',
      'https://ula.operadora.test/w',
    ]);
  });

  it('through the integration API a webhooks key gets a 400 in Portuguese and nothing is stored', async () => {
    const chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
    const { chave } = await chaves.criar({ nome: 'ERP da operadora', escopos: ['webhooks'] });
    const antes = await t.db.query('select id from webhook_endpoints');
    const r = await t
      .client()
      .post<{ message: string }>(
        '/api/integracao/v1/webhooks',
        { url: 'https://169.254.169.254/latest/meta-data/', eventos: ['protocolo.criado'] },
        { headers: { authorization: `Bearer ${chave}` } },
      );
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(MENSAGEM_RECUSA);
    expect(await t.db.query('select id from webhook_endpoints')).toEqual(antes);
  });
});

describe('every delivery checks its destination again, before connecting', () => {
  it('a name that resolved to an allowed address at registration and to a private one now: refused, not connected, a dead letter', async () => {
    respostas.set('erp.operadora.test', [['127.0.0.1'], ['10.0.0.1']]);
    const e = await t.app.services.webhooks.criarEndpoint({
      url: `https://erp.operadora.test:${receptor.porta}/w`,
      eventos: ['protocolo.criado'],
    });
    await pedidoDeDependenteDaMaria(t);
    expect(await tentativasDe(e.id)).toEqual(RECUSADA);
    expect(receptor.conexoes).toBe(0);
  });

  it('a name that changes its answer between the check and the connection (DNS rebinding): the connection refuses it', async () => {
    // Registration, the delivery's check, then the connection's own lookup.
    respostas.set('rebind.operadora.test', [['127.0.0.1'], ['127.0.0.1'], ['10.0.0.1']]);
    const e = await t.app.services.webhooks.criarEndpoint({
      url: `https://rebind.operadora.test:${receptor.porta}/w`,
      eventos: ['protocolo.criado'],
    });
    await pedidoDeDependenteDaMaria(t);
    expect(await tentativasDe(e.id)).toEqual(RECUSADA);
    expect(receptor.conexoes).toBe(0);
  });

  it('an endpoint stored before this check, at a loopback receiver the allow-list does not hold: refused, not connected', async () => {
    const e = await t.app.services.webhooks.criarEndpoint({
      url: `http://127.0.0.1:${receptor.porta}/w`,
      eventos: ['protocolo.criado'],
    });
    // The same database delivered by a worker whose allow-list is empty (as production's default).
    const doApp = t.app.services.webhooks.entregador;
    await doApp.parar();
    const estrito = new WebhooksService({
      db: t.db,
      cofre: selagemDe([randomBytes(32)]).webhooks,
      opcoes: { ...t.config.webhooks, redesPermitidas: [], producao: false },
      clock: t.clock,
      log: t.app.log,
      resolvedor: resolvedorDeTeste,
    });
    estrito.entregador.iniciar();
    try {
      await pedidoDeDependenteDaMaria(t);
      expect(await tentativasDe(e.id)).toEqual(RECUSADA);
    } finally {
      await estrito.entregador.parar();
      doApp.iniciar();
    }
    expect(receptor.conexoes).toBe(0);
  });

  it('WEBHOOKS_REDES_PERMITIDAS=127.0.0.0/8 lets a loopback receiver get its delivery, by name through the checked lookup', async () => {
    const e = await t.app.services.webhooks.criarEndpoint({
      url: `http://localhost:${receptor.porta}/w`,
      eventos: ['protocolo.criado'],
    });
    await pedidoDeDependenteDaMaria(t);
    expect((await tentativasDe(e.id)).map((x) => `${x.situacao} ${x.status_http} ${x.resultado}`)).toEqual([
      'entregue 200 entregue',
    ]);
    expect(receptor.recebidos).toBe(1);
  });
});

describe('the deliveries listing', () => {
  it('shows two refused deliveries alike whatever their address and port: no status, no duration, a neutral reason', async () => {
    respostas.set('a.operadora.test', [['127.0.0.1'], ['10.0.0.1']]);
    respostas.set('b.operadora.test', [['127.0.0.1'], ['192.168.1.1']]);
    const w = t.app.services.webhooks;
    const a = await w.criarEndpoint({ url: 'https://a.operadora.test:1/w', eventos: ['protocolo.criado'] });
    const b = await w.criarEndpoint({ url: 'https://b.operadora.test:65000/w', eventos: ['protocolo.criado'] });
    await pedidoDeDependenteDaMaria(t);
    for (const e of [a, b]) await tentativasDe(e.id);

    const chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
    const { chave } = await chaves.criar({ nome: 'ERP da operadora', escopos: ['webhooks'] });
    const listada = async (endpointId: string) => {
      const r = await t.client().get<{
        entregas: Record<string, unknown>[];
      }>(`/api/integracao/v1/webhooks/entregas?endpoint=${endpointId}`, { headers: { authorization: `Bearer ${chave}` } });
      const [x] = r.body.entregas;
      return {
        ...x,
        id: undefined,
        endpointId: undefined,
        ultimaTentativa: { ...(x?.ultimaTentativa ?? {}), em: undefined },
      };
    };
    const [la, lb] = [await listada(a.id), await listada(b.id)];
    expect(la).toEqual(lb);
    expect(la).toMatchObject({
      situacao: 'falhou',
      tentativas: 1,
      ultimaTentativa: { statusHttp: null, resultado: 'falhou' },
    });

    // The staff console's listing shows the same neutral reason.
    const console = await w.listarEntregasDoConsole({ situacao: 'falhou', limite: 50 });
    const doConsole = console.entregas.filter((x) => [a.id, b.id].includes(x.endpointId));
    expect(doConsole.map((x) => x.ultimaTentativa?.erro)).toEqual(['destino não permitido', 'destino não permitido']);
  });
});
