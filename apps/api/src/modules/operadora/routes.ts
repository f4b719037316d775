import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operadoraSchema } from '@portal/contract';

/** GET /api/Operadora/Configuracao: the public operator configuration (no token: it brands the login page). */
export const operadoraRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/Operadora/Configuracao', { schema: { response: { 200: operadoraSchema } } }, async (_request, reply) => {
    // Public and the same for everyone: a short cache is fine (the security plugin sets no-store on /api).
    reply.header('cache-control', 'public, max-age=300');
    return app.operadora;
  });
};
