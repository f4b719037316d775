import { isValidCpf, normalizeCpf } from '@portal/br';
import { z } from 'zod';

export { LIMITES } from './limites';
import { LIMITES } from './limites';

/**
 * A CPF as the client may send it: '529.982.247-25', '52998224725' or 52998224725 (the profile
 * lookup sends it as a number). Always comes out as 11 digits with valid check digits.
 */
export const cpfSchema = z
  .union([z.string().max(14, 'CPF inválido.'), z.number().int().nonnegative().max(99_999_999_999)], {
    error: 'Informe o CPF.',
  })
  .transform((v) => normalizeCpf(v))
  .refine((v) => isValidCpf(v), { message: 'CPF inválido.' });

/** A 6-digit verification code, as text or as a number (the accessory flow sends an integer). */
export const codigoSchema = z
  .union([z.string().trim(), z.number().int().nonnegative()], { error: 'Informe o código.' })
  .transform((v) => String(v).padStart(typeof v === 'number' ? LIMITES.codigoTamanho : 0, '0'))
  .refine((v) => /^\d{6}$/.test(v), { message: 'O código deve ter 6 dígitos.' });

export const senhaSchema = z
  .string({ error: 'Digite uma senha.' })
  .min(1, 'Digite uma senha.')
  .min(LIMITES.senhaMinima, 'A senha deve ter pelo menos 6 caracteres.')
  .max(LIMITES.senhaMaxima, 'A senha deve ter no máximo 128 caracteres.');

/** A password typed at login: no minimum (old accounts), but bounded. */
export const senhaLoginSchema = z
  .string({ error: 'Por favor, digite sua senha.' })
  .min(1, 'Por favor, digite sua senha.')
  .max(LIMITES.senhaMaxima, 'Senha inválida.');

/** Mobile as a number or text; digits only afterwards. Empty means "not informed". */
export const celularSchema = z
  .union([z.string().max(20, 'Celular inválido.'), z.number().int().nonnegative().max(99_999_999_999)])
  .transform((v) => String(v).replace(/\D/g, ''));

export const emailSchema = z.string({ error: 'Informe o e-mail.' }).trim().max(254, 'E-mail inválido.');

/** Sent by the client in every call that acts for a logged-in member. */
export const perfilAutenticadoSchema = z.object(
  {
    codigoSessao: z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,16}$/)], {
      error: 'Sessão inválida.',
    }),
  },
  { error: 'Perfil de Usuário Inválido' },
);
export type PerfilAutenticado = z.infer<typeof perfilAutenticadoSchema>;

/**
 * The one error body of the API. `message` is Portuguese and meant for the member; `erro` repeats
 * it because the spec's client reads `erro` where it reads `sucesso`. 5xx bodies never carry internals.
 */
export const apiErrorSchema = z.object({
  sucesso: z.literal(false),
  code: z.string(),
  message: z.string(),
  erro: z.string(),
  /** Seconds until the caller may try again (429 and resend waits). */
  aguardarSegundos: z.number().int().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Error codes the API uses; the web app may branch on them, the member only sees `message`. */
export const ERROR_CODES = [
  'DADOS_INVALIDOS',
  'TOKEN_INVALIDO',
  'CREDENCIAL_INVALIDA',
  'SESSAO_INVALIDA',
  'CPF_NAO_ENCONTRADO',
  'CONTA_NAO_ENCONTRADA',
  'CONTA_JA_EXISTE',
  'CONTATO_DIVERGENTE',
  'CONTATO_INDISPONIVEL',
  'CODIGO_INVALIDO',
  'CODIGO_EXPIRADO',
  'CODIGO_NAO_CONFIRMADO',
  'AGUARDE_REENVIO',
  'MUITAS_TENTATIVAS',
  'NAO_ENCONTRADO',
  'PAYLOAD_GRANDE',
  'ERRO_INTERNO',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of a call that just reports success. */
export const sucessoSchema = z.object({ sucesso: z.literal(true), mensagem: z.string().optional() });
export type Sucesso = z.infer<typeof sucessoSchema>;
