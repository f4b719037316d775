import type { TipoProtocolo } from '../protocolos/repository';

/** Every event an endpoint may subscribe to (issue 17). Payload version: VERSAO_PAYLOAD. */
export const TIPOS_EVENTO = [
  'protocolo.criado',
  'protocolo.atualizado',
  'dependentes.solicitados',
  'contratacao.confirmada',
  'inscricao.criada',
  'avaliacao.criada',
  'cancelamento.solicitado',
  'correcao.solicitada',
  'consentimento.revogado',
  'reembolso.solicitado',
  'reembolso.atualizado',
] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

export const VERSAO_PAYLOAD = 1;

/** The event a kind of request raises beside protocolo.criado (none: only protocolo.criado). */
export const EVENTO_DO_TIPO: Record<TipoProtocolo, TipoEvento | null> = {
  INCLUSAO_DEPENDENTE: 'dependentes.solicitados',
  CONTATO_COMERCIAL: null,
  CONTRATACAO_SOS: 'contratacao.confirmada',
  CONTRATACAO_ORTOPEDICO: 'contratacao.confirmada',
  INSCRICAO_MEDICINA_PREVENTIVA: 'inscricao.criada',
  AVALIACAO_ATENDIMENTO: 'avaliacao.criada',
  CONSENTIMENTO_CLUBE: null,
  CANCELAMENTO_CONTRATO: 'cancelamento.solicitado',
  CANCELAMENTO_DEPENDENTES: 'cancelamento.solicitado',
  CORRECAO_DADOS: 'correcao.solicitada',
  REVOGACAO_CONSENTIMENTO: 'consentimento.revogado',
  REEMBOLSO: 'reembolso.solicitado',
};

/** What the operator must do about a kind of request (the `acao` of the payload). */
export const ACAO_DO_TIPO: Record<TipoProtocolo, string> = {
  INCLUSAO_DEPENDENTE: 'analisar_inclusao_de_dependentes',
  CONTATO_COMERCIAL: 'contatar_beneficiario',
  CONTRATACAO_SOS: 'ativar_servico_contratado',
  CONTRATACAO_ORTOPEDICO: 'ativar_servico_contratado',
  INSCRICAO_MEDICINA_PREVENTIVA: 'agendar_programa',
  AVALIACAO_ATENDIMENTO: 'registrar_avaliacao',
  CONSENTIMENTO_CLUBE: 'registrar_consentimento',
  CANCELAMENTO_CONTRATO: 'efetivar_cancelamento_rn561',
  CANCELAMENTO_DEPENDENTES: 'efetivar_cancelamento_rn561',
  CORRECAO_DADOS: 'aplicar_ou_recusar_correcao',
  REVOGACAO_CONSENTIMENTO: 'registrar_revogacao_lgpd',
  REEMBOLSO: 'analisar_reembolso',
};

/**
 * The data of every protocol event: identifiers and what to act on, no name, CPF or contact (the
 * operator reads the rest through its own systems or the integration API, by protocol number).
 */
export interface DadosProtocolo {
  protocolo: string;
  tipo: TipoProtocolo;
  situacao: string;
  /**
   * A REEMBOLSO protocol's request step in Reembolso's words ('aprovado', 'pago'…; issue 31), so a
   * consumer reads what the member reads; absent for every other kind.
   */
  situacaoReembolso?: string;
  /** AAAA-MM-DD (RN 623). */
  prazoResposta: string;
  codigoContrato: string;
  codigoBeneficiario: string | null;
  acao: string;
}

/** The JSON body posted to the endpoint (Standard Webhooks' recommended shape). */
export interface CorpoEvento {
  type: TipoEvento;
  version: number;
  timestamp: string;
  data: Record<string, unknown>;
}

export function corpoDoEvento(tipo: TipoEvento, em: Date, data: Record<string, unknown>): CorpoEvento {
  return { type: tipo, version: VERSAO_PAYLOAD, timestamp: em.toISOString(), data };
}

export function tiposDeEventoValidos(lista: string[]): lista is TipoEvento[] {
  return lista.every((t) => (TIPOS_EVENTO as readonly string[]).includes(t));
}
