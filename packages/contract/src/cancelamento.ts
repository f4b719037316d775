import { z } from 'zod';
import { codigoSchema, membroRequest } from './comum';
import { textoLivre } from './texto';
import { codigosBeneficiariosAlvoSchema, protocoloCampos } from './servicos';

/**
 * Online cancellation of the plan by the holder (RN 561/2022, which consolidated RN 412/2016;
 * decision 0018). Ours (docs/produto/README.md, "The member's areas"): /api/Cancelamento/*, page /cancelamento.
 */

/** What is cancelled: the whole contract (every beneficiary) or chosen dependents. */
export const ABRANGENCIAS_CANCELAMENTO = ['CONTRATO', 'DEPENDENTES'] as const;
export type AbrangenciaCancelamento = (typeof ABRANGENCIAS_CANCELAMENTO)[number];

export const SO_TITULAR_CANCELA =
  'Apenas o titular que é responsável financeiro pelo contrato pode pedir o cancelamento do plano.';

/**
 * The consequences the regulation says the member must be told before the request (RN 412/2016
 * art. 15, kept by RN 561/2022). The screen, the stored request and the proof (comprovante) all use
 * this text; a new wording gets a new `versao`.
 */
export const CONSEQUENCIAS_VERSAO = '2026-11-01';
export function consequenciasCancelamento(abrangencia: AbrangenciaCancelamento): string[] {
  return [
    abrangencia === 'CONTRATO'
      ? 'A cobertura de todos os beneficiários do contrato termina na data deste pedido. O cancelamento vale a partir do momento em que recebemos o pedido e não pode ser desfeito depois de confirmado.'
      : 'A cobertura dos dependentes escolhidos termina na data deste pedido. A exclusão vale a partir do momento em que recebemos o pedido e não pode ser desfeita depois de confirmada.',
    'Se entrar em outro plano de saúde depois, poderá ter de cumprir novos prazos de carência e preencher uma nova declaração de saúde; havendo doença ou lesão preexistente, poderá haver Cobertura Parcial Temporária (CPT). Isso não se aplica se você usar a portabilidade de carências, que precisa ser pedida antes do cancelamento.',
    'Mensalidades já vencidas ou em aberto continuam devidas, mesmo após o cancelamento.',
    'A coparticipação de atendimentos feitos antes do cancelamento ainda pode ser cobrada.',
    'Atendimentos feitos depois do cancelamento, inclusive de urgência ou emergência, não serão cobertos pelo plano.',
    ...(abrangencia === 'CONTRATO' ? ['Com o fim do contrato, todos os dependentes também perdem a cobertura.'] : []),
    'Faturas, recibos e informes para o Imposto de Renda continuam disponíveis no portal, em Financeiro, por 5 anos.',
  ];
}

/** One cancellation made from the portal (the answer of Confirmar, and the list in Opcoes). */
export const cancelamentoConcluidoSchema = z.object({
  abrangencia: z.enum(ABRANGENCIAS_CANCELAMENTO),
  /** ISO instant the request was received (= when it took effect). */
  solicitadoEm: z.string(),
  /** ISO date coverage ended (the request's day in São Paulo). */
  dataCancelamento: z.string(),
  beneficiariosCancelados: z.array(z.object({ codigoBeneficiario: z.string(), nome: z.string() })),
  ...protocoloCampos,
});
export type CancelamentoConcluido = z.infer<typeof cancelamentoConcluidoSchema>;

/** POST /api/Cancelamento/Opcoes — what may be cancelled, the open installments and the texts. */
export const opcoesCancelamentoRequestSchema = membroRequest({});
export const beneficiarioCancelavelSchema = z.object({
  codigoBeneficiario: z.string(),
  nome: z.string(),
  tipo: z.enum(['TITULAR', 'DEPENDENTE']),
  parentesco: z.string().nullable(),
});
export type BeneficiarioCancelavel = z.infer<typeof beneficiarioCancelavelSchema>;
export const parcelaEmAbertoSchema = z.object({
  codigoMensalidade: z.string(),
  /** 'MM/AAAA' */
  competencia: z.string(),
  /** ISO date */
  vencimento: z.string(),
  valor: z.number(),
});
export type ParcelaEmAberto = z.infer<typeof parcelaEmAbertoSchema>;
export const opcoesCancelamentoResponseSchema = z.object({
  codigoContrato: z.string(),
  plano: z.string(),
  /** Active beneficiaries of the contract, the holder first. */
  beneficiarios: z.array(beneficiarioCancelavelSchema),
  parcelasEmAberto: z.array(parcelaEmAbertoSchema),
  consequencias: z.object({
    versao: z.string(),
    CONTRATO: z.array(z.string()),
    DEPENDENTES: z.array(z.string()),
  }),
  /** Masked mobile the code will go to, or null (no mobile on file: the portal cannot confirm). */
  celular: z.string().nullable(),
  /** ISO date the member's own coverage ended, or null while it runs. */
  dataCancelamento: z.string().nullable(),
  /** Cancellations asked for from the portal on this contract, newest first (their proofs stay available). */
  cancelamentos: z.array(cancelamentoConcluidoSchema),
});
export type OpcoesCancelamento = z.infer<typeof opcoesCancelamentoResponseSchema>;

/**
 * The selection: the whole contract (no codes) or chosen dependents (at least one code). Shared by
 * the acknowledgement and the confirmation, which must carry the same selection.
 */
const selecao = {
  abrangencia: z.enum(ABRANGENCIAS_CANCELAMENTO, { error: 'Escolha o que deseja cancelar.' }),
  codigoMatriculasBeneficiariosAlvo: codigosBeneficiariosAlvoSchema.optional(),
};
function selecaoCoerente(v: {
  abrangencia: AbrangenciaCancelamento;
  codigoMatriculasBeneficiariosAlvo?: string[] | undefined;
}) {
  return v.abrangencia === 'CONTRATO'
    ? v.codigoMatriculasBeneficiariosAlvo === undefined
    : (v.codigoMatriculasBeneficiariosAlvo?.length ?? 0) > 0;
}
const INCOERENTE =
  'Para cancelar o contrato inteiro não escolha beneficiários; para excluir dependentes, escolha pelo menos um.';

/**
 * POST /api/Cancelamento/RegistrarCiencia — the member read the consequences for this selection
 * ('Li e estou ciente das consequências'); recorded with the text version, then a code may be sent.
 */
export const cienciaCancelamentoRequestSchema = membroRequest({
  ...selecao,
  cienteConsequencias: z.literal(true, { error: 'Marque que leu e está ciente das consequências.' }),
  versaoConsequencias: textoLivre().max(40, 'Versão do texto inválida.'),
}).refine(selecaoCoerente, { message: INCOERENTE, path: ['codigoMatriculasBeneficiariosAlvo'] });
export type CienciaCancelamentoRequest = z.input<typeof cienciaCancelamentoRequestSchema>;
export const cienciaCancelamentoResponseSchema = z.object({ sucesso: z.literal(true), mensagem: z.string() });
export type CienciaCancelamentoResponse = z.infer<typeof cienciaCancelamentoResponseSchema>;

/** POST /api/Cancelamento/EnviarSms — the 6-digit code for the acknowledged selection. */
export const enviarSmsCancelamentoRequestSchema = membroRequest({});
export const enviarSmsCancelamentoResponseSchema = z.object({
  sucesso: z.literal(true),
  mensagem: z.string(),
  destino: z.string(),
});
export type EnviarSmsCancelamentoResponse = z.infer<typeof enviarSmsCancelamentoResponseSchema>;

/** POST /api/Cancelamento/Confirmar — Idempotency-Key; the code and the same selection again. */
export const confirmarCancelamentoRequestSchema = membroRequest({
  ...selecao,
  codigoToken: codigoSchema,
}).refine(selecaoCoerente, { message: INCOERENTE, path: ['codigoMatriculasBeneficiariosAlvo'] });
export type ConfirmarCancelamentoRequest = z.input<typeof confirmarCancelamentoRequestSchema>;
export const confirmarCancelamentoResponseSchema = z.object({
  sucesso: z.literal(true),
  dados: cancelamentoConcluidoSchema,
});
export type ConfirmarCancelamentoResponse = z.infer<typeof confirmarCancelamentoResponseSchema>;

/** POST /api/Cancelamento/Comprovante — the proof PDF of one cancellation of the member's contract. */
export const comprovanteCancelamentoRequestSchema = membroRequest({
  protocolo: z.string({ error: 'Informe o protocolo.' }).regex(/^\d{20}$/, 'Protocolo inválido.'),
});
