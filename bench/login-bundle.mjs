// Question: how much JavaScript does a member's phone download to see the login screen?
// Opens /login in Debian's Chromium against the built portal, waits until the network is idle,
// and sums the gzip size of every script the page fetched (the wire uses brotli, smaller still;
// both are printed). Baseline for the ratio: the 94 KB gzip budget of e2e/orcamento-js.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { abrirChromium, root, startPortal } from './lib.mjs';

const portal = await startPortal();
const browser = await abrirChromium();
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
  const scripts = new Set();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto(`${portal.baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('CPF', { exact: true }).waitFor();

  let gz = 0;
  let br = 0;
  for (const path of [...scripts].sort()) {
    const body = readFileSync(join(root, 'apps/web/dist', path));
    const g = gzipSync(body, { level: 9 }).length;
    gz += g;
    br += brotliCompressSync(body).length;
    console.log(`  ${(g / 1024).toFixed(1).padStart(7)} KB gzip  ${path}`);
  }
  const target = 94 * 1024;
  console.log(
    `login route JS: ${scripts.size} files, ${(gz / 1024).toFixed(1)} KB gzip (${(br / 1024).toFixed(1)} KB brotli on the wire) — ${(gz / target).toFixed(2)}× the 94 KB budget`,
  );
  process.exitCode = gz <= target ? 0 : 1;
} finally {
  await browser.close();
  await portal.stop();
}
