// Question: how much JavaScript does a member's phone download to see the login screen?
// Sums the gzip size of the entry chunk, its static imports, and the lazily loaded login page with
// its own static imports, read from Vite's manifest. Baseline for the ratio: the 130 KB target.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('apps/web/dist/.vite/manifest.json missing: run `npm run build` (vite build.manifest must be on)');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find(
  (k) => /features\/login\/.*(page|index)/i.test(k) && manifest[k].isDynamicEntry,
);

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  (chunk.imports ?? []).forEach(visit);
};
visit(entryKey);
if (loginKey) visit(loginKey);
else console.warn('login page chunk not found in the manifest; counting the entry only');

let total = 0;
for (const f of files) {
  if (!f.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  total += gz;
  console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
const target = 130 * 1024;
console.log(
  `login route JS (gzip): ${(total / 1024).toFixed(1)} KB — ${(total / target).toFixed(2)}× the 130 KB target`,
);
process.exitCode = total <= target ? 0 : 1;
