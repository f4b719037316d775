import { z } from 'zod';
import { membroRequest } from './common';

/**
 * POST /api/Beneficiario/SituacaoDoPlano (an addition to the spec): the one notion of "this
 * profile's plan" every screen reads — which contract and profile the session is on, and whether
 * its coverage ended (the contract cancelled, or this beneficiary excluded), since when.
 * `perfis` counts the profiles of the CPF (the header offers to switch when there are several).
 */
export const situacaoDoPlanoRequestSchema = membroRequest({});
export type SituacaoDoPlanoRequest = z.input<typeof situacaoDoPlanoRequestSchema>;

export const situacaoDoPlanoResponseSchema = z.object({
  codigoContrato: z.string(),
  codigoPlano: z.string(),
  plano: z.string(),
  tipoPerfil: z.string(),
  /** AAAA-MM-DD when the coverage of this profile ended; null while it is active. */
  dataCancelamento: z.string().nullable(),
  perfis: z.number().int().nonnegative(),
});
export type SituacaoDoPlano = z.infer<typeof situacaoDoPlanoResponseSchema>;
