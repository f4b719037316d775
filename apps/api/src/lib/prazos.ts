import { somarDias, somarDiasUteis } from '@portal/br';
import {
  FAIXAS_DE_PRAZO,
  type FaixaDePrazo,
  type SituacaoProtocolo,
  TIPOS_PROTOCOLO,
  type TipoProtocolo,
} from '@portal/contract/protocolos';

/**
 * How long the operator has to answer each kind of request (decision 0017). Pure, so it is tested
 * on its own; the protocol gets its deadline from here when it is registered, and 'Meus
 * Protocolos' shows the stored day.
 *
 * - RN 623/2024: requests that are not about coverage of care ("não assistenciais") are answered
 *   within 7 business days of their registration. Every request the portal takes is of that kind.
 * - RN 561/2022: a cancellation of the contract, or an exclusion of dependents, asked by the holder
 *   takes effect when the operator receives it, and the proof is handed over at once: there is
 *   nothing to wait for, so its deadline is the day of the request itself.
 * - LGPD art. 8 § 5: consent may be withdrawn at any time by a free and easy procedure; the portal
 *   withdraws it on the spot, so the same as a cancellation. A correction of personal data (art. 18,
 *   III) has no deadline in the law and is a non-assistance request: RN 623's 7 business days.
 * - Lei 9.656/98, art. 12, VI: a reimbursement is paid within 30 days of complete documentation
 *   (calendar days; the clock restarts when a 'pendente' is answered — decision 0034).
 */
export type RegraDePrazo =
  | { tipo: 'DIAS_UTEIS'; dias: number; norma: string }
  | { tipo: 'DIAS_CORRIDOS'; dias: number; norma: string }
  | { tipo: 'IMEDIATO'; norma: string };

/** RN 623/2024: non-assistance requests are answered within 7 business days of their registration. */
export const PRAZO_DIAS_UTEIS = 7;

const NAO_ASSISTENCIAL: RegraDePrazo = { tipo: 'DIAS_UTEIS', dias: PRAZO_DIAS_UTEIS, norma: 'RN 623/2024' };
const CANCELAMENTO: RegraDePrazo = { tipo: 'IMEDIATO', norma: 'RN 561/2022' };

export const REGRAS_DE_PRAZO: Record<TipoProtocolo, RegraDePrazo> = {
  INCLUSAO_DEPENDENTE: NAO_ASSISTENCIAL,
  CONTATO_COMERCIAL: NAO_ASSISTENCIAL,
  CONTRATACAO_SOS: NAO_ASSISTENCIAL,
  CONTRATACAO_ORTOPEDICO: NAO_ASSISTENCIAL,
  INSCRICAO_MEDICINA_PREVENTIVA: NAO_ASSISTENCIAL,
  AVALIACAO_ATENDIMENTO: NAO_ASSISTENCIAL,
  CONSENTIMENTO_CLUBE: NAO_ASSISTENCIAL,
  CANCELAMENTO_CONTRATO: CANCELAMENTO,
  CANCELAMENTO_DEPENDENTES: CANCELAMENTO,
  CORRECAO_DADOS: NAO_ASSISTENCIAL,
  REVOGACAO_CONSENTIMENTO: { tipo: 'IMEDIATO', norma: 'LGPD, art. 8º, § 5º' },
  REEMBOLSO: { tipo: 'DIAS_CORRIDOS', dias: 30, norma: 'Lei 9.656/98, art. 12, VI' },
};

/** The day (AAAA-MM-DD) by which a request of this kind registered on `dia` (São Paulo) is answered. */
export function prazoDeResposta(tipo: TipoProtocolo, dia: string): string {
  const regra = REGRAS_DE_PRAZO[tipo];
  if (regra.tipo === 'IMEDIATO') return dia;
  return regra.tipo === 'DIAS_CORRIDOS' ? somarDias(dia, regra.dias) : somarDiasUteis(dia, regra.dias);
}

/** The rule in plain words, for the member: 'Até 7 dias úteis (RN 623/2024)'. */
export function descricaoDoPrazo(tipo: TipoProtocolo): string {
  const regra = REGRAS_DE_PRAZO[tipo];
  if (regra.tipo === 'IMEDIATO') return `Imediato: vale a partir do pedido (${regra.norma})`;
  if (regra.tipo === 'DIAS_CORRIDOS') return `Até ${regra.dias} dias da documentação completa (${regra.norma})`;
  return `Até ${regra.dias} dias úteis (${regra.norma})`;
}

/** Still waiting for the operator (concluded and cancelled protocols are closed). */
export function aguardaResposta(situacao: SituacaoProtocolo): boolean {
  return situacao === 'ABERTO' || situacao === 'EM_ANALISE';
}

/** Overdue: not answered and today (São Paulo, AAAA-MM-DD) is past the deadline day. */
export function estaAtrasado(situacao: SituacaoProtocolo, prazoResposta: string, hoje: string): boolean {
  return aguardaResposta(situacao) && hoje > prazoResposta;
}

/**
 * How near a deadline is, for the operator's dashboards (metrics, decision 0051) and the console's
 * queue (issue 31): past it, today, within 2 business days, or later. `hoje` and `prazo` are São
 * Paulo days (AAAA-MM-DD). The names live in the contract (the console reads them).
 */
export { FAIXAS_DE_PRAZO, type FaixaDePrazo };

/** The band of `prazo` seen on `hoje`; `doisDiasUteis` (somarDiasUteis(hoje, 2)) may be passed when known. */
export function faixaDoPrazo(prazo: string, hoje: string, doisDiasUteis = somarDiasUteis(hoje, 2)): FaixaDePrazo {
  if (hoje > prazo) return 'atrasado';
  if (hoje === prazo) return 'vence_hoje';
  return prazo <= doisDiasUteis ? 'ate_2_dias_uteis' : 'mais_tarde';
}

/**
 * The deadline days of a band seen on `hoje`, both ends inclusive (absent: open), for a query's
 * `where`: the same rule as faixaDoPrazo, read the other way (a test holds them together).
 */
export function diasDaFaixa(faixa: FaixaDePrazo, hoje: string): { de?: string; ate?: string } {
  const dois = somarDiasUteis(hoje, 2);
  if (faixa === 'atrasado') return { ate: somarDias(hoje, -1) };
  if (faixa === 'vence_hoje') return { de: hoje, ate: hoje };
  if (faixa === 'ate_2_dias_uteis') return { de: somarDias(hoje, 1), ate: dois };
  return { de: somarDias(dois, 1) };
}

/** Waiting protocols counted by kind and band: every kind and band present, 0 when none. */
export type ContagemPorFaixa = Record<TipoProtocolo, Record<FaixaDePrazo, number>>;

/**
 * Adds up a grouped read (kind, deadline day, count) into bands as seen on `hoje`: the one place
 * the metrics (decision 0051) and the console's queue cards turn days into bands.
 */
export function contarPorFaixa(linhas: readonly { tipo: string; prazo: string; n: number }[], hoje: string) {
  const doisDiasUteis = somarDiasUteis(hoje, 2);
  const zeros = () => Object.fromEntries(FAIXAS_DE_PRAZO.map((f) => [f, 0])) as Record<FaixaDePrazo, number>;
  const contagem = Object.fromEntries(TIPOS_PROTOCOLO.map((t) => [t, zeros()])) as ContagemPorFaixa;
  for (const l of linhas) {
    const doTipo = contagem[l.tipo as TipoProtocolo];
    if (doTipo) doTipo[faixaDoPrazo(l.prazo, hoje, doisDiasUteis)] += l.n;
  }
  return contagem;
}
