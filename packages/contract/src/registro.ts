import { z } from 'zod';
import { celularSchema, codigoSchema, cpfSchema, emailSchema, senhaSchema, sucessoSchema } from './comum';

/**
 * Registration. Every call answers 200 { sucesso: true, mensagem? } or an error body (apiError).
 * A code always goes to the contact on file: a typed contact must equal the beneficiary's record
 * (or its masked form, as returned by VerificarCPF), else 422 CONTATO_DIVERGENTE (Cadastrar*) or
 * the wrong-code answer (Confirmar*), within a budget of wrong contacts per CPF and IP (0020).
 * The browser that asked for the code gets an HttpOnly flow cookie; confirming the code and
 * setting the password only work with that cookie (same flow).
 *
 * Who may register is who VerificarCPF answers `beneficiario: true` for: an active beneficiary, or a
 * former one whose coverage ended less than 5 years ago (decision 0018), with the same contact and
 * code rules; anyone else gets 404 CPF_NAO_ENCONTRADO. A former member then signs in to the cancelled
 * profile's view (documents, protocols, LGPD requests; no new requests).
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
 * CadastrarSenha's 200. For a former member, `dataCancelamento` (ISO date) is the day their latest
 * coverage ended and `mensagem` says that the plan was cancelled and what they still reach; told only
 * here, after the code proved the contact theirs (VerificarCPF answers a former member exactly as a
 * member, so a CPF alone tells nobody that the plan was cancelled).
 */
export const cadastrarSenhaResponseSchema = sucessoSchema.extend({ dataCancelamento: z.string().optional() });
export type CadastrarSenhaResponse = z.infer<typeof cadastrarSenhaResponseSchema>;

/**
 * ReenviarSmsConfirmacao answers { sucesso, erro } (docs/produto/acesso.md, "Calls") with 200 even when refused; a refusal
 * also carries the error code (AGUARDE_REENVIO, MUITAS_TENTATIVAS…) and, when it is a wait, its seconds.
 */
export const reenviarSmsResponseSchema = z.object({
  sucesso: z.boolean(),
  erro: z.string().nullable(),
  code: z.string().optional(),
  aguardarSegundos: z.number().int().optional(),
});
export type ReenviarSmsResponse = z.infer<typeof reenviarSmsResponseSchema>;
