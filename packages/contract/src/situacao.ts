import { z } from 'zod';
import { membroRequest } from './comum';

/**
 * POST /api/Beneficiario/SituacaoDoPlano (ours: the Home's call in docs/produto/README.md): the one notion of "this
 * profile's plan" every screen reads — whether the coverage of the session's contract and
 * beneficiary ended (the contract cancelled, or this beneficiary excluded), since when.
 * `perfis` counts the profiles of the CPF (the header offers to switch when there are several).
 */
export const situacaoDoPlanoRequestSchema = membroRequest({});
export type SituacaoDoPlanoRequest = z.input<typeof situacaoDoPlanoRequestSchema>;

export const situacaoDoPlanoResponseSchema = z.object({
  /** The session's contract, the one the answer is about. */
  codigoContrato: z.string(),
  /** The coverage of this profile ended (the contract cancelled, or this beneficiary excluded). */
  cancelado: z.boolean(),
  /** AAAA-MM-DD since when, when on file; null while active (or no date on file). */
  dataCancelamento: z.string().nullable(),
  perfis: z.number().int().nonnegative(),
});
export type SituacaoDoPlano = z.infer<typeof situacaoDoPlanoResponseSchema>;
