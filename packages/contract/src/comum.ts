import { isValidCpf, normalizeCpf } from '@portal/br';
import { z } from 'zod';

export { LIMITES } from './limites';
import { LIMITES } from './limites';
import { SENHA_COMUM, senhaComumPtBr } from './senhas-comuns';

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
  .max(LIMITES.senhaMaxima, 'A senha deve ter no máximo 128 caracteres.')
  .refine((v) => !senhaComumPtBr(v), SENHA_COMUM);

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

/**
 * The session code: one type end to end, a positive safe integer (16 random digits below 2^53).
 * Clients may send it as a number or as its digits; it always comes out as a number.
 */
export const codigoSessaoSchema = z
  .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,15}$/)], {
    error: 'Sessão inválida.',
  })
  .transform((v) => Number(v))
  .refine((n) => Number.isSafeInteger(n), { message: 'Sessão inválida.' });
export type CodigoSessao = z.output<typeof codigoSessaoSchema>;

/** Sent by the client in every call that acts for a logged-in member. */
export const perfilAutenticadoSchema = z.object(
  { codigoSessao: codigoSessaoSchema },
  { error: 'Perfil de Usuário Inválido' },
);
export type PerfilAutenticado = z.output<typeof perfilAutenticadoSchema>;

/**
 * A verification code that still works in this browser: the channel it went through and the
 * contact on file it went to, masked as VerificarCPF shows it ('mar****@exemplo.com.br',
 * '(11) *****-4321'). Only ever told to the browser the code is bound to (its pb_fluxo cookie).
 */
export const codigoEmAbertoSchema = z.object({
  canal: z.enum(['email', 'sms']),
  destino: z.string(),
});
export type CodigoEmAberto = z.infer<typeof codigoEmAbertoSchema>;

/**
 * The one error body of the API. `message` is Portuguese and meant for the member; `erro` repeats
 * it because a client reads `erro` where it reads `sucesso` (docs/produto/acesso.md, "Data", "Messages"). 5xx bodies never carry internals.
 */
export const apiErrorSchema = z.object({
  sucesso: z.literal(false),
  code: z.string(),
  message: z.string(),
  erro: z.string(),
  /** Seconds until the caller may try again (429 and resend waits). */
  aguardarSegundos: z.number().int().optional(),
  /**
   * Only with 429 AGUARDE_REENVIO (a code send refused: one went out less than 2 minutes ago) and
   * 422 CODIGO_OUTRO_CANAL (a code checked on the wrong channel): the code of the same CPF and
   * purpose that is unexpired, not used up and bound to this browser's flow cookie. Absent when
   * there is none (the code that started the wait belongs to another browser, or is dead).
   */
  codigoEmAberto: codigoEmAbertoSchema.optional(),
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
  'CODIGO_OUTRO_CANAL',
  'AGUARDE_REENVIO',
  'MUITAS_TENTATIVAS',
  'NAO_ENCONTRADO',
  // Member requests (issue 7, decision 0012).
  'ACESSO_RESTRITO',
  'JA_REGISTRADO',
  'TERMO_NAO_ACEITO',
  'DADOS_DIVERGENTES',
  'IDEMPOTENCIA_CONFLITO',
  'PAYLOAD_GRANDE',
  'ERRO_INTERNO',
  'INDISPONIVEL',
  // Finance (issue 6): a profile refused by docs/produto/comum.md "Who may use it", a document the data does not allow, a year with debts.
  'SEM_PERMISSAO',
  'DOCUMENTO_INDISPONIVEL',
  'DEBITO_EM_ABERTO',
  // Digital card (issue 8): a QR code asked for a card whose coverage has ended.
  'CARTEIRINHA_INATIVA',
  // Meus dados (issue 8): a consent revoked already.
  'JA_REVOGADO',
  // Cancellation (issue 8): a cancelled contract or beneficiary makes no new request.
  'PLANO_CANCELADO',
  // Staff console (issue 17, decision 0033): an account locked after wrong passwords.
  'CONTA_BLOQUEADA',
  // Reembolso (issue 18): a file refused by its content, an infected file, the member's storage quota.
  'ARQUIVO_INVALIDO',
  'ARQUIVO_INFECTADO',
  'COTA_EXCEDIDA',
  // Integration API (issue 16): an upload while an import of the same entity runs (409).
  'IMPORTACAO_EM_ANDAMENTO',
  // Issue 30: an import that cannot be undone (nothing removed, undone already, past the window) (409).
  'IMPORTACAO_NAO_DESFAZIVEL',
  // Issue 31 (decision 0055): an answer written against an older version of the protocol (409).
  'VERSAO_DESATUALIZADA',
  // Issue 31 (decision 0056): a receipt the member's contract already sent, not confirmed as another care (409).
  'RECIBO_REPETIDO',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of a call that just reports success. */
export const sucessoSchema = z.object({ sucesso: z.literal(true), mensagem: z.string().optional() });
export type Sucesso = z.infer<typeof sucessoSchema>;

/** Body of a member call (docs/produto/comum.md, "Calls"): perfilAutenticado plus the call's own fields. */
export function membroRequest<S extends z.ZodRawShape>(shape: S) {
  return z.object({ perfilAutenticado: perfilAutenticadoSchema, ...shape });
}

/**
 * Finance calls spell it PerfilAutenticado (docs/produto/comum.md, "Calls"); both spellings are accepted, one is needed.
 * The session itself is checked before validation, by the member hook of the API.
 */
export function financeiroRequest<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({
      PerfilAutenticado: perfilAutenticadoSchema.optional(),
      perfilAutenticado: perfilAutenticadoSchema.optional(),
      ...shape,
    })
    .refine(
      (b: { PerfilAutenticado?: unknown; perfilAutenticado?: unknown }) =>
        !!(b.PerfilAutenticado ?? b.perfilAutenticado),
      {
        message: 'Perfil de Usuário Inválido',
        path: ['PerfilAutenticado'],
      },
    );
}
