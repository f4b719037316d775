import { z } from 'zod';
import { normalizarCodigoVerificacao, pareceTokenQr } from './carteirinha-regras';
import { membroRequest } from './comum';

export * from './carteirinha-regras';

/** A card number (the beneficiary code) of the member's contract, as ListarCarteirinhas gives it. */
const numeroCarteirinhaSchema = z
  .string({ error: 'Informe o número da carteirinha.' })
  .trim()
  .regex(/^\d{6,20}$/, 'O número da carteirinha é inválido.');

/**
 * POST /api/CarteirinhaDigital/GerarQrCode (member) — a short-lived proof of one card the member
 * may see (their own, or a dependant's for a holder): an HS256 JWT (sub = card number, jti, exp)
 * for the QR code and the same proof as an 8-character code to type (decision 0016).
 */
export const gerarQrCodeRequestSchema = membroRequest({ numeroCarteirinha: numeroCarteirinhaSchema });
export type GerarQrCodeRequest = z.input<typeof gerarQrCodeRequestSchema>;
export const gerarQrCodeResponseSchema = z.object({
  /** The JWT the QR code carries (inside the verification page's URL). */
  token: z.string(),
  /** The same proof to type at /verificar-carteirinha: 8 characters, 'XXXXXXXX'. */
  codigo: z.string(),
  /** ISO instants. */
  emitidoEm: z.string(),
  expiraEm: z.string(),
  validadeSegundos: z.number().int(),
});
export type GerarQrCodeResponse = z.infer<typeof gerarQrCodeResponseSchema>;

/** POST /api/CarteirinhaDigital/BaixarPdf (member) — the card as a tagged PDF (application/pdf). */
export const baixarCarteirinhaPdfRequestSchema = membroRequest({ numeroCarteirinha: numeroCarteirinhaSchema });
export type BaixarCarteirinhaPdfRequest = z.input<typeof baixarCarteirinhaPdfRequestSchema>;

const MENSAGEM_ENTRADA = 'Informe o código do QR Code ou o código de verificação de 8 caracteres.';

/**
 * POST /api/CarteirinhaDigital/Verificar (app token, no member session) — what a clinic sees
 * about a card: `token` is the QR's JWT or the typed 8-character code (dashes and spaces ignored).
 */
export const verificarCarteirinhaRequestSchema = z.object({
  token: z
    .string({ error: MENSAGEM_ENTRADA })
    .trim()
    .min(1, MENSAGEM_ENTRADA)
    .max(1024, MENSAGEM_ENTRADA)
    .transform((t, ctx) => {
      if (pareceTokenQr(t)) return { tipo: 'qr' as const, valor: t };
      const codigo = normalizarCodigoVerificacao(t);
      if (codigo) return { tipo: 'codigo' as const, valor: codigo };
      ctx.addIssue({ code: 'custom', message: MENSAGEM_ENTRADA });
      return z.NEVER;
    }),
});
export type VerificarCarteirinhaRequest = z.input<typeof verificarCarteirinhaRequestSchema>;

/**
 * VALIDA: the card covers today. INATIVA: the proof is genuine but the plan no longer covers this
 * beneficiary. EXPIRADA: the proof is genuine and too old. INVALIDA: not issued by this portal
 * (altered, made up, or unknown code). Only a genuine, unexpired proof says whose card it is.
 */
export const SITUACOES_VERIFICACAO = ['VALIDA', 'INATIVA', 'EXPIRADA', 'INVALIDA'] as const;
export type SituacaoVerificacao = (typeof SITUACOES_VERIFICACAO)[number];

export const verificarCarteirinhaResponseSchema = z.object({
  situacao: z.enum(SITUACOES_VERIFICACAO),
  /** What the page says, in Portuguese. */
  mensagem: z.string(),
  /** ISO instant of the check; `dia` is that day in São Paulo (AAAA-MM-DD). */
  verificadoEm: z.string(),
  dia: z.string(),
  /** Name and plan only (no CPF, no card number, no other personal data); null unless VALIDA or INATIVA. */
  beneficiario: z
    .object({
      nome: z.string(),
      nomeSocial: z.string().nullable(),
      plano: z.string(),
      registroAnsPlano: z.string().nullable(),
    })
    .nullable(),
});
export type VerificarCarteirinhaResponse = z.infer<typeof verificarCarteirinhaResponseSchema>;
