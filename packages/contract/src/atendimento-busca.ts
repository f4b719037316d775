import { z } from 'zod';
import { BUSCA_ATENDIMENTO } from './atendimento-regras';
import { SITUACOES_PROTOCOLO, TIPOS_PROTOCOLO } from './protocolos-regras';
import { reembolsoResumoSchema } from './reembolso';
import { textoLivre } from './texto';

// The console's search and its internal notes (issue 31), apart from atendimento.ts (max-lines).

const quando = z.string().describe('Data e hora (ISO 8601, UTC).');

// ---------------------------------------------------------------------------------------------
// Find anyone (issue 31): one box on every screen of the console.

/** How a person was found: the CPF, a protocol, the card, a receipt, the contract or the name. */
export const CRITERIOS_BUSCA_ATENDIMENTO = ['cpf', 'protocolo', 'carteirinha', 'recibo', 'contrato', 'nome'] as const;
export type CriterioBuscaAtendimento = (typeof CRITERIOS_BUSCA_ATENDIMENTO)[number];
export const ROTULOS_CRITERIO_BUSCA: Record<CriterioBuscaAtendimento, string> = {
  cpf: 'CPF',
  protocolo: 'Número de protocolo',
  carteirinha: 'Número da carteirinha',
  recibo: 'Número do recibo de reembolso',
  contrato: 'Código do contrato',
  nome: 'Nome',
};

/**
 * GET /api/atendimento/busca?q=…: one text. 11 digits (with or without dots and dash) is a CPF;
 * 20 digits in any grouping, a protocol number; a card number, a contract code or a reimbursement
 * receipt number match exactly (the receipt without its punctuation); letters search the name and
 * the social name, without accents or case, every word anywhere in it.
 */
export const buscaAtendimentoQuerySchema = z.object({
  q: textoLivre({ error: 'Digite o que buscar: CPF, nome, protocolo, carteirinha ou recibo.' })
    .min(
      BUSCA_ATENDIMENTO.minCaracteres,
      `Digite pelo menos ${BUSCA_ATENDIMENTO.minCaracteres} caracteres: CPF, nome, protocolo, carteirinha ou recibo.`,
    )
    .max(BUSCA_ATENDIMENTO.maxCaracteres, `A busca tem no máximo ${BUSCA_ATENDIMENTO.maxCaracteres} caracteres.`)
    .describe('CPF, nome, número de protocolo, da carteirinha, do contrato ou do recibo de reembolso.'),
});
export type BuscaAtendimentoQuery = z.input<typeof buscaAtendimentoQuerySchema>;

export const pessoaEncontradaSchema = z.object({
  nome: z.string(),
  nomeSocial: z.string().nullable(),
  cpf: z.string().describe('Mascarado: ***.982.247-**.'),
  encontradoPor: z.enum(CRITERIOS_BUSCA_ATENDIMENTO),
  vinculos: z
    .array(
      z.object({
        codigoBeneficiario: z.string().describe('O número da carteirinha.'),
        codigoContrato: z.string(),
        plano: z.string(),
        parentesco: z.string().describe('Titular, ou o parentesco do dependente.'),
        situacao: z.string().describe('Ativo, Excluído em …, Contrato cancelado em ….'),
      }),
    )
    .describe('Os vínculos de beneficiário (vazio: a pessoa está no cadastro sem plano).'),
  protocolos: z
    .array(
      z.object({
        protocolo: z.string(),
        tipo: z.enum(TIPOS_PROTOCOLO),
        assunto: z.string(),
        situacao: z.enum(SITUACOES_PROTOCOLO),
        criadoEm: quando,
        codigoContrato: z.string(),
      }),
    )
    .describe('Pedidos da pessoa ou sobre ela (fora os de reembolso), os mais recentes primeiro.'),
  maisProtocolos: z.boolean(),
  reembolsos: z
    .array(
      reembolsoResumoSchema
        .pick({
          protocolo: true,
          tipo: true,
          beneficiario: true,
          dataAtendimento: true,
          prestador: true,
          valorPago: true,
          situacao: true,
          criadoEm: true,
        })
        .extend({ numeroRecibo: z.string(), codigoContrato: z.string() }),
    )
    .describe('Reembolsos pedidos pela pessoa ou do atendimento dela, os mais recentes primeiro.'),
  maisReembolsos: z.boolean(),
});
export type PessoaEncontrada = z.infer<typeof pessoaEncontradaSchema>;

export const buscaAtendimentoResponseSchema = z.object({
  pessoas: z.array(pessoaEncontradaSchema).describe('Primeiro as achadas por número, depois por nome.'),
  mais: z.boolean().describe(`Mais de ${BUSCA_ATENDIMENTO.maxPessoas} pessoas: refine a busca.`),
  nomeComum: z
    .boolean()
    .describe(
      `Mais de ${BUSCA_ATENDIMENTO.maxPorNome} pessoas com esse nome: as achadas pelo nome são parte delas ` +
        '(não as primeiras em ordem alfabética). Acrescente um sobrenome ou busque pelo CPF, carteirinha ou protocolo.',
    ),
});
export type BuscaAtendimentoResponse = z.infer<typeof buscaAtendimentoResponseSchema>;

/**
 * Internal notes (issue 31, decision 0056): staff to staff, on a protocol or a reimbursement (its
 * protocol number). Never in the member's answers, PDFs or webhooks.
 * GET and POST /api/atendimento/protocolos/:numero/notas
 */
export const notaInternaSchema = z.object({
  id: z.string(),
  texto: z.string(),
  autor: z.object({ id: z.string(), nome: z.string() }),
  em: z.string().describe('Quando foi escrita (ISO 8601).'),
});
export type NotaInterna = z.infer<typeof notaInternaSchema>;
export const notasInternasResponseSchema = z.object({ notas: z.array(notaInternaSchema) });
export type NotasInternasResponse = z.infer<typeof notasInternasResponseSchema>;
export const novaNotaInternaRequestSchema = z.object({
  texto: textoLivre({ multilinha: true, error: 'Escreva a nota.' })
    .min(1, 'Escreva a nota.')
    .max(2000, 'No máximo 2000 caracteres.'),
});
export type NovaNotaInternaRequest = z.input<typeof novaNotaInternaRequestSchema>;
