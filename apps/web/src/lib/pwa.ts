/**
 * Registers the service worker (/sw.js, decision 0016) once the page has loaded and the main thread
 * is idle (at most 5 s after the load), so it never competes with the page's own downloads and
 * first render: its install precaches every script and style of the release (decision 0050).
 * Only in the built app (Vite's dev server has no worker) and where the browser supports it; a
 * failure leaves the portal working online as before.
 */
export function registrarServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registrar = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e: unknown) => {
      console.warn('Service worker não registrado', e);
    });
  const quandoOcioso = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void registrar(), { timeout: 5000 });
    else setTimeout(() => void registrar(), 1000);
  };
  if (document.readyState === 'complete') quandoOcioso();
  else window.addEventListener('load', quandoOcioso, { once: true });
}
