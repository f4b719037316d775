import { z } from 'zod';
import { codigoBeneficiarioSchema } from './autorizacoes';
import { codigoSchema, membroRequest } from './comum';

/**
 * Member requests (issue 7, decision 0012) and the add-on services SOS and orthopedic plan
 * (docs/produto/comercial.md, "Screens", docs/produto/comercial.md "Data", docs/produto/comercial.md "Calls").
 */

/**
 * `Idempotency-Key` of a request that stores something: a UUID per submission, reused by the
 * browser's retries. The server answers a retry with the first answer (decision 0012). Optional
 * (docs/produto/comum.md, "Calls"), so a client that never sends it still works (its duplicates
 * are caught by the data rules).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      'A chave de idempotência (Idempotency-Key) deve ser um UUID.',
    )
    .optional(),
});

/** Added to the answer of every stored request: the protocol the member can quote (RN 623/2024). */
export const protocoloCampos = {
  /** 20 digits: operator's ANS registration + AAAAMMDD + daily sequence. */
  protocolo: z.string().regex(/^\d{20}$/),
  /** ISO date by which the operator answers (7 business days for these requests). */
  prazoResposta: z.string(),
};

/** The two add-ons; `segmento` is their path under /api/Servicos/. */
export const SERVICOS_ADICIONAIS = {
  sos: { codigo: 'SOS', segmento: 'Sos', nome: 'SOS' },
  ortopedico: { codigo: 'ORTOPEDICO', segmento: 'Ortopedico', nome: 'Plano Ortopédico' },
} as const;
export type ServicoAdicional = keyof typeof SERVICOS_ADICIONAIS;
export type CodigoServico = (typeof SERVICOS_ADICIONAIS)[ServicoAdicional]['codigo'];

export const MAX_BENEFICIARIOS_SELECIONADOS = 20;

/** codigoMatriculasBeneficiariosAlvo: at least one beneficiary code, each once. */
export const codigosBeneficiariosAlvoSchema = z
  .array(codigoBeneficiarioSchema, { error: 'Selecione pelo menos um beneficiário.' })
  .min(1, 'Selecione pelo menos um beneficiário.')
  .max(MAX_BENEFICIARIOS_SELECIONADOS, 'Selecione no máximo 20 beneficiários.')
  .refine((l) => new Set(l).size === l.length, 'Um beneficiário foi selecionado mais de uma vez.');

/** POST /api/Servicos/{Sos|Ortopedico}/Beneficiarios — the offer (financial responsible only). */
export const ofertaServicoRequestSchema = membroRequest({});
export const beneficiarioOfertaSchema = z.object({
  codigoBeneficiario: z.string(),
  nome: z.string(),
  temAcessorioContratado: z.boolean(),
});
export type BeneficiarioOferta = z.infer<typeof beneficiarioOfertaSchema>;
export const ofertaServicoResponseSchema = z.object({
  beneficiarios: z.array(beneficiarioOfertaSchema),
  /** Price per beneficiary per month, in reais. */
  valorParaContratacao: z.number(),
  /** ISO date the coverage starts if contracted today (first day of next month). */
  dataInicioVigenciaAposContratacao: z.string(),
  linkTermoAdesao: z.string(),
  linkContrato: z.string(),
});
export type OfertaServico = z.infer<typeof ofertaServicoResponseSchema>;

/**
 * POST /api/Servicos/{…}/AceiteTermoAdesao — the member accepted the adhesion term and the
 * contract for these beneficiaries (recorded with who, when and the documents' addresses).
 */
export const aceiteTermoAdesaoRequestSchema = membroRequest({
  codigoMatriculasBeneficiariosAlvo: codigosBeneficiariosAlvoSchema,
});
export type AceiteTermoAdesaoRequest = z.input<typeof aceiteTermoAdesaoRequestSchema>;
export const aceiteTermoAdesaoResponseSchema = z.object({ sucesso: z.literal(true), mensagem: z.string() });
export type AceiteTermoAdesaoResponse = z.infer<typeof aceiteTermoAdesaoResponseSchema>;

/** POST /api/Servicos/{…}/EnviarSms — the 6-digit code for the accepted selection, to the mobile on file. */
export const enviarSmsServicoRequestSchema = membroRequest({});
export const enviarSmsServicoResponseSchema = z.object({
  sucesso: z.literal(true),
  mensagem: z.string(),
  /** Masked mobile the code went to: '(11) *****-4321'. */
  destino: z.string(),
});
export type EnviarSmsServicoResponse = z.infer<typeof enviarSmsServicoResponseSchema>;

/**
 * POST /api/Servicos/{…}/ConfirmarContratacao — codigoToken as an integer (docs/produto/comercial.md, "Validation") or text. The
 * selection may be sent again (our addition): it must be the one the code was sent for.
 */
export const confirmarContratacaoRequestSchema = membroRequest({
  codigoToken: codigoSchema,
  codigoMatriculasBeneficiariosAlvo: codigosBeneficiariosAlvoSchema.optional(),
});
export type ConfirmarContratacaoRequest = z.input<typeof confirmarContratacaoRequestSchema>;
export const contratacaoConcluidaSchema = z.object({
  /** ISO instant the contracting was concluded. */
  dataConclusaoContratacao: z.string(),
  /** ISO date the coverage starts. */
  dataInicioVigencia: z.string(),
  /** Names of the beneficiaries now covered. */
  beneficiariosContratados: z.array(z.string()),
  valorTotal: z.number(),
  ...protocoloCampos,
});
export type ContratacaoConcluida = z.infer<typeof contratacaoConcluidaSchema>;
/** The result is in response.dados (docs/produto/comercial.md, "Calls"). */
export const confirmarContratacaoResponseSchema = z.object({
  sucesso: z.literal(true),
  dados: contratacaoConcluidaSchema,
});
export type ConfirmarContratacaoResponse = z.infer<typeof confirmarContratacaoResponseSchema>;
