import { z } from 'zod';
import { membroRequest } from './comum';
import { textoLivre } from './texto';
import { CAMPOS_CORRECAO, type CampoCorrecao } from './privacidade-campos';
import { protocoloCampos } from './servicos';

/**
 * 'Meus dados' (issue 8, LGPD art. 18, decision 0019): the member's own data to download, the
 * consents given and their revocation, recent sign-ins and open sessions, and a request to
 * correct data. Every call is a member call (perfilAutenticado + pb_sessao).
 */

/** POST /api/MeusDados/Exportar (JSON) and /api/MeusDados/ExportarPdf (PDF): everything about the member. */
export const exportarMeusDadosRequestSchema = membroRequest({});
export type ExportarMeusDadosRequest = z.input<typeof exportarMeusDadosRequestSchema>;

const linhas = z.array(z.record(z.string(), z.unknown()));

/** The JSON export: plain records per section, dates as ISO strings; never a hash, a code or another person's data. */
export const exportacaoMeusDadosSchema = z.object({
  geradoEm: z.string(),
  operadora: z.object({ nome: z.string(), registroAns: z.string() }),
  titular: z.record(z.string(), z.unknown()),
  conta: z.record(z.string(), z.unknown()).nullable(),
  vinculos: linhas,
  carteirinhas: linhas,
  protocolos: linhas,
  solicitacoes: z.object({
    dependentes: linhas,
    contatosComerciais: linhas,
    contratacoesServico: linhas,
    inscricoesPreventivas: linhas,
    avaliacoes: linhas,
    correcoesDados: linhas,
  }),
  consentimentos: linhas,
  sessoes: linhas,
  registrosDeAcesso: linhas,
  mensagens: linhas,
  contratoDaSessao: z.object({
    codigoContrato: z.string(),
    autorizacoes: linhas,
    utilizacao: linhas,
    /** Only for the financial responsible (docs/produto/comum.md, "Who may use it"). */
    mensalidades: linhas.nullable(),
  }),
  limites: z.object({ linhasPorSecao: z.number().int(), secoesCortadas: z.array(z.string()) }),
});
export type ExportacaoMeusDados = z.infer<typeof exportacaoMeusDadosSchema>;

/** POST /api/MeusDados/Consentimentos — every consent of the member's CPF, newest first. */
export const listarConsentimentosRequestSchema = membroRequest({});
export const consentimentoSchema = z.object({
  idConsentimento: z.number().int(),
  protocolo: z.string(),
  finalidade: z.string(),
  parceiro: z.string(),
  dadosCompartilhados: z.array(z.string()),
  textoVersao: z.string(),
  /** ISO instants. */
  concedidoEm: z.string(),
  revogadoEm: z.string().nullable(),
  situacao: z.enum(['ATIVO', 'REVOGADO']),
});
export type Consentimento = z.infer<typeof consentimentoSchema>;
export const listarConsentimentosResponseSchema = z.object({ consentimentos: z.array(consentimentoSchema) });
export type ListarConsentimentosResponse = z.infer<typeof listarConsentimentosResponseSchema>;

/** POST /api/MeusDados/RevogarConsentimento — revokes one consent (protocol REVOGACAO_CONSENTIMENTO). */
export const revogarConsentimentoRequestSchema = membroRequest({
  idConsentimento: z
    .number({ error: 'Informe o consentimento.' })
    .int('Consentimento inválido.')
    .positive('Consentimento inválido.')
    .max(Number.MAX_SAFE_INTEGER, 'Consentimento inválido.'),
});
export type RevogarConsentimentoRequest = z.input<typeof revogarConsentimentoRequestSchema>;
export const revogarConsentimentoResponseSchema = z.object({ revogadoEm: z.string(), ...protocoloCampos });
export type RevogarConsentimentoResponse = z.infer<typeof revogarConsentimentoResponseSchema>;

/** POST /api/MeusDados/Acessos — open sessions (devices) and recent sign-in events of the CPF. */
export const listarAcessosRequestSchema = membroRequest({});
export const sessaoAbertaSchema = z.object({
  /** 'Chrome 120 no Windows 10 (computador)', in plain words. */
  dispositivo: z.string(),
  /** Masked: '189.45.x.x'. */
  ipAproximado: z.string(),
  iniciadaEm: z.string(),
  ultimoUsoEm: z.string(),
  estaSessao: z.boolean(),
});
export const eventoAcessoSchema = z.object({
  em: z.string(),
  evento: z.string(),
  /** 'Entrada no portal', 'Senha incorreta'… */
  descricao: z.string(),
  dispositivo: z.string(),
  ipAproximado: z.string(),
});
export type SessaoAberta = z.infer<typeof sessaoAbertaSchema>;
export type EventoAcesso = z.infer<typeof eventoAcessoSchema>;
export const listarAcessosResponseSchema = z.object({
  sessoes: z.array(sessaoAbertaSchema),
  acessos: z.array(eventoAcessoSchema),
});
export type ListarAcessosResponse = z.infer<typeof listarAcessosResponseSchema>;

/** POST /api/MeusDados/EncerrarOutrasSessoes — ends every other open session of the person. */
export const encerrarOutrasSessoesRequestSchema = membroRequest({});
export const encerrarOutrasSessoesResponseSchema = z.object({ encerradas: z.number().int() });
export type EncerrarOutrasSessoesResponse = z.infer<typeof encerrarOutrasSessoesResponseSchema>;

export { CAMPOS_CORRECAO, type CampoCorrecao } from './privacidade-campos';

/** POST /api/MeusDados/SolicitarCorrecao — a protocol CORRECAO_DADOS; the data itself is not changed. */
export const solicitarCorrecaoRequestSchema = membroRequest({
  campo: z.enum(Object.keys(CAMPOS_CORRECAO) as [CampoCorrecao, ...CampoCorrecao[]], {
    error: 'Escolha o dado a corrigir.',
  }),
  valorCorreto: textoLivre({ error: 'Informe o valor correto.' })
    .min(1, 'Informe o valor correto.')
    .max(300, 'O valor correto pode ter no máximo 300 caracteres.'),
  observacao: textoLivre({ multilinha: true })
    .max(500, 'A observação pode ter no máximo 500 caracteres.')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type SolicitarCorrecaoRequest = z.input<typeof solicitarCorrecaoRequestSchema>;
export const solicitarCorrecaoResponseSchema = z.object({ ...protocoloCampos });
export type SolicitarCorrecaoResponse = z.infer<typeof solicitarCorrecaoResponseSchema>;

/**
 * POST /api/Clube/ValidarLink (app token, for the partner): is a club link still good? A link
 * whose consent was revoked stops working even before its 5 minutes end.
 */
export const validarLinkClubeRequestSchema = z.object({
  token: z.string({ error: 'Informe o token.' }).trim().min(1, 'Informe o token.').max(2048, 'Token inválido.'),
});
export const validarLinkClubeResponseSchema = z.object({
  situacao: z.enum(['VALIDO', 'REVOGADO', 'EXPIRADO', 'RESGATADO', 'INVALIDO']),
});
export type ValidarLinkClubeResponse = z.infer<typeof validarLinkClubeResponseSchema>;
