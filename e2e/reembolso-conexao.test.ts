import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MARIA } from './support/contas';
import { launch } from './support/browser';
import { entrar, visible } from './support/flows';
import { verificarNasDuasLarguras } from './support/larguras';

// Issue 31: a member on a phone whose connection drops while the receipts upload. The files wait
// ('Aguardando conexão'), and go again together when the browser is back online, once each.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A phone 'photo' of a receipt: a small real JPEG, each one different (the API deduplicates by content). */
function foto(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The file input behind a 'Tirar foto' (camera) / 'Escolher arquivo' (files) button. */
const entrada = (page: Page, rotulo: string) => page.getByLabel(rotulo, { exact: true });

test('uploads that failed offline wait, say so, and go again together when the connection returns; a removed one does not (375 px)', async () => {
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page, context } = s;
  await page.goto('/reembolso/novo');
  await visible(page.getByRole('heading', { level: 1, name: 'Solicitar reembolso' }));
  // What leaves the phone, per file: each attempt's Idempotency-Key, and the uploads the server answered.
  const chaves = new Map<string, string[]>();
  const recebidos = new Map<string, number>();
  const nomeDe = (url: string) => new URL(url).searchParams.get('nome') ?? '';
  page.on('request', (r) => {
    if (!r.url().includes('/api/Reembolso/Anexos')) return;
    const n = nomeDe(r.url());
    chaves.set(n, [...(chaves.get(n) ?? []), r.headers()['idempotency-key'] ?? '']);
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/Reembolso/Anexos') && r.status() === 200)
      recebidos.set(nomeDe(r.url()), (recebidos.get(nomeDe(r.url())) ?? 0) + 1);
  });

  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await entrada(page, 'Câmera: Comprovante de pagamento').setInputFiles({
    name: 'recibo-sem-sinal.jpg',
    mimeType: 'image/jpeg',
    buffer: await foto(240, 200, 180),
  });
  await entrada(page, 'Arquivos do aparelho: Nota fiscal ou recibo').setInputFiles({
    name: 'nota-por-engano.jpg',
    mimeType: 'image/jpeg',
    buffer: await foto(180, 200, 240),
  });
  const recibo = page.getByRole('listitem').filter({ hasText: 'recibo-sem-sinal.jpg' });
  const engano = page.getByRole('listitem').filter({ hasText: 'nota-por-engano.jpg' });
  await visible(recibo.getByText('Aguardando conexão'));
  await visible(engano.getByText('Aguardando conexão'));
  await visible(recibo.getByText('Sem conexão. O arquivo será enviado quando a conexão voltar.'));
  const status = page.getByRole('status').filter({ hasText: /conex/ });
  await visible(status.getByText('Sem conexão. Os arquivos não enviados serão enviados quando a conexão voltar.'));
  await verificarNasDuasLarguras(page, 'reembolso-sem-conexao', 375, { ligar: ['target-size'] });
  // Sending now (from the keyboard) says why it cannot go yet.
  await page.getByRole('button', { name: 'Ver prévia' }).press('Enter');
  await visible(page.getByText('Sem conexão: aguarde a conexão voltar para os arquivos serem enviados.'));
  // The member takes one back: it is not sent when the connection returns.
  await engano.getByRole('button', { name: 'Remover nota-por-engano.jpg' }).click();
  await engano.waitFor({ state: 'detached' });

  // Back online (and the event twice, as a flapping connection gives): the waiting file goes once.
  const enviado = page.waitForResponse((r) => r.url().includes('/api/Reembolso/Anexos') && r.status() === 200);
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await visible(status.getByText('A conexão voltou. Enviando de novo 1 arquivo.'));
  await enviado;
  await visible(recibo.getByText('Enviado', { exact: true }));
  expect(await page.getByText('Aguardando conexão').count()).toBe(0);
  expect(recebidos.get('recibo-sem-sinal.jpg')).toBe(1);
  expect(recebidos.get('nota-por-engano.jpg') ?? 0).toBe(0);
  const tentativas = chaves.get('recibo-sem-sinal.jpg') ?? [];
  expect(new Set(tentativas).size).toBe(1);
  // The removed file was tried once, offline, and never again.
  expect(chaves.get('nota-por-engano.jpg')?.length ?? 0).toBeLessThanOrEqual(1);
  await verificarNasDuasLarguras(page, 'reembolso-conexao-de-volta', 375, { ligar: ['target-size'] });
  // The offline attempts logged their failures; those were provoked on purpose.
  s.problems.splice(0, s.problems.length, ...s.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED/.test(p)));
  await s.close();
});
