import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ANA, FERNANDA, MARIA } from './support/accounts';
import { expectNoAxeViolations, launch, openSession, screenshot } from './support/browser';
import { login, toast, typeCpf, visible } from './support/flows';
import { latestCode } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('Ana registers inside the login flow by e-mail (code from the outbox) and then logs in', async () => {
  const s = await openSession(browser, { expectStatuses: [422] });
  const { page } = s;
  await page.goto('/login');
  await typeCpf(page, ANA.cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 1 — Contato: Ana has no mobile on file, so that option is disabled.
  await visible(page.getByText('Celular não disponível'));
  await visible(page.getByText('ana****@exemplo.com.br'));
  expect(await page.getByRole('radio', { name: /Celular/ }).isDisabled()).toBe(true);
  await page.getByRole('radio', { name: /E-mail/ }).check();
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: /Enviar código|Continuar/ }).click();
  await visible(toast(page, 'Código de verificação enviado'));

  // Step 2 — Verificação: a wrong code first, then the one the member received.
  const code = await latestCode(ANA.email, sentAfter);
  const field = page.getByLabel(/Código/);
  await expectNoAxeViolations(page, 'registro verificação');
  await screenshot(page, 'login-registro-verificacao-1280');
  await field.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Validar Código' }).click();
  await visible(page.getByRole('alert').filter({ hasText: /código/i }));
  await field.fill(code);
  await page.getByRole('button', { name: 'Validar Código' }).click();
  await visible(toast(page, 'Verificação realizada com sucesso'));

  // Step 3 — Senha: mismatch and too short are refused in the browser.
  await visible(page.getByRole('button', { name: 'Criar Conta' }));
  await expectNoAxeViolations(page, 'registro senha');
  await screenshot(page, 'login-registro-senha-1280');
  const nova = 'NovaSenha!2026';
  await page.getByLabel('Senha', { exact: true }).fill('12345');
  await page.getByLabel(/Confirm/).fill('12345');
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await visible(page.getByText('A senha deve ter pelo menos 6 caracteres.'));
  await page.getByLabel('Senha', { exact: true }).fill(nova);
  await page.getByLabel(/Confirm/).fill(nova + 'x');
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await visible(
    page
      .getByText('As senhas digitadas não são iguais.')
      .or(page.getByText('Por favor, digite a mesma senha nos dois campos.')),
  );
  await page.getByLabel(/Confirm/).fill(nova);
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await visible(toast(page, 'Conta criada com sucesso'));
  await visible(page.getByLabel('CPF', { exact: true }));
  await s.close();

  const again = await openSession(browser);
  await login(again.page, ANA.cpf, nova);
  await visible(again.page.getByRole('heading', { level: 1, name: /Ana/ }));
  await again.close();
});

test('Fernanda creates her account on /cadastro; a mobile that is not hers is refused', async () => {
  const s = await openSession(browser, { expectStatuses: [422] });
  const { page } = s;
  await page.goto('/cadastro');
  await visible(page.getByRole('heading', { name: 'Criar nova conta' }));
  await visible(page.getByRole('link', { name: 'Já tem conta? Faça login aqui.' }));
  await typeCpf(page, FERNANDA.cpf);
  await page.getByRole('button', { name: /Continuar|Verificar/ }).click();

  const email = page.getByLabel(/E-mail/);
  const celular = page.getByLabel(/Celular/);
  await email.fill(FERNANDA.email);
  await celular.click();
  await celular.pressSequentially('11912345678');
  expect(await celular.inputValue()).toBe('(11) 91234-5678');
  await page.getByRole('button', { name: /Enviar código/ }).click();
  await visible(page.getByRole('alert').filter({ hasText: /operadora/ }));

  await celular.fill('');
  await celular.pressSequentially(FERNANDA.celular);
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: /Enviar código/ }).click();
  const code = await latestCode(FERNANDA.celular, sentAfter);
  await expectNoAxeViolations(page, 'cadastro código');
  await screenshot(page, 'cadastro-codigo-1280');
  await page.getByLabel(/Código/).fill(code);
  await page.getByRole('button', { name: 'Validar Código' }).click();

  const nova = 'Fernanda#2026';
  await visible(page.getByLabel(/Confirm/));
  await expectNoAxeViolations(page, 'cadastro senha');
  await screenshot(page, 'cadastro-senha-1280');
  await page.getByLabel('Senha', { exact: true }).fill(nova);
  await page.getByLabel(/Confirm/).fill(nova);
  await page.getByRole('button', { name: /Criar Conta/ }).click();
  await visible(page.getByText('Conta Criada!'));
  await expectNoAxeViolations(page, 'cadastro conta criada');
  await screenshot(page, 'cadastro-conta-criada-1280');
  await page
    .getByRole('button', { name: 'Fazer Login' })
    .or(page.getByRole('link', { name: 'Fazer Login' }))
    .click();
  await page.waitForURL(/\/login$/);
  await s.close();

  const again = await openSession(browser);
  await login(again.page, FERNANDA.cpf, nova);
  await again.close();
});

test('/cadastro tells Maria her account already exists', async () => {
  const s = await openSession(browser);
  await s.page.goto('/cadastro');
  await typeCpf(s.page, MARIA.cpf);
  await s.page.getByRole('button', { name: /Continuar|Verificar/ }).click();
  await visible(s.page.getByText('Conta já existe'));
  await s.close();
});
