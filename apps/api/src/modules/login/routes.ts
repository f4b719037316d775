import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  alterarSenhaRequestSchema,
  autenticarRequestSchema,
  perfisDaContaRequestSchema,
  recuperarSenhaRequestSchema,
  renovarSessaoRequestSchema,
  sairRequestSchema,
  validarTokenRecuperacaoRequestSchema,
  verificarCpfRequestSchema,
} from '@portal/contract';
import { COOKIE_FLUXO, COOKIE_SESSAO, cookieOptions } from '../../lib/cookies';
import { originOf } from '../../lib/request';
import { parseBody } from '../../lib/validate';
import { AuditRepository } from '../audit/repository';
import { CodigosRepository } from '../codigos/repository';
import { CodigosService } from '../codigos/service';
import { ContasRepository } from '../contas/repository';
import { SessionsRepository } from '../sessao/repository';
import { RecuperacaoService } from './recuperacao-service';
import { LoginService } from './service';

const routes: FastifyPluginAsync = async (app) => {
  const { db, clock, config, throttle } = app;
  const contas = new ContasRepository(db);
  const sessions = new SessionsRepository(db);
  const audit = new AuditRepository(db, clock);
  const codigos = new CodigosService(new CodigosRepository(db), app.codeSecret, throttle, app.notifier, audit, clock);
  const login = new LoginService(contas, sessions, throttle, audit, clock, config);
  const recuperacao = new RecuperacaoService(contas, codigos, sessions, throttle, audit, clock);
  const fluxoCookie = (reply: FastifyReply, fluxo: string) =>
    reply.setCookie(COOKIE_FLUXO, fluxo, cookieOptions(config.cookieSecure, 3600));

  app.post('/Login/VerificarCPF', async (request) => {
    const { cpf } = parseBody(verificarCpfRequestSchema, request.body);
    return login.verificarCpf(cpf, originOf(request));
  });

  app.post('/Login/PerfisDaConta', async (request) => {
    const { cpf, senha } = parseBody(perfisDaContaRequestSchema, request.body);
    return login.perfisDaConta(cpf, senha, originOf(request));
  });

  app.post('/Login/Autenticar', async (request, reply) => {
    const body = parseBody(autenticarRequestSchema, request.body);
    const result = await login.autenticar(body, originOf(request));
    if (result.cookie)
      reply.setCookie(COOKIE_SESSAO, result.cookie, cookieOptions(config.cookieSecure, config.session.maxSeconds));
    return result.body;
  });

  // Activity in the browser keeps the server session alive too (see the contract's comment).
  app.post('/Login/RenovarSessao', async (request) => {
    parseBody(renovarSessaoRequestSchema, request.body);
    await app.requireSession(request);
    return { sucesso: true as const };
  });

  app.post('/Login/Sair', async (request, reply) => {
    parseBody(sairRequestSchema, request.body);
    reply.clearCookie(COOKIE_SESSAO, cookieOptions(config.cookieSecure));
    const sessao = await app.requireSession(request);
    await login.sair(sessao.codigoSessao, sessao.cpf, originOf(request));
    return { sucesso: true, mensagem: 'Sua sessão foi encerrada com segurança.' };
  });

  app.post('/Login/RecuperarSenha', async (request, reply) => {
    const { cpf, tipoSolicitacao } = parseBody(recuperarSenhaRequestSchema, request.body);
    const r = await recuperacao.recuperarSenha(cpf, tipoSolicitacao, request.cookies[COOKIE_FLUXO], originOf(request));
    fluxoCookie(reply, r.fluxo);
    return r.body;
  });

  app.post('/Login/ValidarTokenRecuperacao', async (request) => {
    const { cpf, token, tipoSolicitacao } = parseBody(validarTokenRecuperacaoRequestSchema, request.body);
    return recuperacao.validarToken(cpf, token, tipoSolicitacao, request.cookies[COOKIE_FLUXO], originOf(request));
  });

  app.post('/Login/AlterarSenha', async (request, reply) => {
    const body = parseBody(alterarSenhaRequestSchema, request.body);
    const r = await recuperacao.alterarSenha(body, request.cookies[COOKIE_FLUXO], originOf(request));
    reply.clearCookie(COOKIE_FLUXO, cookieOptions(config.cookieSecure));
    return r;
  });
};

export default routes;
