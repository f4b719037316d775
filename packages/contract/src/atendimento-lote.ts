import { z } from 'zod';
import { LOTE_MAXIMO } from './atendimento-regras';

export { LOTE_MAXIMO, resumoDoLote } from './atendimento-regras';

/**
 * Bulk actions on the console's queue (issue 31, "Answer fast"): take a selection, or answer it
 * with one template. Each protocol is decided by the same rules as the single action, in its own
 * transaction, and answered one by one: ok, or refused with the reason in Portuguese.
 */

const itemDoLoteSchema = z.object({
  numero: z
    .string({ error: 'Número de protocolo inválido: informe os 20 dígitos, sem pontos.' })
    .regex(/^\d{20}$/, 'Número de protocolo inválido: informe os 20 dígitos, sem pontos.'),
  versao: z
    .number({ error: 'versao inválida.' })
    .int('versao inválida.')
    .describe('A versao do protocolo que a fila leu (itemFilaAtendimento.versao).'),
});

const itensDoLoteSchema = z
  .array(itemDoLoteSchema, { error: 'itens deve ser uma lista de protocolos.' })
  .min(1, 'Selecione ao menos um protocolo.')
  .max(LOTE_MAXIMO, `Selecione no máximo ${LOTE_MAXIMO} protocolos por vez.`)
  .refine((i) => new Set(i.map((x) => x.numero)).size === i.length, 'Protocolo repetido na seleção.');

/**
 * POST /api/atendimento/protocolos/em-lote/assumir: each protocol is mine, by the rule of
 * 'Assumir' (decidirResponsavel). Taking a case does not change the protocol (decision 0055): the
 * versao is not checked here.
 */
export const assumirEmLoteRequestSchema = z.object({ itens: itensDoLoteSchema });
export type AssumirEmLoteRequest = z.input<typeof assumirEmLoteRequestSchema>;

/**
 * POST /api/atendimento/protocolos/em-lote/responder: each protocol answered (Concluído) with the
 * template's text, where the template is for its kind and the kind needs no decision of its own;
 * a protocol changed since the queue read it (versao) is refused.
 */
export const responderEmLoteRequestSchema = z.object({
  modeloId: z.string({ error: 'Escolha o modelo de resposta.' }).regex(/^[0-9]{1,18}$/, 'Modelo de resposta inválido.'),
  itens: itensDoLoteSchema,
});
export type ResponderEmLoteRequest = z.input<typeof responderEmLoteRequestSchema>;

export const resultadoDoLoteSchema = z.object({
  numero: z.string(),
  resultado: z.enum(['ok', 'recusado']),
  motivo: z.string().nullable().describe('Por que foi recusado (null quando ok).'),
});
export type ResultadoDoLote = z.infer<typeof resultadoDoLoteSchema>;

export const loteResponseSchema = z.object({
  resultados: z.array(resultadoDoLoteSchema).describe('Um por protocolo, na ordem enviada.'),
});
export type LoteResponse = z.infer<typeof loteResponseSchema>;
