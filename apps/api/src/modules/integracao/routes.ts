import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ESCOPOS } from './chaves';
import { chaveDe } from './contexto';
import { ChaveRecusada } from './service';
import { importacoesRoutes } from './importacoes';
import { protocolosIntegracaoRoutes } from './protocolos-routes';
import { reembolsosIntegracaoRoutes } from '../reembolso';
import { chaveAtualSchema, ERROS_INTEGRACAO } from './schemas';
import { webhooksIntegracaoRoutes } from './webhooks-routes';

/**
 * The integration API (issue 16, decision 0024), mounted at /api/integracao/v1: operator keys only
 * (`Authorization: Bearer pbk_…`). The app token and the member session never open it, and the
 * key opens nothing else (the other groups check their own credential). Every call leaves its row in
 * auditoria_integracao; calls refused before a key was recognised (401, or 429 past the client's
 * refusals a minute) are counted on one row per client IP and hour (issue 30, defect 8), so made-up
 * keys cannot grow the table at will.
 */
export const integracaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { integracao } = app.services;
  app.decorateRequest('integracao', null as never);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    request.integracao = { chave: null, entidade: null, importacaoId: null, contagens: null };
    try {
      const chave = await integracao.autenticar(request.headers.authorization, request.ip);
      request.integracao.chave = chave;
      await integracao.limitar(chave);
      integracao.exigirEscopo(chave, request.routeOptions.config.escopos ?? []);
    } catch (err) {
      if (err instanceof ChaveRecusada) request.integracao.recusada = true;
      if (err instanceof AppError && err.statusCode === 401)
        reply.header('www-authenticate', 'Bearer realm="integracao", error="invalid_token"');
      // A refused upload is not read: the connection closes after the answer instead of draining it.
      if (request.method === 'POST') reply.header('connection', 'close');
      throw err;
    }
  });

  // After the key and the body passed: the route's entity goes to the audit row, as its handler used to set it.
  app.addHook('preHandler', async (request) => {
    const { entidade } = request.routeOptions.config;
    if (entidade) request.integracao.entidade = entidade;
  });

  app.addHook('onResponse', async (request, reply) => {
    const i = request.integracao;
    if (!i) return;
    try {
      if (i.recusada) {
        await integracao.auditoria.registrarRecusa({
          chaveId: integracao.idApresentado(request.headers.authorization),
          ip: request.ip,
          metodo: request.method,
          rota: request.routeOptions.url ?? 'desconhecida',
          status: reply.statusCode,
        });
        return;
      }
      await integracao.auditoria.registrar({
        chaveId: i.chave?.id ?? integracao.idApresentado(request.headers.authorization),
        ip: request.ip,
        metodo: request.method,
        rota: request.routeOptions.url ?? 'desconhecida',
        entidade: i.entidade,
        importacaoId: i.importacaoId,
        status: reply.statusCode,
        contagens: i.contagens,
      });
    } catch (err) {
      request.log.error({ err }, 'integration call not audited');
      return;
    }
    // An upload answered 202 long before its import ends: its counts follow onto the same row.
    const { importacaoId, contagensFinais } = i;
    if (importacaoId && contagensFinais)
      void contagensFinais
        .then((c) => c && integracao.auditoria.concluirEnvio(importacaoId, c))
        .catch((err: unknown) => request.log.error({ err, importacao: importacaoId }, 'import audit not completed'));
  });

  app.get(
    '/chave',
    {
      config: { escopos: ESCOPOS },
      schema: {
        summary: 'A chave que faz a chamada (nome, escopos, limite)',
        response: { 200: chaveAtualSchema, ...ERROS_INTEGRACAO },
      },
    },
    async (request) => {
      const chave = chaveDe(request);
      return {
        id: chave.id,
        nome: chave.nome,
        escopos: chave.escopos,
        chamadasPorMinuto: chave.chamadasPorMinuto ?? app.config.integracao.chamadasPorMinuto,
      };
    },
  );

  await app.register(importacoesRoutes);
  await app.register(protocolosIntegracaoRoutes);
  await app.register(webhooksIntegracaoRoutes);
  // Reembolso's operator side (issue 18, decision 0034), scope `protocolos`.
  await app.register(reembolsosIntegracaoRoutes);
};
