import { z } from 'zod';
import { PAPEIS_EQUIPE, type PapelEquipe } from './atendimento-regras';
import { contextoDoMembroSchema, documentosPedidosSchema } from './atendimento-caso';
import { presenteSchema, responsavelDaFilaSchema, responsavelSchema } from './atendimento-responsavel';
import { FAIXAS_DE_PRAZO, GRUPOS_DE_PRAZO, SITUACOES_PROTOCOLO, TIPOS_PROTOCOLO } from './protocolos-regras';
import { reembolsoDetalheSchema, reembolsoResumoSchema, SITUACOES_REEMBOLSO } from './reembolso';
import { situacaoReembolsoDoProtocoloSchema as situacaoReembolso } from './reembolso';
import { aprovacaoRecusadaSchema, eventoDoCasoSchema, quatroOlhosDaFilaSchema } from './atendimento-recusa';
import { textoLivre } from './texto';

/**
 * The staff console (/atendimento, issue 17, decision 0033): its own accounts, sessions and routes
 * under /api/atendimento. Requests and answers of every call, shared by the API and the console.
 */

export {
  BUSCA_ATENDIMENTO,
  DOCUMENTOS_USUAIS,
  type DocumentoUsual,
  ROTULOS_DOCUMENTO_USUAL,
  textoDoPedidoDeDocumentos,
  MENSAGEM_VERSAO_DESATUALIZADA,
  MENSAGEM_REEMBOLSO_DESATUALIZADO,
  PAPEIS_EQUIPE,
  PAPEIS_QUE_REATRIBUEM,
  PRESENCA_ATENDIMENTO,
  ROTULOS_PAPEL_EQUIPE,
  type PapelEquipe,
} from './atendimento-regras';
export * from './atendimento-responsavel';
export * from './atendimento-caso';
export * from './atendimento-lote';

export const papelEquipeSchema = z.enum(PAPEIS_EQUIPE, {
  error: 'Papel inválido. Use atendente, supervisor ou administrador.',
});

/**
 * The roles that may see and act on reimbursements (all three: a reimbursement decision is the
 * same daily work as answering a protocol). The reimbursement routes and the search's results
 * (GET /busca lists a person's reimbursements only for these) both follow this list.
 */
export const PAPEIS_REEMBOLSO: readonly PapelEquipe[] = PAPEIS_EQUIPE;

/** Sent by the console in every state-changing call (CSRF guard): `x-portal-equipe: 1`. */
export const CABECALHO_EQUIPE = 'x-portal-equipe';

/** Empty query parameters (`?tipo=`) read as absent. */
const vazioAusente = (v: unknown) => (v === '' ? undefined : v);

const quando = z.string().describe('Data e hora (ISO 8601, UTC).');
const dia = z.string().describe('AAAA-MM-DD.');

// ---------------------------------------------------------------------------------------------
// Sign-in: password, then TOTP (or its enrolment), then the session.

export const contaEquipeSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  papel: papelEquipeSchema,
});
export type ContaEquipe = z.infer<typeof contaEquipeSchema>;

/** POST /api/atendimento/entrar */
export const entrarEquipeRequestSchema = z.object({
  email: z
    .string({ error: 'Informe o e-mail.' })
    .trim()
    .toLowerCase()
    .min(1, 'Informe o e-mail.')
    .max(254, 'E-mail ou senha inválidos.'),
  senha: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(128, 'E-mail ou senha inválidos.'),
});
export type EntrarEquipeRequest = z.input<typeof entrarEquipeRequestSchema>;

/**
 * 'totp': type the code of the authenticator app. 'cadastrar-totp': the account has no confirmed
 * second factor yet — show the otpauth:// URI (QR code) and the base32 secret, then ask for a code.
 */
export const entrarEquipeResponseSchema = z.discriminatedUnion('etapa', [
  z.object({ etapa: z.literal('totp') }),
  z.object({
    etapa: z.literal('cadastrar-totp'),
    otpauthUri: z.string().describe('otpauth://totp/… para o QR code do aplicativo autenticador.'),
    segredo: z.string().describe('O segredo em base32, para digitar no aplicativo.'),
  }),
]);
export type EntrarEquipeResponse = z.infer<typeof entrarEquipeResponseSchema>;

/** POST /api/atendimento/totp (with the pre-auth cookie pb_equipe_pre) */
export const totpEquipeRequestSchema = z.object({
  codigo: z
    .string({ error: 'Informe o código.' })
    .trim()
    .regex(/^\d{6}$/, 'O código deve ter 6 dígitos.'),
});
export type TotpEquipeRequest = z.input<typeof totpEquipeRequestSchema>;

/** The staff session: who, and when it ends unless used (idle timeout; never past 10 h). */
export const sessaoEquipeSchema = z.object({
  conta: contaEquipeSchema,
  expiraEm: quando.describe('Quando a sessão expira se não for usada (ISO 8601).'),
});
export type SessaoEquipe = z.infer<typeof sessaoEquipeSchema>;

/**
 * POST /api/atendimento/totp → the session; or, while the password is still the one-time one the CLI
 * printed, 'trocar-senha': no session yet, the person chooses a password (POST /api/atendimento/senha).
 * GET /api/atendimento/eu → the session.
 */
export const totpEquipeResponseSchema = z.union([
  sessaoEquipeSchema,
  z.object({
    etapa: z.literal('trocar-senha').describe('A senha ainda é a provisória: defina a sua para entrar.'),
  }),
]);
export type TotpEquipeResponse = z.infer<typeof totpEquipeResponseSchema>;
export const euEquipeResponseSchema = sessaoEquipeSchema;

/** POST /api/atendimento/senha (with the pre-auth cookie, after the code): the person's own password → the session. */
export const senhaEquipeRequestSchema = z.object({
  senha: z
    .string({ error: 'Informe a nova senha.' })
    .min(1, 'Informe a nova senha.')
    .max(128, 'A senha deve ter no máximo 128 caracteres.'),
});
export type SenhaEquipeRequest = z.input<typeof senhaEquipeRequestSchema>;
export const senhaEquipeResponseSchema = sessaoEquipeSchema;

/**
 * POST /api/atendimento/minha-senha (a staff session): the person changes their own password later —
 * the current one and a fresh code of the authenticator app prove it is them, not a borrowed screen.
 * 204; the account's other sessions end.
 */
export const trocarSenhaEquipeRequestSchema = z.object({
  senhaAtual: z
    .string({ error: 'Informe a senha atual.' })
    .min(1, 'Informe a senha atual.')
    .max(128, 'A senha deve ter no máximo 128 caracteres.'),
  novaSenha: senhaEquipeRequestSchema.shape.senha,
  codigo: totpEquipeRequestSchema.shape.codigo,
});
export type TrocarSenhaEquipeRequest = z.input<typeof trocarSenhaEquipeRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The queue and one protocol.

const FAIXA = 'Só os que aguardam resposta com o prazo nesta faixa (hoje em São Paulo).';
const FAIXA_INVALIDA = "faixa inválida. Use 'atrasado', 'vence_hoje', 'ate_2_dias_uteis' ou 'mais_tarde'.";
const GRUPO = 'protocolos: todos os tipos menos Reembolso (prazos de resposta); reembolsos: só Reembolso (pagamento).';
const GRUPO_INVALIDO = "grupo inválido. Use 'protocolos' ou 'reembolsos'.";

/** GET /api/atendimento/protocolos */
export const filaAtendimentoQuerySchema = z.object({
  situacao: z.preprocess(
    vazioAusente,
    z
      .enum(['abertos', 'todos'], { error: "situacao inválida. Use 'abertos' ou 'todos'." })
      .default('abertos')
      .describe('abertos (padrão): Aberto e Em análise; todos: também os respondidos.'),
  ),
  tipo: z.preprocess(vazioAusente, z.enum(TIPOS_PROTOCOLO, { error: 'Tipo de protocolo inválido.' }).optional()),
  venceAte: z.preprocess(
    vazioAusente,
    z.iso.date({ error: 'Data inválida. Use AAAA-MM-DD.' }).optional().describe('Só os com prazo até este dia.'),
  ),
  busca: z.preprocess(
    vazioAusente,
    z
      .string()
      .trim()
      .max(100, 'A busca tem no máximo 100 caracteres.')
      .optional()
      .describe('Número do protocolo, código do contrato ou nome do beneficiário.'),
  ),
  responsavel: z.preprocess(
    vazioAusente,
    z
      .enum(['eu', 'ninguem'], { error: "responsavel inválido. Use 'eu' ou 'ninguem'." })
      .optional()
      .describe('eu: só os protocolos comigo (Minha fila); ninguem: os que ninguém assumiu.'),
  ),
  faixa: z.preprocess(vazioAusente, z.enum(FAIXAS_DE_PRAZO, { error: FAIXA_INVALIDA }).optional().describe(FAIXA)),
  grupo: z.preprocess(vazioAusente, z.enum(GRUPOS_DE_PRAZO, { error: GRUPO_INVALIDO }).optional().describe(GRUPO)),
  cursor: z.preprocess(vazioAusente, z.string().max(200, 'Cursor inválido.').optional()),
  limite: z.preprocess(
    vazioAusente,
    z.coerce
      .number({ error: 'limite inválido: de 1 a 100.' })
      .int('limite inválido: de 1 a 100.')
      .min(1, 'limite inválido: de 1 a 100.')
      .max(100, 'limite inválido: de 1 a 100.')
      .default(50),
  ),
});
export type FilaAtendimentoQuery = z.input<typeof filaAtendimentoQuerySchema>;

export const itemFilaAtendimentoSchema = z.object({
  protocolo: z.string().describe('20 dígitos.'),
  tipo: z.enum(TIPOS_PROTOCOLO),
  assunto: z.string(),
  situacao: z.enum(SITUACOES_PROTOCOLO),
  situacaoReembolso,
  criadoEm: quando,
  prazoResposta: dia,
  prazoDescricao: z.string(),
  diasUteisRestantes: z.number().int().nullable().describe('0: vence hoje; negativo: atrasado; null: já respondido.'),
  atrasado: z.boolean(),
  venceHoje: z.boolean(),
  faixa: z
    .enum(FAIXAS_DE_PRAZO)
    .nullable()
    .describe('atrasado, vence_hoje, ate_2_dias_uteis ou mais_tarde; null: já respondido.'),
  codigoContrato: z.string(),
  beneficiario: z.string().nullable().describe('Nome de quem o pedido trata (ou de quem pediu).'),
  responsavel: responsavelDaFilaSchema.describe('Com quem da equipe o protocolo está (null: ninguém assumiu).'),
  versao: z
    .number()
    .int()
    .describe('A versao que a fila leu: envie-a de volta nas ações em lote (409 por item se mudou).'),
});
export type ItemFilaAtendimento = z.infer<typeof itemFilaAtendimentoSchema>;

export const filaAtendimentoResponseSchema = z.object({
  itens: z.array(itemFilaAtendimentoSchema).describe('Por prazo (os atrasados primeiro), depois por número.'),
  proximoCursor: z.string().nullable(),
  totais: z.object({
    abertos: z.number().int(),
    atrasados: z.number().int(),
    vencemHoje: z.number().int(),
  }),
  resumo: z
    .array(z.object({ tipo: z.enum(TIPOS_PROTOCOLO), faixa: z.enum(FAIXAS_DE_PRAZO), n: z.number().int() }))
    .describe(
      'Os que aguardam resposta por tipo e faixa do prazo (só as contagens acima de zero), com o filtro de responsável aplicado e nenhum outro.',
    ),
});
export type FilaAtendimentoResponse = z.infer<typeof filaAtendimentoResponseSchema>;

export const numeroProtocoloParamsSchema = z.object({
  numero: z.string().regex(/^\d{20}$/, 'Número de protocolo inválido: informe os 20 dígitos, sem pontos.'),
});

/** What a kind of protocol asks of the answer ('responder'): see acaoProtocoloRequestSchema. */
export const DECISOES_POR_TIPO = ['cancelamento', 'correcao', 'aceite'] as const;
export type DecisaoPorTipo = (typeof DECISOES_POR_TIPO)[number];

export const protocoloAtendimentoSchema = itemFilaAtendimentoSchema.extend({
  versao: z
    .number()
    .int()
    .describe('Muda a cada mudança do protocolo ou do seu histórico: envie-a de volta nas ações (409 se mudou).'),
  responsavel: responsavelSchema,
  presentes: z.array(presenteSchema).describe('Outras pessoas da equipe com este protocolo aberto agora.'),
  canal: z.string(),
  solicitante: z.string().describe('Nome de quem pediu.'),
  pedido: z
    .array(z.object({ rotulo: z.string(), valor: z.string() }))
    .describe('O que foi pedido, campo a campo (conforme o tipo).'),
  resposta: z.string().nullable(),
  respondidoEm: quando.nullable(),
  respondidoPor: z.string().nullable().describe('Nome de quem respondeu (equipe) ou o sistema da operadora.'),
  anexoDaOperadora: z.boolean().describe('A resposta tem um PDF anexado pela operadora.'),
  decisao: z
    .enum(DECISOES_POR_TIPO)
    .nullable()
    .describe(
      "O que 'responder' exige: cancelamento {dataEfeito}; correcao {aplicar, motivo?}; aceite {aceitar, motivo?}.",
    ),
  historico: z.array(eventoDoCasoSchema),
  contexto: contextoDoMembroSchema,
});
export type ProtocoloAtendimento = z.infer<typeof protocoloAtendimentoSchema>;

// ---------------------------------------------------------------------------------------------
// Acting on a protocol.

export const ACOES_PROTOCOLO = ['responder', 'pedir-informacao', 'encaminhar', 'cancelar'] as const;
export type AcaoProtocolo = (typeof ACOES_PROTOCOLO)[number];

export const ROTULOS_ACAO_PROTOCOLO: Record<AcaoProtocolo, string> = {
  responder: 'Responder',
  'pedir-informacao': 'Pedir informação',
  encaminhar: 'Encaminhar',
  cancelar: 'Cancelar',
};

/**
 * POST /api/atendimento/protocolos/:numero/acoes. responder → Concluído (member notified);
 * pedir-informacao → Em análise, 'Aguardando informações' (member notified); encaminhar {setor} →
 * an event only; cancelar → Cancelado with the reason. By kind, 'responder' needs: cancellations
 * {dataEfeito}; data corrections {aplicar, motivo when refused}; dependants and contracting
 * {aceitar, motivo when refused}.
 */
export const acaoProtocoloRequestSchema = z
  .object({
    acao: z.enum(ACOES_PROTOCOLO, {
      error: 'Ação inválida. Use responder, pedir-informacao, encaminhar ou cancelar.',
    }),
    texto: z
      .string({ error: 'Escreva o texto.' })
      .trim()
      .max(2000, 'O texto tem no máximo 2000 caracteres.')
      .describe('Obrigatório, exceto em pedir-informacao com documentos marcados.'),
    documentos: documentosPedidosSchema
      .optional()
      .describe('Só em pedir-informacao: os documentos usuais pedidos; o texto vira a lista seguida do texto livre.'),
    pdfBase64: z.string().optional().describe('Um PDF anexo (base64), até 5 MB; só em responder.'),
    setor: z.string().trim().min(1, 'Informe o setor.').max(100, 'O setor tem no máximo 100 caracteres.').optional(),
    dataEfeito: z.iso.date({ error: 'Data de efeito inválida. Use AAAA-MM-DD.' }).optional(),
    aplicar: z.boolean({ error: 'aplicar deve ser verdadeiro ou falso.' }).optional(),
    aceitar: z.boolean({ error: 'aceitar deve ser verdadeiro ou falso.' }).optional(),
    motivo: z.string().trim().min(1, 'Informe o motivo.').max(500, 'O motivo tem no máximo 500 caracteres.').optional(),
    versao: z
      .number({ error: 'versao inválida.' })
      .int('versao inválida.')
      .optional()
      .describe(
        'A versao do protocolo que a tela leu: se ele mudou desde então, 409 VERSAO_DESATUALIZADA. Sem ela, a ação é aceita sem essa conferência.',
      ),
  })
  .refine((b) => b.texto.length > 0 || (b.acao === 'pedir-informacao' && (b.documentos?.length ?? 0) > 0), {
    message: 'Escreva o texto.',
    path: ['texto'],
  })
  .refine((b) => b.documentos === undefined || b.acao === 'pedir-informacao', {
    message: 'Só a ação pedir-informacao aceita a lista de documentos.',
    path: ['documentos'],
  })
  .refine((b) => b.acao !== 'encaminhar' || b.setor !== undefined, {
    message: 'Informe o setor para onde encaminhar.',
    path: ['setor'],
  });
export type AcaoProtocoloRequest = z.input<typeof acaoProtocoloRequestSchema>;

export const acaoProtocoloResponseSchema = protocoloAtendimentoSchema;

// ---------------------------------------------------------------------------------------------
// Answer templates.

/** The kinds of protocol a template is for (decision 0057); empty: every kind ('todos os tipos'). */
const tiposDoModeloSchema = z
  .array(z.enum(TIPOS_PROTOCOLO, { error: 'Tipo de protocolo inválido.' }), { error: 'tipos deve ser uma lista.' })
  .max(TIPOS_PROTOCOLO.length, 'Tipos repetidos.')
  .refine((t) => new Set(t).size === t.length, 'Tipos repetidos.');

export const modeloDeRespostaSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  texto: z.string(),
  tipos: z.array(z.enum(TIPOS_PROTOCOLO)).describe('Para quais tipos de protocolo; vazio: todos os tipos.'),
});
export type ModeloDeResposta = z.infer<typeof modeloDeRespostaSchema>;

export const listaModelosDeRespostaSchema = z.object({ modelos: z.array(modeloDeRespostaSchema) });

export const criarModeloDeRespostaRequestSchema = z.object({
  titulo: z
    .string({ error: 'Informe o título.' })
    .trim()
    .min(1, 'Informe o título.')
    .max(120, 'O título tem no máximo 120 caracteres.'),
  texto: z
    .string({ error: 'Escreva o texto.' })
    .trim()
    .min(1, 'Escreva o texto.')
    .max(2000, 'O texto tem no máximo 2000 caracteres.'),
  tipos: tiposDoModeloSchema.default([]).describe('Para quais tipos de protocolo; vazio ou ausente: todos os tipos.'),
});
export type CriarModeloDeRespostaRequest = z.input<typeof criarModeloDeRespostaRequestSchema>;

export const modeloDeRespostaParamsSchema = z.object({
  id: z.string().regex(/^[0-9]{1,18}$/, 'Identificador inválido.'),
});

// ---------------------------------------------------------------------------------------------
// Imports, webhook deliveries, audit trail, accounts.

export const importacoesAtendimentoQuerySchema = z.object({
  limite: z.preprocess(
    vazioAusente,
    z.coerce
      .number({ error: 'limite inválido: de 1 a 100.' })
      .int('limite inválido: de 1 a 100.')
      .min(1, 'limite inválido: de 1 a 100.')
      .max(100, 'limite inválido: de 1 a 100.')
      .default(20),
  ),
  antes: z.preprocess(vazioAusente, z.uuid({ error: 'antes deve ser o id de uma importação.' }).optional()),
});

export const importacaoAtendimentoSchema = z.object({
  id: z.string(),
  entidade: z.string(),
  modo: z.enum(['incremental', 'completo']),
  dryRun: z.boolean(),
  origem: z.enum(['cli', 'api']),
  status: z.enum(['em_andamento', 'recusado', 'validado', 'aplicado', 'falhou']),
  linhas: z.number().int(),
  incluidos: z.number().int(),
  alterados: z.number().int(),
  inalterados: z.number().int(),
  inativados: z.number().int(),
  totalErros: z.number().int(),
  /** A refused import: the message of its first problem (the bound of a `completo` file names its count). */
  primeiroErro: z.string().nullable(),
  /** Refused for the bound of a `completo` file: the exact number of removals to confirm (decision 0049). */
  confirmacaoExigida: z.number().int().nullable(),
  /** Undone (npm run importar -- desfazer, or the integration API), and how many records came back. */
  desfeitaEm: quando.nullable(),
  restaurados: z.number().int().nullable(),
  iniciadaEm: quando,
  concluidaEm: quando.nullable(),
});
export const importacoesAtendimentoResponseSchema = z.object({
  importacoes: z.array(importacaoAtendimentoSchema),
  proxima: z.string().nullable().describe('Para a página seguinte: ?antes=<proxima>.'),
});
export type ImportacoesAtendimentoResponse = z.infer<typeof importacoesAtendimentoResponseSchema>;

export const SITUACOES_ENTREGA = ['pendente', 'entregue', 'falhou', 'cancelada'] as const;
export const entregasWebhookQuerySchema = z.object({
  situacao: z.preprocess(
    vazioAusente,
    z.enum(SITUACOES_ENTREGA, { error: 'Situação inválida. Use pendente, entregue, falhou ou cancelada.' }).optional(),
  ),
  cursor: z.preprocess(
    vazioAusente,
    z
      .string()
      .regex(/^\d{1,18}$/, 'Cursor inválido.')
      .optional(),
  ),
  limite: z.preprocess(
    vazioAusente,
    z.coerce
      .number({ error: 'limite inválido: de 1 a 100.' })
      .int('limite inválido: de 1 a 100.')
      .min(1, 'limite inválido: de 1 a 100.')
      .max(100, 'limite inválido: de 1 a 100.')
      .default(50),
  ),
});
export const entregaWebhookSchema = z.object({
  id: z.string(),
  mensagemId: z.string().describe('O webhook-id (msg_…).'),
  tipo: z.string().describe('O evento (protocolo.criado, …).'),
  endpointId: z.string(),
  url: z.string(),
  situacao: z.enum(SITUACOES_ENTREGA),
  tentativas: z.number().int(),
  criadoEm: quando,
  proximaEm: quando.nullable(),
  entregueEm: quando.nullable(),
  ultimaTentativa: z
    .object({ em: quando, statusHttp: z.number().int().nullable(), resultado: z.string(), erro: z.string().nullable() })
    .nullable(),
});
export type EntregaWebhook = z.infer<typeof entregaWebhookSchema>;
export const entregasWebhookResponseSchema = z.object({
  entregas: z.array(entregaWebhookSchema).describe('As mais recentes primeiro.'),
  proximoCursor: z.string().nullable(),
});
export type EntregasWebhookResponse = z.infer<typeof entregasWebhookResponseSchema>;

export const mensagemWebhookParamsSchema = z.object({
  id: z.string().regex(/^msg_[A-Za-z0-9_-]{1,64}$/, 'Identificador de mensagem inválido.'),
});
export const reenviarWebhookResponseSchema = z.object({
  reenviadas: z.number().int().describe('Entregas agendadas de novo (uma por endpoint ativo inscrito).'),
});

export const auditoriaQuerySchema = z.object({
  conta: z.preprocess(vazioAusente, z.uuid({ error: 'conta inválida.' }).optional()),
  desde: z.preprocess(vazioAusente, z.iso.datetime({ error: 'desde inválido: use data e hora ISO 8601.' }).optional()),
  ate: z.preprocess(vazioAusente, z.iso.datetime({ error: 'ate inválido: use data e hora ISO 8601.' }).optional()),
  cursor: z.preprocess(
    vazioAusente,
    z
      .string()
      .regex(/^\d{1,18}$/, 'Cursor inválido.')
      .optional(),
  ),
  limite: z.preprocess(
    vazioAusente,
    z.coerce
      .number({ error: 'limite inválido: de 1 a 200.' })
      .int('limite inválido: de 1 a 200.')
      .min(1, 'limite inválido: de 1 a 200.')
      .max(200, 'limite inválido: de 1 a 200.')
      .default(50),
  ),
});
export const registroAuditoriaSchema = z.object({
  id: z.string(),
  em: quando,
  evento: z.string().describe('equipe_leu_protocolo, equipe_leu_fila, equipe_respondeu, equipe_entrou, …'),
  contaId: z.string().nullable(),
  contaNome: z.string().nullable(),
  protocolo: z.string().nullable(),
  codigoContrato: z.string().nullable(),
  ip: z.string(),
  detalhe: z.record(z.string(), z.unknown()),
});
export type RegistroAuditoria = z.infer<typeof registroAuditoriaSchema>;
export const auditoriaResponseSchema = z.object({
  registros: z.array(registroAuditoriaSchema).describe('Os mais recentes primeiro.'),
  proximoCursor: z.string().nullable(),
});
export type AuditoriaResponse = z.infer<typeof auditoriaResponseSchema>;

export const contaEquipeListadaSchema = contaEquipeSchema.extend({
  totpConfirmado: z.boolean(),
  bloqueadaAte: quando.nullable(),
  desativadaEm: quando.nullable(),
  criadaEm: quando,
});
export const contasEquipeResponseSchema = z.object({ contas: z.array(contaEquipeListadaSchema) });
export type ContasEquipeResponse = z.infer<typeof contasEquipeResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Reimbursements (issue 18, operator side; decisions 0033 and 0034): the queue by the legal
// payment deadline, one request, its attachments and the five status changes.

/** GET /api/atendimento/reembolsos */
export const reembolsosAtendimentoQuerySchema = z.object({
  situacao: z.preprocess(
    vazioAusente,
    z
      .enum(['abertos', 'todos', ...SITUACOES_REEMBOLSO], {
        error: `situacao inválida. Use abertos, todos ou uma de: ${SITUACOES_REEMBOLSO.join(', ')}.`,
      })
      .default('abertos')
      .describe('abertos (padrão): recebido, em_analise, pendente e aprovado; todos; ou uma situação.'),
  ),
  limite: z.preprocess(
    vazioAusente,
    z.coerce
      .number({ error: 'limite inválido: de 1 a 200.' })
      .int('limite inválido: de 1 a 200.')
      .min(1, 'limite inválido: de 1 a 200.')
      .max(200, 'limite inválido: de 1 a 200.')
      .default(50),
  ),
  responsavel: z.preprocess(
    vazioAusente,
    z
      .enum(['eu', 'ninguem'], { error: "responsavel inválido. Use 'eu' ou 'ninguem'." })
      .optional()
      .describe('eu: só os pedidos comigo (Minha fila); ninguem: os que ninguém assumiu.'),
  ),
});
export type ReembolsosAtendimentoQuery = z.input<typeof reembolsosAtendimentoQuerySchema>;

const prazoDoReembolso = {
  codigoContrato: z.string(),
  diasRestantes: z
    .number()
    .int()
    .nullable()
    .describe(
      'Dias corridos até o prazo legal de pagamento: 0 vence hoje, negativo atrasado, null sem prazo correndo.',
    ),
  atrasado: z.boolean(),
  venceHoje: z.boolean(),
};

export const itemReembolsoAtendimentoSchema = reembolsoResumoSchema.extend({
  ...prazoDoReembolso,
  reciboRepetido: z
    .boolean()
    .describe('Possível recibo repetido: outro pedido tem o mesmo recibo, ou o beneficiário confirmou reenviá-lo.'),
  responsavel: responsavelDaFilaSchema.describe(
    'Com quem da equipe o pedido está (o responsável do seu protocolo; null: ninguém assumiu).',
  ),
  quatroOlhos: quatroOlhosDaFilaSchema,
});
export type ItemReembolsoAtendimento = z.infer<typeof itemReembolsoAtendimentoSchema>;

export const reembolsosAtendimentoResponseSchema = z.object({
  itens: z
    .array(itemReembolsoAtendimentoSchema)
    .describe('Por prazo de pagamento (o mais próximo primeiro; os pendentes, sem prazo correndo, por último).'),
});
export type ReembolsosAtendimentoResponse = z.infer<typeof reembolsosAtendimentoResponseSchema>;

/** GET /api/atendimento/reembolsos/:protocolo (a read of member data: audited). */
export const reembolsoAtendimentoSchema = reembolsoDetalheSchema.extend({
  ...prazoDoReembolso,
  versao: z
    .number()
    .int()
    .describe(
      'A versão do protocolo do pedido (muda a cada mudança do pedido ou do seu histórico): envie-a de volta nas ações (409 se mudou).',
    ),
  responsavel: responsavelSchema.describe('Com quem da equipe o pedido está (o responsável do seu protocolo).'),
  presentes: z.array(presenteSchema).describe('Outras pessoas da equipe com este pedido aberto agora.'),
  contexto: contextoDoMembroSchema.describe('O beneficiário num relance (somente leitura, registrado na auditoria).'),
  codigoBeneficiario: z.string(),
  cpfBeneficiario: z.string().describe('De quem recebeu o atendimento, mascarado: ***.982.247-**.'),
  dadosPagamento: z
    .record(z.string(), z.string())
    .describe(
      'Conta (banco, agencia, conta, tipoConta) ou PIX (tipoChave, chave) do titular, sem máscara: para pagar.',
    ),
  aprovacaoPendente: z
    .object({
      valor: z.number(),
      previsaoPagamento: z.string(),
      por: z.object({ id: z.string(), nome: z.string() }).describe('Quem aprovou (não pode confirmar).'),
      em: z.string(),
    })
    .nullable()
    .describe('Aprovação acima do limite aguardando a confirmação de um supervisor (quatro olhos).'),
  aprovacaoRecusada: aprovacaoRecusadaSchema,
  quatroOlhosAcima: z
    .number()
    .describe('Valor aprovado (reais) acima do qual a aprovação precisa da confirmação de outra pessoa.'),
  proximoPagamento: z.string().describe('A próxima rodada de pagamento da operadora, hoje ou depois (AAAA-MM-DD).'),
  pagoEmSugerido: z
    .string()
    .nullable()
    .describe('Quando aprovado: a rodada de pagamento seguinte à aprovação, ou hoje se ainda não chegou.'),
  reciboRepetido: z
    .object({
      confirmadoPeloBeneficiario: z
        .boolean()
        .describe(
          'O beneficiário foi avisado de que o recibo já tinha sido enviado e confirmou que é outro atendimento.',
        ),
      outros: z
        .array(
          z.object({
            protocolo: z.string(),
            criadoEm: z.string(),
            situacao: z.enum(SITUACOES_REEMBOLSO),
            beneficiario: z.string(),
            codigoContrato: z.string(),
          }),
        )
        .describe(
          'Outros pedidos com o mesmo recibo (CPF/CNPJ do prestador, número e data), de qualquer beneficiário.',
        ),
    })
    .describe('Possível recibo repetido (decisão 0056).'),
});
export type ReembolsoAtendimento = z.infer<typeof reembolsoAtendimentoSchema>;

export const protocoloReembolsoParamsSchema = z.object({
  protocolo: z.string().regex(/^\d{20}$/, 'Número de protocolo inválido: informe os 20 dígitos, sem pontos.'),
});
export const anexoReembolsoParamsSchema = protocoloReembolsoParamsSchema.extend({
  id: z.string().regex(/^anx_[0-9a-f]{32}$/, 'Anexo inválido.'),
});

/**
 * The version the console's screen read (decision 0055), in every reimbursement action: if the
 * request changed since, 409 VERSAO_DESATUALIZADA. Without it, the action is accepted unchecked.
 */
const versaoLida = z
  .number({ error: 'versao inválida.' })
  .int('versao inválida.')
  .optional()
  .describe(
    'A versao que a tela leu: se o pedido mudou desde então, 409 VERSAO_DESATUALIZADA. Sem ela, a ação é aceita sem essa conferência.',
  );

/** POST …/analise: nothing but the version read. */
export const iniciarAnaliseReembolsoRequestSchema = z.object({ versao: versaoLida }).optional();

/** POST …/pendencia: what is missing, which the member reads. */
export const pedirDocumentosReembolsoRequestSchema = z
  .object({
    pergunta: textoLivre({ multilinha: true, error: 'Informe o que falta.' })
      .max(1000, 'No máximo 1000 caracteres.')
      .default('')
      .describe('Texto livre; pode ficar vazio quando há documentos marcados.'),
    documentos: documentosPedidosSchema.optional(),
    versao: versaoLida,
  })
  .refine((b) => b.pergunta.length > 0 || (b.documentos?.length ?? 0) > 0, {
    message: 'Informe o que falta.',
    path: ['pergunta'],
  });
export type PedirDocumentosReembolsoRequest = z.input<typeof pedirDocumentosReembolsoRequestSchema>;

/** POST …/aprovacao: the amount approved (reais, at most the amount paid) and the payment date. */
export const aprovarReembolsoRequestSchema = z.object({
  valor: z
    .number({ error: 'Informe o valor aprovado.' })
    .positive('Informe o valor aprovado.')
    .max(1_000_000, 'Valor aprovado inválido.'),
  previsaoPagamento: z.iso.date({ error: 'Data prevista de pagamento inválida: use AAAA-MM-DD.' }),
  versao: versaoLida,
});
export type AprovarReembolsoRequest = z.input<typeof aprovarReembolsoRequestSchema>;

/**
 * POST …/confirmacao (supervisor or administrador, never who approved): confirms an approval
 * awaiting confirmation; the expected payment date may be replaced (it may have passed meanwhile).
 */
export const confirmarAprovacaoReembolsoRequestSchema = z.object({
  previsaoPagamento: z.preprocess(
    vazioAusente,
    z.iso.date({ error: 'Data prevista de pagamento inválida: use AAAA-MM-DD.' }).optional(),
  ),
  versao: versaoLida,
});
export type ConfirmarAprovacaoReembolsoRequest = z.input<typeof confirmarAprovacaoReembolsoRequestSchema>;

/** POST …/negativa: the reason, which the member reads. */
export const negarReembolsoRequestSchema = z.object({
  motivo: textoLivre({ multilinha: true, error: 'Informe o motivo.' })
    .min(1, 'Informe o motivo.')
    .max(1000, 'No máximo 1000 caracteres.'),
  versao: versaoLida,
});
export type NegarReembolsoRequest = z.input<typeof negarReembolsoRequestSchema>;

/** POST …/pagamento: the day it was paid (default today). */
export const marcarPagoReembolsoRequestSchema = z.object({
  pagoEm: z.preprocess(vazioAusente, z.iso.date({ error: 'Data de pagamento inválida: use AAAA-MM-DD.' }).optional()),
  versao: versaoLida,
});
export type MarcarPagoReembolsoRequest = z.input<typeof marcarPagoReembolsoRequestSchema>;
