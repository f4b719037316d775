/**
 * 'Meus Protocolos' words shared by the API (its PDF) and the web app (decision 0017): the kinds of
 * request and their statuses in plain Portuguese, and how a typed protocol number is read. Kept
 * free of zod (`@portal/contract/protocolos`) so the page's chunk carries no schema library.
 */
import { ROTULOS_SITUACAO_REEMBOLSO, type SituacaoReembolso } from './reembolso-regras';

/** Every kind of request that gets a protocol (migrations 0006, 0011 and 0028). */
export const TIPOS_PROTOCOLO = [
  'INCLUSAO_DEPENDENTE',
  'CONTATO_COMERCIAL',
  'CONTRATACAO_SOS',
  'CONTRATACAO_ORTOPEDICO',
  'INSCRICAO_MEDICINA_PREVENTIVA',
  'AVALIACAO_ATENDIMENTO',
  'CONSENTIMENTO_CLUBE',
  'CANCELAMENTO_CONTRATO',
  'CANCELAMENTO_DEPENDENTES',
  'CORRECAO_DADOS',
  'REVOGACAO_CONSENTIMENTO',
  'REEMBOLSO',
] as const;
export type TipoProtocolo = (typeof TIPOS_PROTOCOLO)[number];

/** The kind as the member reads it. */
export const ROTULOS_TIPO_PROTOCOLO: Record<TipoProtocolo, string> = {
  INCLUSAO_DEPENDENTE: 'Inclusão de dependente',
  CONTATO_COMERCIAL: 'Pedido de contato comercial',
  CONTRATACAO_SOS: 'Contratação do SOS',
  CONTRATACAO_ORTOPEDICO: 'Contratação do Plano Ortopédico',
  INSCRICAO_MEDICINA_PREVENTIVA: 'Inscrição na Medicina Preventiva',
  AVALIACAO_ATENDIMENTO: 'Avaliação de atendimento',
  CONSENTIMENTO_CLUBE: 'Autorização do Clube de benefícios',
  CANCELAMENTO_CONTRATO: 'Cancelamento do plano',
  CANCELAMENTO_DEPENDENTES: 'Cancelamento de dependentes',
  CORRECAO_DADOS: 'Correção de dados pessoais',
  REVOGACAO_CONSENTIMENTO: 'Retirada de autorização de uso de dados',
  REEMBOLSO: 'Reembolso',
};

/**
 * How near a waiting protocol's deadline is (decision 0051, issue 31): past it, today, within 2
 * business days, or later. The API computes it (apps/api/src/lib/prazos.ts, faixaDoPrazo); the
 * console and the metrics read these names.
 */
export const FAIXAS_DE_PRAZO = ['atrasado', 'vence_hoje', 'ate_2_dias_uteis', 'mais_tarde'] as const;
export type FaixaDePrazo = (typeof FAIXAS_DE_PRAZO)[number];

/** The band in words, as the console's rows and cards say it (never by colour alone). */
export const ROTULOS_FAIXA_DE_PRAZO: Record<FaixaDePrazo, string> = {
  atrasado: 'Atrasado',
  vence_hoje: 'Vence hoje',
  ate_2_dias_uteis: 'Vence em até 2 dias úteis',
  mais_tarde: 'No prazo',
};

/**
 * The queue's two kinds of deadline, never added together (issue 31): a protocol's answer deadline
 * (RN 623/2024's 7 business days; RN 561/2022 and the LGPD's 'at once') and a reimbursement's legal
 * payment deadline (Lei 9.656/98, art. 12, VI: 30 days of complete documentation).
 */
export const GRUPOS_DE_PRAZO = ['protocolos', 'reembolsos'] as const;
export type GrupoDePrazo = (typeof GRUPOS_DE_PRAZO)[number];

export const SITUACOES_PROTOCOLO = ['ABERTO', 'EM_ANALISE', 'CONCLUIDO', 'CANCELADO'] as const;
export type SituacaoProtocolo = (typeof SITUACOES_PROTOCOLO)[number];

export const ROTULOS_SITUACAO_PROTOCOLO: Record<SituacaoProtocolo, string> = {
  // The member's words for a request just made, as Reembolso says it (issue 31: one vocabulary).
  ABERTO: 'Recebido',
  EM_ANALISE: 'Em análise',
  CONCLUIDO: 'Concluído',
  CANCELADO: 'Cancelado',
};

/**
 * A protocol's status in words: a REEMBOLSO protocol's is its request's step, in Reembolso's words
 * ('Aprovado', 'Pago', 'Negado'…; issue 31: the protocol never says less than the request does).
 */
export function rotuloDaSituacao(p: {
  situacao: SituacaoProtocolo;
  situacaoReembolso?: SituacaoReembolso | null | undefined;
}): string {
  return p.situacaoReembolso ? ROTULOS_SITUACAO_REEMBOLSO[p.situacaoReembolso] : ROTULOS_SITUACAO_PROTOCOLO[p.situacao];
}

/** Channels a protocol came through ('PORTAL' for everything the portal registers). */
export const ROTULOS_CANAL_PROTOCOLO: Record<string, string> = {
  PORTAL: 'Portal do beneficiário',
  TELEFONE: 'Central de atendimento (telefone)',
  PRESENCIAL: 'Atendimento presencial',
};

/** RN 623/2024: 6 digits of the ANS registration, AAAAMMDD and a 6-digit sequence of the day. */
export const DIGITOS_PROTOCOLO = 20;

export const MENSAGEM_PROTOCOLO_INVALIDO = 'Informe os 20 números do protocolo.';

/**
 * A typed or pasted protocol number as the server looks it up: the 20 digits, with the spaces,
 * dots, dashes and slashes people type or copy along removed. Null when it cannot be one (letters,
 * too few or too many digits).
 */
export function normalizarNumeroProtocolo(texto: string): string | null {
  const limpo = texto.replace(/[\s.\-–/]/g, '');
  return new RegExp(`^\\d{${DIGITOS_PROTOCOLO}}$`).test(limpo) ? limpo : null;
}

/**
 * The number in its three parts, for reading ('417297', '20260310', '000001'): the operator's ANS
 * registration, the day, the sequence. Anything else comes back whole.
 */
export function partesDoProtocolo(numero: string): string[] {
  return numero.length === DIGITOS_PROTOCOLO ? [numero.slice(0, 6), numero.slice(6, 14), numero.slice(14)] : [numero];
}

/** '417297 20260310 000001': the number as printed on paper. */
export function formatarNumeroProtocolo(numero: string): string {
  return partesDoProtocolo(numero).join(' ');
}

/**
 * Every protocol number standing alone in a text (20 digits, no digit either side) written as the
 * screens write it: the subjects and texts of the member's notices, and the console's 'Avisos
 * enviados' (which also lists notices written before they were grouped).
 */
export function agruparNumerosDeProtocolo(texto: string): string {
  return texto.replace(new RegExp(`(?<!\\d)\\d{${DIGITOS_PROTOCOLO}}(?!\\d)`, 'g'), (n) => formatarNumeroProtocolo(n));
}
