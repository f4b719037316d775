import { z } from 'zod';
import { apiErrorSchema } from '@portal/contract';
import { escopoSchema } from './chaves';

/**
 * Requests and answers of the integration API /api/integracao/v1 (issue 16). They live with the
 * module, not in packages/contract: that package is the member portal's contract (docs/produto/comum.md, "Calls"),
 * which an operator's own API must follow; this API is the other way round, the operator's systems
 * calling ours.
 */

const quando = z.iso.datetime().describe('Data e hora (ISO 8601, UTC).');

/** The error answers of the integration routes, all with the one error shape. */
export const ERROS_INTEGRACAO = {
  400: apiErrorSchema.describe('Dados inválidos (mensagem em português).'),
  401: apiErrorSchema.describe('Chave de integração ausente, inválida, expirada ou revogada.'),
  403: apiErrorSchema.describe('A chave não tem o escopo exigido pela chamada.'),
  404: apiErrorSchema.describe('Não encontrado.'),
  429: apiErrorSchema.describe('Limite de chamadas por minuto da chave atingido; aguarde `aguardarSegundos`.'),
} as const;

export const chaveAtualSchema = z
  .object({
    id: z.string().describe('Parte pública da chave (pbk_<id>_…).'),
    nome: z.string(),
    escopos: z.array(escopoSchema),
    chamadasPorMinuto: z.number().int().describe('Limite de chamadas por minuto desta chave.'),
  })
  .describe('A chave que fez a chamada: para conferir a configuração de um sistema da operadora.');

const erroDeLinhaSchema = z.object({
  linha: z.number().int().describe('Linha do arquivo (1 = cabeçalho do CSV; 0 = o arquivo todo).'),
  coluna: z.string(),
  valor: z.string(),
  mensagem: z.string(),
});

const STATUS = ['em_andamento', 'recusado', 'validado', 'aplicado', 'falhou'] as const;
const statusSchema = z
  .enum(STATUS)
  .describe(
    'em_andamento; recusado (o arquivo tem erros: nada foi alterado); validado (dryRun sem erros: nada foi ' +
      'alterado); aplicado; falhou (erro inesperado ou envio interrompido: nada foi alterado).',
  );

const camposDaImportacao = {
  id: z.string(),
  entidade: z.string(),
  modo: z.enum(['incremental', 'completo']),
  dryRun: z.boolean(),
  origem: z.enum(['cli', 'api']),
  chaveId: z.string().nullable().describe('A chave que enviou (null: pela linha de comando).'),
  status: statusSchema,
  linhas: z.number().int().describe('Linhas lidas até agora (o progresso, enquanto em andamento).'),
  incluidos: z.number().int(),
  alterados: z.number().int(),
  inalterados: z.number().int(),
  inativados: z.number().int(),
  errosOmitidos: z.number().int().describe('Erros além dos primeiros, só contados.'),
  iniciadaEm: quando,
  atualizadaEm: quando.describe(
    'Sinal de vida: renovado a cada segundo enquanto em andamento (na leitura e na aplicação). Parado há ' +
      'mais de 2 minutos com status em_andamento: a instância que importava caiu, e a próxima importação da ' +
      'entidade marca esta como falhou.',
  ),
  concluidaEm: quando.nullable(),
  confirmacaoExigida: z
    .number()
    .int()
    .nullable()
    .describe(
      'Recusada pelo limite do modo completo (ou por uma confirmação errada): o número exato de cancelamentos, ' +
        'inativações ou exclusões a confirmar em confirmarCancelamentos. null nos demais casos.',
    ),
  desfeitaEm: quando.nullable().describe('Quando foi desfeita (POST /importacoes/{id}/desfazer); null: não foi.'),
  restaurados: z.number().int().nullable().describe('Registros que o desfazer restaurou; null: não foi desfeita.'),
};

export const importacaoSchema = z.object({ ...camposDaImportacao, erros: z.array(erroDeLinhaSchema) });

export const listaDeImportacoesSchema = z.object({
  importacoes: z.array(z.object({ ...camposDaImportacao, totalErros: z.number().int() })),
  proxima: z.string().nullable().describe('Para a página seguinte: ?antes=<proxima>. null: não há mais.'),
});

export const listarQuerySchema = z.object({
  limite: z.coerce
    .number({ error: 'limite deve ser um número.' })
    .int({ error: 'limite deve ser um número inteiro.' })
    .min(1, { error: 'limite deve ser de 1 a 100.' })
    .max(100, { error: 'limite deve ser de 1 a 100.' })
    .default(20),
  antes: z.uuid({ error: 'antes deve ser o id de uma importação.' }).optional(),
});

export const obterParamsSchema = z.object({ id: z.string() });

const booleano = z
  .enum(['true', 'false', '1', '0'], { error: 'dryRun deve ser true ou false.' })
  .transform((v) => v === 'true' || v === '1');

export const opcoesDeEnvioSchema = z.object({
  modo: z
    .enum(['incremental', 'completo'], { error: 'modo deve ser incremental ou completo.' })
    .default('incremental')
    .describe(
      'incremental: só as linhas enviadas; completo: o arquivo é o cadastro todo (o que faltar é inativado; ' +
        'acima do limite, só com confirmarCancelamentos).',
    ),
  dryRun: booleano
    .default(false)
    .describe('true: só valida, nada é alterado (a resposta conta o que seria incluído, alterado e inativado).'),
  confirmarCancelamentos: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'confirmarCancelamentos deve ser um número inteiro, 0 ou mais.' })
    .transform(Number)
    .optional()
    .describe(
      'Modo completo: o número exato de registros que o arquivo cancela, inativa ou apaga. Exigido quando passa ' +
        'do limite (IMPORTACAO_LIMITE_PERCENTUAL e IMPORTACAO_LIMITE_MINIMO); um número diferente recusa o arquivo.',
    ),
  codificacao: z
    .enum(['utf-8', 'iso-8859-1'], { error: 'codificacao deve ser utf-8 ou iso-8859-1.' })
    .optional()
    .describe('Do CSV (padrão utf-8; também pelo charset do Content-Type).'),
});

export const enviadaSchema = z.object({
  id: z.string(),
  status: statusSchema,
  local: z.string().describe('Onde acompanhar: GET deste caminho (também no cabeçalho Location).'),
});

export const desfeitaSchema = z.object({
  id: z.string(),
  entidade: z.string(),
  restaurados: z.number().int().describe('Registros cancelados, inativados ou apagados pela importação e restaurados.'),
  ignorados: z
    .number()
    .int()
    .describe('Registros que mudaram depois da importação (outra importação ou o portal): deixados como estão.'),
  desfeitaEm: quando,
});

/** A call that takes no body (POST …/desfazer): none, or {}. */
export const semCorpoSchema = z.object({}).nullish().describe('Sem corpo (ou {}).');
