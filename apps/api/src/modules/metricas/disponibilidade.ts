import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../../clock';
import { umaVezPorIntervalo } from './negocio';

/** What a scrape asks: the database answers a query; Redis (when the counters live there) a PING. */
export interface Sondas {
  banco(): Promise<unknown>;
  redis?: () => Promise<unknown>;
}

/** A probe slower than this counts as down (as /readyz: a scrape must not wait for a hung server). */
export const LIMITE_DA_SONDA_MS = 2000;

async function responde(sonda: () => Promise<unknown>, limiteMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sonda(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('probe timeout')), limiteMs))),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance reaches its database and Redis, as gauges (1 or 0) for the alerts "database
 * unavailable" and "Redis unavailable" (issue 32): probed by a scrape, at most once per `cacheMs`
 * per instance — never by a request — each bounded by LIMITE_DA_SONDA_MS, so a down database still
 * gives a quick scrape that says so. `portal_redis_disponivel` exists only with REDIS_URL.
 */
export function registrarDisponibilidade(
  registro: Registry,
  sondas: Sondas,
  opcoes: { clock: Clock; cacheMs: number; log: FastifyBaseLogger; limiteMs?: number },
): void {
  const limiteMs = opcoes.limiteMs ?? LIMITE_DA_SONDA_MS;
  const banco = new Gauge({
    name: 'portal_banco_disponivel',
    help: 'Se esta instância alcança o banco (1) ou não (0): uma consulta simples, no máximo uma vez por intervalo.',
    registers: [registro],
    collect: atualizar,
  });
  const sondaDoRedis = sondas.redis;
  const redis = sondaDoRedis
    ? new Gauge({
        name: 'portal_redis_disponivel',
        help: 'Se esta instância alcança o Redis dos contadores (1) ou não (0): um PING, no máximo uma vez por intervalo.',
        registers: [registro],
        collect: atualizar,
      })
    : undefined;

  const sondar = async (): Promise<void> => {
    const [b, r] = await Promise.all([
      responde(() => sondas.banco(), limiteMs),
      sondaDoRedis ? responde(sondaDoRedis, limiteMs) : Promise.resolve(undefined),
    ]);
    banco.set(b ? 1 : 0);
    if (redis && r !== undefined) redis.set(r ? 1 : 0);
    if (!b) opcoes.log.warn('metrics: the database did not answer the probe');
    if (r === false) opcoes.log.warn('metrics: Redis did not answer the probe');
  };
  const sondarUmaVez = umaVezPorIntervalo(sondar, opcoes);
  function atualizar(): Promise<void> {
    return sondarUmaVez();
  }
}
