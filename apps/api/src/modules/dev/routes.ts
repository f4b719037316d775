import type { FastifyPluginAsync } from 'fastify';
import { OutboxRepository } from '../notificacoes/repository';

/** GET /api/dev/outbox: the demo's "phone" (demo-data.md). Not registered in production. */
const routes: FastifyPluginAsync = async (app) => {
  const outbox = new OutboxRepository(app.db);
  app.get('/dev/outbox', async () => outbox.list());
};

export default routes;
