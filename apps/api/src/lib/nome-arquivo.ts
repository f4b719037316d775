import { create } from 'content-disposition';

/**
 * File names a person gave (a reimbursement receipt) or the portal made (a PDF), from storage to
 * the `Content-Disposition` header (pentest defect 5: `recibo — março €.png` was a 500
 * `ERR_INVALID_CHAR`, a header being Latin-1 only).
 */

/**
 * C0 and C1 controls, DEL, the bidi embeddings/overrides/isolates (U+202A–U+202E, U+2066–U+2069:
 * `fatura\u202Efdp.exe` shows as `fatura exe.pdf`) and the direction marks (U+200E, U+200F, U+061C),
 * the line/paragraph separators and the BOM: none belongs in a name a person reads.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIVEIS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Characters that no file system of the operator's or member's accepts in a name (Windows' set). */
const RESERVADOS = /["<>|*?:]/g;

/** A surrogate without its pair (not UTF-16, and `encodeURIComponent` throws on it). */
const SURROGATO_SOLTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A name as stored: the last part of a path (a browser on Windows may send `C:\fotos\x.pdf`),
 * well-formed UTF-16 (a lone surrogate becomes U+FFFD), NFC (a 'ç' typed as c + cedilla is one
 * character), without the invisible characters above or the reserved ones, spaces collapsed, at
 * most `maximo` characters (code points: a surrogate pair is never cut in half). May be empty.
 */
export function limparNomeArquivo(nome: string, maximo = 100): string {
  const base = nome.replace(SURROGATO_SOLTO, '\uFFFD').split(/[\\/]/).pop() ?? '';
  const limpo = base.normalize('NFC').replace(INVISIVEIS, '').replace(RESERVADOS, '').replace(/\s+/g, ' ').trim();
  return Array.from(limpo).slice(0, maximo).join('').trim();
}

/**
 * The US-ASCII `filename=` for clients that do not read `filename*`: accents dropped (`março` →
 * `marco`), anything else outside printable ASCII as `_`, and no `%XX` (which some clients decode).
 */
function nomeAscii(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/%(?=[0-9A-Fa-f]{2})/g, '_');
}

/**
 * The `Content-Disposition` value of every download (RFC 6266, with RFC 5987/8187 `filename*`,
 * built by jshttp's `content-disposition`): `filename="…"` in ASCII and, when the name is not
 * plain ASCII, `filename*=UTF-8''…` with the name itself. The name is cleaned again here (rows stored
 * before the cleaning existed), so no name can make the header invalid; an empty one is `padrao`.
 */
export function contentDisposition(
  nome: string,
  { baixar = true, padrao = 'arquivo' }: { baixar?: boolean; padrao?: string } = {},
): string {
  const limpo = limparNomeArquivo(nome, 200) || padrao;
  return create(limpo, { type: baixar ? 'attachment' : 'inline', fallback: nomeAscii(limpo) });
}
