import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas (packages/contract): the
 * contract an operator's own API must follow. Served at /api/openapi.json.
 */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portal do Beneficiário — API',
        version: '1.0.0',
        description:
          'Contrato das chamadas do portal (especificação, seção 7). Toda chamada, exceto /api/Token/GerarToken e ' +
          '/api/Operadora/Configuracao, exige o token do aplicativo (Bearer). Chamadas de membro exigem também ' +
          'perfilAutenticado no corpo e o cookie pb_sessao da sessão.',
      },
      components: {
        securitySchemes: {
          tokenDoAplicativo: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookieDaSessao: { type: 'apiKey', in: 'cookie', name: 'pb_sessao' },
          // The benefits-club partner's server (Clube/ResgatarAcesso): Bearer CLUBE_SECRET.
          segredoDoParceiro: { type: 'http', scheme: 'bearer' },
          // The operator's systems (issue 16): Bearer pbk_<id>_<segredo>, created by `npm run chaves`.
          chaveDeIntegracao: { type: 'http', scheme: 'bearer', bearerFormat: 'pbk_<id>_<segredo>' },
          // The staff console (decision 0033): its own session cookie, path /api/atendimento.
          cookieDaEquipe: { type: 'apiKey', in: 'cookie', name: 'pb_equipe' },
        },
      },
      tags: [
        { name: 'publica', description: 'Sem credencial.' },
        { name: 'app', description: 'Token do aplicativo (Bearer).' },
        { name: 'membro', description: 'Token do aplicativo e sessão do membro.' },
        { name: 'parceiro', description: 'Servidor do parceiro do clube de benefícios (Bearer CLUBE_SECRET).' },
        {
          name: 'integracao',
          description:
            'API de integração da operadora (/api/integracao/v1): chave da operadora (Bearer pbk_…) com escopos; ' +
            'nem o token do aplicativo nem a sessão do membro valem aqui. Ver docs/integracao/api.md.',
        },
        {
          name: 'atendimento',
          description:
            'Console da equipe de atendimento (/api/atendimento): cookie pb_equipe (senha + TOTP), perfis ' +
            'atendente, supervisor e administrador; chamadas que alteram dados exigem o cabeçalho x-portal-equipe: 1.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // A readable reference of the same document, self-hosted (no CDN), under its own strict CSP:
  // Swagger UI's inline bootstrap is allowed by hash, nothing else inline.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    staticCSP: true,
    transformStaticCSP: (header: string) =>
      header
        .replace(/font-src [^;]*;/, "font-src 'self' data:;")
        .replace(/style-src 'self' https: /, "style-src 'self' ")
        .replace(/img-src [^;]*;/, "img-src 'self' data:;")
        .replace('upgrade-insecure-requests;', '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
});
