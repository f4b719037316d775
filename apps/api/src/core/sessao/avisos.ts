import type { CodigoSessao } from '@portal/contract';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * How the instances tell each other that sessions ended (issue 13, decision 0006): a logout, a
 * password change or 'Encerrar outras sessões' on one instance drops the other instances' cached
 * copies at once. Redis pub/sub with REDIS_URL, PostgreSQL LISTEN/NOTIFY with DATABASE_URL and no
 * Redis; one instance alone (PGlite) needs none.
 *
 * The channel only shortens the window: while it is down (or before it first connects) every copy
 * still expires after SESSION_CACHE_SECONDS, as before, and on every (re)connection the listener
 * is told `reconectado` (messages may have been missed: the instance forgets every copy).
 */
export interface AvisosDeSessao {
  /** Tells every instance (this one included) that these sessions ended. Never throws. */
  publicar(codigos: readonly CodigoSessao[]): Promise<void>;
  /** One listener: the session service. */
  ouvir(fn: (aviso: { codigos: CodigoSessao[] } | 'reconectado') => void): void;
  close(): Promise<void>;
}

type Ouvinte = Parameters<AvisosDeSessao['ouvir']>[0];
type Log = { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };

/** The channel name, the same in Redis and PostgreSQL. */
export const CANAL = 'pb_sessoes_encerradas';
/** How long the start waits for the first subscription before going on (the TTL still bounds it). */
const ESPERA_INICIAL_MS = 3000;
/** How long a logout waits for its notice to come back before answering anyway. */
const ECO_MS = 1000;

interface Mensagem {
  /** The sessions ended. */
  c: CodigoSessao[];
  /** Who sent it and which one: the sender waits for its own message to come back. */
  n: string;
}

function decodificar(texto: string): Mensagem | null {
  try {
    const v = JSON.parse(texto) as Partial<Mensagem>;
    if (typeof v.n === 'string' && Array.isArray(v.c) && v.c.every((x) => Number.isSafeInteger(x)))
      return v as Mensagem;
  } catch {
    // not ours
  }
  return null;
}

/**
 * The sender's side: each message carries a nonce and `publicar` answers once this instance has
 * received it back (at most ECO_MS): the broker had then handed it to every listener, so the
 * logout answers after the other instances were told, not before.
 */
class Eco {
  private readonly esperando = new Map<string, () => void>();

  mensagens(codigos: readonly CodigoSessao[]): { texto: string; voltou: Promise<void> }[] {
    const lotes: { texto: string; voltou: Promise<void> }[] = [];
    // pg_notify takes at most 8000 bytes: a few hundred codes per message.
    for (let i = 0; i < codigos.length; i += 300) {
      const n = randomUUID();
      const voltou = new Promise<void>((resolve) => {
        const t = setTimeout(() => this.esperando.delete(n) && resolve(), ECO_MS);
        t.unref();
        this.esperando.set(n, () => (clearTimeout(t), resolve()));
      });
      lotes.push({ texto: JSON.stringify({ c: codigos.slice(i, i + 300), n }), voltou });
    }
    return lotes;
  }

  /** A message arrived: the listener is told; if it is one of ours, its sender stops waiting. */
  recebida(texto: string, ouvinte: Ouvinte): void {
    const m = decodificar(texto);
    if (!m) return;
    ouvinte({ codigos: m.c });
    const fim = this.esperando.get(m.n);
    if (fim) {
      this.esperando.delete(m.n);
      fim();
    }
  }

  /** Not sent: nobody waits for it. */
  desistir(lotes: { texto: string }[]): void {
    for (const l of lotes) {
      const n = (JSON.parse(l.texto) as Mensagem).n;
      this.esperando.get(n)?.();
      this.esperando.delete(n);
    }
  }
}

const comPrazo = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<void>((r) => void setTimeout(r, ms).unref())]);

/** One instance: nothing to tell anyone. */
export const semAvisos: AvisosDeSessao = {
  publicar: async () => undefined,
  ouvir: () => undefined,
  close: async () => undefined,
};

/**
 * Redis pub/sub: one connection subscribed, one to publish. The subscription is queued until the
 * connection is up and ioredis renews it after every reconnection; each time the subscribed
 * connection is (again) ready the instance forgets its copies, since notices may have been missed.
 */
export async function avisosRedis(url: string, log: Log): Promise<AvisosDeSessao> {
  // null: the subscription waits for the connection however long it takes (never dropped).
  const sub = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 2000 });
  // Publishing never waits for a connection: a logout is not held up by a Redis outage.
  const pub = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false });
  let ouvinte: Ouvinte = () => undefined;
  let caido = false;
  sub.on('error', (err) => {
    if (!caido)
      log.warn({ err }, 'session notices (Redis): subscription lost; sessions expire within SESSION_CACHE_SECONDS');
    caido = true;
  });
  pub.on('error', () => undefined); // publishing failures are reported by publicar
  sub.on('ready', () => {
    caido = false;
    ouvinte('reconectado');
  });
  const eco = new Eco();
  sub.on('message', (canal: string, texto: string) => {
    if (canal === CANAL) eco.recebida(texto, ouvinte);
  });
  // The start waits for the subscription, but not for an outage: the first error lets it go on
  // (the subscription stays queued; the TTL bounds the copies meanwhile).
  const assinado = sub.subscribe(CANAL).catch(() => undefined);
  await comPrazo(Promise.race([assinado, new Promise((r) => sub.once('error', r))]), ESPERA_INICIAL_MS);
  return {
    async publicar(codigos) {
      const lotes = eco.mensagens(codigos);
      try {
        for (const l of lotes) await pub.publish(CANAL, l.texto);
        // Our own copy only comes back while we are subscribed.
        if (sub.status === 'ready') await Promise.all(lotes.map((l) => l.voltou));
        else eco.desistir(lotes);
      } catch (err) {
        eco.desistir(lotes);
        log.warn(
          { err, codigos: codigos.length },
          'session notices (Redis): not published; other instances follow within SESSION_CACHE_SECONDS',
        );
      }
    },
    ouvir(fn) {
      ouvinte = fn;
    },
    async close() {
      // Nothing to flush: a subscriber and a publisher that waits for nothing (quit could wait on an outage).
      sub.disconnect();
      pub.disconnect();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection listens (reconnected with a growing pause
 * when it drops); publishing is `pg_notify` through the pool.
 */
export async function avisosPostgres(
  url: string,
  notificar: (canal: string, texto: string) => Promise<unknown>,
  log: Log,
): Promise<AvisosDeSessao> {
  let ouvinte: Ouvinte = () => undefined;
  const eco = new Eco();
  let cliente: pg.Client | null = null;
  let fechado = false;
  let pausa = 250;
  let timer: NodeJS.Timeout | undefined;
  /** One warning per outage, not one per attempt. */
  let avisado = false;

  const agendar = () => {
    if (fechado || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void conectar();
    }, pausa);
    timer.unref();
    pausa = Math.min(pausa * 2, 5000);
  };

  async function conectar(): Promise<void> {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, keepAlive: true });
    let caiu = false;
    const perdido = (err?: Error) => {
      if (caiu) return;
      caiu = true;
      if (err && !avisado) {
        log.warn({ err }, 'session notices (PostgreSQL): not listening; sessions expire within SESSION_CACHE_SECONDS');
        avisado = true;
      }
      if (cliente === c) cliente = null;
      c.end().catch(() => undefined);
      agendar();
    };
    c.on('error', perdido);
    c.on('end', () => perdido());
    c.on('notification', (n) => {
      if (n.channel === CANAL && n.payload) eco.recebida(n.payload, ouvinte);
    });
    try {
      await c.connect();
      await c.query(`listen ${CANAL}`);
    } catch (err) {
      perdido(err as Error);
      return;
    }
    if (fechado) {
      await c.end().catch(() => undefined);
      return;
    }
    cliente = c;
    pausa = 250;
    avisado = false;
    // Notices may have been missed while nobody listened: forget every copy.
    ouvinte('reconectado');
  }

  await comPrazo(conectar(), ESPERA_INICIAL_MS);
  return {
    async publicar(codigos) {
      const lotes = eco.mensagens(codigos);
      try {
        for (const l of lotes) await notificar(CANAL, l.texto);
        // Our own copy only comes back while we are listening.
        if (cliente) await Promise.all(lotes.map((l) => l.voltou));
        else eco.desistir(lotes);
      } catch (err) {
        eco.desistir(lotes);
        log.warn(
          { err, codigos: codigos.length },
          'session notices (PostgreSQL): not published; other instances follow within SESSION_CACHE_SECONDS',
        );
      }
    },
    ouvir(fn) {
      ouvinte = fn;
    },
    async close() {
      fechado = true;
      clearTimeout(timer);
      await cliente?.end().catch(() => undefined);
    },
  };
}
