// Writes dist/login.html (decision 0040): dist/index.html with /login's first screen (the CPF
// step) rendered into #root by src/prerender.tsx, the same components the browser then hydrates.
// Run by the build after `vite build`; the API serves it for /login only, through the same
// operator and nonce substitutions as index.html.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
});
try {
  const { prerenderLogin } = await vite.ssrLoadModule('/src/prerender.tsx');
  // React puts the hoistable elements it met (the logo's preload, DocumentTitle's <title>) first;
  // they belong in <head>, where the browser sees the preload before the stylesheet.
  let corpo = prerenderLogin();
  const iniciais = [];
  corpo = corpo.replace(/^(?:<link [^>]*\/>|<title>[^<]*<\/title>)+/, (m) => {
    iniciais.push(...(m.match(/<link [^>]*\/>/g) ?? []));
    return '';
  });
  if (!corpo.includes('Acesse sua conta')) throw new Error('prerender de /login sem a etapa do CPF');
  const index = readFileSync(`${dist}index.html`, 'utf8');
  const vazio = '<div id="root"></div>';
  if (!index.includes(vazio)) throw new Error(`dist/index.html sem ${vazio}`);
  const pagina = index
    .replace(vazio, () => `<div id="root" data-prerender="/login">${corpo}</div>`)
    // The title React sets once the script runs (DocumentTitle), already in place.
    // The screen is in the HTML: the stylesheet and the logo come before the script, which the
    // first paint no longer needs (it hydrates what is already drawn).
    .replace(/<script type="module" /, '<script type="module" fetchpriority="low" ')
    .replace(/<title>[^<]*<\/title>/, () => `<title>Entrar — __OPERADORA_NOME__</title>${iniciais.join('')}`);
  writeFileSync(`${dist}login.html`, pagina);
  process.stdout.write(`dist/login.html: /login prerendered (${corpo.length} characters)\n`);
} finally {
  await vite.close();
}
