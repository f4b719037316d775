import { z } from 'zod';
import { codigoBeneficiarioSchema } from './autorizacoes';
import { membroRequest } from './comum';
import { textoLivre } from './texto';
import { protocoloCampos } from './servicos';

/** docs/produto/utilizacao.md "Limits" usage categories, in display order; items without a category go to OUTRAS_DESPESAS. */
export const CATEGORIAS_UTILIZACAO = [
  'CONSULTAS',
  'EXAMES_TERAPIAS',
  'INTERNACAO',
  'OUTRAS_DESPESAS',
  'ODONTOLOGICO',
] as const;
export type CategoriaUtilizacao = (typeof CATEGORIAS_UTILIZACAO)[number];

export const ROTULOS_CATEGORIA: Record<CategoriaUtilizacao, string> = {
  CONSULTAS: 'Consultas',
  EXAMES_TERAPIAS: 'Exames e Terapias',
  INTERNACAO: 'Internação',
  OUTRAS_DESPESAS: 'Outras Despesas',
  ODONTOLOGICO: 'Odontologia',
};

/** docs/produto/utilizacao.md "Limits" rating scale and our bound on the optional comment. */
export const AVALIACAO = { notaMinima: 1, notaMaxima: 5, comentarioMaximo: 500 } as const;

/** POST /api/utilizacao/Beneficiarios — the beneficiaries the member may see (docs/produto/utilizacao.md, "Who may use it"). */
export const utilizacaoBeneficiariosRequestSchema = membroRequest({});
export const utilizacaoBeneficiariosResponseSchema = z.array(
  z.object({ codigoBeneficiario: z.string(), nome: z.string() }),
);
export type BeneficiarioUtilizacao = z.infer<typeof utilizacaoBeneficiariosResponseSchema>[number];

/**
 * One care of the usage statement (RN 389: date, provider, procedure, quantity, value) in the
 * docs/produto/utilizacao.md "Data" field names. `procedimento` is the TUSS code: the rating call sends it back as
 * codigoPrestador (docs/produto/utilizacao.md, "Data") together with `data` to name the care.
 */
export const itemUtilizacaoSchema = z.object({
  /** A docs/produto/utilizacao.md "Limits" category, or null when the operator did not classify the item. */
  categoria: z.string().nullable(),
  valor: z.number(),
  /** Provider's trade name. */
  fantasia: z.string(),
  /** City / UF of the service location. */
  local: z.string(),
  /** ISO instant of the care; shown in UTC (docs/produto/utilizacao.md, "Limits"). */
  data: z.string(),
  procedimento: z.string(),
  descricao: z.string(),
  quantidade: z.number().int(),
  jaAvaliado: z.boolean(),
  /** Protocol of the member's rating, when it was sent from the portal. */
  protocoloAvaliacao: z.string().nullable(),
});
export type ItemUtilizacao = z.infer<typeof itemUtilizacaoSchema>;

/** POST /api/utilizacao/ListarUtilizacao — newest first, in response.procedimentos. */
export const listarUtilizacaoRequestSchema = membroRequest({ codigoBeneficiario: codigoBeneficiarioSchema });
export type ListarUtilizacaoRequest = z.input<typeof listarUtilizacaoRequestSchema>;
export const listarUtilizacaoResponseSchema = z.object({
  procedimentos: z.array(itemUtilizacaoSchema),
  /** Informational note when the list is empty ('Aviso sobre o Histórico'). */
  mensagem: z.string().optional(),
});
export type ListarUtilizacaoResponse = z.infer<typeof listarUtilizacaoResponseSchema>;

/**
 * POST /api/utilizacao/AvaliarAtendimento (docs/produto/utilizacao.md, "Data"): one rating per care, a whole
 * score 1–5, an optional comment of at most 500 characters.
 */
export const avaliarAtendimentoRequestSchema = membroRequest({
  codigoBeneficiario: codigoBeneficiarioSchema,
  codigoPrestador: z
    .string({ error: 'Atendimento inválido.' })
    .trim()
    .regex(/^\d{8}$/, 'Atendimento inválido.'),
  data: z.iso.datetime({ offset: true, error: 'Data do atendimento inválida.' }),
  nota: z
    .number({ error: 'Por favor, selecione uma nota para a avaliação.' })
    .int('A nota deve ser um número inteiro de 1 a 5.')
    .min(AVALIACAO.notaMinima, 'A nota deve ser um número inteiro de 1 a 5.')
    .max(AVALIACAO.notaMaxima, 'A nota deve ser um número inteiro de 1 a 5.'),
  comentario: textoLivre({ multilinha: true, error: 'Comentário inválido.' })
    .max(AVALIACAO.comentarioMaximo, 'O comentário deve ter no máximo 500 caracteres.')
    .nullish(),
});
export type AvaliarAtendimentoRequest = z.input<typeof avaliarAtendimentoRequestSchema>;
export const avaliarAtendimentoResponseSchema = z.object({
  sucesso: z.literal(true),
  mensagem: z.string(),
  ...protocoloCampos,
});
export type AvaliarAtendimentoResponse = z.infer<typeof avaliarAtendimentoResponseSchema>;
