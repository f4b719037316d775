import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { lerPdf } from '../test/pdf-text';
import { CARLOS, SENHA } from './support/contas';
import { launch, openSession } from './support/browser';
import { verificarNasDuasLarguras } from './support/larguras';
import { login, navegar, semAvisos, toast, visible } from './support/flows';
import { sentTo } from './support/outbox';

// Meus dados (issue 8, LGPD art. 18, decision 0019): Carlos revokes the club consent, ends his
// other sessions, downloads his data as JSON and PDF and asks for a correction.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function baixar(page: Page, botao: string): Promise<{ nome: string; bytes: Buffer }> {
  await semAvisos(page);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: botao }).click(),
  ]);
  return { nome: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

test('Carlos revokes the club consent, ends his other sessions, downloads his data and asks a correction', async () => {
  const a = await openSession(browser);
  const { page } = a;
  await a.context.route('https://clube.saudeexemplo.com.br/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Clube</title><p>Parceiro</p>' }),
  );
  await login(page, CARLOS.cpf, SENHA);

  // He gives the club consent.
  await navegar(page, 'Clube de benefícios');
  await page.getByRole('button', { name: 'Acessar Clube de Benefícios' }).click();
  const termo = page.getByRole('dialog', { name: 'Termo de Ciência – Redirecionamento para Parceiro' });
  await termo.getByRole('button', { name: 'OK' }).click();
  await visible(termo.getByRole('button', { name: /Abrir o Clube de Benefícios/ }));
  const protocoloConsentimento = (await termo.getByText(/^\d{20}$/).textContent())!;
  await page.keyboard.press('Escape');

  // Meus dados: the consent is listed, with its date and protocol.
  await navegar(page, 'Meus dados');
  await page.waitForURL(/\/meus-dados$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Meus dados' }));
  for (const h of [
    'Baixar meus dados',
    'Autorizações de compartilhamento',
    'Acessos e aparelhos',
    'Solicitar correção de dados',
  ])
    await visible(page.getByRole('heading', { level: 2, name: h }));
  const consentimento = page.getByRole('listitem').filter({ hasText: protocoloConsentimento });
  await visible(consentimento.getByText('Ativa', { exact: true }));
  await visible(consentimento.getByText('nome completo e CPF'));
  await visible(page.getByText('Esta sessão'));
  await verificarNasDuasLarguras(page, 'meus-dados');

  // Revoking asks first; by keyboard.
  const antes = new Date(Date.now() - 1000).toISOString();
  await consentimento.getByRole('button', { name: /Revogar/ }).focus();
  await page.keyboard.press('Enter');
  const confirmar = page.getByRole('dialog', { name: 'Revogar autorização?' });
  await visible(confirmar.getByText(/deixarão de ser enviados a Clube Vantagens Saúde Exemplo/));
  await verificarNasDuasLarguras(page, 'meus-dados-revogar');
  await confirmar.getByRole('button', { name: 'Revogar' }).click();
  await visible(toast(page, 'Autorização revogada'));
  await visible(consentimento.getByText('Revogada', { exact: true }));
  await visible(page.getByText('Autorização revogada.'));
  expect(await consentimento.getByRole('button', { name: /Revogar/ }).count()).toBe(0);
  const avisos = (await sentTo(CARLOS.email!, antes)).filter((m) => m.mensagem.includes('revogou'));
  expect(avisos).toHaveLength(1);

  // A second browser signs in as Carlos; the first ends the other sessions.
  const b = await openSession(browser, { expectStatuses: [401] });
  await login(b.page, CARLOS.cpf, SENHA);
  await page.reload();
  await visible(page.getByRole('heading', { level: 2, name: 'Acessos e aparelhos' }));
  const encerrar = page.getByRole('button', { name: 'Encerrar outras sessões' });
  await expect.poll(() => encerrar.isEnabled()).toBe(true);
  await encerrar.click();
  await visible(toast(page, 'Outras sessões encerradas'));
  await visible(page.getByText('Só este aparelho está conectado.'));
  // The second browser's next call is refused: 'Sessão encerrada', back to login.
  await navegar(b.page, 'Autorizações');
  await visible(toast(b.page, 'Sessão encerrada'));
  await b.page.waitForURL(/\/login$/);
  await b.close();

  // Downloads: JSON with his data and no secrets; the PDF readable.
  const json = await baixar(page, 'Baixar em JSON');
  expect(json.nome).toBe('meus-dados.json');
  const dados = JSON.parse(json.bytes.toString('utf8')) as {
    titular: { cpf: string; nome: string };
    consentimentos: { revogadoEm: string | null }[];
  };
  expect(dados.titular).toMatchObject({ cpf: '11144477735', nome: 'Carlos Eduardo Lima' });
  expect(dados.consentimentos[0]!.revogadoEm).not.toBeNull();
  expect(json.bytes.toString('utf8')).not.toMatch(/senha_hash|cookie_hash|codigo_hmac|52998224725/);
  const pdf = await baixar(page, 'Baixar em PDF');
  expect(pdf.nome).toBe('meus-dados.pdf');
  const lido = await lerPdf(pdf.bytes);
  expect(lido.marcado).toBe(true);
  expect(lido.texto).toContain('Meus dados');
  expect(lido.texto).toContain('Carlos Eduardo Lima');
  expect(lido.texto).toContain('111.444.777-35');
  expect(lido.texto).toContain(protocoloConsentimento);

  // A correction request at phone width, sent from the keyboard.
  await verificarNasDuasLarguras(page, 'meus-dados-acessos', 375);
  await semAvisos(page);
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await visible(page.getByText('Escolha o dado a corrigir.'));
  await page.getByRole('radio', { name: 'E-mail' }).check();
  await page.getByLabel('Valor correto').fill('carlos.eduardo@exemplo.com.br');
  await page.getByLabel('Valor correto').press('Enter');
  await visible(page.getByText('Solicitação de correção enviada.'));
  const numero = await visible(page.getByRole('status').getByText(/^\d{20}$/));
  expect(await numero.textContent()).toMatch(/^\d{20}$/);
  await visible(page.getByText(/Prazo para resposta: até \d{2}\/\d{2}\/\d{4}\./));
  await verificarNasDuasLarguras(page, 'meus-dados-correcao');
  await a.close();
});
