import type { FastifyPluginAsync } from 'fastify';
import {
  cadastrarCelularRequestSchema,
  cadastrarEmailRequestSchema,
  cadastrarSenhaRequestSchema,
  confirmarCelularRequestSchema,
  confirmarEmailRequestSchema,
  criarContaRequestSchema,
  reenviarSmsRequestSchema,
} from '@portal/contract';
import { dadosInvalidos } from '../../lib/app-error';
import { COOKIE_FLUXO, cookieOptions } from '../../lib/cookies';
import { originOf } from '../../lib/request';
import { parseBody } from '../../lib/validate';
import { AuditRepository } from '../audit/repository';
import { CodigosRepository } from '../codigos/repository';
import { CodigosService } from '../codigos/service';
import { ContasRepository } from '../contas/repository';
import { RegistroService } from './service';

const routes: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app;
  const audit = new AuditRepository(db, clock);
  const codigos = new CodigosService(
    new CodigosRepository(db),
    app.codeSecret,
    app.throttle,
    app.notifier,
    audit,
    clock,
  );
  const registro = new RegistroService(new ContasRepository(db), codigos, audit, clock);
  const fluxoOptions = cookieOptions(config.cookieSecure, 3600);

  app.post('/Registro/CriarConta', async (request) => {
    const { cpf } = parseBody(criarContaRequestSchema, request.body);
    return registro.criarConta(cpf, originOf(request));
  });

  app.post('/Registro/CadastrarEmail', async (request, reply) => {
    const { cpf, email } = parseBody(cadastrarEmailRequestSchema, request.body);
    if (!email) throw dadosInvalidos('Informe o e-mail.');
    const r = await registro.cadastrarContato(cpf, 'email', email, request.cookies[COOKIE_FLUXO], originOf(request));
    reply.setCookie(COOKIE_FLUXO, r.fluxo, fluxoOptions);
    return r.body;
  });

  app.post('/Registro/CadastrarCelular', async (request, reply) => {
    const { cpf, celular } = parseBody(cadastrarCelularRequestSchema, request.body);
    if (!celular) throw dadosInvalidos('Informe o celular.');
    const r = await registro.cadastrarContato(cpf, 'sms', celular, request.cookies[COOKIE_FLUXO], originOf(request));
    reply.setCookie(COOKIE_FLUXO, r.fluxo, fluxoOptions);
    return r.body;
  });

  app.post('/Registro/ConfirmarEmail', async (request) => {
    const { cpf, email, tokenEmail } = parseBody(confirmarEmailRequestSchema, request.body);
    return registro.confirmar(cpf, 'email', email, tokenEmail, request.cookies[COOKIE_FLUXO], originOf(request));
  });

  app.post('/Registro/ConfirmarCelular', async (request) => {
    const { cpf, celular, tokenSMS } = parseBody(confirmarCelularRequestSchema, request.body);
    return registro.confirmar(cpf, 'sms', celular, tokenSMS, request.cookies[COOKIE_FLUXO], originOf(request));
  });

  app.post('/Registro/ReenviarSmsConfirmacao', async (request) => {
    const { cpf } = parseBody(reenviarSmsRequestSchema, request.body);
    return registro.reenviar(cpf, request.cookies[COOKIE_FLUXO], originOf(request));
  });

  app.post('/Registro/CadastrarSenha', async (request, reply) => {
    const { cpf, senha } = parseBody(cadastrarSenhaRequestSchema, request.body);
    const r = await registro.cadastrarSenha(cpf, senha, request.cookies[COOKIE_FLUXO], originOf(request));
    reply.clearCookie(COOKIE_FLUXO, cookieOptions(config.cookieSecure));
    return r;
  });
};

export default routes;
