import type { FastifyPluginAsync } from 'fastify';

/** /healthz: the process answers. /readyz: the database answers (503 otherwise). */
const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await Promise.race([
        app.db.query('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('readiness timeout')), 2000).unref()),
      ]);
      return { status: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return reply.status(503).send({ status: 'indisponivel' });
    }
  });
};

export default health;
