import { z } from 'zod';

/** The Portuguese 400 message of a free-text field holding a control character (NUL, ESC, …). */
export const TEXTO_COM_CONTROLE =
  'O texto contém caracteres inválidos (caracteres de controle). Apague-os e tente novamente.';

/** C0 (NUL…US), DEL and C1: never in a single-line field. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLE_LINHA = /[\u0000-\u001f\u007f-\u009f]/;
/** Multi-line fields (comentário, observação, mensagem) keep \t, \n and \r; NUL and the rest are still refused. */
// eslint-disable-next-line no-control-regex -- idem
const CONTROLE_MULTILINHA = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when `v` has a control character not allowed in that kind of field. */
export function temCaractereDeControle(v: string, multilinha = false): boolean {
  return (multilinha ? CONTROLE_MULTILINHA : CONTROLE_LINHA).test(v);
}

/**
 * Every free-text field a member or client types (comentário, observação, mensagem, nome, cidade…):
 * normalised to Unicode NFC (a 'ç' typed as c + combining cedilla is stored and compared as one
 * character) and refused with 400 `TEXTO_COM_CONTROLE` when it holds a control character
 * (PostgreSQL rejects NUL in text: without this a NUL was a 500). Chain `.trim()`, `.min()`,
 * `.max()`… after it; they see the normalised, trimmed text.
 */
export function textoLivre(opts: { multilinha?: boolean; error?: string } = {}) {
  const { multilinha = false, error } = opts;
  return z
    .string(error ? { error } : undefined)
    .normalize('NFC')
    .trim()
    .refine((v) => !temCaractereDeControle(v, multilinha), { error: TEXTO_COM_CONTROLE, abort: true });
}
