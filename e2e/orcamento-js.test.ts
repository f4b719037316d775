import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARLOS, SENHA } from './support/contas';
import { baseUrl, launch } from './support/browser';
import { login } from './support/flows';

// The JavaScript budget of every route (issue 9): what a phone downloads to open each screen, in
// gzip, measured from the scripts the page really fetched. CI fails when a route grows past it.
// /login: 91.9 KB in one file since issue 19 (111.8 KB in 13 files before); the budget keeps it there.
// Member routes: 114–169 KB (124–182 before), so 175.
const BUDGET_KB = { login: 94, firstLoad: 175, chunk: 350 };
// Script files of a member route's first load. Each is a modulepreload link the page's first task
// appends and a request of its own on a slow phone: icons and small shared components a chunk each
// made /financeiro fetch 21 and the Guia 20, and appending their links was most of the task that
// starts a page's chunks (issue 19, vite.config.ts 'icones' and 'comum'); now 6 (/home) to 18
// (/utilizacao, whose forms bring the contract's schemas and Radix's dialog).
const BUDGET_FILES = 18;
const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const gz = (path: string) => gzipSync(readFileSync(join(dist, path)), { level: 9 }).length / 1024;

const ROUTES = [
  '/home',
  '/guia-medico',
  '/autorizacoes',
  '/financeiro',
  '/comercial',
  '/beneficios',
  '/medicina-preventiva',
  '/contratar-sos',
  '/ortopedico',
  '/ans',
  '/utilizacao',
  '/contrato',
  '/tele-medicina',
  '/contato',
  '/tabela-copart',
  '/protocolos',
  '/meus-dados',
  '/reembolso',
  '/reembolso/novo',
];

let browser: Browser;
let logado: Awaited<ReturnType<BrowserContext['storageState']>>;
beforeAll(async () => {
  browser = await launch();
  const ctx = await browser.newContext({ baseURL: baseUrl() });
  await login(await ctx.newPage(), CARLOS.cpf, SENHA);
  logado = await ctx.storageState();
  await ctx.close();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the path in a fresh context (nothing cached); the scripts fetched and their gzip size. */
async function scriptsOf(path: string, storageState?: typeof logado): Promise<{ kb: number; files: string[] }> {
  const ctx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 800 }, storageState });
  const page = await ctx.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await ctx.close();
  return { kb: [...scripts].reduce((sum, p) => sum + gz(p), 0), files: [...scripts] };
}

test(`/login loads at most ${BUDGET_KB.login} KB of JavaScript (gzip), in one file`, async () => {
  const { kb, files } = await scriptsOf('/login');
  console.log(`/login: ${kb.toFixed(1)} KB`, files);
  expect(kb).toBeLessThanOrEqual(BUDGET_KB.login);
  // On a phone each extra chunk before the first screen costs a round trip or a connection
  // (issue 19: 13 files took /login's Lighthouse LCP past 2 s); vite.config.ts keeps them in one.
  expect(files, 'scripts fetched by /login').toHaveLength(1);
});

// One test a route: each opens one fresh context, so each is bounded by one page load.
test.for(ROUTES)(
  `%s: first load at most ${BUDGET_KB.firstLoad} KB of JavaScript (gzip), in at most ${BUDGET_FILES} files`,
  async (route) => {
    const { kb, files } = await scriptsOf(route, logado);
    console.log(`${route}: ${kb.toFixed(1)} KB in ${files.length}`);
    expect(kb, route).toBeLessThanOrEqual(BUDGET_KB.firstLoad);
    expect(files.length, `${route} loads more script files than the budget: ${files.join(' ')}`).toBeLessThanOrEqual(
      BUDGET_FILES,
    );
  },
);

// The console's pdf.js worker (decision 0057): fetched only when someone opens a PDF inside a case,
// never by a screen's first load; pdf.js 6.5's is 369 KB in gzip.
const PDF_WORKER_KB = 400;
test(`the console's pdf.js worker is at most ${PDF_WORKER_KB} KB (gzip), the only module worker`, () => {
  const workers = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.mjs'));
  expect(workers).toEqual([expect.stringMatching(/^atendimento-pdf\.worker\.min-[\w-]+\.mjs$/)]);
  for (const f of workers) expect(gz(join('assets', f)), f).toBeLessThanOrEqual(PDF_WORKER_KB);
});

test(`no chunk is over ${BUDGET_KB.chunk} KB (gzip)`, () => {
  const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  expect(chunks.length).toBeGreaterThan(5);
  for (const f of chunks) expect(gz(join('assets', f)), f).toBeLessThanOrEqual(BUDGET_KB.chunk);
});
