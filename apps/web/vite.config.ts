import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { loadOperadora, paginaComOperadora } from '@portal/operadora';

/**
 * In production the API fills index.html's operator placeholders on every response. The Vite dev
 * server serves index.html itself, so it fills them the same way from OPERADORA_DIR (or the demo).
 */
function operadoraNoDev(): Plugin {
  return {
    name: 'portal:operadora-dev',
    apply: 'serve',
    transformIndexHtml(html) {
      const dir = process.env.OPERADORA_DIR || fileURLToPath(new URL('../../operadora/demo/', import.meta.url));
      return paginaComOperadora(html, loadOperadora(dir, process.env));
    },
  };
}

/** In dev, /atendimento and its sub-paths are the staff console's page, as the API serves them in production. */
function consoleNoDev(): Plugin {
  return {
    name: 'portal:console-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/atendimento(\/|\?|$)/.test(req.url)) req.url = '/atendimento.html';
        next();
      });
    },
  };
}

/**
 * sonner injects its stylesheet with a <style> tag (no nonce) when its module loads, which the
 * strict CSP (style-src 'self' 'nonce-…') blocks. We turn that injector into a no-op and import
 * `sonner/dist/styles.css` from our own stylesheet instead.
 */
export function sonnerWithoutInjectedCss(): Plugin {
  return {
    name: 'portal:sonner-without-injected-css',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js/.test(id)) return null;
      const patched = code.replace(/function __insertCSS\(code\) \{/, 'function __insertCSS(code) { return;');
      if (patched === code) this.error('sonner: __insertCSS not found; update the CSP patch in vite.config.ts');
      return { code: patched, map: null };
    },
  };
}

/**
 * Writes .br and .gz next to every hashed asset, once, at build time: the server hands them out
 * (@fastify/static preCompressed) so phones download ~3× less without compressing per request.
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress-assets',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir.startsWith('/') ? c.build.outDir : join(c.root, c.build.outDir);
    },
    closeBundle() {
      const dir = join(outDir, 'assets');
      for (const name of readdirSync(dir)) {
        if (!/\.(m?js|css|svg|json)$/.test(name)) continue;
        const body = readFileSync(join(dir, name));
        if (body.length < 1024 || existsSync(join(dir, `${name}.br`))) continue;
        writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
        writeFileSync(
          join(dir, `${name}.br`),
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The service worker (decision 0016): src/sw/sw.ts built to dist/sw.js with the list of the built
 * scripts and styles to precache (hashed names, so no revisions). The manifest is not built here:
 * the API makes it from the operator's configuration (/manifest.webmanifest), like index.html.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['assets/*.{js,css,woff2}'],
    dontCacheBustURLsMatching: /^assets\//,
  },
});

/** The modules every signed-in page loads with the protected layout (see build.rolldownOptions). */
const MEMBRO = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]`,
    String.raw`[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|defaultAttributes|Icon|context|shared[\\/].*)\.m?js$`,
    String.raw`[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](circle-x|file-text|gift|heart-pulse|house|id-card|landmark|message-circle|shield-check|video|wallet)\.m?js$`,
    String.raw`[\\/]packages[\\/]br[\\/]src[\\/]format\.ts$`,
    String.raw`[\\/]src[\\/](lib[\\/]query-errors|lib[\\/]api[\\/]situacao-do-plano|components[\\/]ui[\\/]badge|lib[\\/]use-media-query)\.tsx?$`,
  ].join('|'),
);

/**
 * Small modules of several member pages (see build.rolldownOptions): each was a chunk of its own of
 * a few hundred bytes.
 */
const COMUM = new RegExp(
  [
    String.raw`[\\/]src[\\/]components[\\/](membro[\\/](carregando|perfil-invalido|plano-cancelado)|ui[\\/]alert|page-header|link-externo)\.tsx?$`,
    String.raw`[\\/]src[\\/]lib[\\/](use-online|abrir-documento|api[\\/]lista)\.tsx?$`,
    String.raw`[\\/]packages[\\/]br[\\/]src[\\/](cnpj|contact)\.ts$`,
    // The estimate in plain words, of the reimbursement form, its detail and Meus Protocolos (issue 31).
    String.raw`[\\/]src[\\/]components[\\/]reembolso[\\/]estimativa-em-palavras\.tsx$`,
    // A reimbursement's status words (zod-free, issue 34): a few hundred bytes, not a request of their own.
    String.raw`[\\/]packages[\\/]contract[\\/]src[\\/]reembolso-regras\.ts$`,
  ].join('|'),
);

/**
 * What a member page that sends a request needs around it (see build.rolldownOptions): the request's
 * idempotency key, and the protocol number it gets back (RN 623/2024), written one way everywhere
 * (issue 31) with its copy button; the protocol rules those read (zod-free). A few hundred bytes
 * each: apart, a screen that shows a number (Utilização's rating, a request just sent) fetched two or
 * three more files.
 */
const PROTOCOLO = new RegExp(
  [
    String.raw`[\\/]packages[\\/]contract[\\/]src[\\/]protocolos-regras\.ts$`,
    String.raw`[\\/]src[\\/]components[\\/](protocolo[\\/](numero-protocolo|copiar-numero-protocolo)|membro[\\/]protocolo-info)\.tsx$`,
    String.raw`[\\/]src[\\/]lib[\\/]idempotencia\.ts$`,
  ].join('|'),
);

export default defineConfig({
  plugins: [
    operadoraNoDev(),
    consoleNoDev(),
    sonnerWithoutInjectedCss(),
    react(),
    tailwindcss(),
    precompressAssets(),
    pwa,
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The server swaps this placeholder for a fresh nonce on every response (CSP style-src).
  html: { cspNonce: '__CSP_NONCE__' },
  // Pre-bundling would skip the sonner transform above in dev.
  optimizeDeps: { exclude: ['sonner'] },
  // The API server also serves the operator's images (logo, favicon, banners, seals).
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/operadora': 'http://localhost:3000',
      '/selos': 'http://localhost:3000',
      '/manifest.webmanifest': 'http://localhost:3000',
    },
  },
  // The manifest lets bench/login-bundle.mjs find the login route's chunks. The staff console
  // (atendimento.html) is built after this by vite.atendimento.config.ts, into the same dist/.
  build: {
    target: 'es2022',
    assetsDir: 'assets',
    manifest: true,
    // Everything the entry imports statically (React, the router, the session, the sign-in
    // screen) in one chunk: Rolldown otherwise splits what the entry shares with lazy pages into
    // a dozen small chunks, each a request of its own before the first screen (issue 19).
    //
    // What the signed-in layout needs (TanStack Query, the menu's shared icons, the plan's status,
    // @portal/br's formats) in one 'membro' chunk: every member page loads the layout, and these
    // modules were a dozen chunks of a few hundred bytes, each a modulepreload link the page's
    // first render appended and a request of its own (issue 19: ~80 ms of /home's first task at
    // 4× CPU). Modules of the first screen stay in 'inicio' (the first group wins).
    //
    // The icons and the small components several member pages share in two chunks, 'icones' and
    // 'comum', instead of one chunk each: a page's import appended a modulepreload link per chunk
    // (/financeiro 19, the Guia 18, now 10 and 7), and appending them was ~60 % of the task that
    // starts the first page's chunks (main.tsx; ~15–30 ms of a member page's first load on this
    // machine, ×4 on a slow phone).
    //
    // What a page that sends a request shows back (the protocol's rules, its number, the copy button,
    // ProtocoloInfo) and the idempotency key of the sending in one 'protocolo' chunk (issue 31): when
    // Utilização's rating toast grouped its number, the rules became a chunk of their own and
    // /utilizacao and /reembolso/novo fetched 19 files.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'inicio', tags: ['$initial'] },
            { name: 'membro', test: MEMBRO },
            { name: 'protocolo', test: PROTOCOLO },
            {
              name: 'icones',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              minShareCount: 2,
            },
            { name: 'comum', test: COMUM, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
