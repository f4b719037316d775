import type { OpcoesDoCookie } from '../../lib/cookies';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acaoProtocoloRequestSchema,
  acaoProtocoloResponseSchema,
  apiErrorSchema,
  assumirEmLoteRequestSchema,
  auditoriaQuerySchema,
  auditoriaResponseSchema,
  buscaAtendimentoQuerySchema,
  buscaAtendimentoResponseSchema,
  contasEquipeResponseSchema,
  criarModeloDeRespostaRequestSchema,
  entregasWebhookQuerySchema,
  entregasWebhookResponseSchema,
  entrarEquipeRequestSchema,
  entrarEquipeResponseSchema,
  euEquipeResponseSchema,
  filaAtendimentoQuerySchema,
  filaAtendimentoResponseSchema,
  importacoesAtendimentoQuerySchema,
  importacoesAtendimentoResponseSchema,
  listaModelosDeRespostaSchema,
  LOTE_MAXIMO,
  loteResponseSchema,
  mensagemWebhookParamsSchema,
  modeloDeRespostaParamsSchema,
  modeloDeRespostaSchema,
  numeroProtocoloParamsSchema,
  protocoloAtendimentoSchema,
  reenviarWebhookResponseSchema,
  responderEmLoteRequestSchema,
  senhaEquipeRequestSchema,
  senhaEquipeResponseSchema,
  totpEquipeRequestSchema,
  totpEquipeResponseSchema,
  trocarSenhaEquipeRequestSchema,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { originOf } from '../../lib/request';
import { listarImportacoes, obterImportacao } from '../importacao';
import { reembolsosAtendimentoRoutes } from '../reembolso';
import { PDF_MAXIMO_BYTES } from '../../core/protocolos/respostas';
import { contextoDoMembro } from './caso';
import {
  CAMINHO_COOKIE_EQUIPE,
  COOKIE_EQUIPE,
  COOKIE_EQUIPE_PRE,
  exigirCabecalhoDaEquipe,
  exigirEquipe,
  quemAtende,
} from './contexto';
import { COOKIE_EQUIPE_DISPOSITIVO, DISPOSITIVO_CONHECIDO_MS } from './dispositivo';
import { PRE_AUTENTICACAO_MS, SESSAO_MAXIMA_MS } from './equipe';
import { notasRoutes } from './notas';
import { responsavelRoutes } from './responsavel-rotas';
import { mascararCpf } from './service';

/**
 * The staff console's API (issue 17 "Staff console", decision 0033), mounted at /api/atendimento in
 * its own group: the staff cookie pb_equipe (path /api/atendimento) and nothing else opens it.
 */

const ERROS = {
  400: apiErrorSchema.describe('Dados inválidos (mensagem em português).'),
  401: apiErrorSchema.describe('Sem sessão da equipe, ou sessão expirada.'),
  403: apiErrorSchema.describe('O perfil não permite a ação, ou falta o cabeçalho x-portal-equipe.'),
  404: apiErrorSchema.describe('Não encontrado.'),
  429: apiErrorSchema.describe('Muitas tentativas.'),
} as const;

const ERROS_DA_ACAO = {
  ...ERROS,
  409: apiErrorSchema.describe(
    'O estado do protocolo não permite a ação, ou ele mudou desde a versao enviada (VERSAO_DESATUALIZADA).',
  ),
  413: apiErrorSchema.describe('O PDF passa de 5 MB.'),
  422: apiErrorSchema.describe('O pedido não pode ser aplicado como está (recuse com motivo).'),
} as const;

const semCorpo = z.object({}).optional();
const SUPERVISAO = ['supervisor', 'administrador'] as const;
const ADMINISTRACAO = ['administrador'] as const;

/** Sign-in: no session yet (password, then the TOTP code). */
export const entradaDaEquipeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { equipe } = app.services;
  const cookie = (maxAgeMs: number): OpcoesDoCookie => ({
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.cookieSecure,
    path: CAMINHO_COOKIE_EQUIPE,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
  /** A session opened: its cookie, and the known-device cookie that outlives it (sign-out keeps it). */
  const abrirSessao = (reply: FastifyReply, r: { token: string; dispositivo: string }) => {
    reply.clearCookie(COOKIE_EQUIPE_PRE, { path: CAMINHO_COOKIE_EQUIPE });
    reply.setCookie(COOKIE_EQUIPE, r.token, cookie(SESSAO_MAXIMA_MS));
    reply.setCookie(COOKIE_EQUIPE_DISPOSITIVO, r.dispositivo, cookie(DISPOSITIVO_CONHECIDO_MS));
  };

  app.post(
    '/entrar',
    {
      schema: {
        summary: 'Entrar: e-mail e senha (depois, o código do aplicativo autenticador)',
        body: entrarEquipeRequestSchema,
        response: {
          200: entrarEquipeResponseSchema,
          ...ERROS,
          423: apiErrorSchema.describe(
            'Senha certa, mas a conta está bloqueada por 15 minutos (5 senhas atuais erradas em Trocar senha).',
          ),
        },
      },
    },
    async (request, reply) => {
      const r = await equipe.entrar(
        request.body.email,
        request.body.senha,
        originOf(request),
        request.cookies[COOKIE_EQUIPE_DISPOSITIVO],
      );
      reply.setCookie(COOKIE_EQUIPE_PRE, r.token, cookie(PRE_AUTENTICACAO_MS));
      return r.resposta;
    },
  );

  app.post(
    '/totp',
    {
      schema: {
        summary: 'O código de 6 dígitos do aplicativo autenticador (com o cookie da etapa anterior)',
        body: totpEquipeRequestSchema,
        response: { 200: totpEquipeResponseSchema, ...ERROS },
      },
    },
    async (request, reply) => {
      const r = await equipe.confirmarTotp(
        request.cookies[COOKIE_EQUIPE_PRE],
        request.body.codigo,
        originOf(request),
        request.cookies[COOKIE_EQUIPE_DISPOSITIVO],
      );
      if ('etapa' in r) {
        // The same pre-auth step goes on, for the password (its 5 minutes start again).
        reply.setCookie(COOKIE_EQUIPE_PRE, request.cookies[COOKIE_EQUIPE_PRE] ?? '', cookie(PRE_AUTENTICACAO_MS));
        return r;
      }
      abrirSessao(reply, r);
      return { conta: r.conta, expiraEm: r.expiraEm };
    },
  );

  app.post(
    '/senha',
    {
      schema: {
        summary: 'Primeiro acesso (ou após redefinir): a senha da pessoa no lugar da provisória, depois do código',
        body: senhaEquipeRequestSchema,
        response: { 200: senhaEquipeResponseSchema, ...ERROS },
      },
    },
    async (request, reply) => {
      const r = await equipe.definirSenha(
        request.cookies[COOKIE_EQUIPE_PRE],
        request.body.senha,
        originOf(request),
        request.cookies[COOKIE_EQUIPE_DISPOSITIVO],
      );
      abrirSessao(reply, r);
      return { conta: r.conta, expiraEm: r.expiraEm };
    },
  );
};

/** Everything else: a staff session (exigirEquipe), and the roles each route names. */
export const atendimentoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { equipe, atendimento, webhooks } = app.services;
  app.addHook('onRequest', exigirEquipe);
  // Reembolso's console routes, under this group's session hook; the console's pieces handed in.
  await app.register(reembolsosAtendimentoRoutes, { quemAtende, contextoDoMembro, mascararCpf });
  await app.register(responsavelRoutes);
  await app.register(notasRoutes);

  app.post(
    '/sair',
    { schema: { summary: 'Sair (encerra a sessão da equipe)', body: semCorpo, response: { 204: z.null(), ...ERROS } } },
    async (request, reply) => {
      await equipe.sair(quemAtende(request).equipe, originOf(request));
      reply.clearCookie(COOKIE_EQUIPE, { path: CAMINHO_COOKIE_EQUIPE });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/eu',
    {
      schema: { summary: 'A conta da sessão e quando ela expira', response: { 200: euEquipeResponseSchema, ...ERROS } },
    },
    async (request) => {
      const { conta, expiraEm } = quemAtende(request).equipe;
      return { conta, expiraEm };
    },
  );

  app.post(
    '/minha-senha',
    {
      schema: {
        summary: 'Trocar a própria senha: a atual, um código do aplicativo e a nova (encerra as outras sessões)',
        body: trocarSenhaEquipeRequestSchema,
        response: {
          204: z.null(),
          ...ERROS,
          423: apiErrorSchema.describe('Conta bloqueada por 15 minutos após 5 senhas erradas (as sessões terminam).'),
        },
      },
    },
    async (request, reply) => {
      const quem = quemAtende(request);
      try {
        await equipe.trocarSenha(quem.equipe, request.body, quem.origin);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 423)
          reply.clearCookie(COOKIE_EQUIPE, { path: CAMINHO_COOKIE_EQUIPE });
        throw err;
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/protocolos',
    {
      schema: {
        summary: 'Fila de protocolos por prazo (os atrasados primeiro)',
        querystring: filaAtendimentoQuerySchema,
        response: { 200: filaAtendimentoResponseSchema, ...ERROS },
      },
    },
    async (request) => atendimento.fila(request.query, quemAtende(request)),
  );

  app.get(
    '/busca',
    {
      schema: {
        summary:
          'Busca uma pessoa por CPF, nome, protocolo, carteirinha, contrato ou recibo, com seus protocolos e reembolsos (registrada na auditoria)',
        querystring: buscaAtendimentoQuerySchema,
        response: { 200: buscaAtendimentoResponseSchema, ...ERROS },
      },
    },
    async (request) => atendimento.buscar(request.query.q, quemAtende(request)),
  );

  app.get(
    '/protocolos/:numero',
    {
      schema: {
        summary: 'Um protocolo com o contexto do beneficiário (leitura registrada na auditoria)',
        params: numeroProtocoloParamsSchema,
        response: { 200: protocoloAtendimentoSchema, ...ERROS },
      },
    },
    async (request) => atendimento.protocolo(request.params.numero, quemAtende(request)),
  );

  app.post(
    '/protocolos/:numero/acoes',
    {
      // A 5 MB PDF in base64 is about 6.7 MB of JSON.
      bodyLimit: Math.ceil((PDF_MAXIMO_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        summary: 'Responder, pedir informação, encaminhar ou cancelar um protocolo',
        params: numeroProtocoloParamsSchema,
        body: acaoProtocoloRequestSchema,
        response: { 200: acaoProtocoloResponseSchema, ...ERROS_DA_ACAO },
      },
    },
    async (request) => atendimento.agir(request.params.numero, request.body, quemAtende(request)),
  );

  // Bulk actions on the queue (issue 31, decision 0061): each protocol by the single action's rule,
  // in its own transaction; the answer says, protocol by protocol, ok or refused and why.
  app.post(
    '/protocolos/em-lote/assumir',
    {
      schema: {
        summary: `Assumir vários protocolos (até ${LOTE_MAXIMO}): cada um pela regra de Assumir, com o resultado de cada um`,
        body: assumirEmLoteRequestSchema,
        response: { 200: loteResponseSchema, ...ERROS },
      },
    },
    async (request) => atendimento.assumirEmLote(request.body.itens, quemAtende(request)),
  );

  app.post(
    '/protocolos/em-lote/responder',
    {
      schema: {
        summary: `Responder vários protocolos (até ${LOTE_MAXIMO}) com um modelo: os tipos do modelo, sem decisão própria, versao conferida; o resultado de cada um`,
        body: responderEmLoteRequestSchema,
        response: { 200: loteResponseSchema, ...ERROS },
      },
    },
    async (request) => atendimento.responderEmLote(request.body.modeloId, request.body.itens, quemAtende(request)),
  );

  app.get(
    '/modelos-de-resposta',
    { schema: { summary: 'Modelos de resposta', response: { 200: listaModelosDeRespostaSchema, ...ERROS } } },
    async () => ({ modelos: await atendimento.modelos() }),
  );

  app.post(
    '/modelos-de-resposta',
    {
      config: { papeis: SUPERVISAO },
      schema: {
        summary: 'Cria um modelo de resposta (supervisor ou administrador)',
        body: criarModeloDeRespostaRequestSchema,
        response: { 201: modeloDeRespostaSchema, ...ERROS },
      },
    },
    async (request, reply) => {
      const m = await atendimento.criarModelo(request.body, quemAtende(request));
      return reply.code(201).send(m);
    },
  );

  app.delete(
    '/modelos-de-resposta/:id',
    {
      config: { papeis: SUPERVISAO },
      schema: {
        summary: 'Remove um modelo de resposta (supervisor ou administrador)',
        params: modeloDeRespostaParamsSchema,
        response: { 204: z.null(), ...ERROS },
      },
    },
    async (request, reply) => {
      await atendimento.removerModelo(request.params.id, quemAtende(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/importacoes',
    {
      config: { papeis: SUPERVISAO },
      schema: {
        summary: 'Histórico de importações (supervisor ou administrador)',
        querystring: importacoesAtendimentoQuerySchema,
        response: { 200: importacoesAtendimentoResponseSchema, ...ERROS },
      },
    },
    async (request) => {
      const { limite, antes } = request.query;
      if (antes && !(await obterImportacao(app.db, antes)))
        throw new AppError(404, 'NAO_ENCONTRADO', 'Importação não encontrada.');
      const linhas = await listarImportacoes(app.db, { limite: limite + 1, antes });
      const pagina = linhas.slice(0, limite);
      return {
        importacoes: pagina.map(({ erros, chaveId: _chave, errosOmitidos, ...i }) => ({
          ...i,
          totalErros: erros.length + errosOmitidos,
          primeiroErro: i.status === 'recusado' ? (erros[0]?.mensagem ?? null) : null,
        })),
        proxima: linhas.length > limite ? (pagina.at(-1)?.id ?? null) : null,
      };
    },
  );

  app.get(
    '/webhooks/entregas',
    {
      config: { papeis: SUPERVISAO },
      schema: {
        summary: 'Entregas de webhooks, as mais recentes primeiro (supervisor ou administrador)',
        querystring: entregasWebhookQuerySchema,
        response: { 200: entregasWebhookResponseSchema, ...ERROS },
      },
    },
    async (request) => webhooks.listarEntregasDoConsole(request.query),
  );

  app.post(
    '/webhooks/mensagens/:id/reenviar',
    {
      config: { papeis: SUPERVISAO },
      schema: {
        summary: 'Reenvia uma mensagem (mesmo webhook-id) aos endpoints ativos (supervisor ou administrador)',
        params: mensagemWebhookParamsSchema,
        body: semCorpo,
        response: { 200: reenviarWebhookResponseSchema, ...ERROS },
      },
    },
    async (request) => {
      const reenviadas = await webhooks.reenviar(request.params.id);
      await atendimento.auditar(quemAtende(request), 'equipe_reenviou_webhook', {
        detalhe: { mensagemId: request.params.id, reenviadas },
      });
      return { reenviadas };
    },
  );

  app.get(
    '/auditoria',
    {
      config: { papeis: ADMINISTRACAO },
      schema: {
        summary: 'Trilha de auditoria da equipe (administrador)',
        querystring: auditoriaQuerySchema,
        response: { 200: auditoriaResponseSchema, ...ERROS },
      },
    },
    async (request) => atendimento.trilha(request.query),
  );

  app.get(
    '/contas',
    {
      config: { papeis: ADMINISTRACAO },
      schema: { summary: 'Contas da equipe (administrador)', response: { 200: contasEquipeResponseSchema, ...ERROS } },
    },
    async () => {
      const contas = await equipe.contas();
      const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
      return {
        contas: contas.map((c) => ({
          id: c.id,
          nome: c.nome,
          email: c.email,
          papel: c.papel,
          totpConfirmado: c.totpConfirmadoEm !== null,
          bloqueadaAte: c.bloqueadaAte && c.bloqueadaAte.getTime() > app.clock.now() ? iso(c.bloqueadaAte) : null,
          desativadaEm: iso(c.desativadaEm),
          criadaEm: new Date(c.criadaEm).toISOString(),
        })),
      };
    },
  );
};

/** The console's group (app.ts mounts it at /api/atendimento): the CSRF header first, then sign-in or session. */
export const equipeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('equipe', null);
  app.addHook('onRequest', exigirCabecalhoDaEquipe);
  await app.register(entradaDaEquipeRoutes);
  await app.register(atendimentoRoutes);
};
