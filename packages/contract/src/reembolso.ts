import { isValidCnpj, isValidCpf, onlyDigits } from '@portal/br';
import { z } from 'zod';
import { cpfSchema, membroRequest } from './comum';
import { textoLivre } from './texto';
import { protocoloCampos } from './servicos';
import { dataIso } from './venda';
import { DOCUMENTOS_REEMBOLSO, SITUACOES_REEMBOLSO } from './reembolso-regras';

/**
 * Reembolso (issue 18, decision 0034): the member asks the operator to pay back care paid out of
 * pocket (free choice of provider), with receipts uploaded one file at a time, follows the request
 * through its statuses and downloads the 'Demonstrativo de reembolso'.
 */

/** Kinds of care (docs/produto/README.md, "Reimbursement"; 'honorarios' = fees of a professional in a hospital stay). */
export const TIPOS_REEMBOLSO = ['consulta', 'exame', 'terapia', 'honorarios', 'internacao'] as const;
export type TipoReembolso = (typeof TIPOS_REEMBOLSO)[number];
export const ROTULOS_TIPO_REEMBOLSO: Record<TipoReembolso, string> = {
  consulta: 'Consulta',
  exame: 'Exame',
  terapia: 'Terapia',
  honorarios: 'Honorários médicos',
  internacao: 'Internação',
};
/** These kinds need the medical request (pedido médico) among the attachments. */
export const TIPOS_COM_PEDIDO_MEDICO: readonly TipoReembolso[] = ['exame', 'terapia', 'internacao'];

export {
  DOCUMENTOS_REEMBOLSO,
  type DocumentoReembolso,
  documentosAceitosNaResposta,
  proximoDocumentoPedido,
  ROTULOS_DOCUMENTO_REEMBOLSO,
  ROTULOS_SITUACAO_REEMBOLSO,
  SITUACOES_REEMBOLSO,
  type SituacaoReembolso,
} from './reembolso-regras';

/** Limits of the attachments and the request (decision 0034). */
export const LIMITES_REEMBOLSO = {
  /** Bytes per file as sent (10 MB). */
  bytesPorArquivo: 10 * 1024 * 1024,
  /** Attachment ids per request (and per answer to a 'pendente'). */
  arquivosPorPedido: 10,
  /** Largest side of an image, in pixels (a zip-bomb image is refused before decoding). */
  ladoMaximoImagem: 8000,
  /** Pixels of an image (40 megapixels). */
  pixelsMaximos: 40_000_000,
  /** Largest amount paid, in reais. */
  valorMaximo: 500_000,
  /** How old the date of care may be, in days (the operator's limit). */
  diasMaximosAtendimento: 365,
  /** The legal deadline to pay, in calendar days from complete documentation (Lei 9.656/98, art. 12, VI). */
  diasParaPagamento: 30,
} as const;

/** The content types accepted (checked by the file's content, not by its name or header). */
export const TIPOS_ARQUIVO_REEMBOLSO = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;

/** The header that carries the session code on an upload (its body is the file itself). */
export const CODIGO_SESSAO_HEADER = 'x-codigo-sessao';

const dia = (mensagem: string) =>
  z
    .string({ error: mensagem })
    .max(10, mensagem)
    .transform((v, ctx) => {
      const iso = dataIso(v.trim());
      if (iso) return iso;
      ctx.addIssue({ code: 'custom', message: mensagem });
      return z.NEVER;
    });

/** Reais with at most 2 decimals, > 0 and at most LIMITES_REEMBOLSO.valorMaximo. */
export const valorReembolsoSchema = z
  .number({ error: 'Informe o valor pago.' })
  .refine((v) => Number.isFinite(v) && v > 0, { error: 'O valor pago deve ser maior que zero.', abort: true })
  .refine((v) => v <= LIMITES_REEMBOLSO.valorMaximo, {
    error: `O valor pago passa do limite de R$ ${LIMITES_REEMBOLSO.valorMaximo.toLocaleString('pt-BR')},00. Confira o valor.`,
    abort: true,
  })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Informe o valor com até 2 casas decimais.');

const tipoSchema = z.enum(TIPOS_REEMBOLSO, { error: 'Selecione o tipo de atendimento.' });
const codigoTussSchema = z
  .string({ error: 'Código TUSS inválido.' })
  .trim()
  .regex(/^\d{8}$/, 'Código TUSS inválido: informe os 8 números.');

const idAnexoSchema = z.string({ error: 'Anexo inválido.' }).regex(/^anx_[0-9a-f]{32}$/, 'Anexo inválido.');
const anexosSchema = z
  .array(idAnexoSchema, { error: 'Anexe os documentos.' })
  .min(1, 'Anexe os documentos.')
  .max(LIMITES_REEMBOLSO.arquivosPorPedido, `Anexe no máximo ${LIMITES_REEMBOLSO.arquivosPorPedido} arquivos.`)
  .refine((l) => new Set(l).size === l.length, 'O mesmo anexo foi informado duas vezes.');

/** Councils of the professionals who issue receipts. */
export const CONSELHOS = ['CRM', 'CRO', 'CRP', 'CREFITO', 'CRFa', 'CRN', 'COREN', 'CREFONO'] as const;
export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ',
  'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const; // prettier-ignore

/** CPF (a professional) or CNPJ (a clinic, lab, hospital), with check digits; digits only after parsing. */
const documentoPrestadorSchema = z
  .union([z.string().max(20, 'CPF ou CNPJ do prestador inválido.'), z.number().int().nonnegative()], {
    error: 'Informe o CPF ou CNPJ do prestador.',
  })
  .transform((v) => onlyDigits(v))
  .refine((v) => (v.length === 11 ? isValidCpf(v) : v.length === 14 && isValidCnpj(v)), {
    message: 'CPF ou CNPJ do prestador inválido.',
  });

const numeroReciboSchema = z
  .string({ error: 'Informe o número do recibo ou da nota fiscal.' })
  .trim()
  .min(1, 'Informe o número do recibo ou da nota fiscal.')
  .max(44, 'Número do recibo muito longo.')
  .regex(/^[\w./-]+$/, 'Número do recibo inválido.');

export const prestadorReembolsoSchema = z
  .object(
    {
      /** CPF (a professional) or CNPJ (a clinic, lab, hospital), with check digits. */
      documento: documentoPrestadorSchema,
      nome: textoLivre({ nome: true, error: 'Informe o nome do prestador.' })
        .min(2, 'Informe o nome do prestador.')
        .max(120, 'Nome do prestador muito longo.'),
      conselho: z.enum(CONSELHOS, { error: 'Conselho profissional inválido.' }).optional(),
      numeroConselho: z
        .string({ error: 'Número no conselho inválido.' })
        .trim()
        .regex(/^\d{1,10}$/, 'Número no conselho inválido.')
        .optional(),
      ufConselho: z.enum(UFS, { error: 'UF do conselho inválida.' }).optional(),
    },
    { error: 'Informe o prestador.' },
  )
  .superRefine((p, ctx) => {
    // A professional (CPF) is identified by their council registration: council, number and UF.
    if (p.documento.length === 11 && (!p.conselho || !p.numeroConselho || !p.ufConselho)) {
      ctx.addIssue({
        code: 'custom',
        path: ['conselho'],
        message: 'Para um profissional (CPF), informe o conselho, o número e a UF do registro.',
      });
    }
  });

/** Where the holder receives the money: a bank account or a PIX key. */
export const dadosPagamentoSchema = z.discriminatedUnion(
  'forma',
  [
    z.object({
      forma: z.literal('conta'),
      banco: z
        .string({ error: 'Informe o banco.' })
        .trim()
        .regex(/^\d{3}$/, 'Banco inválido: informe os 3 números.'),
      agencia: z
        .string({ error: 'Informe a agência.' })
        .trim()
        .regex(/^\d{1,5}(-?[\dxX])?$/, 'Agência inválida.'),
      conta: z
        .string({ error: 'Informe a conta.' })
        .trim()
        .regex(/^\d{1,12}-?[\dxX]$/, 'Conta inválida: informe o número com o dígito.'),
      tipoConta: z.enum(['corrente', 'poupanca'], { error: 'Informe se a conta é corrente ou poupança.' }),
    }),
    z.object({
      forma: z.literal('pix'),
      tipoChave: z.enum(['cpf', 'email', 'celular', 'aleatoria'], { error: 'Tipo de chave PIX inválido.' }),
      chave: z
        .string({ error: 'Informe a chave PIX.' })
        .trim()
        .min(1, 'Informe a chave PIX.')
        .max(77, 'Chave PIX inválida.'),
    }),
  ],
  { error: 'Informe a conta bancária ou a chave PIX do titular.' },
);
export type DadosPagamento = z.output<typeof dadosPagamentoSchema>;

/**
 * Where the money goes, masked for the screens and the PDF ('PIX (CPF) ***.982.247-**',
 * 'Banco 001 · agência 1234 · conta corrente ****5-6'): the member's form shows the data it offers
 * from the last request this way too, until the member chooses to change it.
 */
export function pagamentoMascarado(p: Readonly<Record<string, string>>): string {
  if (p.forma === 'pix') {
    const chave = p.chave ?? '';
    if (p.tipoChave === 'cpf') return `PIX (CPF) ***.${chave.slice(3, 6)}.${chave.slice(6, 9)}-**`;
    if (p.tipoChave === 'email') return `PIX (e-mail) ${chave.replace(/^(.{2}).*(@.*)$/, '$1***$2')}`;
    if (p.tipoChave === 'celular') return `PIX (celular) ****-${chave.slice(-4)}`;
    return `PIX (chave aleatória) ${chave.slice(0, 8)}…`;
  }
  const conta = p.conta ?? '';
  const tipo = p.tipoConta === 'poupanca' ? 'poupança' : 'conta corrente';
  return `Banco ${p.banco} · agência ${p.agencia} · ${tipo} ****${conta.slice(-3)}`;
}

/**
 * POST /api/Reembolso/UltimoPagamento (issue 31): what the new-request form offers in 'Dados para
 * pagamento' — the payment data of the member's own last request in this contract, and the holder's
 * CPF as a PIX key when the member is the holder. Kept by the server, never by the browser (a shared
 * phone keeps no bank data).
 */
export const ultimoPagamentoRequestSchema = membroRequest({});
export const ultimoPagamentoResponseSchema = z.object({
  /** The payment data of the member's last request in this contract; null before the first. */
  pagamento: dadosPagamentoSchema.nullable(),
  /** AAAA-MM-DD of that request (the form says where the data came from); null with `pagamento`. */
  usadoEm: z.string().nullable(),
  /** The holder's CPF (digits), offered as a PIX key: only to the holder, whose own CPF it is. */
  cpfTitular: z.string().nullable(),
});
export type UltimoPagamentoResponse = z.output<typeof ultimoPagamentoResponseSchema>;

/** The answer of an attachment upload (POST /api/Reembolso/Anexos). */
export const anexoReembolsoSchema = z.object({
  id: z.string(),
  documento: z.enum(DOCUMENTOS_REEMBOLSO),
  nomeArquivo: z.string(),
  /** What the content is (image/jpeg for a HEIC photo, re-encoded). */
  tipoArquivo: z.string(),
  tamanho: z.number().int(),
  criadoEm: z.string(),
});
export type AnexoReembolso = z.infer<typeof anexoReembolsoSchema>;

/** Querystring of an upload: what the file is and its name as the member sees it. */
export const enviarAnexoQuerySchema = z.object({
  documento: z.enum(DOCUMENTOS_REEMBOLSO, { error: 'Informe que documento é o arquivo.' }),
  nome: z.string({ error: 'Nome do arquivo inválido.' }).trim().max(200, 'Nome do arquivo muito longo.').optional(),
});

/** Headers of an upload: the session code (the body is the file) and the optional Idempotency-Key. */
export const enviarAnexoHeadersSchema = z.looseObject({
  [CODIGO_SESSAO_HEADER]: z.string().optional(),
  'idempotency-key': z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      'A chave de idempotência (Idempotency-Key) deve ser um UUID.',
    )
    .optional(),
});

/** POST /api/Reembolso/Solicitar */
export const solicitarReembolsoRequestSchema = membroRequest({
  /** The beneficiary who received the care: any of the contract for the holder, oneself for a dependant. */
  cpfBeneficiario: cpfSchema,
  tipo: tipoSchema,
  /** The TUSS code of the procedure, when the receipt names one (the estimate uses it). */
  codigoTuss: codigoTussSchema.optional(),
  dataAtendimento: dia('Data do atendimento inválida.'),
  prestador: prestadorReembolsoSchema,
  valorPago: valorReembolsoSchema,
  numeroRecibo: numeroReciboSchema,
  anexos: anexosSchema,
  pagamento: dadosPagamentoSchema,
  /**
   * The member read that this receipt was already sent by their contract (VerificarRecibo, or a 409
   * RECIBO_REPETIDO) and confirms it is another care: the request goes, marked as a possible duplicate.
   */
  confirmarReciboRepetido: z.boolean({ error: 'Confirmação inválida.' }).optional(),
});
export type SolicitarReembolsoRequest = z.input<typeof solicitarReembolsoRequestSchema>;

export const solicitarReembolsoResponseSchema = z.object({
  sucesso: z.literal(true),
  mensagem: z.string(),
  ...protocoloCampos,
  /** AAAA-MM-DD: the operator pays by this day (30 days from complete documentation). */
  prazoPagamento: z.string(),
});
export type SolicitarReembolsoResponse = z.infer<typeof solicitarReembolsoResponseSchema>;

/**
 * POST /api/Reembolso/VerificarRecibo (issue 31, decision 0056): whether the member's contract already
 * sent this receipt (provider, number, day of care). Only the requests the member may see count.
 */
export const verificarReciboRequestSchema = membroRequest({
  prestadorDocumento: documentoPrestadorSchema,
  numeroRecibo: numeroReciboSchema,
  dataAtendimento: dia('Data do atendimento inválida.'),
});
export type VerificarReciboRequest = z.input<typeof verificarReciboRequestSchema>;
export const verificarReciboResponseSchema = z.object({
  repetido: z.boolean(),
  /** 'Este recibo já foi enviado no pedido de reembolso N (dd/mm/aaaa). Envie de novo só se for outro atendimento.' */
  mensagem: z.string().nullable(),
  pedidos: z.array(z.object({ protocolo: z.string(), criadoEm: z.string() })),
});
export type VerificarReciboResponse = z.infer<typeof verificarReciboResponseSchema>;

/**
 * The estimate in plain words (issue 31): each part of the sum as the server computed it, its amount
 * already written ('R$ 150,00', '× 2', '− R$ 60,00') and why it is there. The form, the request's
 * detail and Meus Protocolos show these as they come: nothing is computed again in the browser.
 */
export const PARTES_DA_ESTIMATIVA = ['tabela', 'multiplo', 'coparticipacao', 'limite'] as const;
export const parteDaEstimativaSchema = z.object({
  parte: z.enum(PARTES_DA_ESTIMATIVA),
  titulo: z.string(),
  valor: z.string(),
  explicacao: z.string(),
});
export type ParteDaEstimativa = z.infer<typeof parteDaEstimativaSchema>;
export const estimativaReembolsoSchema = z.object({
  /** Reais: table amount × the plan's multiple − co-participation, at most the amount paid. */
  valorEstimado: z.number(),
  valorTabela: z.number(),
  multiplo: z.number(),
  coparticipacao: z.number(),
  /** The share of the care the member bears (0 when the plan is not co-participative). */
  coparticipacaoPercentual: z.number(),
  valorPago: z.number(),
  /** Whether the amount paid capped the estimate. */
  limitadoAoValorPago: z.boolean(),
  /** The table line used: the TUSS code's, or the kind's when the code is not in the table. */
  referencia: z.string(),
  /** The sum in order, in words: table, multiple, co-participation, and the cap when it applied. */
  partes: z.array(parteDaEstimativaSchema),
});
export type EstimativaReembolso = z.infer<typeof estimativaReembolsoSchema>;

/** POST /api/Reembolso/Previa: an estimate before sending, never a promise. */
export const previaReembolsoRequestSchema = membroRequest({
  tipo: tipoSchema,
  codigoTuss: codigoTussSchema.optional(),
  valorPago: valorReembolsoSchema,
});
export type PreviaReembolsoRequest = z.input<typeof previaReembolsoRequestSchema>;
export const previaReembolsoResponseSchema = estimativaReembolsoSchema.extend({
  estimativa: z.literal(true),
  mensagem: z.string(),
});
export type PreviaReembolsoResponse = z.infer<typeof previaReembolsoResponseSchema>;

/** A REEMBOLSO protocol's step in Reembolso's words (issue 31: one vocabulary); null for other kinds. */
export const situacaoReembolsoDoProtocoloSchema = z
  .enum(SITUACOES_REEMBOLSO)
  .nullable()
  .describe('Num protocolo de reembolso, a etapa do pedido (o que o selo mostra); null nos demais.');

/** POST /api/Reembolso/Listar */
export const listarReembolsosRequestSchema = membroRequest({});
export const reembolsoResumoSchema = z.object({
  protocolo: z.string(),
  tipo: z.enum(TIPOS_REEMBOLSO),
  beneficiario: z.string(),
  dataAtendimento: z.string(),
  prestador: z.string(),
  valorPago: z.number(),
  situacao: z.enum(SITUACOES_REEMBOLSO),
  /** AAAA-MM-DD, null while documents are pending (the clock restarts when they arrive). */
  prazoPagamento: z.string().nullable(),
  valorAprovado: z.number().nullable(),
  criadoEm: z.string(),
});
export type ReembolsoResumo = z.infer<typeof reembolsoResumoSchema>;
export const listarReembolsosResponseSchema = z.object({ reembolsos: z.array(reembolsoResumoSchema) });
export type ListarReembolsosResponse = z.infer<typeof listarReembolsosResponseSchema>;

const protocoloSchema = z
  .string({ error: 'Informe o protocolo.' })
  .trim()
  .transform((v) => v.replace(/[\s.\-/]/g, ''))
  .refine((v) => /^\d{20}$/.test(v), 'Informe os 20 números do protocolo.');

/** POST /api/Reembolso/Detalhe and /Demonstrativo */
export const reembolsoProtocoloRequestSchema = membroRequest({ protocolo: protocoloSchema });

export const eventoReembolsoSchema = z.object({
  em: z.string(),
  situacao: z.enum(SITUACOES_REEMBOLSO),
  descricao: z.string(),
});
export const reembolsoDetalheSchema = reembolsoResumoSchema.extend({
  codigoTuss: z.string().nullable(),
  prestadorDocumento: z.string(),
  conselho: z.string().nullable(),
  numeroRecibo: z.string(),
  /** Reais of the estimate shown when it was sent. */
  valorPrevia: z.number().nullable(),
  /**
   * That estimate in plain words, as it was computed when the request was sent (the table of that
   * day); null when the table had no line for it, or for a request sent before the parts were kept.
   */
  estimativa: estimativaReembolsoSchema.nullable(),
  previsaoPagamento: z.string().nullable(),
  pagoEm: z.string().nullable(),
  /** The operator's question while 'pendente'; the reason when 'negado'. */
  pergunta: z.string().nullable(),
  /**
   * The documents of the console's checklist the operator asked for, in the checklist's order, while
   * 'pendente' (decision 0067); empty when the request was free text only. The answer's attachments
   * must be of these kinds or 'outro' (any kind when empty).
   */
  documentosPedidos: z.array(z.enum(DOCUMENTOS_REEMBOLSO)),
  motivoNegativa: z.string().nullable(),
  /** Where the money goes, masked ('PIX CPF ***.982.247-**', 'Banco 001 ag. 1234 c/c ****5-6'). */
  pagamento: z.string(),
  documentacaoCompletaEm: z.string().nullable(),
  anexos: z.array(anexoReembolsoSchema),
  historico: z.array(eventoReembolsoSchema),
});
export type ReembolsoDetalhe = z.infer<typeof reembolsoDetalheSchema>;

/** POST /api/Reembolso/BaixarAnexo: the file as stored (the member's own, or of a request they see). */
export const baixarAnexoReembolsoRequestSchema = membroRequest({ id: idAnexoSchema });

/** POST /api/Reembolso/ResponderPendencia: what the operator asked for, uploaded. */
export const responderPendenciaRequestSchema = membroRequest({
  protocolo: protocoloSchema,
  anexos: anexosSchema,
  mensagem: textoLivre({ multilinha: true, error: 'Mensagem inválida.' }).max(1000, 'Mensagem muito longa.').optional(),
});
export const responderPendenciaResponseSchema = z.object({
  sucesso: z.literal(true),
  mensagem: z.string(),
  prazoPagamento: z.string(),
});
