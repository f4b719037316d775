/**
 * Registers the service worker (/sw.js, decision 0016) once the page has loaded, so it never
 * competes with the page's own downloads. Only in the built app (Vite's dev server has no worker)
 * and where the browser supports it; a failure leaves the portal working online as before.
 */
export function registrarServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registrar = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e: unknown) => {
      console.warn('Service worker não registrado', e);
    });
  if (document.readyState === 'complete') void registrar();
  else window.addEventListener('load', () => void registrar(), { once: true });
}
