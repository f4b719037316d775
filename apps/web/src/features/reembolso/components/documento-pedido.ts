import type { DocumentoReembolso } from '@portal/contract';

/**
 * How each kind of document is written in a request for documents ('Pedir documentos': the
 * checklist's labels or the attendant's own words), accents and case aside. 'outro' is never
 * guessed: it is what the member picks when nothing else fits.
 */
const NOMES: [DocumentoReembolso, RegExp][] = [
  ['relatorio_medico', /\b(relatorio|laudo)s?\b/],
  [
    'pedido_medico',
    /\b(pedidos? medicos?|prescric(ao|oes)|requisic(ao|oes)|solicitac(ao|oes) medicas?|receitas? medicas?)\b/,
  ],
  ['nota_fiscal', /\b(notas? fisca(l|is)|nfs?-?e?)\b/],
  ['comprovante_pagamento', /\b(comprovantes?|recibos?)\b/],
];

const semAcentos = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The document the operator asked for in `pergunta`, the one named first when it names several;
 * null when it names none of them (the member then chooses: the field starts empty, never with a
 * kind the operator did not ask for — issue 31).
 */
export function documentoPedido(pergunta: string | null | undefined): DocumentoReembolso | null {
  if (!pergunta) return null;
  const texto = semAcentos(pergunta);
  let primeiro: { documento: DocumentoReembolso; em: number } | null = null;
  for (const [documento, nome] of NOMES) {
    const em = texto.search(nome);
    if (em >= 0 && (!primeiro || em < primeiro.em)) primeiro = { documento, em };
  }
  return primeiro?.documento ?? null;
}
