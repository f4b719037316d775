import type { Locator, Page } from 'playwright-core';

/** A sonner toast holding the given text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Polls until the locator is visible (playwright-core has no expect; keep waits explicit). */
export async function visible(locator: Locator, timeout = 10_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

export async function typeCpf(page: Page, cpf: string) {
  const field = page.getByLabel('CPF', { exact: true });
  await field.click();
  await field.pressSequentially(cpf.replace(/\D/g, ''));
}

/** CPF step then password step, up to the moment after 'Entrar' is pressed. */
export async function submitPassword(page: Page, cpf: string, senha: string) {
  await page.goto('/login');
  await typeCpf(page, cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const pwd = page.getByLabel('Senha', { exact: true });
  await pwd.waitFor();
  await pwd.fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Logs in an account with a single profile (automatic login) and waits for the home page. */
export async function login(page: Page, cpf: string, senha: string) {
  await submitPassword(page, cpf, senha);
  await page.waitForURL(/\/home$/i);
}
