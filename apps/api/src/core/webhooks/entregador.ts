import type { FastifyBaseLogger } from 'fastify';
import { Agent, fetch } from 'undici';
import { type Clock, systemClock } from '../../clock';
import type { Db } from '../../db/db';
import { type Contadores, type ResultadoDaEntrega, semContadores } from '../../lib/metricas';
import { emSpan } from '../../lib/rastreamento';
import type { Cofre } from '../../lib/selagem';
import { cabecalhoDeAssinatura, esperaDepoisDaTentativa } from './assinatura';
import { foiRecusado, type GuardaDeDestino, MOTIVO_DESTINO_RECUSADO } from './destino';
import { type EntregaReservada, WebhooksRepository } from './repository';

export interface OpcoesDeEntrega {
  /** How often an idle worker looks for due deliveries. */
  intervaloMs: number;
  /** Per POST (Standard Webhooks: a receiver answers fast and works later). */
  timeoutMs: number;
  /** Back-off: first wait, and the longest. */
  esperaBaseMs: number;
  esperaMaxMs: number;
  /** Retries after the first attempt; after the last one the delivery is a dead letter ('falhou'). */
  retentativas: number;
  /** Deliveries in flight per instance. */
  paralelas: number;
  /** Normalized CIDRs a webhook may be posted to besides public addresses (WEBHOOKS_REDES_PERMITIDAS). */
  redesPermitidas: readonly string[];
}

/** What the delivery worker needs (WebhooksService builds it). */
export interface EntregadorDeps {
  db: Db;
  cofre: Cofre;
  opcoes: OpcoesDeEntrega;
  /** Where a delivery may go (decision 0048): checked before each attempt and by each connection. */
  guarda: GuardaDeDestino;
  log: FastifyBaseLogger;
  relogio?: Clock;
  /** Each attempt's outcome, counted once it is recorded (metrics, issue 32). */
  contadores?: Pick<Contadores, 'entregaDeWebhook'>;
}

/** The attempt's outcome as the delivery table records it → its label in portal_webhooks_entregas_total. */
const NA_METRICA: Record<'entregue' | 'desativado' | 'falhou' | 'erro', ResultadoDaEntrega> = {
  entregue: 'entregue',
  desativado: 'desativado',
  falhou: 'descartada',
  erro: 'falhou_nova_tentativa',
};

/**
 * The delivery worker (decision 0029): each loop claims one due delivery (skip locked), posts it
 * signed, records the attempt and settles it. Wall-clock time on purpose: webhook-timestamp is
 * checked by the receiver against its own clock.
 */
export class Entregador {
  private parando = false;
  private laços: Promise<void>[] = [];
  private acordadores = new Set<() => void>();
  /** Looks begun so far, looks in progress, and who waits for an idle look (`ocioso`). */
  private voltas = 0;
  private emCurso = 0;
  private aguardandoOcio = new Set<{ desde: number; avisar: () => void }>();

  /** Wall time unless a test gives another clock. */
  private readonly relogio: Clock;
  private readonly contadores: Pick<Contadores, 'entregaDeWebhook'>;
  /** The deliveries' connections: each new one resolves through the guard and goes only where it checked. */
  private readonly agente: Agent;

  constructor(private readonly d: EntregadorDeps) {
    this.relogio = d.relogio ?? systemClock;
    this.contadores = d.contadores ?? semContadores;
    this.agente = new Agent({ connect: { lookup: d.guarda.lookup } });
  }

  /** A claim outlives one POST by a wide margin; past it another worker may take the delivery. */
  get arrendamentoMs(): number {
    return this.d.opcoes.timeoutMs * 2 + 5000;
  }

  iniciar(): void {
    if (this.laços.length) return;
    this.parando = false;
    for (let i = 0; i < this.d.opcoes.paralelas; i++) this.laços.push(this.laco(i));
  }

  /** New events were committed: idle loops look now instead of at their next tick. */
  acordar(): void {
    for (const a of this.acordadores) a();
  }

  /** Stops claiming and waits for the deliveries in flight (each bounded by timeoutMs). */
  async parar(): Promise<void> {
    this.parando = true;
    this.acordar();
    await Promise.all(this.laços);
    this.laços = [];
  }

  /**
   * Resolves once a look for due deliveries begun after this call finds none while no other look
   * is in progress: everything due by then has been delivered, rescheduled or is claimed elsewhere.
   * What proves a negative ("nothing was sent") without sleeping; tests wait on it.
   */
  ocioso(): Promise<void> {
    const desde = this.voltas;
    return new Promise((avisar) => this.aguardandoOcio.add({ desde, avisar }));
  }

  /**
   * Loop 0 polls every intervalMs when idle; the others sleep until woken (work found by loop 0, a
   * committed event, a replay) or ten ticks: an idle instance makes about one query per tick.
   */
  private async laco(i: number): Promise<void> {
    while (!this.parando) {
      let fez = false;
      let vazia = false;
      const volta = ++this.voltas;
      this.emCurso++;
      try {
        fez = await this.umaEntrega();
        vazia = !fez;
      } catch (err) {
        this.d.log.warn({ err }, 'webhook delivery loop failed; retrying at the next tick');
      } finally {
        this.emCurso--;
      }
      if (vazia && this.emCurso === 0) this.avisarOcio(volta);
      if (fez && i === 0) this.acordar();
      if (fez || this.parando) continue;
      await new Promise<void>((resolve) => {
        const fim = () => {
          clearTimeout(t);
          this.acordadores.delete(fim);
          resolve();
        };
        const t = setTimeout(fim, i === 0 ? this.d.opcoes.intervaloMs : this.d.opcoes.intervaloMs * 10);
        this.acordadores.add(fim);
      });
    }
  }

  private avisarOcio(volta: number): void {
    for (const a of this.aguardandoOcio)
      if (volta > a.desde) {
        this.aguardandoOcio.delete(a);
        a.avisar();
      }
  }

  private async umaEntrega(): Promise<boolean> {
    const agora = new Date(this.relogio.now());
    const entrega = await this.d.db.transaction((tx) =>
      new WebhooksRepository(tx).reservar(agora, this.arrendamentoMs),
    );
    if (!entrega) return false;
    // With tracing on, a span per delivery (the undici request inside it); its URL never (0065).
    await emSpan('webhook entrega', { 'webhook.tentativa': entrega.tentativas }, () => this.postar(entrega));
    return true;
  }

  private async postar(e: EntregaReservada): Promise<void> {
    // A refused destination is not attempted (decision 0048); the same check runs again inside the
    // connection (the agent's lookup), on the addresses it connects to.
    if ((await this.d.guarda.verificar(e.url)) === 'recusado') return this.recusar(e);
    const inicio = this.relogio.now();
    const ts = Math.floor(inicio / 1000);
    const corpo = JSON.stringify(e.payload);
    let status: number | null = null;
    let erro: string | null = null;
    try {
      // A secret sealed under another server secret cannot be opened: an attempt in error, not a crash.
      const segredos = [this.d.cofre.abrir(e.segredo)];
      if (e.segredoAnterior && e.segredoAnteriorAte && e.segredoAnteriorAte.getTime() > inicio)
        segredos.push(this.d.cofre.abrir(e.segredoAnterior));
      const r = await fetch(e.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'portal-beneficiario-webhooks/1',
          'webhook-id': e.mensagemId,
          'webhook-timestamp': String(ts),
          'webhook-signature': cabecalhoDeAssinatura(segredos, e.mensagemId, ts, corpo),
        },
        body: corpo,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.d.opcoes.timeoutMs),
        dispatcher: this.agente,
      });
      status = r.status;
      await r.body?.cancel().catch(() => undefined);
    } catch (err) {
      // The name now resolves to a refused address (DNS rebinding): nothing was connected.
      if (foiRecusado(err)) return this.recusar(e);
      erro = err instanceof Error ? (err.name === 'TimeoutError' ? 'timeout' : err.message).slice(0, 200) : 'erro';
    }
    const fim = new Date(this.relogio.now());
    const duracaoMs = fim.getTime() - inicio;
    const ok = status !== null && status >= 200 && status < 300;
    const ultima = e.tentativas > this.d.opcoes.retentativas;
    const resultado = ok ? 'entregue' : status === 410 ? 'desativado' : ultima ? 'falhou' : 'erro';
    await this.d.db.transaction(async (tx) => {
      const repo = new WebhooksRepository(tx);
      await repo.registrarTentativa(e.id, { em: fim, statusHttp: status, duracaoMs, resultado, erro });
      if (ok) await repo.concluir(e.id, 'entregue', fim);
      else if (status === 410) {
        await repo.concluir(e.id, 'cancelada', fim);
        await repo.desativar(e.endpointId, 'O endpoint respondeu 410 Gone.', fim);
      } else if (ultima) await repo.concluir(e.id, 'falhou', fim);
      else
        await repo.reagendar(
          e.id,
          new Date(
            fim.getTime() +
              esperaDepoisDaTentativa(e.tentativas, this.d.opcoes.esperaBaseMs, this.d.opcoes.esperaMaxMs),
          ),
        );
    });
    this.contadores.entregaDeWebhook(NA_METRICA[resultado]);
    // The URL and ids only: never the secret, the signature or the body.
    const nivel = ok ? 'debug' : 'info';
    this.d.log[nivel](
      { webhookId: e.mensagemId, endpoint: e.endpointId, tentativa: e.tentativas, status, erro, resultado },
      'webhook attempt',
    );
  }

  /**
   * A delivery whose destination is refused: a dead letter at once, with the same neutral reason,
   * no status and no duration whatever the address or port (nothing was connected, nothing to time).
   * Not retried: the answer would be the same; a replay after the operator fixes the URL, its DNS or
   * WEBHOOKS_REDES_PERMITIDAS sends it again.
   */
  private async recusar(e: EntregaReservada): Promise<void> {
    const em = new Date(this.relogio.now());
    await this.d.db.transaction(async (tx) => {
      const repo = new WebhooksRepository(tx);
      await repo.registrarTentativa(e.id, {
        em,
        statusHttp: null,
        duracaoMs: 0,
        resultado: 'falhou',
        erro: MOTIVO_DESTINO_RECUSADO,
      });
      await repo.concluir(e.id, 'falhou', em);
    });
    this.contadores.entregaDeWebhook('recusado');
    this.d.log.warn(
      { webhookId: e.mensagemId, endpoint: e.endpointId, tentativa: e.tentativas, resultado: 'falhou' },
      'webhook destination refused (decision 0048)',
    );
  }
}
