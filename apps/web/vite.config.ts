import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * sonner injects its stylesheet with a <style> tag (no nonce) when its module loads, which the
 * strict CSP (style-src 'self' 'nonce-…') blocks. We turn that injector into a no-op and import
 * `sonner/dist/styles.css` from our own stylesheet instead.
 */
function sonnerWithoutInjectedCss(): Plugin {
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

export default defineConfig({
  plugins: [sonnerWithoutInjectedCss(), react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The server swaps this placeholder for a fresh nonce on every response (CSP style-src).
  html: { cspNonce: '__CSP_NONCE__' },
  // Pre-bundling would skip the sonner transform above in dev.
  optimizeDeps: { exclude: ['sonner'] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets bench/login-bundle.mjs find the login route's chunks.
  build: { target: 'es2022', assetsDir: 'assets', manifest: true },
});
