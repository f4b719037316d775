import { z } from 'zod';
import { celularSchema, codigoSchema, cpfSchema, emailSchema, senhaSchema } from './common';

/**
 * Registration. Every call answers 200 { sucesso: true, mensagem? } or an error body (apiError).
 * A code always goes to the contact on file: a typed contact must equal the beneficiary's record
 * (or its masked form, as returned by VerificarCPF), else 422 CONTATO_DIVERGENTE (Cadastrar*) or
 * the wrong-code answer (Confirmar*), within a budget of wrong contacts per CPF and IP (0020).
 * The browser that asked for the code gets an HttpOnly flow cookie; confirming the code and
 * setting the password only work with that cookie (same flow).
 */
export const criarContaRequestSchema = z.object({ cpf: cpfSchema });
export const cadastrarCelularRequestSchema = z.object({ cpf: cpfSchema, celular: celularSchema });
export const cadastrarEmailRequestSchema = z.object({ cpf: cpfSchema, email: emailSchema });
export const confirmarCelularRequestSchema = z.object({
  cpf: cpfSchema,
  celular: celularSchema.optional(),
  tokenSMS: codigoSchema,
});
export const confirmarEmailRequestSchema = z.object({
  cpf: cpfSchema,
  email: emailSchema.optional(),
  tokenEmail: codigoSchema,
});
export const reenviarSmsRequestSchema = z.object({ cpf: cpfSchema });
export const cadastrarSenhaRequestSchema = z.object({ cpf: cpfSchema, senha: senhaSchema });

export type CriarContaRequest = z.input<typeof criarContaRequestSchema>;
export type CadastrarCelularRequest = z.input<typeof cadastrarCelularRequestSchema>;
export type CadastrarEmailRequest = z.input<typeof cadastrarEmailRequestSchema>;
export type ConfirmarCelularRequest = z.input<typeof confirmarCelularRequestSchema>;
export type ConfirmarEmailRequest = z.input<typeof confirmarEmailRequestSchema>;
export type ReenviarSmsRequest = z.input<typeof reenviarSmsRequestSchema>;
export type CadastrarSenhaRequest = z.input<typeof cadastrarSenhaRequestSchema>;

/**
 * ReenviarSmsConfirmacao answers { sucesso, erro } (spec 7) with 200 even when refused; a refusal
 * also carries the error code (AGUARDE_REENVIO, MUITAS_TENTATIVAS…) and, when it is a wait, its seconds.
 */
export const reenviarSmsResponseSchema = z.object({
  sucesso: z.boolean(),
  erro: z.string().nullable(),
  code: z.string().optional(),
  aguardarSegundos: z.number().int().optional(),
});
export type ReenviarSmsResponse = z.infer<typeof reenviarSmsResponseSchema>;
