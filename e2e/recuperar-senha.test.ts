import type { Browser, Locator, Page } from 'playwright-core';
import { SENHA_COMUM } from '@portal/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARLOS, MARIA, ROBERTO, SENHA } from './support/contas';
import { expectNoAxeViolations, launch, openSession, screenshot } from './support/browser';
import { login, resendCountdown, submitPassword, toast, typeCpf, visible } from './support/flows';
import { latestCode, outbox, sentTo } from './support/outbox';

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
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await page.waitForURL(/\/login$/);
  expect(await page.getByLabel('CPF', { exact: true }).inputValue()).toBe(ROBERTO.cpf);
  await s.close();

  const old = await openSession(browser);
  await submitPassword(old.page, ROBERTO.cpf, SENHA);
  await visible(toast(old.page, 'CPF ou senha inválidos'));
  await old.close();

  const fresh = await openSession(browser);
  await login(fresh.page, ROBERTO.cpf, nova);
  await fresh.close();
});

test('Maria reloads after the SMS, asks again within 2 minutes (same channel, then e-mail) and finishes with the code she got', async () => {
  const s = await openSession(browser, { expectStatuses: [429] });
  const { page } = s;
  await page.goto('/login');
  await typeCpf(page, MARIA.cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await page.waitForURL(/\/recuperar-senha$/);

  await page.getByRole('radio', { name: /Celular/ }).check();
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await visible(toast(page, 'Código de recuperação enviado'));
  await visible(page.getByRole('heading', { name: 'Código de recuperação' }));
  const code = await latestCode(MARIA.celular, sentAfter);
  // A few seconds pass, so the countdown must be what is left of the wait, not a new 2 minutes. The
  // wait is the subject: the 2 minutes run on the server's clock, which the page cannot move.
  await page.waitForTimeout(3_000);

  // The reload keeps the navigation state (CPF, masked contacts), so the method choice comes back.
  await page.reload();
  await visible(page.getByRole('heading', { name: 'Receber código de recuperação' }));
  await page.getByRole('radio', { name: /Celular/ }).check();
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await visible(page.getByRole('heading', { name: 'Código de recuperação' }));
  await visible(
    page.getByText(
      `O código enviado há pouco por SMS para ${MARIA.celularMascarado} continua válido. Digite-o abaixo.`,
    ),
  );
  const left = await resendCountdown(page);
  expect(left).toBeGreaterThan(60);
  expect(left).toBeLessThanOrEqual(117);
  expect(await page.getByRole('button', { name: 'Reenviar código' }).isDisabled()).toBe(true);

  // Back, and the e-mail: nothing goes there; the valid code is the SMS one.
  await page.getByRole('button', { name: 'Voltar', exact: true }).click();
  await page.getByRole('radio', { name: /E-mail/ }).check();
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await visible(
    page.getByText(
      `Nenhum código novo foi enviado para o e-mail: o código enviado há pouco por SMS para ${MARIA.celularMascarado} continua válido. Digite-o abaixo.`,
    ),
  );
  expect(await resendCountdown(page)).toBeLessThanOrEqual(left);
  expect(await sentTo(MARIA.email, sentAfter)).toEqual([]);
  expect(await sentTo(MARIA.celular, sentAfter)).toHaveLength(1);

  await expectNoAxeViolations(page, 'recuperação código já enviado 1280');
  await screenshot(page, 'recuperar-senha-codigo-ja-enviado-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page, 'recuperação código já enviado 375');
  await screenshot(page, 'recuperar-senha-codigo-ja-enviado-375');

  const validate = page.getByRole('button', { name: 'Validar Código' });
  expect(await validate.isDisabled()).toBe(true);
  await page.getByLabel(/Código/).fill(code);
  await validate.click();
  await visible(toast(page, 'Código validado com sucesso'));
  // The demo password is a common one (issue 13): refused under the field; only the seed sets it.
  await page.getByLabel('Senha', { exact: true }).fill(SENHA);
  await page.getByLabel(/Confirm/).fill(SENHA);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await visible(page.getByText(SENHA_COMUM));
  await page.getByLabel('Senha', { exact: true }).fill('Maria#Nova2026');
  await page.getByLabel(/Confirm/).fill('Maria#Nova2026');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await visible(page.getByText('Senha Alterada!'));
  await s.close();
});

/** Presses Tab until the locator has the focus (fails after `max` presses). */
async function tabAte(page: Page, alvo: Locator, max = 6) {
  for (let i = 0; i < max; i++) {
    if (await alvo.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  expect(await alvo.evaluate((el) => el === document.activeElement), 'focus reached by Tab').toBe(true);
}

test('keyboard alone: Carlos recovers by e-mail; meanwhile another browser asking for his code is told to wait, with no code step', async () => {
  const a = await openSession(browser);
  const { page } = a;
  await page.goto('/recuperar-senha');
  const cpf = page.getByLabel('CPF', { exact: true });
  await cpf.waitFor();
  await tabAte(page, cpf);
  await page.keyboard.type(CARLOS.cpf.replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  const email = page.getByRole('radio', { name: /E-mail/ });
  await visible(email);
  await tabAte(page, email);
  expect(await email.isChecked()).toBe(true);
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await tabAte(page, page.getByRole('button', { name: 'Enviar código' }));
  await page.keyboard.press('Enter');
  await visible(page.getByText(`Digite o código de 6 dígitos enviado para o e-mail ${CARLOS.emailMascarado}.`));
  const code = await latestCode(CARLOS.email, sentAfter);

  // Another browser, a moment later: the code went to the first one, so this one cannot type it.
  const b = await openSession(browser, { expectStatuses: [429] });
  await b.page.goto('/recuperar-senha');
  await typeCpf(b.page, CARLOS.cpf);
  await b.page.getByRole('button', { name: 'Continuar' }).click();
  await b.page.getByRole('button', { name: 'Enviar código' }).click();
  await visible(toast(b.page, 'Erro ao enviar código'));
  await visible(toast(b.page, 'Aguarde 2 minutos para reenviar o código.'));
  // Said once, by the toast: the page keeps the wait, not the message (decision 0031).
  expect(await b.page.getByRole('alert').filter({ hasText: 'Aguarde 2 minutos' }).count()).toBe(0);
  await visible(b.page.getByRole('heading', { name: 'Receber código de recuperação' }));
  expect(await b.page.getByLabel(/Código de verificação/).count()).toBe(0);
  expect(await b.page.getByRole('button', { name: 'Enviar código' }).isDisabled()).toBe(true);
  const espera = await visible(b.page.getByText(/^Novo envio possível em \d:\d{2}\.$/));
  const [, min, seg] = /(\d):(\d{2})/.exec((await espera.textContent()) ?? '') ?? [];
  expect(Number(min) * 60 + Number(seg)).toBeGreaterThan(100);
  expect(await b.page.getByRole('button', { name: 'Enviar código' }).getAttribute('aria-describedby')).toBe(
    await espera.getAttribute('id'),
  );
  expect(await sentTo(CARLOS.email, sentAfter)).toHaveLength(1);
  await expectNoAxeViolations(b.page, 'recuperação aguarde sem código 1280');
  await screenshot(b.page, 'recuperar-senha-aguarde-outro-navegador-1280');
  await b.page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(b.page, 'recuperação aguarde sem código 375');
  await screenshot(b.page, 'recuperar-senha-aguarde-outro-navegador-375');
  await b.close();

  // Back in the first browser, still by keyboard: the code, then a new password.
  const campo = page.getByLabel(/Código de verificação/);
  await tabAte(page, campo);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await visible(toast(page, 'Código validado com sucesso'));
  const senha = page.getByLabel('Senha', { exact: true });
  await visible(senha);
  await tabAte(page, senha);
  await page.keyboard.type('Carlos#Teclado26');
  const confirmar = page.getByLabel(/Confirm/);
  await tabAte(page, confirmar);
  await page.keyboard.type('Carlos#Teclado26');
  await page.keyboard.press('Enter');
  await visible(page.getByText('Senha Alterada!'));
  await a.close();
});
