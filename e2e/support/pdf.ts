import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { lerPdf, type PdfLido } from '../../test/pdf-text';
import { semAvisos } from './flows';

/**
 * A document as the member receives it: at desktop width it opens in a new tab from a blob URL
 * (the bytes are read back through the opener, which owns the URL); on a phone it is downloaded
 * under its file name. Either way the PDF's text layer is read with pdf.js.
 */
export async function documentoAberto(
  page: Page,
  acao: () => Promise<void>,
  largura: number,
): Promise<{ pdf: PdfLido; nome: string | null }> {
  // When the answer came too late for the click to count, the page offers the links instead
  // ('Documento pronto'); the member taps one, and so does the test.
  const pronto = page.getByRole('dialog', { name: 'Documento pronto' });
  if (largura < 768) {
    // A toast at the bottom of a phone-wide page would take the tap meant for the button.
    await semAvisos(page);
    const baixou = page.waitForEvent('download', { timeout: 30_000 });
    await acao();
    const primeiro = await Promise.race([
      baixou.then(() => 'download' as const),
      pronto.waitFor({ timeout: 30_000 }).then(() => 'dialogo' as const),
    ]);
    if (primeiro === 'dialogo') await pronto.getByRole('link', { name: 'Baixar' }).click();
    const download = await baixou;
    const caminho = await download.path();
    return { pdf: await lerPdf(readFileSync(caminho)), nome: download.suggestedFilename() };
  }
  // The page's CSP (connect-src 'self') rightly keeps fetch() off blob: URLs, so the test keeps
  // the Blob behind each URL the page creates and reads it back from there.
  await page.evaluate(() => {
    const w = window as unknown as { __blobs?: Map<string, Blob> };
    if (w.__blobs) return;
    w.__blobs = new Map();
    const criar = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (b: Blob | MediaSource) => {
      const url = criar(b);
      if (b instanceof Blob) w.__blobs!.set(url, b);
      return url;
    };
  });
  const abriu = page.waitForEvent('popup', { timeout: 30_000 });
  // A browser with a PDF viewer shows the document in the new tab; one without (the headless shell
  // the journeys run in) hands the tab's blob URL to the opener's downloads.
  const baixouPelaAba = page
    .waitForEvent('download', { timeout: 30_000 })
    .then((d) => d.url())
    .catch(() => '');
  await acao();
  const primeiro = await Promise.race([
    abriu.then(() => 'aba' as const),
    pronto.waitFor({ timeout: 30_000 }).then(() => 'dialogo' as const),
  ]);
  if (primeiro === 'dialogo') await pronto.getByRole('link', { name: /Abrir documento/ }).click();
  const aba = await abriu;
  const url = await Promise.race([
    aba.waitForURL(/^blob:/, { timeout: 20_000 }).then(
      () => aba.url(),
      () => aba.url(),
    ),
    // Never first in a browser with a viewer: the tab's URL above answers within 20 s, this one at 30.
    baixouPelaAba.then((u) => u || aba.url()),
  ]);
  expect(url, 'the new tab shows the document from a blob URL').toMatch(/^blob:http:\/\/localhost:\d+\//);
  const bytes = await page.evaluate(async (u) => {
    const blob = (window as unknown as { __blobs: Map<string, Blob> }).__blobs.get(u);
    return blob ? Array.from(new Uint8Array(await blob.arrayBuffer())) : [];
  }, url);
  await aba.close();
  return { pdf: await lerPdf(new Uint8Array(bytes)), nome: null };
}

/** A small real PDF with `texto` on an A4 page (a receipt, an operator's attachment), readable with pdf.js. */
export function pdfDeTexto(texto: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const partes: Buffer[] = [];
    doc.on('data', (p: Buffer) => partes.push(p));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    doc.fontSize(14).text(texto);
    doc.end();
  });
}
