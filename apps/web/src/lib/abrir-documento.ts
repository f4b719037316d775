/**
 * How a file reaches the member (spec: PDF results open in a new tab). On a wide screen it opens in
 * a new tab from a blob URL; below the 768 px breakpoint it is downloaded under a sensible name
 * (phones' browsers download PDFs anyway, and a named file is what the member finds later).
 */
export type Abertura = { tipo: 'aberto' } | { tipo: 'baixado' } | { tipo: 'bloqueado'; url: string };

export interface Janela {
  matchMedia(query: string): { matches: boolean };
  open(url: string, target: string): unknown;
  /** Whether the click that asked for the document still counts (UserActivation API). */
  navigator?: { userActivation?: { isActive: boolean } };
}

/** Object URLs are kept this long: enough for the new tab (or the fallback link) to load them. */
export const REVOGAR_APOS_MS = 10 * 60_000;

export function preferirDownload(w: Pick<Janela, 'matchMedia'>): boolean {
  return w.matchMedia('(max-width: 767px)').matches;
}

export function abrirDocumento(
  blob: Blob,
  nome: string,
  w: Janela = window,
  urls: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'> = URL,
  baixar: (url: string, nome: string) => void = baixarComNome,
): Abertura {
  const url = urls.createObjectURL(blob);
  setTimeout(() => urls.revokeObjectURL(url), REVOGAR_APOS_MS);
  if (preferirDownload(w)) {
    // A download started long after the click (a slow network) is blocked silently by the
    // browser; then the member gets the link to tap instead.
    if (w.navigator?.userActivation?.isActive === false) return { tipo: 'bloqueado', url };
    baixar(url, nome);
    return { tipo: 'baixado' };
  }
  // No 'noopener' here: with it window.open always answers null and a blocked popup looks the same.
  const aba = w.open(url, '_blank');
  return aba ? { tipo: 'aberto' } : { tipo: 'bloqueado', url };
}

/**
 * Saves a file under its name, on any screen: for what the member asked to download (the card,
 * a cancellation proof, their data), not to read now.
 */
export function salvarArquivo(
  blob: Blob,
  nome: string,
  urls: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'> = URL,
  baixar: (url: string, nome: string) => void = baixarComNome,
): void {
  const url = urls.createObjectURL(blob);
  baixar(url, nome);
  setTimeout(() => urls.revokeObjectURL(url), REVOGAR_APOS_MS);
}

function baixarComNome(url: string, nome: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
