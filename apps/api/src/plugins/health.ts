import type { FastifyPluginAsync } from 'fastify';
import type { CounterStore } from '../lib/counters';

type Estado = 'ok' | 'indisponivel';

/** Resolves, or rejects after `ms`: a readiness probe never waits longer than its balancer does. */
async function dentroDe(ms: number, trabalho: Promise<unknown>): Promise<Estado> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      trabalho,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('readiness timeout')), ms))),
    ]);
    return 'ok';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process answers. /readyz: the database answers, and Redis when the throttling
 * counters live there (REDIS_URL); 503 naming what is down otherwise (issue 13).
 */
const health: FastifyPluginAsync<{ counters: CounterStore }> = async (app, { counters }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const verificar = async (nome: string, trabalho: () => Promise<unknown>): Promise<Estado> => {
      try {
        return await dentroDe(2000, trabalho());
      } catch (err) {
        request.log.warn({ err }, `${nome} not ready`);
        return 'indisponivel';
      }
    };
    const [banco, redis] = await Promise.all([
      verificar('database', () => app.db.query('select 1')),
      counters.ping ? verificar('redis', () => counters.ping!()) : undefined,
    ]);
    const pronto = banco === 'ok' && redis !== 'indisponivel';
    const body = { status: pronto ? 'ok' : 'indisponivel', banco, ...(redis ? { redis } : {}) };
    return reply.status(pronto ? 200 : 503).send(body);
  });
};

export default health;
