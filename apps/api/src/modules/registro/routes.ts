import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cadastrarCelularRequestSchema,
  cadastrarEmailRequestSchema,
  cadastrarSenhaRequestSchema,
  cadastrarSenhaResponseSchema,
  confirmarCelularRequestSchema,
  confirmarEmailRequestSchema,
  criarContaRequestSchema,
  reenviarSmsRequestSchema,
  reenviarSmsResponseSchema,
  sucessoSchema,
} from '@portal/contract';
import { dadosInvalidos } from '../../lib/app-error';
import { COOKIE_FLUXO, cookieOptions } from '../../lib/cookies';
import { originOf } from '../../lib/request';
import { respostas } from '../../lib/schema';

/** Registration (docs/produto/acesso.md, "Calls"): needs the API token, not a member session. */
export const registroRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { registro } = app.services;
  const fluxoOptions = cookieOptions(config.cookieSecure, 3600);
  const ok = { response: respostas(sucessoSchema) };

  app.post('/Registro/CriarConta', { schema: { body: criarContaRequestSchema, ...ok } }, async (request) =>
    registro.criarConta(request.body.cpf, originOf(request)),
  );

  app.post(
    '/Registro/CadastrarEmail',
    { schema: { body: cadastrarEmailRequestSchema, ...ok } },
    async (request, reply) => {
      const { cpf, email } = request.body;
      if (!email) throw dadosInvalidos('Informe o e-mail.');
      const r = await registro.cadastrarContato(cpf, 'email', email, request.cookies[COOKIE_FLUXO], originOf(request));
      reply.setCookie(COOKIE_FLUXO, r.fluxo, fluxoOptions);
      return r.body;
    },
  );

  app.post(
    '/Registro/CadastrarCelular',
    { schema: { body: cadastrarCelularRequestSchema, ...ok } },
    async (request, reply) => {
      const { cpf, celular } = request.body;
      if (!celular) throw dadosInvalidos('Informe o celular.');
      const r = await registro.cadastrarContato(cpf, 'sms', celular, request.cookies[COOKIE_FLUXO], originOf(request));
      reply.setCookie(COOKIE_FLUXO, r.fluxo, fluxoOptions);
      return r.body;
    },
  );

  app.post('/Registro/ConfirmarEmail', { schema: { body: confirmarEmailRequestSchema, ...ok } }, async (request) => {
    const { cpf, email, tokenEmail } = request.body;
    return registro.confirmar(cpf, 'email', email, tokenEmail, request.cookies[COOKIE_FLUXO], originOf(request));
  });

  app.post(
    '/Registro/ConfirmarCelular',
    { schema: { body: confirmarCelularRequestSchema, ...ok } },
    async (request) => {
      const { cpf, celular, tokenSMS } = request.body;
      return registro.confirmar(cpf, 'sms', celular, tokenSMS, request.cookies[COOKIE_FLUXO], originOf(request));
    },
  );

  app.post(
    '/Registro/ReenviarSmsConfirmacao',
    { schema: { body: reenviarSmsRequestSchema, response: respostas(reenviarSmsResponseSchema) } },
    async (request) => registro.reenviar(request.body.cpf, request.cookies[COOKIE_FLUXO], originOf(request)),
  );

  app.post(
    '/Registro/CadastrarSenha',
    { schema: { body: cadastrarSenhaRequestSchema, response: respostas(cadastrarSenhaResponseSchema) } },
    async (request, reply) => {
      const r = await registro.cadastrarSenha(
        request.body.cpf,
        request.body.senha,
        request.cookies[COOKIE_FLUXO],
        originOf(request),
      );
      reply.clearCookie(COOKIE_FLUXO, cookieOptions(config.cookieSecure));
      return r;
    },
  );
};
