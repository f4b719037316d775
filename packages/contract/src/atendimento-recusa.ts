import { z } from 'zod';
import { SITUACOES_PROTOCOLO } from './protocolos-regras';
import { situacaoReembolsoDoProtocoloSchema } from './reembolso';
import { textoLivre } from './texto';

/**
 * Pieces of the console's contract kept beside atendimento.ts (which is at its size limit): a line
 * of a protocol's history as the case screen reads it, and refusing an approval awaiting a second
 * person (issue 31, four eyes, decision 0065).
 */

/** One line of a protocol's history in the console: a reimbursement's carries the request's step. */
export const eventoDoCasoSchema = z.object({
  em: z.string().describe('Data e hora (ISO 8601, UTC).'),
  situacao: z.enum(SITUACOES_PROTOCOLO),
  situacaoReembolso: situacaoReembolsoDoProtocoloSchema,
  descricao: z.string(),
});

/** A reimbursement in the console's list, four eyes at a glance: to confirm, or refused and back in analysis. */
export const quatroOlhosDaFilaSchema = z
  .enum(['aguardando-confirmacao', 'recusada'])
  .nullable()
  .describe(
    'aguardando-confirmacao: uma aprovação acima do limite espera um supervisor; recusada: a última aprovação foi recusada e o pedido voltou à análise.',
  );

/** The longest reason a supervisor may give for refusing an approval. */
export const MAXIMO_MOTIVO_RECUSA = 500;

/** POST …/recusa-aprovacao: the reason, which only the staff read (an internal note). */
export const recusarAprovacaoReembolsoRequestSchema = z.object({
  motivo: textoLivre({ multilinha: true, error: 'Escreva o motivo da recusa.' })
    .min(1, 'Escreva o motivo da recusa.')
    .max(MAXIMO_MOTIVO_RECUSA, `O motivo da recusa tem no máximo ${MAXIMO_MOTIVO_RECUSA} caracteres.`),
  versao: z
    .number({ error: 'versao inválida.' })
    .int('versao inválida.')
    .optional()
    .describe('A versao que a tela leu: se o pedido mudou desde então, 409 VERSAO_DESATUALIZADA.'),
});
export type RecusarAprovacaoReembolsoRequest = z.input<typeof recusarAprovacaoReembolsoRequestSchema>;

/** The last approval a supervisor refused, while the request is back in analysis (staff only). */
export const aprovacaoRecusadaSchema = z
  .object({
    valor: z.number().describe('O valor que tinha sido aprovado (reais).'),
    aprovadaPor: z.object({ id: z.string(), nome: z.string() }).describe('Quem tinha aprovado.'),
    recusadaPor: z.object({ id: z.string(), nome: z.string() }).describe('O supervisor que recusou.'),
    em: z.string(),
    motivo: z.string(),
  })
  .nullable()
  .describe('A última aprovação recusada por um supervisor, enquanto o pedido está de volta em análise.');
export type AprovacaoRecusada = z.infer<typeof aprovacaoRecusadaSchema>;
