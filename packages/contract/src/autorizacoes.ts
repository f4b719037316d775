import { z } from 'zod';
import { membroRequest } from './comum';

/** A beneficiary code as the client sends it (the card number): digits, bounded. */
export const codigoBeneficiarioSchema = z
  .string({ error: 'Informe o beneficiário.' })
  .trim()
  .regex(/^\d{1,20}$/, 'Beneficiário inválido.');

/** One beneficiary the member may see (docs/produto/autorizacoes.md, "Data": codigoBeneficiario, nome, plano). */
export const beneficiarioSchema = z.object({
  codigoBeneficiario: z.string(),
  nome: z.string(),
  plano: z.string(),
});
export type Beneficiario = z.infer<typeof beneficiarioSchema>;

/**
 * POST /api/Autorizacoes/Beneficiarios — the contract's beneficiaries the member may see: a
 * holder or the financial responsible sees every one, a dependant only themself (docs/produto/autorizacoes.md, "Who may use it").
 */
export const autorizacoesBeneficiariosRequestSchema = membroRequest({});
export const autorizacoesBeneficiariosResponseSchema = z.array(beneficiarioSchema);

/** docs/produto/autorizacoes.md "Limits": aprovado, pendente, negado (the client treats anything else as pendente). */
export const STATUS_AUTORIZACAO = ['aprovado', 'pendente', 'negado'] as const;

export const procedimentoAutorizadoSchema = z.object({
  /** TUSS code, 8 digits. */
  codigoProcedimento: z.string(),
  descricaoProcedimento: z.string(),
});

export const autorizacaoSchema = z.object({
  /** ISO date-time of the request. */
  dataSolicitacao: z.string(),
  prestadorSolicitante: z.string(),
  statusProcedimento: z.string(),
  procedimentos: z.array(procedimentoAutorizadoSchema),
  numeroTransacao: z.string(),
});
export type Autorizacao = z.infer<typeof autorizacaoSchema>;

/**
 * POST /api/Autorizacoes/ListarAutorizacoes — newest first. A beneficiary outside what the member
 * may see (another contract, or a relative for a dependant) answers 404 NAO_ENCONTRADO.
 */
export const listarAutorizacoesRequestSchema = membroRequest({ codigoBeneficiario: codigoBeneficiarioSchema });
export type ListarAutorizacoesRequest = z.input<typeof listarAutorizacoesRequestSchema>;
export const listarAutorizacoesResponseSchema = z.object({ autorizacoes: z.array(autorizacaoSchema) });
export type ListarAutorizacoesResponse = z.infer<typeof listarAutorizacoesResponseSchema>;
