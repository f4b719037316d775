/**
 * The staff console's words and bounds its first screen needs (the header's roles, the search
 * box's bounds), kept free of zod (`@portal/contract/atendimento`) so the console's entry chunk
 * carries no schema library. atendimento.ts re-exports them for the API.
 */

import type { DocumentoReembolso } from './reembolso-regras';

/** Roles of a staff account: what each may do is checked by the API, per route. */
export const PAPEIS_EQUIPE = ['atendente', 'supervisor', 'administrador'] as const;
export type PapelEquipe = (typeof PAPEIS_EQUIPE)[number];

export const ROTULOS_PAPEL_EQUIPE: Record<PapelEquipe, string> = {
  atendente: 'Atendente',
  supervisor: 'Supervisor',
  administrador: 'Administrador',
};

/** The search box's bounds: what the API accepts and the console says before sending. */
export const BUSCA_ATENDIMENTO = {
  minCaracteres: 3,
  maxCaracteres: 100,
  /** People in one answer (`mais` says there were more: type more of the name). */
  maxPessoas: 20,
  /**
   * The most people one name is read for, in the index's order and unsorted, before the first
   * `maxPessoas` of them by name are shown (`nomeComum` says there were more). Sorting every match
   * made a common pair of words slow ('maria silva': ~27 000 of 1 000 000 people, 1.2 s), in
   * proportion to how common it is; 200 is ten pages of 20, a name with a surname or two fits in it
   * whole (so its first 20 by name are the true first 20), and reading and sorting 200 rows is a few
   * milliseconds whatever the name. Past it, the answer is a sample, and the console asks for a
   * surname or a number, as call-centre tools do.
   */
  maxPorNome: 200,
  /** Protocols and reimbursements per person, the most recent first. */
  maxPorPessoa: 10,
} as const;

/**
 * Who is on a protocol (issue 31, decision 0055). Anyone may take an unowned protocol or release
 * their own; taking one from someone else, releasing someone else's or assigning to another person
 * is for these roles only (the API refuses the others with 403).
 */
export const PAPEIS_QUE_REATRIBUEM: readonly PapelEquipe[] = ['supervisor', 'administrador'];

/** The case screen's heartbeat, and how long one keeps its author 'present' (a missed beat or two is tolerated). */
export const PRESENCA_ATENDIMENTO = { intervaloMs: 20_000, validadeMs: 45_000 } as const;

/** The 409 of an answer written against an older version of the protocol. */
export const MENSAGEM_VERSAO_DESATUALIZADA =
  'Este protocolo mudou desde que você o abriu. Recarregue para ver a versão atual; o seu texto foi mantido.';

/** The same 409 on a reimbursement request (its version is its protocol's: decision 0055). */
export const MENSAGEM_REEMBOLSO_DESATUALIZADO =
  'Este pedido de reembolso mudou desde que você o abriu. Recarregue para ver a versão atual; o seu texto foi mantido.';

// 'Pedir documentos' (issue 31, decision 0057): a checklist of the usual documents plus free text.

export const DOCUMENTOS_USUAIS = [
  'relatorio_medico',
  'comprovante_pagamento',
  'nota_fiscal',
  'pedido_medico',
  'laudo_exame',
  'documento_identidade',
] as const satisfies readonly DocumentoReembolso[];
export type DocumentoUsual = (typeof DOCUMENTOS_USUAIS)[number];

export const ROTULOS_DOCUMENTO_USUAL: Record<DocumentoUsual, string> = {
  relatorio_medico: 'Relatório médico',
  comprovante_pagamento: 'Comprovante de pagamento',
  nota_fiscal: 'Nota fiscal',
  pedido_medico: 'Pedido médico',
  laudo_exame: 'Laudo de exame',
  documento_identidade: 'Documento de identidade',
};

/**
 * The text the member reads: the documents checked, in the list's order, then the free text.
 * The server composes it (the console shows the same text before sending).
 */
export function textoDoPedidoDeDocumentos(documentos: readonly DocumentoUsual[], texto: string): string {
  const livre = texto.trim();
  if (documentos.length === 0) return livre;
  const itens = DOCUMENTOS_USUAIS.filter((d) => documentos.includes(d)).map((d) => `- ${ROTULOS_DOCUMENTO_USUAL[d]}`);
  const lista = `Para continuarmos, envie os documentos abaixo:\n${itens.join('\n')}`;
  return livre ? `${lista}\n\n${livre}` : lista;
}

/** Bulk actions on the queue (issue 31): at most this many protocols per request (the console sends a larger selection in parts). */
export const LOTE_MAXIMO = 50;

/** The words of a bulk action's summary: '3 respondidos, 1 recusado'. */
export function resumoDoLote(
  feito: { um: string; varios: string },
  resultados: readonly { resultado: 'ok' | 'recusado' }[],
): string {
  const ok = resultados.filter((r) => r.resultado === 'ok').length;
  const recusados = resultados.length - ok;
  const partes = [`${ok} ${ok === 1 ? feito.um : feito.varios}`];
  if (recusados > 0) partes.push(`${recusados} ${recusados === 1 ? 'recusado' : 'recusados'}`);
  return partes.join(', ');
}
