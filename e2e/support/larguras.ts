import type { Page } from 'playwright-core';
import type { PdfLido } from '../../test/pdf-text';
import { expectNoAxeViolations, screenshot } from './browser';
import { assentada } from './flows';
import { documentoAberto } from './pdf';

/**
 * The screen as it is now, at phone and desktop width: axe-core finds no violations at either, and
 * a screenshot of each lands in ./screenshots (unless `foto: false`; `fullPage: false` for dialogs).
 * Ends at `fim` px (the journey goes on at that width), so one journey checks every screen it
 * passes at both widths instead of being run twice. `ligar`: axe rules that are off by default
 * (target-size) this screen is held to.
 */
export async function verificarNasDuasLarguras(
  page: Page,
  nome: string,
  fim: 1280 | 375 = 1280,
  opts: { foto?: boolean; fullPage?: boolean; ligar?: string[] } = {},
) {
  for (const width of fim === 1280 ? ([375, 1280] as const) : ([1280, 375] as const)) {
    await mudarLargura(page, width);
    await expectNoAxeViolations(page, `${nome} @${width}`, { ligar: opts.ligar });
    if (opts.foto ?? true) await screenshot(page, `${nome}-${width}`, { fullPage: opts.fullPage });
  }
}

/** Goes on at that width (with the height support/browser.ts gives a session of that width), from the top. */
export async function mudarLargura(page: Page, width: 1280 | 375) {
  await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
  await page.evaluate(() => window.scrollTo(0, 0)); // a full-page picture from the top (sticky header)
  // The layout settles: the page has the new width, re-rendered (the menu switches at 768 px), at rest.
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await assentada(page);
}

/**
 * A document as the member receives it at both widths — a new tab at 1280 px, a download under its
 * file name at 375 px (support/pdf.ts) — each checked by `conferir`. Ends at `fim` px.
 */
export async function documentoNasDuasLarguras(
  page: Page,
  acao: () => Promise<void>,
  conferir: (doc: { pdf: PdfLido; nome: string | null }, largura: 1280 | 375) => void | Promise<void>,
  fim: 1280 | 375 = 1280,
) {
  for (const largura of fim === 1280 ? ([375, 1280] as const) : ([1280, 375] as const)) {
    await mudarLargura(page, largura);
    await conferir(await documentoAberto(page, acao, largura), largura);
  }
}
