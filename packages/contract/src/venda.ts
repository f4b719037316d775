import { isValidCpf, isValidMobile, onlyDigits } from '@portal/br';
import { z } from 'zod';
import { cpfSchema, membroRequest } from './comum';
import { textoLivre } from './texto';
import { protocoloCampos } from './servicos';

/** docs/produto/comercial.md "Limits": 1 to 5 dependent forms per submission. */
export const LIMITES_DEPENDENTES = { minimo: 1, maximo: 5 } as const;

const NOME = /^[\p{L}'’. -]+$/u;

/** Full name: letters (any accent), spaces, apostrophes, hyphens; at least two words. */
export const nomeCompletoSchema = textoLivre({ error: 'Informe o nome completo.' })
  .min(1, { error: 'Informe o nome completo.', abort: true })
  .max(120, 'O nome deve ter no máximo 120 caracteres.')
  .refine((v) => NOME.test(v), { error: 'O nome deve ter apenas letras.', abort: true })
  .refine((v) => v.split(/\s+/).length >= 2, 'Informe o nome completo (nome e sobrenome).');

/** A real calendar date written as AAAA-MM-DD or DD/MM/AAAA; comes out as AAAA-MM-DD. */
export function dataIso(valor: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(valor);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(valor);
  const [ano, mes, dia] = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2], br[1]] : [];
  if (!ano || !mes || !dia) return null;
  const d = new Date(Date.UTC(Number(ano), Number(mes) - 1, Number(dia)));
  if (d.getUTCFullYear() !== Number(ano) || d.getUTCMonth() !== Number(mes) - 1 || d.getUTCDate() !== Number(dia))
    return null;
  return `${ano}-${mes}-${dia}`;
}

/**
 * What is wrong with a birth date (AAAA-MM-DD) given today's date (AAAA-MM-DD), or null. The
 * server judges "today" in São Paulo with its clock; the form with the browser's.
 */
export function problemaDataNascimento(iso: string, hoje: string): string | null {
  if (iso > hoje) return 'A data de nascimento não pode estar no futuro.';
  if (Number(hoje.slice(0, 4)) - Number(iso.slice(0, 4)) > 120) return 'Data de nascimento inválida.';
  return null;
}

export const dataNascimentoSchema = z
  .string({ error: 'Informe a data de nascimento.' })
  .trim()
  .min(1, 'Informe a data de nascimento.')
  .transform((v, ctx) => {
    const iso = dataIso(v);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: 'Data de nascimento inválida.' });
      return z.NEVER;
    }
    return iso;
  });

/** Mobile with area code; digits only afterwards. */
export const celularObrigatorioSchema = z
  .union([z.string().max(20, 'Celular inválido.'), z.number().int().nonnegative().max(99_999_999_999)], {
    error: 'Informe o celular.',
  })
  .transform((v) => onlyDigits(v))
  .refine((v) => v.length > 0, { error: 'Informe o celular.', abort: true })
  .refine((v) => isValidMobile(v), 'Celular inválido. Informe DDD e número, por exemplo (11) 98765-4321.');

export const cidadeSchema = textoLivre({ error: 'Informe a cidade.' })
  .min(1, { error: 'Informe a cidade.', abort: true })
  .min(2, 'Cidade inválida.')
  .max(80, 'A cidade deve ter no máximo 80 caracteres.');

/** docs/produto/comercial.md "Data". */
export const novoDependenteSchema = z.object({
  nome: nomeCompletoSchema,
  cpf: cpfSchema,
  dataNascimento: dataNascimentoSchema,
  cidade: cidadeSchema,
  celular: celularObrigatorioSchema,
});
export type NovoDependente = z.output<typeof novoDependenteSchema>;

/**
 * POST /api/Venda/AdicionarDependente — stored as an inclusion request the operator approves
 * later, with a protocol. Only the holder or the financial responsible may ask (403); a CPF already
 * in the contract, or with an open request, is refused (409 JA_REGISTRADO).
 */
export const adicionarDependenteRequestSchema = membroRequest({
  novosDependentes: z
    .array(novoDependenteSchema, { error: 'Informe pelo menos um dependente.' })
    .min(LIMITES_DEPENDENTES.minimo, 'Informe pelo menos um dependente.')
    .max(LIMITES_DEPENDENTES.maximo, 'Envie no máximo 5 dependentes por vez.')
    .refine((l) => new Set(l.map((d) => d.cpf)).size === l.length, 'O mesmo CPF foi informado mais de uma vez.'),
});
export type AdicionarDependenteRequest = z.input<typeof adicionarDependenteRequestSchema>;
export const adicionarDependenteResponseSchema = z.object({
  sucesso: z.literal(true),
  mensagem: z.string(),
  ...protocoloCampos,
});
export type AdicionarDependenteResponse = z.infer<typeof adicionarDependenteResponseSchema>;

/**
 * One dependent form as the member types it (masks on), checked in the browser before anything
 * is sent; `toNovoDependente` strips the masks (docs/produto/comercial.md, "Validation": digits only) for the request.
 */
export function dependenteFormSchema(hoje: string) {
  return z.object({
    nome: nomeCompletoSchema,
    cpf: z
      .string()
      .transform((v) => onlyDigits(v))
      .pipe(
        z
          .string()
          .min(1, 'Informe o CPF.')
          .refine((v) => v.length === 11 && isValidCpf(v), 'CPF inválido.'),
      ),
    dataNascimento: dataNascimentoSchema.superRefine((v, ctx) => {
      const problema = problemaDataNascimento(v, hoje);
      if (problema) ctx.addIssue({ code: 'custom', message: problema });
    }),
    cidade: cidadeSchema,
    celular: celularObrigatorioSchema,
  });
}
export type DependenteForm = z.input<ReturnType<typeof dependenteFormSchema>>;

/** ContatoInicial: what the member wants to talk about. */
export const INTERESSES_COMERCIAIS = ['DEPENDENTES', 'SOS', 'ORTOPEDICO', 'OUTRO'] as const;

/** POST /api/Venda/ContatoInicial — the member asks the sales team to get in touch (a request with protocol). */
export const contatoInicialRequestSchema = membroRequest({
  interesse: z.enum(INTERESSES_COMERCIAIS, { error: 'Informe o assunto do contato.' }),
  mensagem: textoLivre({ multilinha: true }).max(500, 'A mensagem deve ter no máximo 500 caracteres.').optional(),
});
export const contatoInicialResponseSchema = adicionarDependenteResponseSchema;

/**
 * POST /api/Venda/Entrevista/Consultar — where the inclusion requests of the contract stand (the
 * sales team's follow-up): the member's own, or every one for the holder / financial responsible.
 */
export const entrevistaConsultarRequestSchema = membroRequest({});
export const solicitacaoDependentesSchema = z.object({
  protocolo: z.string(),
  criadoEm: z.string(),
  prazoResposta: z.string(),
  dependentes: z.array(z.object({ nome: z.string(), situacao: z.enum(['EM_ANALISE', 'APROVADA', 'RECUSADA']) })),
});
export const entrevistaConsultarResponseSchema = z.object({ solicitacoes: z.array(solicitacaoDependentesSchema) });

/**
 * POST /api/Venda/Questionario/Consultar — the health declaration (Declaração de Saúde, RN 162/2007)
 * each new dependent answers before inclusion.
 */
export const questionarioConsultarRequestSchema = membroRequest({});
export const questionarioConsultarResponseSchema = z.object({
  versao: z.string(),
  titulo: z.string(),
  orientacao: z.string(),
  perguntas: z.array(z.object({ numero: z.number().int(), texto: z.string() })),
});
