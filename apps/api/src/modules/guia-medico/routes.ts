import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cidadesQuerySchema,
  cidadesResponseSchema,
  especialidadesQuerySchema,
  especialidadesResponseSchema,
  prestadoresQuerySchema,
  prestadoresResponseSchema,
  prestadoresSubstituidosQuerySchema,
  prestadoresSubstituidosResponseSchema,
  produtosQuerySchema,
  produtosResponseSchema,
} from '@portal/contract';
import { respostas } from '../../lib/schema';

/** docs/produto/guia-medico.md "Calls" (API token only: the provider network is public information). */
export const guiaMedicoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guiaMedico } = app.services;

  app.get(
    '/GuiaMedico/Cidades',
    { schema: { querystring: cidadesQuerySchema, response: respostas(cidadesResponseSchema) } },
    async (request) => guiaMedico.cidades(request.query.somenteOdonto),
  );

  app.get(
    '/GuiaMedico/Especialidades',
    { schema: { querystring: especialidadesQuerySchema, response: respostas(especialidadesResponseSchema) } },
    async (request) => guiaMedico.especialidades(request.query.codigoPrestador, request.query.removeOdonto),
  );

  app.get(
    '/GuiaMedico/Prestadores',
    { schema: { querystring: prestadoresQuerySchema, response: respostas(prestadoresResponseSchema) } },
    async (request) => guiaMedico.prestadores(request.query),
  );

  app.get(
    '/GuiaMedico/PrestadoresSubstituidos',
    {
      schema: {
        querystring: prestadoresSubstituidosQuerySchema,
        response: respostas(prestadoresSubstituidosResponseSchema),
      },
    },
    async (request) => guiaMedico.prestadoresSubstituidos(request.query.codigoCidade),
  );

  app.get(
    '/GuiaMedico/Produtos',
    { schema: { querystring: produtosQuerySchema, response: respostas(produtosResponseSchema) } },
    async () => guiaMedico.produtos(),
  );
};
