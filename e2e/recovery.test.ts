import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROBERTO, SENHA } from './support/accounts';
import { expectNoAxeViolations, launch, openSession, screenshot } from './support/browser';
import { login, submitPassword, toast, visible } from './support/flows';
import { latestCode, outbox } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('Roberto recovers his password by SMS; the old password stops working', async () => {
  const s = await openSession(browser, { expectStatuses: [429] });
  const { page } = s;
  await page.goto('/login');
  await page.getByLabel('CPF', { exact: true }).pressSequentially(ROBERTO.cpf.replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await page.waitForURL(/\/recuperar-senha$/);
  await visible(page.getByRole('link', { name: /login/i }));

  await page.getByRole('radio', { name: /Celular/ }).check();
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: /Enviar código/ }).click();
  await visible(toast(page, 'Código de recuperação enviado'));
  const sms = (await outbox()).find((m) => m.canal === 'sms' && new Date(m.criadoEm) >= new Date(sentAfter));
  expect(sms?.mensagem).toContain(sms?.codigo ?? 'nenhum código');
  const code = await latestCode(sms!.destino, sentAfter);

  // Resend is blocked for 2 minutes.
  const send = page.getByRole('button', { name: /Enviar código|Reenviar/ });
  expect(await send.isDisabled()).toBe(true);
  await visible(page.getByText('Aguarde 2 minutos para reenviar o código.'));

  await expectNoAxeViolations(page, 'recuperação código enviado');
  await screenshot(page, 'recuperar-senha-codigo-1280');
  const validate = page.getByRole('button', { name: /Validar/ });
  expect(await validate.isDisabled()).toBe(true);
  await page.getByLabel(/Código/).fill(code);
  await validate.click();
  await visible(toast(page, 'Código validado com sucesso'));

  const nova = 'Roberto@2026';
  await visible(page.getByLabel(/Confirm/));
  await expectNoAxeViolations(page, 'recuperação nova senha');
  await screenshot(page, 'recuperar-senha-nova-1280');
  await page
    .getByLabel(/Nova senha|Senha/)
    .first()
    .fill(nova);
  await page.getByLabel(/Confirm/).fill(nova);
  await page.getByRole('button', { name: /Alterar senha|Salvar/i }).click();
  await visible(page.getByText('Senha Alterada!'));
  await expectNoAxeViolations(page, 'recuperação sucesso');
  await screenshot(page, 'recuperar-senha-sucesso-1280');
  await s.close();

  const old = await openSession(browser);
  await submitPassword(old.page, ROBERTO.cpf, SENHA);
  await visible(toast(old.page, 'CPF ou senha inválidos'));
  await old.close();

  const fresh = await openSession(browser);
  await login(fresh.page, ROBERTO.cpf, nova);
  await fresh.close();
});
