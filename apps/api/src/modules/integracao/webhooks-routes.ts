import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@portal/contract';
import { TIPOS_EVENTO } from '../../core/webhooks/service';
import { ERROS_INTEGRACAO } from './schemas';

/**
 * Webhook endpoints through the integration API (issue 17, decisions 0029 and 0030), scope
 * `webhooks`: what `npm run webhooks` does, for an operator's own systems. The secret (`whsec_…`)
 * is answered once, by creation and rotation, and never again. Mounted inside the integration group
 * (its key hook, limit and audit).
 */

const idEndpointSchema = z.object({
  id: z
    .string()
    .regex(/^ep_[A-Za-z0-9_-]{1,64}$/, 'Id de endpoint inválido (ep_…).')
    .describe('O id do endpoint (ep_…).'),
});

const idMensagemSchema = z.object({
  id: z
    .string()
    .regex(/^msg_[A-Za-z0-9_-]{1,64}$/, 'Id de mensagem inválido (msg_…): é o cabeçalho webhook-id.')
    .describe('O id da mensagem (msg_…), o mesmo do cabeçalho webhook-id.'),
});

const urlSchema = z
  .string({ error: 'Informe a url.' })
  .trim()
  .min(1, 'Informe a url.')
  .max(2000, 'A url tem no máximo 2000 caracteres.')
  .describe('https (http só para localhost fora de produção).');

const eventosSchema = z
  .array(z.string({ error: `Eventos inválidos. Use um ou mais de: ${TIPOS_EVENTO.join(', ')}.` }), {
    error: `Informe eventos: uma lista com um ou mais de: ${TIPOS_EVENTO.join(', ')}.`,
  })
  .min(1, `Informe eventos: uma lista com um ou mais de: ${TIPOS_EVENTO.join(', ')}.`)
  .max(TIPOS_EVENTO.length, 'Eventos repetidos ou demais.')
  .describe(`Um ou mais de: ${TIPOS_EVENTO.join(', ')}.`);

const descricaoSchema = z
  .string({ error: 'descricao deve ser um texto.' })
  .trim()
  .min(1, 'descricao não pode ser vazia (omita-a, ou envie null para apagá-la).')
  .max(200, 'descricao tem no máximo 200 caracteres.');

const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  descricao: z.string().nullable(),
  eventos: z.array(z.enum(TIPOS_EVENTO)),
  ativo: z.boolean(),
  criadoEm: z.string().describe('ISO 8601.'),
  desativadoEm: z.string().nullable(),
  motivoDesativacao: z.string().nullable(),
  segredoAnteriorAte: z
    .string()
    .nullable()
    .describe('Até quando o segredo anterior ainda assina (a sobreposição de uma rotação).'),
});

const criarBodySchema = z.object({
  url: urlSchema,
  eventos: eventosSchema,
  descricao: descricaoSchema.optional(),
});

const alterarBodySchema = z
  .object({
    url: urlSchema.optional(),
    eventos: eventosSchema.optional(),
    descricao: descricaoSchema.nullable().optional(),
    ativo: z
      .boolean({ error: 'ativo deve ser true ou false.' })
      .optional()
      .describe('false desativa (as entregas pendentes são canceladas); true reativa.'),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error: 'Informe o que alterar: url, eventos, descricao ou ativo.',
  });

const rotacionarBodySchema = z
  .object({
    sobreposicaoHoras: z
      .number({ error: 'sobreposicaoHoras inválida: de 0 a 168.' })
      .min(0, 'sobreposicaoHoras inválida: de 0 a 168.')
      .max(168, 'sobreposicaoHoras inválida: de 0 a 168.')
      .default(24)
      .describe('Por quantas horas o segredo anterior continua assinando (as duas assinaturas).'),
  })
  .nullish()
  .describe('Opcional: sem corpo, 24 horas de sobreposição.');

const quando = (campo: string) =>
  z.iso.datetime({ offset: true, error: `${campo} inválido. Use data e hora ISO 8601, como 2026-11-01T00:00:00Z.` });

const SITUACOES_ENTREGA = ['pendente', 'entregue', 'falhou', 'cancelada'] as const;

const entregasQuerySchema = z
  .object({
    endpoint: idEndpointSchema.shape.id.optional().describe('Só as deste endpoint.'),
    mensagem: idMensagemSchema.shape.id.optional().describe('Só as desta mensagem (webhook-id).'),
    situacao: z
      .enum(SITUACOES_ENTREGA, { error: `situacao inválida. Use um de: ${SITUACOES_ENTREGA.join(', ')}.` })
      .optional()
      .describe('pendente; entregue; falhou (esgotou as tentativas); cancelada (endpoint desativado).'),
    desde: quando('desde').optional().describe('Mensagens criadas a partir deste instante.'),
    ate: quando('ate').optional().describe('Mensagens criadas até este instante.'),
    cursor: z
      .string()
      .regex(/^\d{1,18}$/, 'Cursor inválido.')
      .optional()
      .describe('proximoCursor da página anterior.'),
    limite: z.coerce
      .number({ error: 'limite inválido: de 1 a 200.' })
      .int('limite inválido: de 1 a 200.')
      .min(1, 'limite inválido: de 1 a 200.')
      .max(200, 'limite inválido: de 1 a 200.')
      .default(50),
  })
  .refine((q) => !q.desde || !q.ate || new Date(q.desde) <= new Date(q.ate), {
    error: 'Período inválido: desde deve ser antes de ate.',
  });

const entregaSchema = z.object({
  id: z.string(),
  mensagemId: z.string().describe('O webhook-id.'),
  tipo: z.string(),
  endpointId: z.string(),
  situacao: z.enum(SITUACOES_ENTREGA),
  tentativas: z.number().int(),
  mensagemCriadaEm: z.string(),
  entregueEm: z.string().nullable(),
  ultimaTentativa: z
    .object({ em: z.string(), statusHttp: z.number().int().nullable(), resultado: z.string() })
    .nullable(),
});

const reenviarPeriodoBodySchema = z
  .object({
    desde: quando('desde'),
    ate: quando('ate'),
  })
  .refine((b) => new Date(b.desde) <= new Date(b.ate), { error: 'Período inválido: desde deve ser antes de ate.' })
  .refine((b) => new Date(b.ate).getTime() - new Date(b.desde).getTime() <= 31 * 86_400_000, {
    error: 'Período longo demais: no máximo 31 dias por chamada.',
  });

const reenvioSchema = z.object({
  entregas: z.number().int().describe('Entregas postas na fila (uma por endpoint ativo inscrito no tipo).'),
});

/** A POST that needs nothing more than its URL: no body, or `{}`. */
const semCorpoSchema = z.object({}).nullish().describe('Sem corpo (ou {}).');

const segredoSchema = z.string().describe('whsec_…: mostrado só nesta resposta. Guarde-o agora.');

const ERROS = {
  ...ERROS_INTEGRACAO,
  404: apiErrorSchema.describe('Endpoint ou mensagem não encontrado.'),
} as const;

export const webhooksIntegracaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;
  const config = { escopos: ['webhooks'] as const, entidade: 'webhooks' };

  app.get(
    '/webhooks',
    {
      config,
      schema: {
        summary: 'Endpoints de webhook (sem os segredos)',
        response: { 200: z.object({ endpoints: z.array(endpointSchema) }), ...ERROS },
      },
    },
    async (request) => {
      const endpoints = await webhooks.listar();
      request.integracao.contagens = { itens: endpoints.length };
      return { endpoints };
    },
  );

  app.post(
    '/webhooks',
    {
      config,
      schema: {
        summary: 'Cria um endpoint; o segredo (whsec_…) vem só nesta resposta',
        body: criarBodySchema,
        response: { 201: endpointSchema.extend({ segredo: segredoSchema }), ...ERROS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await webhooks.criarEndpoint(request.body));
    },
  );

  app.get(
    '/webhooks/entregas',
    {
      config,
      schema: {
        summary: 'Entregas, as mais recentes primeiro (filtros: endpoint, mensagem, situação, período)',
        querystring: entregasQuerySchema,
        response: {
          200: z.object({ entregas: z.array(entregaSchema), proximoCursor: z.string().nullable() }),
          ...ERROS,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const r = await webhooks.listarEntregas({
        endpointId: q.endpoint,
        mensagemId: q.mensagem,
        situacao: q.situacao,
        desde: q.desde ? new Date(q.desde) : undefined,
        ate: q.ate ? new Date(q.ate) : undefined,
        antesDe: q.cursor,
        limite: q.limite,
      });
      request.integracao.contagens = { itens: r.entregas.length };
      return r as { entregas: z.infer<typeof entregaSchema>[]; proximoCursor: string | null };
    },
  );

  app.post(
    '/webhooks/reenviar',
    {
      config,
      schema: {
        summary: 'Reenvia as mensagens criadas num período (o mesmo webhook-id de cada uma)',
        body: reenviarPeriodoBodySchema,
        response: { 202: reenvioSchema, ...ERROS },
      },
    },
    async (request, reply) => {
      const n = await webhooks.reenviarPeriodo(new Date(request.body.desde), new Date(request.body.ate));
      request.integracao.contagens = { itens: n };
      return reply.status(202).send({ entregas: n });
    },
  );

  app.post(
    '/webhooks/mensagens/:id/reenviar',
    {
      config,
      schema: {
        summary: 'Reenvia uma mensagem (o mesmo webhook-id) aos endpoints ativos inscritos no tipo',
        params: idMensagemSchema,
        body: semCorpoSchema,
        response: { 202: reenvioSchema, ...ERROS },
      },
    },
    async (request, reply) => {
      const n = await webhooks.reenviar(request.params.id);
      request.integracao.contagens = { itens: n };
      return reply.status(202).send({ entregas: n });
    },
  );

  app.get(
    '/webhooks/:id',
    {
      config,
      schema: {
        summary: 'Um endpoint (sem o segredo)',
        params: idEndpointSchema,
        response: { 200: endpointSchema, ...ERROS },
      },
    },
    async (request) => {
      return webhooks.endpoint(request.params.id);
    },
  );

  app.patch(
    '/webhooks/:id',
    {
      config,
      schema: {
        summary: 'Altera url, eventos, descrição, ou desativa/reativa um endpoint (o segredo não muda)',
        params: idEndpointSchema,
        body: alterarBodySchema,
        response: { 200: endpointSchema, ...ERROS },
      },
    },
    async (request) => {
      return webhooks.alterarEndpoint(request.params.id, request.body);
    },
  );

  app.post(
    '/webhooks/:id/rotacionar-segredo',
    {
      config,
      schema: {
        summary: 'Novo segredo; o anterior continua assinando durante a sobreposição (duas assinaturas)',
        params: idEndpointSchema,
        body: rotacionarBodySchema,
        response: {
          200: z.object({
            segredo: segredoSchema,
            anteriorAte: z.string().describe('Até quando o segredo anterior também assina (ISO 8601).'),
          }),
          ...ERROS,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.rotacionarSegredo(request.params.id, (request.body?.sobreposicaoHoras ?? 24) * 3_600_000);
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config,
      schema: {
        summary: 'Desativa um endpoint (o histórico de entregas fica; PATCH ativo=true reativa)',
        params: idEndpointSchema,
        response: { 200: endpointSchema, ...ERROS },
      },
    },
    async (request) => {
      return webhooks.alterarEndpoint(request.params.id, { ativo: false });
    },
  );
};
