import { z } from 'zod';
import { financeiroRequest } from './comum';

/**
 * docs/produto/financeiro.md "Calls". Every call sends `PerfilAutenticado` (either spelling is accepted). Who may
 * ask what (docs/produto/financeiro.md, "Who may use it", enforced again by the API):
 * - financial profiles (`isPerfilFinanceiro`, packages/contract/src/perfis.ts): installments,
 *   barcode, boleto, PIX, receipts, the IRPF informe and the debt-clearance letter;
 * - co-participative profiles, financial or not: the co-participation statements (a dependant
 *   sees only their own items);
 * - anything of another contract reads as 404 NAO_ENCONTRADO.
 */

/** An installment code as the client sends it (text or number); always digits afterwards. */
export const codigoMensalidadeSchema = z
  .union([z.string().trim().max(20, 'Mensalidade inválida.'), z.number().int().nonnegative()], {
    error: 'Informe a mensalidade.',
  })
  .transform((v) => String(v))
  .refine((v) => /^\d{1,20}$/.test(v), { message: 'Mensalidade inválida.' });

/** A calendar year (number or digits). */
export const anoSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{4}$/, 'Ano inválido.'),
    ],
    { error: 'Informe o ano.' },
  )
  .transform((v) => Number(v))
  .refine((n) => Number.isInteger(n) && n >= 2000 && n <= 2100, { message: 'Ano inválido.' });

/** A month 1–12 (number or digits). */
export const mesSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/, 'Mês inválido.'),
    ],
    { error: 'Informe o mês.' },
  )
  .transform((v) => Number(v))
  .refine((n) => Number.isInteger(n) && n >= 1 && n <= 12, { message: 'Mês inválido.' });

/** docs/produto/financeiro.md "States": 'Pago' shows the blue badge and 'Ver Recibo'; anything else is 'Em Aberto' with 'Pagar Fatura'. */
export const STATUS_PARCELA = { pago: 'Pago', emAberto: 'Em Aberto' } as const;

/** docs/produto/financeiro.md "Data". Amounts in reais (two decimals), dates as ISO YYYY-MM-DD. */
export const parcelaSchema = z.object({
  codigoMensalidade: z.string(),
  valor: z.number(),
  vencimento: z.string(),
  status: z.string(),
  /** 'MM/AAAA' */
  competencia: z.string(),
  mescompetencia: z.number().int(),
  anocompetencia: z.number().int(),
  /** Set when paid. */
  dataPagamento: z.string().nullable(),
  /**
   * Open and past its due date (São Paulo calendar; a due date on a weekend or holiday is payable
   * up to the next business day). Beyond the fields of docs/produto/financeiro.md ("Data"): the list
   * shows 'Vencida há N dias' ("States").
   */
  vencida: z.boolean(),
  /** Calendar days since `vencimento` when `vencida`, else 0. */
  diasAtraso: z.number().int().nonnegative(),
});
export type Parcela = z.infer<typeof parcelaSchema>;

/** POST /api/Financeiro/ListarParcelas — the installments of the last 12 months, newest first (docs/produto/financeiro.md, "Limits"). */
export const listarParcelasRequestSchema = financeiroRequest({});
export const listarParcelasResponseSchema = z.array(parcelaSchema);
export type ListarParcelasResponse = z.infer<typeof listarParcelasResponseSchema>;

/** Body of the calls about one installment: CodigoBarras, BaixarBoleto, Pix, Recibo. */
export const mensalidadeRequestSchema = financeiroRequest({ codigoMensalidade: codigoMensalidadeSchema });
export type MensalidadeRequest = z.input<typeof mensalidadeRequestSchema>;

/** An overdue installment's updated amount (decision 0021): original, fine once, interest pro rata die. */
export const atualizacaoSchema = z.object({
  vencimentoOriginal: z.string(),
  valorOriginal: z.number(),
  diasAtraso: z.number().int().positive(),
  multaPercentual: z.number(),
  multa: z.number(),
  jurosMensalPercentual: z.number(),
  juros: z.number(),
});
export type Atualizacao = z.infer<typeof atualizacaoSchema>;

/**
 * POST /api/Financeiro/CodigoBarras — an open installment's boleto digits (FEBRABAN). `codigoBarras`
 * is the 47-digit typeable line, what a member copies into a bank app (spec: 'Response codigoBarras').
 */
export const codigoBarrasResponseSchema = z.object({
  /** Typeable line, 47 digits, no separators. */
  codigoBarras: z.string(),
  /** The same line in its 5 printed groups: AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE. */
  linhaDigitavel: z.string(),
  /** The 44 digits the bars encode. */
  barras: z.string(),
  /** What this boleto charges and its due date: for an updated boleto, the total and today. */
  valor: z.number(),
  vencimento: z.string(),
  /** Set on an updated boleto of an overdue installment: what its amount is made of. */
  atualizacao: atualizacaoSchema.nullable(),
  /** Overdue, and the operator asks to follow this text instead of an updated boleto. */
  instrucaoAtraso: z.string().nullable(),
});
export type CodigoBarrasResponse = z.infer<typeof codigoBarrasResponseSchema>;

/**
 * POST /api/Financeiro/Pix — a static PIX BR Code for an open installment, when the operator
 * configuration has a PIX key (otherwise 422 DOCUMENTO_INDISPONIVEL: the tab says 'em breve').
 */
export const pixResponseSchema = z.object({
  /** The "Pix copia e cola" payload (EMV, CRC16 in field 63). */
  copiaECola: z.string(),
  /** The same payload as a QR code, an SVG document. */
  qrCodeSvg: z.string(),
  /** The amount in field 54: for an overdue installment, the updated total (see CodigoBarras). */
  valor: z.number(),
  atualizacao: atualizacaoSchema.nullable(),
  /** Identifier of the installment in the payload (field 62-05). */
  txid: z.string(),
});
export type PixResponse = z.infer<typeof pixResponseSchema>;

/** One line of a co-participation statement. */
export const itemCoParticipacaoSchema = z.object({
  /** ISO date of the service. */
  data: z.string(),
  beneficiario: z.string(),
  descricao: z.string(),
  prestador: z.string(),
  valor: z.number(),
});
export type ItemCoParticipacao = z.infer<typeof itemCoParticipacaoSchema>;

export const competenciaCoParticipacaoSchema = z.object({
  anoCompetencia: z.number().int(),
  mesCompetencia: z.number().int(),
  /** 'MM/AAAA' */
  competencia: z.string(),
  total: z.number(),
  itens: z.array(itemCoParticipacaoSchema),
});
export type CompetenciaCoParticipacao = z.infer<typeof competenciaCoParticipacaoSchema>;

/**
 * POST /api/Financeiro/ListarExtratoCoParticipacao — the co-participation items of the last 12
 * competences, newest first (the statement dialog and the 'Extrato de Coparticipação' list).
 */
export const listarExtratoCoParticipacaoRequestSchema = financeiroRequest({});
export const listarExtratoCoParticipacaoResponseSchema = z.object({ dados: z.array(competenciaCoParticipacaoSchema) });
export type ListarExtratoCoParticipacaoResponse = z.infer<typeof listarExtratoCoParticipacaoResponseSchema>;

/** POST /api/Financeiro/ExtratoCoParticipacao — the statement of one competence, a PDF. */
export const extratoCoParticipacaoRequestSchema = financeiroRequest({
  anoCompetencia: anoSchema,
  mesCompetencia: mesSchema,
});
export type ExtratoCoParticipacaoRequest = z.input<typeof extratoCoParticipacaoRequestSchema>;

/** docs/produto/financeiro.md "Data". */
export const itemIrpfSchema = z.object({ descricao: z.string(), ano: z.number().int(), valor: z.number() });
export type ItemIrpf = z.infer<typeof itemIrpfSchema>;

/**
 * POST /api/Financeiro/ListarExtratoIRPF — the items of one year (`ano`; without it the newest
 * year with data); the list is in response.dados, `anos` holds every year that has data.
 */
export const listarExtratoIrpfRequestSchema = financeiroRequest({ ano: anoSchema.optional() });
export const listarExtratoIrpfResponseSchema = z.object({
  dados: z.array(itemIrpfSchema),
  anos: z.array(z.number().int()),
  /**
   * Reimbursements paid in the year (issue 18), per beneficiary: not plan payments, so not in
   * `dados` (nor its total); the member subtracts them from the provider expense declared. Present
   * only when there is one.
   */
  reembolsos: z.array(itemIrpfSchema).optional(),
});
export type ListarExtratoIrpfResponse = z.infer<typeof listarExtratoIrpfResponseSchema>;

/** POST /api/Financeiro/ExtratoIRPF — the informe of payments of one calendar year, a PDF. */
export const extratoIrpfRequestSchema = financeiroRequest({ ano: anoSchema });
export type ExtratoIrpfRequest = z.input<typeof extratoIrpfRequestSchema>;

/**
 * POST /api/Financeiro/DeclaracaoQuitacao — the annual debt-clearance letter (Lei 12.007/2009) of
 * a finished year whose installments were all paid, a PDF. A year with an installment still open
 * answers 422 DEBITO_EM_ABERTO naming it.
 */
export const declaracaoQuitacaoRequestSchema = financeiroRequest({ ano: anoSchema });
export type DeclaracaoQuitacaoRequest = z.input<typeof declaracaoQuitacaoRequestSchema>;

/** What the PDF calls answer (OpenAPI: content application/pdf, a binary string). */
export const pdfSchema = z.string().meta({ format: 'binary', contentMediaType: 'application/pdf' });
