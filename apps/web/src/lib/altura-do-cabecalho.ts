import { type RefObject, useLayoutEffect } from 'react';

/** The CSS variable holding the height of the page's sticky header (unset where there is none; app-toaster spells it too). */
export const VAR_ALTURA_CABECALHO = '--altura-cabecalho';

/**
 * Publishes the sticky header's height on <html> as `--altura-cabecalho`, following it live (the
 * phone's header wraps the name, a profile line comes and goes). What must never lie over the
 * header — the toasts on a phone (components/toaster) — starts below it.
 */
export function useAlturaDoCabecalho(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const raiz = document.documentElement.style;
    const publicar = () => raiz.setProperty(VAR_ALTURA_CABECALHO, `${el.offsetHeight}px`);
    publicar();
    const observador = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publicar);
    observador?.observe(el);
    return () => {
      observador?.disconnect();
      raiz.removeProperty(VAR_ALTURA_CABECALHO);
    };
  }, [ref]);
}
