import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, HOJE, pedidoDeDependenteDaMaria, startApp, type TestApp, esperar } from '../../../test/helper';
import { COOKIE_SESSAO } from '../../lib/cookies';
import { AppError } from '../../lib/app-error';
import { selagemDe } from '../../lib/selagem';
import { assinar, esperaDepoisDaTentativa } from './assinatura';
import { WebhooksRepository } from './repository';
import { WebhooksService } from './service';

/**
 * Webhooks out (issue 17): a local receiver verifies every delivery with the maintained
 * `standardwebhooks` package, exactly as an operator would. Retry delays are shortened by env.
 */

interface Recebido {
  id: string;
  tipo: string;
  corpo: { type: string; version: number; timestamp: string; data: Record<string, unknown> };
  headers: IncomingHttpHeaders;
}

/** An operator's receiver: answers from `respostas` (then 200), verifies with its secret(s). */
class Receptor {
  server: Server;
  url = '';
  recebidos: Recebido[] = [];
  invalidos = 0;
  respostas: number[] = [];
  segredos: string[] = [];

  constructor() {
    this.server = createServer((req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (p: Buffer) => partes.push(p));
      req.on('end', () => {
        const corpo = Buffer.concat(partes).toString('utf8');
        const status = this.respostas.shift() ?? 200;
        if (status === 0) return; // 0: never answer (the sender's timeout)
        const headers = req.headers as Record<string, string>;
        const verificado = this.segredos.some((s) => {
          try {
            new Webhook(s).verify(corpo, headers);
            return true;
          } catch {
            return false;
          }
        });
        if (!verificado) this.invalidos++;
        else if (status >= 200 && status < 300) {
          const c = JSON.parse(corpo) as Recebido['corpo'];
          this.recebidos.push({ id: headers['webhook-id']!, tipo: c.type, corpo: c, headers: req.headers });
        }
        res.statusCode = verificado ? status : 401;
        res.end();
      });
    });
  }

  async ouvir(porta = 0) {
    await new Promise<void>((r) => this.server.listen(porta, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  fechar() {
    return new Promise<void>((r) => {
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }
}

const ENV = {
  WEBHOOKS_INTERVAL_MS: '50',
  WEBHOOKS_TIMEOUT_MS: '2000',
  WEBHOOKS_RETRY_DELAY_MS: '150',
  WEBHOOKS_RETRY_DELAY_MAX_MS: '600',
  WEBHOOKS_RETRY_LIMIT: '3',
};

let t: TestApp;
let receptor: Receptor;
beforeAll(async () => {
  t = await startApp({ env: ENV });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.resetCounters();
  await t.db.query(`update webhook_endpoints set ativo = false where ativo`);
  receptor = new Receptor();
  await receptor.ouvir();
  return () => receptor.fechar();
});

async function endpoint(eventos = ['protocolo.criado', 'dependentes.solicitados']) {
  const e = await t.app.services.webhooks.criarEndpoint({ url: receptor.url, eventos });
  receptor.segredos = [e.segredo];
  return e;
}

const pedirDependente = () => pedidoDeDependenteDaMaria(t);

const tentativas = async (mensagemId: string) =>
  (
    await t.db.query<{ status_http: number | null; resultado: string }>(
      `select status_http, resultado from webhook_tentativas t join webhook_entregas w on w.id = t.entrega_id
        where w.mensagem_id = $1 order by t.id`,
      [mensagemId],
    )
  ).map((r) => `${r.status_http ?? '-'} ${r.resultado}`);

describe('webhooks out', () => {
  it('Maria asks to add a dependant: the receiver gets verified protocolo.criado and dependentes.solicitados', async () => {
    const ep = await endpoint();
    expect(ep.segredo).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const protocolo = await pedirDependente();
    const r = await esperar(
      () => receptor.recebidos,
      (x) => x.length >= 2,
    );
    expect(receptor.invalidos).toBe(0);
    expect(r.map((x) => x.tipo).sort()).toEqual(['dependentes.solicitados', 'protocolo.criado']);
    const dados = {
      protocolo,
      tipo: 'INCLUSAO_DEPENDENTE',
      situacao: 'ABERTO',
      prazoResposta: '2026-03-19',
      codigoContrato: CONTRATO.maria,
      codigoBeneficiario: null,
      acao: 'analisar_inclusao_de_dependentes',
    };
    for (const x of r) {
      expect(x.corpo).toEqual({ type: x.tipo, version: 1, timestamp: new Date(HOJE).toISOString(), data: dados });
      expect(x.id).toMatch(/^msg_/);
      // No personal data: neither the member's nor the dependant's CPF or name.
      expect(JSON.stringify(x.corpo)).not.toMatch(new RegExp(`${CPF.maria}|Lucas|Maria`));
    }
    expect(
      await esperar(
        () => tentativas(r[0]!.id),
        (x) => x.length >= 1,
      ),
    ).toEqual(['200 entregue']);
    // The secret is stored sealed, never in the clear.
    const [row] = await t.db.query<{ segredo: string }>('select segredo from webhook_endpoints where id = $1', [ep.id]);
    expect(row!.segredo).not.toContain(ep.segredo.slice(6, 20));
    // An event type the endpoint did not subscribe to is not sent to it.
    expect(
      await t.db.query(
        "select 1 from webhook_entregas where endpoint_id = $1 and mensagem_id in (select id from webhook_mensagens where tipo not in ('protocolo.criado','dependentes.solicitados'))",
        [ep.id],
      ),
    ).toEqual([]);
  });

  it('our signature is what standardwebhooks computes', () => {
    const segredo = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const wh = new Webhook(segredo);
    const ts = new Date(1_700_000_000_000);
    expect(assinar(segredo, 'msg_1', 1_700_000_000, '{"a":1}')).toBe(wh.sign('msg_1', ts, '{"a":1}'));
  });

  it('the receiver down for a while: delivered once it is back, with the same webhook-id', async () => {
    await endpoint();
    const porta = (receptor.server.address() as AddressInfo).port;
    await receptor.fechar();
    await pedirDependente();
    const [msg] = await esperar(
      () =>
        t.db.query<{ id: string }>(
          `select mensagem_id as id from webhook_entregas w join webhook_tentativas t on t.entrega_id = w.id where w.situacao = 'pendente' limit 1`,
        ),
      (x) => x.length > 0,
    );
    expect(msg).toBeDefined();
    const segredos = receptor.segredos;
    receptor = new Receptor();
    receptor.segredos = segredos;
    await receptor.ouvir(porta);
    const r = await esperar(
      () => receptor.recebidos,
      (x) => x.some((m) => m.id === msg!.id),
    );
    expect(r.filter((m) => m.id === msg!.id)).toHaveLength(1);
    const historia = await esperar(
      () => tentativas(msg!.id),
      (x) => x.at(-1) === '200 entregue',
    );
    expect(historia[0]).toBe('- erro');
    expect(historia.at(-1)).toBe('200 entregue');
  });

  it('500 then 200: retried with the same webhook-id and the attempts recorded', async () => {
    await endpoint(['protocolo.criado']);
    receptor.respostas = [500];
    await pedirDependente();
    const [m] = await esperar(
      () => receptor.recebidos,
      (x) => x.length >= 1,
    );
    // The receiver answers before the worker records the attempt.
    expect(
      await esperar(
        () => tentativas(m!.id),
        (x) => x.length >= 2,
      ),
    ).toEqual(['500 erro', '200 entregue']);
  });

  it('no answer within WEBHOOKS_TIMEOUT_MS: a timeout, retried', async () => {
    await endpoint(['protocolo.criado']);
    receptor.respostas = [0];
    await pedirDependente();
    const [m] = await esperar(
      () => receptor.recebidos,
      (x) => x.length >= 1,
    );
    const historia = await esperar(
      () => tentativas(m!.id),
      (x) => x.length >= 2,
    );
    expect(historia).toEqual(['- erro', '200 entregue']);
    const [t1] = await t.db.query<{ erro: string; duracao_ms: number }>(
      'select erro, duracao_ms from webhook_tentativas t join webhook_entregas w on w.id = t.entrega_id where w.mensagem_id = $1 order by t.id limit 1',
      [m!.id],
    );
    expect(t1!.erro).toBe('timeout');
    expect(t1!.duracao_ms).toBeGreaterThanOrEqual(1900);
  });

  it('always 500: after the last retry the delivery is a dead letter', async () => {
    await endpoint(['protocolo.criado']);
    receptor.respostas = [500, 500, 500, 500, 500, 500];
    await pedirDependente();
    const [e] = await esperar(
      () =>
        t.db.query<{ mensagem_id: string; situacao: string }>(
          "select mensagem_id, situacao from webhook_entregas where situacao = 'falhou'",
        ),
      (x) => x.length > 0,
    );
    expect(await tentativas(e!.mensagem_id)).toEqual(['500 erro', '500 erro', '500 erro', '500 falhou']);
    // Replay by id: a fresh retry budget, the same webhook-id.
    expect(await t.app.services.webhooks.reenviar(e!.mensagem_id)).toBe(1);
    const r = await esperar(
      () => receptor.recebidos,
      (x) => x.length > 0,
    );
    expect(r[0]!.id).toBe(e!.mensagem_id);
  });

  it('410: the endpoint is disabled and gets no more attempts', async () => {
    const ep = await endpoint(['protocolo.criado']);
    receptor.respostas = [410];
    await pedirDependente();
    const [row] = await esperar(
      () =>
        t.db.query<{ ativo: boolean; motivo_desativacao: string }>(
          'select ativo, motivo_desativacao from webhook_endpoints where id = $1',
          [ep.id],
        ),
      (x) => x[0]?.ativo === false,
    );
    expect(row).toEqual({ ativo: false, motivo_desativacao: 'O endpoint respondeu 410 Gone.' });
    await pedirDependente();
    // The worker has looked since the event committed and found nothing due: it had its chance.
    await t.app.services.webhooks.entregador.ocioso();
    expect(
      await t.db.query(
        'select 1 from webhook_tentativas t join webhook_entregas w on w.id = t.entrega_id where w.endpoint_id = $1',
        [ep.id],
      ),
    ).toHaveLength(1);
    expect(receptor.recebidos).toEqual([]);
  });

  it('a worker killed mid-delivery: its claim lapses and the message goes again with the same webhook-id', async () => {
    await endpoint(['protocolo.criado']);
    const entregador = t.app.services.webhooks.entregador;
    await entregador.parar();
    try {
      await pedirDependente();
      // What a SIGKILL leaves behind: a claimed delivery, no attempt recorded, under a full lease.
      const reservada = await t.db.transaction((tx) =>
        new WebhooksRepository(tx).reservar(new Date(), entregador.arrendamentoMs),
      );
      expect(reservada).not.toBeNull();
      entregador.iniciar();
      // Still claimed: the worker looks, finds nothing due and takes nothing.
      await entregador.ocioso();
      expect(receptor.recebidos).toEqual([]);
      // The lease runs out: the queue runs on wall time, so its end is set in the past, not waited for.
      await t.db.query('update webhook_entregas set proxima_em = $2 where id = $1', [
        reservada!.id,
        new Date(Date.now() - 1000),
      ]);
      entregador.acordar();
      const r = await esperar(
        () => receptor.recebidos,
        (x) => x.length >= 1,
      );
      expect(r.map((m) => m.id)).toEqual([reservada!.mensagemId]);
      const [row] = await esperar(
        () =>
          t.db.query<{ tentativas: number; situacao: string }>(
            'select tentativas, situacao from webhook_entregas where id = $1',
            [reservada!.id],
          ),
        (x) => x[0]?.situacao === 'entregue',
      );
      expect(row).toEqual({ tentativas: 2, situacao: 'entregue' });
    } finally {
      entregador.iniciar();
    }
  });

  it('a rolled-back request emits nothing', async () => {
    await endpoint(['protocolo.criado']);
    const antes = await t.db.query('select id from webhook_mensagens');
    const { c, perfil } = await t.membro(CPF.roberto);
    const m = await t.app.services.sessoes.membro(c.cookies.get(COOKIE_SESSAO), perfil.codigoSessao, {
      ip: '10.0.0.1',
      userAgent: null,
    });
    await expect(
      t.app.services.solicitacoes.registrar({
        membro: m,
        origin: { ip: '10.0.0.1', userAgent: null },
        rota: '/teste',
        chave: undefined,
        corpo: {},
        executar: async (ctx) => {
          await ctx.abrirProtocolo({ tipo: 'CONTATO_COMERCIAL', assunto: 'teste', situacao: 'ABERTO' });
          throw new AppError(409, 'JA_REGISTRADO', 'recusado depois do número');
        },
      }),
    ).rejects.toThrow('recusado');
    expect(await t.db.query('select id from webhook_mensagens')).toEqual(antes);
    await t.app.services.webhooks.entregador.ocioso();
    expect(receptor.recebidos).toEqual([]);
  });

  it('replay by time range; rotation signs with both secrets during the overlap', async () => {
    const ep = await endpoint(['protocolo.criado']);
    await pedirDependente();
    await esperar(
      () => receptor.recebidos,
      (x) => x.length >= 1,
    );
    const { segredo } = await t.app.services.webhooks.rotacionarSegredo(ep.id);
    // An operator still on the old secret and one already on the new one both verify.
    const antigo = receptor.segredos[0]!;
    receptor.segredos = [antigo];
    // Every event of these tests carries the fixed test clock: the range holds all protocolo.criado so far.
    const [{ m }] = (await t.db.query<{ m: number }>(
      "select count(*)::int as m from webhook_mensagens where tipo = 'protocolo.criado'",
    )) as [{ m: number }];
    const fora = await t.app.services.webhooks.reenviarPeriodo(new Date(HOJE + 1000), new Date(HOJE + 2000));
    expect(fora).toBe(0);
    const n = await t.app.services.webhooks.reenviarPeriodo(new Date(HOJE - 1000), new Date(HOJE + 1000));
    expect(n).toBe(m);
    await esperar(
      () => receptor.recebidos,
      (x) => x.length >= 1 + m,
    );
    expect(receptor.recebidos).toHaveLength(1 + m);
    for (const r of receptor.recebidos.slice(1))
      expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // The new secret alone verifies too; replay by id keeps the webhook-id.
    receptor.segredos = [segredo];
    const id = receptor.recebidos[0]!.id;
    await t.app.services.webhooks.reenviar(id);
    await esperar(
      () => receptor.recebidos,
      (x) => x.length > 1 + m,
    );
    expect(receptor.invalidos).toBe(0);
    expect(receptor.recebidos.at(-1)!.id).toBe(id);
  });

  it('endpoint management refuses bad input in Portuguese', async () => {
    const w = t.app.services.webhooks;
    await expect(w.criarEndpoint({ url: 'ftp://x', eventos: ['protocolo.criado'] })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/https/),
    });
    await expect(
      w.criarEndpoint({ url: 'http://erp.exemplo.com.br/w', eventos: ['protocolo.criado'] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(w.criarEndpoint({ url: 'nada', eventos: ['protocolo.criado'] })).rejects.toMatchObject({
      message: expect.stringMatching(/^URL inválida/),
    });
    await expect(
      w.criarEndpoint({ url: 'https://erp.exemplo.com.br/w', eventos: ['pedido.feito'] }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^Eventos inválidos/) });
    // In production even localhost must use https.
    const producao = new WebhooksService({
      db: t.db,
      cofre: selagemDe([randomBytes(32)]).webhooks,
      opcoes: { ...t.config.webhooks, producao: true },
      clock: t.clock,
      log: t.app.log,
    });
    await expect(producao.criarEndpoint({ url: receptor.url, eventos: ['protocolo.criado'] })).rejects.toMatchObject({
      statusCode: 400,
      message: 'A URL do webhook deve usar https.',
    });
    await expect(w.desativar('ep_nao_existe')).rejects.toMatchObject({ statusCode: 404 });
    await expect(w.reenviar('msg_nao_existe')).rejects.toMatchObject({ statusCode: 404 });
    await expect(w.reenviarPeriodo(new Date('x'), new Date())).rejects.toMatchObject({ statusCode: 400 });
    const e = await w.criarEndpoint({ url: 'https://erp.exemplo.com.br/w', eventos: ['protocolo.criado'] });
    const lista = await w.listar();
    expect(lista.find((x) => x.id === e.id)).toEqual({
      id: e.id,
      url: 'https://erp.exemplo.com.br/w',
      descricao: null,
      eventos: ['protocolo.criado'],
      ativo: true,
      criadoEm: expect.any(String),
      desativadoEm: null,
      motivoDesativacao: null,
      segredoAnteriorAte: null,
    });
    expect(JSON.stringify(lista)).not.toContain('whsec_');
    await w.desativar(e.id);
    expect((await w.listar()).find((x) => x.id === e.id)?.ativo).toBe(false);
  });

  it('the back-off doubles up to its cap, with jitter, ≈ 3 days over 19 retries by default', () => {
    expect(esperaDepoisDaTentativa(1, 60_000, 21_600_000, 0.5)).toBe(60_000);
    expect(esperaDepoisDaTentativa(3, 60_000, 21_600_000, 0.5)).toBe(240_000);
    expect(esperaDepoisDaTentativa(30, 60_000, 21_600_000, 0.5)).toBe(21_600_000);
    expect(esperaDepoisDaTentativa(1, 60_000, 21_600_000, 0)).toBe(48_000);
    let total = 0;
    for (let n = 1; n <= 19; n++) total += esperaDepoisDaTentativa(n, 60_000, 21_600_000, 0.5);
    expect(total / 86_400_000).toBeGreaterThan(2.5);
    expect(total / 86_400_000).toBeLessThan(3.5);
  });
});
