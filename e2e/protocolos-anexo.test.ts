import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { expectNoAxeViolations, launch, openSession, screenshot, setBaseUrl } from './support/browser';
import { loginMaria, visible } from './support/flows';
import { documentoNasDuasLarguras, mudarLargura } from './support/larguras';
import { pdfDeTexto } from './support/pdf';
import { portalProprio } from './support/portal-proprio';
import { NODE_DO_PORTAL, type Portal, startPortal } from './support/server';

// The operator answers one of Maria's open requests through the integration API with a PDF of its
// own attached (decision 0032); Maria, in Meus Protocolos, gets it as its own download next to the
// answer the portal generates. This file serves its own copy of the seeded database: the
// integration key is made by the CLI before the server starts (PGlite is one process's database).
portalProprio();

const root = join(import.meta.dirname, '..');
const TEXTO_DO_ANEXO = 'Proposta do Plano Ortopedico para o contrato 100234';

let dataDir: string;
let portal: Portal;
let chave: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-anexo-'));
  cpSync(inject('seedDir'), dataDir, { recursive: true });
  const cli = spawnSync(
    process.execPath,
    [
      ...NODE_DO_PORTAL,
      join(root, 'apps/api/dist/chaves.js'),
      'criar',
      '--nome',
      'Atendimento e2e',
      '--escopos',
      'protocolos',
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  const m = /Chave: (pbk_[0-9a-f]{16}_[A-Za-z0-9_-]+)/.exec(cli.stdout);
  if (cli.status !== 0 || !m?.[1]) throw new Error(`chaves criar: ${cli.status}\n${cli.stdout}\n${cli.stderr}`);
  chave = m[1];
  portal = await startPortal(dataDir);
  setBaseUrl(portal.baseUrl);
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("Maria downloads the operator's attached PDF next to the answer, at 1280 and 375 px", async () => {
  const api = (caminho: string, init: RequestInit = {}) =>
    fetch(`${portal.baseUrl}/api/integracao/v1${caminho}`, {
      ...init,
      headers: { authorization: `Bearer ${chave}`, 'content-type': 'application/json' },
    });
  // Her open request about the orthopedic plan, from the operator's queue.
  const fila = (await (await api('/protocolos?situacao=abertos&tipo=CONTATO_COMERCIAL')).json()) as {
    protocolos: { protocolo: string; assunto: string; codigoContrato: string }[];
  };
  const alvo = fila.protocolos.find((p) => p.codigoContrato === '100234' && p.assunto.includes('Ortopédico'));
  expect(alvo, JSON.stringify(fila)).toBeDefined();
  const numero = alvo!.protocolo;
  const anexo = await pdfDeTexto(TEXTO_DO_ANEXO);
  const resposta = 'Enviamos a proposta do Plano Ortopédico em anexo. Para contratar, responda pelo aplicativo.';
  const r = await api(`/protocolos/${numero}/resposta`, {
    method: 'POST',
    body: JSON.stringify({ status: 'CONCLUIDO', resposta, pdfBase64: anexo.toString('base64') }),
  });
  expect(r.status).toBe(200);

  const s = await openSession(browser);
  const { page } = s;
  await loginMaria(page);
  await page.goto(`/protocolos/${numero}`);
  await visible(page.getByText(resposta));
  const respostaRegiao = page.getByRole('region', { name: 'Resposta da operadora' });
  await visible(respostaRegiao.getByRole('button', { name: 'Baixar resposta' }));
  const botao = respostaRegiao.getByRole('button', { name: 'Baixar anexo da operadora' });
  await visible(botao);
  expect(await botao.getAttribute('aria-describedby')).toBe('baixar-anexo-dica');

  // The detail at phone width: both downloads, each with its description, nothing cut off.
  await mudarLargura(page, 375);
  await expectNoAxeViolations(page, 'protocolo com anexo @375');
  await screenshot(page, 'protocolo-anexo-375');
  const caixa = await botao.boundingBox();
  expect(caixa!.x + caixa!.width).toBeLessThanOrEqual(375);
  await mudarLargura(page, 1280);
  await expectNoAxeViolations(page, 'protocolo com anexo @1280');
  await screenshot(page, 'protocolo-anexo-1280');

  // A new tab at desktop width, a download under its own name on a phone; the bytes are the operator's.
  await documentoNasDuasLarguras(
    page,
    () => botao.click(),
    ({ pdf, nome }, largura) => {
      expect(pdf.texto).toContain(TEXTO_DO_ANEXO);
      if (largura === 375) expect(nome).toBe(`protocolo-${numero}-anexo-da-operadora.pdf`);
    },
  );
  // The generated answer is still its own document, with the answer text.
  await documentoNasDuasLarguras(
    page,
    () => respostaRegiao.getByRole('button', { name: 'Baixar resposta' }).click(),
    ({ pdf }) => {
      expect(pdf.texto).toContain('Enviamos a proposta');
      expect(pdf.texto).not.toContain(TEXTO_DO_ANEXO);
    },
  );
  await s.close();
});
