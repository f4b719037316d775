import type { Operadora } from '@portal/contract';
import { temaCss } from './tema';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Fills index.html's operator placeholders: name (title, description; in login.html also the
 * prerendered screen's text and the logo's alt), logo URL (login.html), theme colour, the brand
 * scale when it is not the demo's, and the public configuration as an inert JSON block (`<` escaped
 * so no value can close the script element).
 */
export function paginaComOperadora(html: string, operadora: Operadora): string {
  const json = JSON.stringify(operadora).replace(/</g, '\\u003c');
  const tema = temaCss(operadora.corPrimaria);
  const head =
    (tema ? `<style nonce="__CSP_NONCE__">${tema}</style>` : '') +
    `<script type="application/json" id="operadora">${json}</script>`;
  return html
    .replaceAll('__OPERADORA_NOME__', () => escapeHtml(operadora.nome))
    .replaceAll('__OPERADORA_LOGO__', () => escapeHtml(operadora.logo))
    .replaceAll('__OPERADORA_COR__', () => operadora.corPrimaria)
    .replace('<!--__OPERADORA_HEAD__-->', () => head);
}
