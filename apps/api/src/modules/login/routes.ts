import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alterarSenhaRequestSchema,
  autenticarRequestSchema,
  autenticarResponseSchema,
  perfisDaContaRequestSchema,
  perfisDaContaResponseSchema,
  recuperarSenhaRequestSchema,
  renovarSessaoRequestSchema,
  renovarSessaoResponseSchema,
  sairRequestSchema,
  sucessoSchema,
  validarTokenRecuperacaoRequestSchema,
  verificarCpfRequestSchema,
  verificarCpfResponseSchema,
} from '@portal/contract';
import { COOKIE_FLUXO, COOKIE_SESSAO, cookieOptions } from '../../lib/cookies';
import { originOf } from '../../lib/request';
import { respostas } from '../../lib/schema';
import { COOKIE_PREAUTH, PREAUTH_VALIDADE_MS } from './pre-autenticacao';

/** Sign-in calls (docs/produto/acesso.md, "Calls"): need the API token, not a member session. */
export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { login, recuperacao } = app.services;
  // Only the two sign-in calls ever see it.
  const preAuthCookie = { ...cookieOptions(config.cookieSecure, PREAUTH_VALIDADE_MS / 1000), path: '/api/Login' };
  const preAuthClear = { ...cookieOptions(config.cookieSecure), path: '/api/Login' };
  const fluxoCookie = (reply: FastifyReply, fluxo: string) =>
    reply.setCookie(COOKIE_FLUXO, fluxo, cookieOptions(config.cookieSecure, 3600));

  app.post(
    '/Login/VerificarCPF',
    { schema: { body: verificarCpfRequestSchema, response: respostas(verificarCpfResponseSchema) } },
    async (request) => login.verificarCpf(request.body.cpf, originOf(request)),
  );

  app.post(
    '/Login/PerfisDaConta',
    { schema: { body: perfisDaContaRequestSchema, response: respostas(perfisDaContaResponseSchema) } },
    async (request, reply) => {
      const r = await login.perfisDaConta(request.body.cpf, request.body.senha, originOf(request));
      if (r.preAuth) reply.setCookie(COOKIE_PREAUTH, r.preAuth, preAuthCookie);
      return r.perfis;
    },
  );

  app.post(
    '/Login/Autenticar',
    { schema: { body: autenticarRequestSchema, response: respostas(autenticarResponseSchema) } },
    async (request, reply) => {
      const result = await login.autenticar(request.body, originOf(request), request.cookies[COOKIE_PREAUTH]);
      if (request.cookies[COOKIE_PREAUTH]) reply.clearCookie(COOKIE_PREAUTH, preAuthClear);
      if (result.cookie)
        reply.setCookie(COOKIE_SESSAO, result.cookie, cookieOptions(config.cookieSecure, config.session.maxSeconds));
      return result.body;
    },
  );

  app.post(
    '/Login/RecuperarSenha',
    { schema: { body: recuperarSenhaRequestSchema, response: respostas(sucessoSchema) } },
    async (request, reply) => {
      const { cpf, tipoSolicitacao } = request.body;
      const r = await recuperacao.recuperarSenha(
        cpf,
        tipoSolicitacao,
        request.cookies[COOKIE_FLUXO],
        originOf(request),
      );
      fluxoCookie(reply, r.fluxo);
      return r.body;
    },
  );

  app.post(
    '/Login/ValidarTokenRecuperacao',
    { schema: { body: validarTokenRecuperacaoRequestSchema, response: respostas(sucessoSchema) } },
    async (request) => {
      const { cpf, token, tipoSolicitacao } = request.body;
      return recuperacao.validarToken(cpf, token, tipoSolicitacao, request.cookies[COOKIE_FLUXO], originOf(request));
    },
  );

  app.post(
    '/Login/AlterarSenha',
    { schema: { body: alterarSenhaRequestSchema, response: respostas(sucessoSchema) } },
    async (request, reply) => {
      const r = await recuperacao.alterarSenha(request.body, request.cookies[COOKIE_FLUXO], originOf(request));
      reply.clearCookie(COOKIE_FLUXO, cookieOptions(config.cookieSecure));
      return r;
    },
  );
};

/** Calls of a signed-in member about the session itself (member group). */
export const sessaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { login } = app.services;

  // Activity in the browser keeps the server session alive too (see the contract's comment). The
  // member hook did the work; the answer is a constant, returned without a promise (decision 0039).
  const renovada = Object.freeze({ sucesso: true as const });
  app.post(
    '/Login/RenovarSessao',
    { schema: { body: renovarSessaoRequestSchema, response: respostas(renovarSessaoResponseSchema) } },
    () => renovada,
  );

  app.post(
    '/Login/Sair',
    { schema: { body: sairRequestSchema, response: respostas(sucessoSchema) } },
    async (request, reply) => {
      reply.clearCookie(COOKIE_SESSAO, cookieOptions(config.cookieSecure));
      await login.sair(request.membro, request.cookies[COOKIE_SESSAO] ?? '', originOf(request));
      return { sucesso: true as const, mensagem: 'Sua sessão foi encerrada com segurança.' };
    },
  );
};
