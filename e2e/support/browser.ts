import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
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
  semServiceWorker?: boolean;
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
    // page.route sees no request a service worker answers: a test that fails requests turns it off.
    ...(opts.semServiceWorker ? { serviceWorkers: 'block' as const } : {}),
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
 * axe-core on the current state of the page: no violations allowed. Every rule runs; on a page
 * without frames (the portal has none: its CSP allows none) axe runs in the page itself
 * (`setLegacyMode`) instead of @axe-core/playwright's default, which opens a blank page on every
 * run to merge the frames' results — the same findings for a third of the CPU (decision 0045).
 * Only the violations are asked for in full (the passes are not read). `ligar` turns on rules axe
 * keeps off by default (target-size) for the screens that are held to them.
 */
export async function expectNoAxeViolations(page: Page, label: string, opts: { ligar?: string[] } = {}) {
  // `ligar`: rules axe ships turned off (target-size, WCAG 2.2 AA) that a screen is held to as well.
  const rules = Object.fromEntries((opts.ligar ?? []).map((id) => [id, { enabled: true }]));
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'], rules });
  if (page.frames().length === 1) axe.setLegacyMode();
  const result = await axe.analyze();
  const summary = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

const shotsDir = join(import.meta.dirname, '..', '..', 'screenshots');
/** Full-page screenshot into ./screenshots (git-ignored), for people to look at; `fullPage: false` for dialogs. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: opts.fullPage ?? true });
}
