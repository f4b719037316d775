import { z } from 'zod';
import { problemaDaBusca } from './guia-medico-busca';
import { textoLivre } from './texto';

export { BUSCA, padraoDaPalavra, palavrasDaBusca, problemaDaBusca } from './guia-medico-busca';

/**
 * Guia Médico (docs/produto/guia-medico.md, "Screens", "Data", "Calls", "Limits"). The provider network is public information: these are API-token
 * calls (GET, query string), no member session. Every query parameter arrives as text; an empty
 * one counts as absent (docs/produto/guia-medico.md, "Validation": empty filters are not sent, but a hand-written link may carry
 * them). Bad values are refused with 400 and a Portuguese message naming the problem.
 */

/** docs/produto/guia-medico.md "Limits": provider search page size. */
export const ITENS_POR_PAGINA = 100;
/** Highest page number accepted (far beyond any network; keeps OFFSET arithmetic small). */
export const MAX_PAGINA = 1_000_000;

const vazioEhAusente = (v: unknown) => (v === '' ? undefined : v);

/** A positive integer code in the query string ('3550308'). */
const codigoQuery = (mensagem: string) =>
  z.preprocess(
    vazioEhAusente,
    z
      .string({ error: mensagem })
      .regex(/^[1-9]\d{0,8}$/, mensagem)
      .transform(Number)
      .optional(),
  );

const booleanoQuery = (nome: string) =>
  z.preprocess(
    vazioEhAusente,
    z
      .string({ error: `${nome} deve ser true ou false.` })
      .toLowerCase()
      .pipe(z.enum(['true', 'false'], { error: `${nome} deve ser true ou false.` }))
      .transform((v) => v === 'true')
      .default(false),
  );

const inteiroQuery = (mensagem: string, min: number, max: number, padrao: number) =>
  z.preprocess(
    vazioEhAusente,
    z
      .string({ error: mensagem })
      .regex(/^\d{1,9}$/, mensagem)
      .transform(Number)
      .refine((n) => n >= min && n <= max, mensagem)
      .default(padrao),
  );

// ---------------------------------------------------------------------------------------------
// Cities and specialties (the filters)

/** docs/produto/guia-medico.md "Data": codigo is the IBGE municipality code; estado the UF ('SP'). */
export const cidadeGuiaSchema = z.object({ codigo: z.number().int(), nome: z.string(), estado: z.string() });
export type Cidade = z.infer<typeof cidadeGuiaSchema>;

/**
 * GET /api/GuiaMedico/Cidades?somenteOdonto=false — the cities where the network has providers
 * (with a dental specialty when somenteOdonto=true), by name.
 */
export const cidadesQuerySchema = z.object({ somenteOdonto: booleanoQuery('somenteOdonto') });
export const cidadesResponseSchema = z.array(cidadeGuiaSchema);

export const especialidadeSchema = z.object({ codigo: z.number().int(), nome: z.string() });
export type Especialidade = z.infer<typeof especialidadeSchema>;

/**
 * GET /api/GuiaMedico/Especialidades?codigoPrestador=&removeOdonto=false — the specialties of the
 * network (medical by name, then dental by name: the order of the result groups), or of one
 * provider when codigoPrestador is given (404 NAO_ENCONTRADO when it is not in the guide).
 * removeOdonto=true leaves the dental ones out.
 */
export const especialidadesQuerySchema = z.object({
  codigoPrestador: codigoQuery('Prestador inválido.'),
  removeOdonto: booleanoQuery('removeOdonto'),
});
export const especialidadesResponseSchema = z.array(especialidadeSchema);

// ---------------------------------------------------------------------------------------------
// Provider search

export const seloSchema = z.object({
  /** One letter; the image is /selos/{codigo}.png. */
  codigo: z.string(),
  nome: z.string(),
});
export type Selo = z.infer<typeof seloSchema>;

/** docs/produto/guia-medico.md "Data": one place where the provider attends. Digits only in cep, fone and cnpj. */
export const localAtendimentoSchema = z.object({
  /** Street, number and complement: 'Avenida Paulista, 1439 - 8º andar'. */
  rua: z.string(),
  bairro: z.string(),
  cep: z.string(),
  fone: z.string(),
  cidade: z.string(),
  uf: z.string(),
  nomeFantasia: z.string(),
  razaoSocial: z.string(),
  cnpj: z.string(),
  /** 'Clínica', 'Hospital', 'Laboratório', 'Consultório'... */
  tipoEstabelecimento: z.string(),
  site: z.string().nullable(),
});
export type LocalAtendimento = z.infer<typeof localAtendimentoSchema>;

export const prestadorSchema = z.object({
  codigo: z.number().int(),
  nome: z.string(),
  /** Council registration of a professional ('CRM/SP 123456', 'CRO/RJ 34567') or an establishment's CNES. */
  nroRegistro: z.string(),
  /** In display order: a card shows the first 2 and '+N'. */
  selos: z.array(seloSchema),
  /** The locations in the searched city first. */
  locaisAtendimento: z.array(localAtendimentoSchema),
});
export type Prestador = z.infer<typeof prestadorSchema>;

/**
 * GET /api/GuiaMedico/Prestadores — every filter optional:
 * - codigoCidade: providers with a location in that city;
 * - codigoEspecialidade: providers of that specialty;
 * - nomeCredenciado: free text over the name and every location's trade name and address, case-
 *   and accent-insensitive ('coracao' finds 'Clínica Coração Paulista'); each word must match
 *   (palavrasDaBusca: a word of 2 characters starts a word, longer ones anywhere); at most 100
 *   characters, and at least one word of 2 letters or digits;
 * - pagina (from 1, default 1), itensPagina (1 to 100, default 100 — docs/produto/guia-medico.md "Limits");
 * - somenteOdonto=true: dental specialties only.
 */
export const prestadoresQuerySchema = z.object({
  codigoCidade: codigoQuery('Cidade inválida.'),
  codigoEspecialidade: codigoQuery('Especialidade inválida.'),
  nomeCredenciado: z.preprocess(
    vazioEhAusente,
    textoLivre({ error: 'Busca por nome ou endereço inválida.' })
      .superRefine((texto, ctx) => {
        const problema = problemaDaBusca(texto);
        if (problema) ctx.addIssue({ code: 'custom', message: problema });
      })
      .transform((t) => t || undefined)
      .optional(),
  ),
  pagina: inteiroQuery('A página deve ser um número a partir de 1.', 1, MAX_PAGINA, 1),
  itensPagina: inteiroQuery(
    `A quantidade por página deve ser um número de 1 a ${ITENS_POR_PAGINA}.`,
    1,
    ITENS_POR_PAGINA,
    ITENS_POR_PAGINA,
  ),
  somenteOdonto: booleanoQuery('somenteOdonto'),
});
export type PrestadoresQuery = z.input<typeof prestadoresQuerySchema>;
export type PrestadoresFiltro = z.output<typeof prestadoresQuerySchema>;

/**
 * One result card is a provider under one specialty (a provider of two specialties is a card in
 * each group). Groups come in specialty order (medical by name, then dental by name), providers
 * by name within a group; the page cuts that sequence of cards. totalRegistros counts cards.
 * A page past the end answers its number with no groups.
 */
export const prestadoresResponseSchema = z.object({
  especialidades: z.array(z.object({ nome: z.string(), prestadores: z.array(prestadorSchema) })),
  paginaAtual: z.number().int(),
  totalPaginas: z.number().int(),
  totalRegistros: z.number().int(),
});
export type PrestadoresResponse = z.infer<typeof prestadoresResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Network changes (RN 585/2023; RN 365/2014 for non-hospital providers)

/** Kinds of network change an operator must publish, with their Portuguese descriptions. */
export const TIPOS_ALTERACAO_REDE = {
  SUBSTITUICAO_HOSPITALAR: 'Substituição de entidade hospitalar',
  SUBSTITUICAO_NAO_HOSPITALAR: 'Substituição de prestador não hospitalar',
  REDIMENSIONAMENTO_POR_REDUCAO: 'Redimensionamento de rede por redução',
  EXCLUSAO_PARCIAL_DE_SERVICOS: 'Exclusão parcial de serviços hospitalares',
  EXCLUSAO_URGENCIA_EMERGENCIA: 'Exclusão de serviços de urgência e emergência',
  SUSPENSAO_TEMPORARIA: 'Suspensão temporária do atendimento',
} as const;

export const MOTIVOS_ALTERACAO_REDE = {
  RESCISAO_CONTRATUAL: 'Rescisão contratual',
  ENCERRAMENTO_DAS_ATIVIDADES: 'Encerramento das atividades do prestador',
  INTERESSE_DO_PRESTADOR: 'Interesse do prestador',
  INTERESSE_DA_OPERADORA: 'Interesse da operadora',
  CONTRATACAO_INDIRETA: 'Contratação indireta',
  OBRAS_OU_REFORMA: 'Obras ou reforma',
  OUTRO: 'Outro',
} as const;

export const produtoSchema = z.object({
  codigo: z.string(),
  nome: z.string(),
  /** Registration of the product (plan) at ANS. */
  registroAns: z.string(),
  segmentacao: z.string(),
  acomodacao: z.string(),
  coparticipativo: z.boolean(),
});
export type Produto = z.infer<typeof produtoSchema>;

/**
 * One published change: who left (or stops some services), who replaces them when it is a
 * substitution (codigo: the substitute in this guide, null if it has left it since), from when
 * (dataVigencia, ISO date), when members were told (dataComunicacao, at least 30 days before),
 * the reason, the city and the products (plans) concerned.
 */
export const prestadorSubstituidoSchema = z.object({
  tipoAlteracao: z.enum(Object.keys(TIPOS_ALTERACAO_REDE) as [keyof typeof TIPOS_ALTERACAO_REDE]),
  descricaoTipoAlteracao: z.string(),
  motivo: z.enum(Object.keys(MOTIVOS_ALTERACAO_REDE) as [keyof typeof MOTIVOS_ALTERACAO_REDE]),
  descricaoMotivo: z.string(),
  cidade: cidadeGuiaSchema,
  prestadorExcluido: z.object({ nome: z.string(), cnpj: z.string().nullable() }),
  /** What stops there ('Internação eletiva'). */
  servicos: z.string(),
  prestadorSubstituto: z.object({ codigo: z.number().int().nullable(), nome: z.string() }).nullable(),
  dataComunicacao: z.string(),
  dataVigencia: z.string(),
  produtos: z.array(produtoSchema.pick({ codigo: true, nome: true, registroAns: true })),
});
export type PrestadorSubstituido = z.infer<typeof prestadorSubstituidoSchema>;

/**
 * GET /api/GuiaMedico/PrestadoresSubstituidos?codigoCidade= — the published changes, newest
 * first (by dataVigencia), of one city or of all.
 */
export const prestadoresSubstituidosQuerySchema = z.object({ codigoCidade: codigoQuery('Cidade inválida.') });
export const prestadoresSubstituidosResponseSchema = z.array(prestadorSubstituidoSchema);

/** GET /api/GuiaMedico/Produtos — the operator's products (plans) with their ANS registration, by name. */
export const produtosQuerySchema = z.object({});
export const produtosResponseSchema = z.array(produtoSchema);
