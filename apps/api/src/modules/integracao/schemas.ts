import { z } from 'zod';
import { apiErrorSchema } from '@portal/contract';
import { escopoSchema } from './chaves';

/**
 * Requests and answers of the integration API /api/integracao/v1 (issue 16). They live with the
 * module, not in packages/contract: that package is the member portal's contract (spec section 7),
 * which an operator's own API must follow; this API is the other way round, the operator's systems
 * calling ours.
 */

const quando = z.iso.datetime().describe('Data e hora (ISO 8601, UTC).');

/** The error answers of the integration routes, all with the one error shape. */
export const ERROS_INTEGRACAO = {
  400: apiErrorSchema.describe('Dados inválidos (mensagem em português).'),
  401: apiErrorSchema.describe('Chave de integração ausente, inválida, expirada ou revogada.'),
  403: apiErrorSchema.describe('A chave não tem o escopo exigido pela chamada.'),
  404: apiErrorSchema.describe('Não encontrado.'),
  429: apiErrorSchema.describe('Limite de chamadas por minuto da chave atingido; aguarde `aguardarSegundos`.'),
} as const;

export const chaveAtualSchema = z
  .object({
    id: z.string().describe('Parte pública da chave (pbk_<id>_…).'),
    nome: z.string(),
    escopos: z.array(escopoSchema),
    chamadasPorMinuto: z.number().int().describe('Limite de chamadas por minuto desta chave.'),
  })
  .describe('A chave que fez a chamada: para conferir a configuração de um sistema da operadora.');

export { quando };
