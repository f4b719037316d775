import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxResponseSchema } from '@portal/contract';

/** GET /api/dev/outbox: the demo's "phone" (demo-data.md). Not registered in production. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const { outbox } = app.services;
  app.get('/dev/outbox', { schema: { response: { 200: outboxResponseSchema } } }, async () => outbox.list());
};
