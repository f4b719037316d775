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

/**
 * The Portuguese message of a name holding a bidirectional control (U+202E and its kin): it turns
 * what follows it around on the screen ('Ana\u202Eavlis' is shown as 'Anasilva'), so a name could
 * pass for another in the member's and the staff's screens.
 */
export const TEXTO_COM_CONTROLE_DE_DIRECAO =
  'O texto contém caracteres invisíveis que invertem a direção da escrita (U+202A a U+202E, U+2066 a U+2069). Apague-os e tente novamente.';

/** The bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const CONTROLE_DE_DIRECAO = /[\u202a-\u202e\u2066-\u2069]/;

/** True when `v` has a bidirectional embedding, override or isolate (never in a name). */
export function temControleDeDirecao(v: string): boolean {
  return CONTROLE_DE_DIRECAO.test(v);
}

/** True when `v` has a control character not allowed in that kind of field. */
export function temCaractereDeControle(v: string, multilinha = false): boolean {
  return (multilinha ? CONTROLE_MULTILINHA : CONTROLE_LINHA).test(v);
}

/**
 * Every free-text field a member or client types (comentário, observação, mensagem, nome, cidade…):
 * normalised to Unicode NFC (a 'ç' typed as c + combining cedilla is stored and compared as one
 * character) and refused with 400 `TEXTO_COM_CONTROLE` when it holds a control character
 * (PostgreSQL rejects NUL in text: without this a NUL was a 500); a name (`nome: true`) also
 * refuses the bidirectional controls (`TEXTO_COM_CONTROLE_DE_DIRECAO`). Chain `.trim()`, `.min()`,
 * `.max()`… after it; they see the normalised, trimmed text.
 */
export function textoLivre(opts: { multilinha?: boolean; nome?: boolean; error?: string } = {}) {
  const { multilinha = false, nome = false, error } = opts;
  const texto = z
    .string(error ? { error } : undefined)
    .normalize('NFC')
    .trim()
    .refine((v) => !temCaractereDeControle(v, multilinha), { error: TEXTO_COM_CONTROLE, abort: true });
  return nome
    ? texto.refine((v) => !temControleDeDirecao(v), { error: TEXTO_COM_CONTROLE_DE_DIRECAO, abort: true })
    : texto;
}
