// First: Zod must read its CSP-safe setting before any schema is made (lib/zod-sem-eval.ts).
import './lib/zod-sem-eval';
import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { precarregar } from './app/router';
import { restoreSession } from './lib/sessao';
import { browserStorage } from './lib/storage';
import './index.css';

// The server puts this response's CSP nonce in <meta property="csp-nonce">; Radix's scroll lock
// injects a <style> and reads the nonce through get-nonce.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// /login arrives with its first screen already in #root (decision 0040): a visitor's browser
// hydrates it. A signed-in member (sent on to /Home) or any other page (a service worker's cached
// copy of the page opened elsewhere) renders from scratch.
const prerender = root.dataset.prerender;
const mesmaRota = prerender !== undefined && prerender === location.pathname.toLowerCase().replace(/\/$/, '');
if (mesmaRota && !restoreSession(browserStorage(), Date.now())) {
  // As a transition too (below): React hydrates in slices of ~5 ms instead of one task (~16 ms of
  // CPU here, ×4 in Lighthouse's phone; issue 34). A key pressed meanwhile still reaches the field:
  // React hydrates what an event targets first.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // The page's chunks start loading in a task of their own, queued before React's first render
  // (its scheduler posts to a MessageChannel too, and messages are delivered in order): that
  // render is then shorter than a long task's 50 ms on a slow phone (issue 19, router.tsx).
  const canal = new MessageChannel();
  canal.port1.onmessage = () => {
    canal.port1.close();
    precarregar(location.pathname);
  };
  canal.port2.postMessage(null);
  root.replaceChildren();
  // As a transition, React renders the first screen in slices of ~5 ms with the main thread free
  // between them, instead of one task (~150 ms of a member page's first render at 4× CPU, issue 19).
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
}
