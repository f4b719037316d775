import { z } from 'zod';
import { membroRequest } from './comum';
import {
  MENSAGEM_PROTOCOLO_INVALIDO,
  normalizarNumeroProtocolo,
  SITUACOES_PROTOCOLO,
  TIPOS_PROTOCOLO,
} from './protocolos-regras';
import { DOCUMENTOS_REEMBOLSO, estimativaReembolsoSchema } from './reembolso';
import { SITUACOES_REEMBOLSO } from './reembolso-regras';

export * from './protocolos-regras';

const numeroDigitado = (vazioPermitido: boolean) =>
  z
    .string({ error: MENSAGEM_PROTOCOLO_INVALIDO })
    .trim()
    .max(60, MENSAGEM_PROTOCOLO_INVALIDO)
    .transform((v, ctx) => {
      if (vazioPermitido && v === '') return undefined;
      const numero = normalizarNumeroProtocolo(v);
      if (numero) return numero;
      ctx.addIssue({ code: 'custom', message: MENSAGEM_PROTOCOLO_INVALIDO });
      return z.NEVER;
    });

/** A protocol number typed with or without spaces, dots or dashes; comes out as its 20 digits. */
export const numeroProtocoloSchema = numeroDigitado(false).pipe(z.string());

/** 'Meus Protocolos' pages: 10 a page unless asked, at most 50. */
export const PAGINACAO_PROTOCOLOS = { itensPagina: 10, maximo: 50 } as const;

/**
 * POST /api/Protocolos/Listar (member) — the protocols the member may see, newest first, a page at a
 * time; `protocolo` (optional, with or without punctuation) keeps only that number.
 */
export const listarProtocolosRequestSchema = membroRequest({
  /** Empty: no search. */
  protocolo: numeroDigitado(true).optional(),
  pagina: z
    .number({ error: 'Página inválida.' })
    .int('Página inválida.')
    .min(1, 'Página inválida.')
    .max(10_000, 'Página inválida.')
    .default(1),
  itensPagina: z
    .number({ error: 'Quantidade de itens por página inválida.' })
    .int('Quantidade de itens por página inválida.')
    .min(1, 'Quantidade de itens por página inválida.')
    .max(PAGINACAO_PROTOCOLOS.maximo, `Peça no máximo ${PAGINACAO_PROTOCOLOS.maximo} protocolos por página.`)
    .default(PAGINACAO_PROTOCOLOS.itensPagina),
});
export type ListarProtocolosRequest = z.input<typeof listarProtocolosRequestSchema>;

/** One protocol as the list shows it. Dates: `criadoEm`/`respondidoEm` ISO instants, `prazoResposta` AAAA-MM-DD. */
export const protocoloResumoSchema = z.object({
  protocolo: z.string(),
  tipo: z.enum(TIPOS_PROTOCOLO),
  assunto: z.string(),
  situacao: z.enum(SITUACOES_PROTOCOLO),
  /**
   * A REEMBOLSO protocol's step in Reembolso's words (issue 31: one vocabulary), which its badge
   * shows instead of `situacao`; null for every other kind.
   */
  situacaoReembolso: z.enum(SITUACOES_REEMBOLSO).nullable(),
  criadoEm: z.string(),
  /** The day the operator answers by (RN 623/2024; the day of the request for what takes effect at once). */
  prazoResposta: z.string(),
  /** The rule behind the deadline, in plain words ('Até 7 dias úteis (RN 623/2024)'). */
  prazoDescricao: z.string(),
  /** Not answered, and today (São Paulo) is past the deadline. */
  atrasado: z.boolean(),
  respondidoEm: z.string().nullable(),
  /** Whom it is about (a beneficiary of the contract), when one. */
  beneficiario: z.string().nullable(),
  /** Who asked. */
  solicitante: z.string(),
  canal: z.string(),
  /** An answer exists and its PDF can be downloaded (Protocolos/BaixarResposta). */
  respostaDisponivel: z.boolean(),
});
export type ProtocoloResumo = z.infer<typeof protocoloResumoSchema>;

export const listarProtocolosResponseSchema = z.object({
  protocolos: z.array(protocoloResumoSchema),
  pagina: z.number().int(),
  itensPagina: z.number().int(),
  total: z.number().int(),
  totalPaginas: z.number().int(),
});
export type ListarProtocolosResponse = z.infer<typeof listarProtocolosResponseSchema>;

/** POST /api/Protocolos/Detalhe (member) — one protocol with its history, oldest first. */
export const detalheProtocoloRequestSchema = membroRequest({ protocolo: numeroProtocoloSchema });
export type DetalheProtocoloRequest = z.input<typeof detalheProtocoloRequestSchema>;

export const eventoProtocoloSchema = z.object({
  /** ISO instant. */
  em: z.string(),
  situacao: z.enum(SITUACOES_PROTOCOLO),
  /** A REEMBOLSO protocol's line: the request's step it records (its label); null otherwise. */
  situacaoReembolso: z.enum(SITUACOES_REEMBOLSO).nullable(),
  descricao: z.string(),
});
export type EventoProtocolo = z.infer<typeof eventoProtocoloSchema>;

export const detalheProtocoloResponseSchema = protocoloResumoSchema.extend({
  /** The operator's answer, once there is one. */
  resposta: z.string().nullable(),
  /** The operator attached a PDF of its own to the answer (Protocolos/BaixarAnexo; decision 0032). */
  anexoDisponivel: z.boolean(),
  historico: z.array(eventoProtocoloSchema),
  /**
   * A REEMBOLSO protocol's request (issue 31): its status in Reembolso's words and the estimate in
   * plain words, as the request's own screen shows them, and the documents the operator ticked while
   * it is 'pendente' (decision 0067; empty otherwise); null for every other kind.
   */
  reembolso: z
    .object({
      situacao: z.enum(SITUACOES_REEMBOLSO),
      estimativa: estimativaReembolsoSchema.nullable(),
      documentosPedidos: z.array(z.enum(DOCUMENTOS_REEMBOLSO)),
    })
    .nullable(),
});
export type DetalheProtocolo = z.infer<typeof detalheProtocoloResponseSchema>;

/**
 * POST /api/Protocolos/BaixarResposta (member) — the protocol and its answer as a tagged PDF
 * (application/pdf); 409 while it has no answer.
 */
export const baixarRespostaProtocoloRequestSchema = membroRequest({ protocolo: numeroProtocoloSchema });
export type BaixarRespostaProtocoloRequest = z.input<typeof baixarRespostaProtocoloRequestSchema>;

/**
 * POST /api/Protocolos/BaixarAnexo (member) — the PDF the operator attached to its answer, as the
 * operator sent it (application/pdf, attachment); 404 when the protocol has none.
 */
export const baixarAnexoProtocoloRequestSchema = membroRequest({ protocolo: numeroProtocoloSchema });
export type BaixarAnexoProtocoloRequest = z.input<typeof baixarAnexoProtocoloRequestSchema>;
