import { formatarNumeroProtocolo } from '@portal/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARLOS, MARIA, SENHA } from './support/contas';
import { launch, openSession } from './support/browser';
import { verificarNasDuasLarguras } from './support/larguras';
import { login, loginMaria, navegar, pedidosA, toast, visible } from './support/flows';
import { sentTo } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('Maria enrols in BemBebe: her data prefilled and read-only, city and programme cleared after success', async () => {
  const s = await openSession(browser, { expectStatuses: [409] });
  const { page } = s;
  await loginMaria(page);
  await visible(page.getByRole('heading', { level: 1 }));
  await navegar(page, 'Medicina Preventiva');
  await page.waitForURL(/\/medicina-preventiva$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Medicina Preventiva' }));

  const nome = page.getByLabel('Nome', { exact: true });
  expect(await nome.inputValue()).toBe('Maria Aparecida Souza');
  expect(await nome.getAttribute('readonly')).not.toBeNull();
  expect(await page.getByLabel('CPF').inputValue()).toBe('529.982.247-25');
  expect(await page.getByLabel(/Data de nascimento/).inputValue()).toBe('12/04/1978');
  expect(await page.getByLabel(/Data de nascimento/).getAttribute('readonly')).not.toBeNull();
  const telefone = page.getByLabel('Telefone');
  expect(await telefone.inputValue()).toBe('(11) 98765-4321');
  expect(await telefone.getAttribute('placeholder')).toBe('(00) 00000-0000');
  expect(await page.getByRole('combobox', { name: 'Programa' }).locator('option').allTextContents()).toEqual([
    'Selecione um programa',
    'BemBebe',
  ]);
  await verificarNasDuasLarguras(page, 'medicina-preventiva');

  // Every field is required.
  await page.getByRole('button', { name: 'Enviar Inscrição' }).click();
  await visible(page.getByText('Informe a cidade.'));
  await visible(page.getByText('Selecione um programa.'));
  await verificarNasDuasLarguras(page, 'medicina-preventiva-erros');

  const antes = new Date(Date.now() - 1000).toISOString();
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByRole('combobox', { name: 'Programa' }).selectOption('BemBebe');
  const inscricoes = pedidosA(page, '/api/MedicinaPreventiva/FazerInscricao');
  await page.getByRole('button', { name: 'Enviar Inscrição' }).click();
  await visible(toast(page, 'Inscrição realizada com sucesso!'));
  await visible(toast(page, 'Entraremos em contato em breve.'));
  const protocolo = (await page.getByText(/^\d{20}$/).textContent())!;
  expect(await page.getByLabel('Cidade').inputValue()).toBe('');
  expect(await page.getByRole('combobox', { name: 'Programa' }).inputValue()).toBe('');
  expect(await telefone.inputValue()).toBe('(11) 98765-4321');
  await verificarNasDuasLarguras(page, 'medicina-preventiva-sucesso');
  expect(await inscricoes.respondidos()).toBe(1);
  const avisos = (await sentTo(MARIA.email, antes)).filter((m) => m.mensagem.includes('BemBebe'));
  expect(avisos).toHaveLength(1);
  expect(avisos[0]!.mensagem).toContain(formatarNumeroProtocolo(protocolo));

  // The same programme again: 'Erro na inscrição' with the server's message.
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByRole('combobox', { name: 'Programa' }).selectOption('BemBebe');
  await page.getByRole('button', { name: 'Enviar Inscrição' }).click();
  await visible(toast(page, 'Erro na inscrição'));
  await visible(toast(page, /já está inscrito\(a\) no programa BemBebe/));
  await s.close();
});

test('Carlos enrols by keyboard alone at 375 px, changing his phone', async () => {
  const s = await openSession(browser, { width: 375 });
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  await page.goto('/medicina-preventiva');
  const telefone = page.getByLabel('Telefone');
  await telefone.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1932514455');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Campinas');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  expect(await page.getByRole('combobox', { name: 'Programa' }).inputValue()).toBe('BemBebe');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Enviar Inscrição');
  await page.keyboard.press('Enter');
  await visible(toast(page, 'Inscrição realizada com sucesso!'));
  await visible(page.getByText(/^\d{20}$/));
  await s.close();
});
