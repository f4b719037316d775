import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './chromium-args.mjs';

export { CHROMIUM_ARGS };

let current: string | undefined;
/** Set by support/portal-per-file.ts before the file's tests run. */
export function setBaseUrl(url: string) {
  current = url;
}
/** The base URL of this file's own portal. */
export function baseUrl(): string {
  if (!current) throw new Error('e2e: no portal started for this file (support/portal-per-file.ts)');
  return current;
}

/** Debian's full Chromium: what members run, what Lighthouse measures, the one that installs an app. */
export const CHROMIUM_COMPLETO = '/usr/bin/chromium';
const CHROMIUM_SEM_JANELA = '/usr/bin/chromium-headless-shell';

/**
 * The journeys' browser: Debian's headless shell of the same Chromium when installed (the same Blink,
 * V8 and version without the desktop browser around them: ~0.7× a journey's CPU, decision 0070),
 * else the full one. `E2E_CHROMIUM` names another binary.
 */
export const CHROMIUM_DAS_JORNADAS =
  process.env.E2E_CHROMIUM ?? (existsSync(CHROMIUM_SEM_JANELA) ? CHROMIUM_SEM_JANELA : CHROMIUM_COMPLETO);

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_DAS_JORNADAS, args: CHROMIUM_ARGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
  close(): Promise<void>;
}

export interface SessionOptions {
  width?: number;
  expectStatuses?: number[];
  /**
   * The portal's service worker may register (the offline card, the installable app). Off by
   * default: its install precaches every script and style of the release (decision 0050), a quarter
   * of a journey's CPU in a context that lives a minute, and page.route does not see what a worker
   * answers. The journeys are then a member's first visit, which must work without it anyway; the
   * files about the worker (e2e/carteirinha.test.ts) turn it on.
   */
  comServiceWorker?: boolean;
  /** A touch screen (a phone or tablet): no fine pointer, no hover (media queries pointer and hover). */
  toque?: boolean;
  /** The member asks the system for reduced motion (the banners do not rotate). */
  movimentoReduzido?: boolean;
  /** Cookies and localStorage the profile starts with (support/flows.ts `entrar`). */
  storageState?: BrowserContextOptions['storageState'];
}

/**
 * A fresh browser profile (own cookies and storage) at the given width. Every console error,
 * uncaught exception and CSP violation is collected; `close` fails the test when there are any
 * that the test did not declare as expected (a 4xx answer the journey provokes on purpose logs
 * 'Failed to load resource', so tests list the statuses they expect).
 */
export async function openSession(browser: Browser, opts: SessionOptions = {}): Promise<Session> {
  const width = opts.width ?? 1280;
  const context = await browser.newContext({
    ...(opts.storageState ? { storageState: opts.storageState } : {}),
    serviceWorkers: opts.comServiceWorker ? ('allow' as const) : ('block' as const),
    ...(opts.movimentoReduzido ? { reducedMotion: 'reduce' as const } : {}),
    ...(opts.toque ? { hasTouch: true } : {}),
    baseURL: baseUrl(),
    viewport: { width, height: width < 768 ? 800 : 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const expected = (opts.expectStatuses ?? []).map((s) => `status of ${s}`);
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (expected.some((e) => text.includes(e))) return;
    problems.push(`console.error: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      expect(problems, 'browser console errors / CSP violations').toEqual([]);
    },
  };
}

/**
 * axe-core on the current state of the page: no violations allowed. Every rule runs, in the page
 * itself (the portal has no frames: its CSP allows none), as @axe-core/playwright's legacy mode did
 * (decision 0045) — but axe's 550 KB source is evaluated once per document, not twice per check as
 * that wrapper does: a journey checks the same document at two widths and after each step of a
 * dialog, and the parses were a fifth of the checks' time. Only the violations are asked for.
 * `ligar` turns on rules axe keeps off by default (target-size) for the screens held to them.
 */
export async function expectNoAxeViolations(page: Page, label: string, opts: { ligar?: string[] } = {}) {
  if (page.frames().length !== 1) throw new Error(`e2e: ${label} has frames; the portal's CSP allows none`);
  type ComAxe = typeof globalThis & { axe?: typeof axe };
  const carregado = await page.evaluate(() => typeof (window as ComAxe).axe?.run === 'function');
  if (!carregado) {
    await page.evaluate(axe.source);
    await page.evaluate(() => (window as ComAxe).axe!.configure({ allowedOrigins: ['<same_origin>'] }));
  }
  // `ligar`: rules axe ships turned off (target-size, WCAG 2.2 AA) that a screen is held to as well.
  const rules = Object.fromEntries((opts.ligar ?? []).map((id) => [id, { enabled: true }]));
  const violations = await page.evaluate(
    async (options) =>
      (await (window as ComAxe).axe!.run(document, options)).violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        alvos: v.nodes.map((n) => n.target.join(' ')),
      })),
    { resultTypes: ['violations'] as axe.resultGroups[], rules },
  );
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.alvos.join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

const shotsDir = join(import.meta.dirname, '..', '..', 'screenshots');
/**
 * Full-page screenshot into ./screenshots (git-ignored), for people to look at; `fullPage: false` for
 * dialogs. Not in CI (a clone nobody opens; ~7% of a journey's CPU) unless E2E_FOTOS=1.
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  if (process.env.CI && process.env.E2E_FOTOS !== '1') return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: opts.fullPage ?? true });
}
