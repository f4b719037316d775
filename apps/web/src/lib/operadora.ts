import type { Operadora } from '@portal/contract';

let cached: Operadora | undefined;

/**
 * The operator's public configuration (name, ANS number, links, banners…). The server writes it
 * into index.html (#operadora), so it is there before the first render and re-branding needs no
 * rebuild. Only the type comes from the contract: no zod on the first screen.
 */
export function operadora(): Operadora {
  if (cached) return cached;
  const text = typeof document !== 'undefined' ? document.getElementById('operadora')?.textContent : undefined;
  if (!text) throw new Error('Configuração da operadora ausente em index.html (#operadora).');
  cached = JSON.parse(text) as Operadora;
  return cached;
}

/**
 * The build-time prerender of /login (src/prerender.tsx) has no document: it renders with the
 * placeholders the server fills on every response (paginaComOperadora), so the prerendered page
 * carries the configured operator's name and logo, never the demo's.
 */
export function usarOperadora(o: Operadora): void {
  cached = o;
}

/** URL of one banner file: OPERADORA_DIR/public/banners/{id}-{largura}.{formato}, served at /operadora/. */
export function bannerSrc(id: string, largura: number, formato: 'webp' | 'avif'): string {
  return `/operadora/banners/${id}-${largura}.${formato}`;
}

/** Image URLs of one banner for a responsive srcset (WebP and AVIF are both written by the art script). */
export function bannerSrcSet(id: string, larguras: readonly number[], formato: 'webp' | 'avif'): string {
  return larguras.map((w) => `${bannerSrc(id, w, formato)} ${w}w`).join(', ');
}
