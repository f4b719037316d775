/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

/**
 * The service worker (decision 0016; built by vite-plugin-pwa's injectManifest into /sw.js). It
 * keeps the app shell — the built scripts and styles, precached with their hashed names, and the
 * last index.html — so the portal opens without network; and the operator's logo and icons.
 * Nothing under /api passes through it: member data is never cached here (the last digital card
 * is kept by the card page itself, and deleted when the session ends).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const CASCA = 'portal-casca-v1';
const MARCA = 'portal-marca-v1';
/** Every page path is the same index.html: one cache entry holds the last one seen. */
const CHAVE_DA_CASCA = '/';

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// At install, the index.html of this release: its script names are the ones just precached.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CASCA).then((c) => c.add(new Request(CHAVE_DA_CASCA, { cache: 'reload', credentials: 'same-origin' }))),
  );
});

// Pages: the network first (a fresh index.html carries the operator's configuration and a new CSP
// nonce), the last one seen when there is no network or it takes too long.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: CASCA,
      networkTimeoutSeconds: 5,
      plugins: [
        {
          cacheKeyWillBeUsed: async () => CHAVE_DA_CASCA,
          // Only the page itself: a JSON, an image or an error opened in the tab never becomes the shell.
          cacheWillUpdate: async ({ response }) =>
            response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html') ? response : null,
        },
      ],
    }),
    // /atendimento: the staff console is another page (atendimento.html), never the member's shell.
    {
      denylist: [
        /^\/api\//,
        /^\/atendimento(\/|$)/,
        /^\/(sw\.js|manifest\.webmanifest|healthz|readyz)$/,
        /^\/(assets|operadora|selos)\//,
      ],
    },
  ),
);

// The operator's logo, favicon and app icons (not the carousel banners): drawn on every page.
registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/operadora/') &&
    !url.pathname.startsWith('/operadora/banners/'),
  new StaleWhileRevalidate({ cacheName: MARCA }),
);
