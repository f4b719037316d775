import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { CARLOS, MARIA, NINGUEM, PAULO, ROBERTO, SENHA } from './support/contas';
import { expectNoAxeViolations, launch, openSession, screenshot } from './support/browser';
import { submitPassword, toast, typeCpf, visible } from './support/flows';
import { startPortal } from './support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('Maria picks her active profile in "Perfis Disponíveis", lands on Home and logs out', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await submitPassword(page, MARIA.cpf, SENHA);
  const dialog = await visible(page.getByRole('dialog', { name: 'Perfis Disponíveis' }));
  expect(await dialog.getByText(/Ativo desde \d{2}\/\d{2}\/\d{4}/).count()).toBe(1);
  expect(await dialog.getByText(/Cancelado em \d{2}\/\d{2}\/\d{4}/).count()).toBe(1);
  // Non-dismissible: Escape keeps it open.
  await page.keyboard.press('Escape');
  expect(await dialog.isVisible()).toBe(true);
  // ...but not a dead end: 'Voltar' goes back to the CPF step, with no session opened.
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await visible(page.getByLabel('CPF', { exact: true }));
  expect(page.url()).toMatch(/\/login$/);
  await submitPassword(page, MARIA.cpf, SENHA);
  await visible(dialog);
  await dialog.getByRole('button', { name: /Ativo desde/ }).click();
  await page.waitForURL(/\/home$/i);
  await visible(toast(page, 'Login realizado com sucesso'));
  await visible(page.getByRole('heading', { level: 1, name: /Maria/ }));
  const header = page.getByRole('banner');
  await visible(header.getByText(MARIA.nome));
  await visible(header.getByText(MARIA.cpf));
  // The header names the active profile and contract, and offers the other profile.
  await visible(header.getByText('Contrato 100234').filter({ visible: true }).first());
  await visible(header.getByRole('button', { name: 'Trocar perfil' }));

  // The back button does not return to the login screen while logged in.
  await page.goBack();
  await page.waitForURL(/\/home$/i);

  await header.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(/\/login$/);
  await visible(toast(page, 'Você saiu'));
  await page.goto('/financeiro');
  await page.waitForURL(/\/login$/);
  await s.close();
});

test('at 375 px the sign-in toast comes in below the header: "Sair" and "Menu" stay uncovered', async () => {
  const s = await openSession(browser, { width: 375 });
  const { page } = s;
  await submitPassword(page, CARLOS.cpf, SENHA);
  await page.waitForURL(/\/home$/i);
  await visible(toast(page, 'Login realizado com sucesso'));
  const header = page.getByRole('banner');
  await visible(header.getByRole('button', { name: 'Menu' }));
  // Sonner slides the toast in, and it leaves by itself after a few seconds: the boxes are read in
  // one go in the page, until the toast has settled where it stays.
  const posicao = () =>
    page.evaluate(() => {
      const caixa = (el: Element | null | undefined) => el?.getBoundingClientRect() ?? null;
      const aviso = caixa(
        [...document.querySelectorAll('[data-sonner-toast]')].find((t) =>
          t.textContent?.includes('Login realizado com sucesso'),
        ),
      );
      const cabecalho = caixa(document.querySelector('header'));
      if (!aviso || !cabecalho || aviso.top < cabecalho.bottom - 0.5) return null;
      const botoes = [...document.querySelectorAll('header button')].filter((b) =>
        ['Sair', 'Menu'].includes(b.textContent?.trim() ?? ''),
      );
      const cobertos = botoes
        .filter((b) => {
          const c = b.getBoundingClientRect();
          return aviso.left < c.right && c.left < aviso.right && aviso.top < c.bottom && c.top < aviso.bottom;
        })
        .map((b) => b.textContent?.trim());
      return { botoes: botoes.length, cobertos };
    });
  await expect.poll(posicao, { timeout: 10_000 }).toEqual({ botoes: 2, cobertos: [] });
  await screenshot(page, 'login-aviso-abaixo-do-cabecalho-375', { fullPage: false });
  await s.close();
});

test('Carlos has one profile and is logged in automatically', async () => {
  const s = await openSession(browser);
  await submitPassword(s.page, CARLOS.cpf, SENHA);
  await s.page.waitForURL(/\/home$/i);
  expect(await s.page.getByRole('dialog', { name: 'Perfis Disponíveis' }).count()).toBe(0);
  await visible(s.page.getByRole('heading', { level: 1, name: /Carlos/ }));
  await s.close();
});

test('CPF step: empty, wrong check digits, unknown CPF, not a beneficiary', async () => {
  const s = await openSession(browser, { expectStatuses: [404] });
  const { page } = s;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await visible(page.getByText('Por favor, digite seu CPF.'));

  await typeCpf(page, '529.982.247-26');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await visible(page.getByText('Por favor, digite um CPF válido.'));

  const cpf = page.getByLabel('CPF', { exact: true });
  await cpf.fill('');
  await typeCpf(page, NINGUEM.cpf);
  expect(await cpf.inputValue()).toBe(NINGUEM.cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await visible(toast(page, 'CPF não encontrado'));

  await cpf.fill('');
  await typeCpf(page, PAULO.cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await visible(toast(page, 'Beneficiário não encontrado'));
  await visible(toast(page, 'Este CPF não pertence a um beneficiário ativo.'));
  await s.close();
});

test('a wrong password is refused and the right one still works; back returns to the CPF step', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await submitPassword(page, ROBERTO.cpf, 'senha-errada');
  // The notice names the operator's app (operator configuration, demo: Saúde Exemplo).
  await visible(page.getByText('Use a mesma senha do aplicativo Saúde Exemplo no celular.'));
  await visible(toast(page, 'CPF ou senha inválidos'));
  expect(page.url()).toMatch(/\/login$/);
  await visible(page.getByText(/Roberto/));

  await page.getByRole('button', { name: /Voltar/ }).click();
  await visible(page.getByLabel('CPF', { exact: true }));

  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Senha', { exact: true }).fill(SENHA);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/home$/i);
  await s.close();
});

test('the password field has a show/hide toggle and Entrar cannot be double-submitted', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await page.goto('/login');
  await typeCpf(page, CARLOS.cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const pwd = page.getByLabel('Senha', { exact: true });
  await pwd.fill(SENHA);
  expect(await pwd.getAttribute('type')).toBe('password');
  await page.getByRole('button', { name: /Mostrar senha/i }).click();
  expect(await pwd.getAttribute('type')).toBe('text');
  let perfis = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/Login/PerfisDaConta')) perfis++;
  });
  await page.getByRole('button', { name: 'Entrar' }).dblclick();
  await page.waitForURL(/\/home$/i);
  expect(perfis).toBe(1);
  await s.close();
});

test('keyboard alone: CPF, password and the profiles dialog', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await page.goto('/login');
  // From the top of the page, Tab reaches the CPF field within a few stops.
  const cpf = page.getByLabel('CPF', { exact: true });
  await cpf.waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 3 && !(await cpf.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  expect(await cpf.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(MARIA.cpf.replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  const pwd = page.getByLabel('Senha', { exact: true });
  await pwd.waitFor();
  // Focus moves to the new step; Tab reaches the password field.
  for (let i = 0; i < 5 && !(await pwd.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  expect(await pwd.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(SENHA);
  await page.keyboard.press('Enter');
  const dialog = await visible(page.getByRole('dialog', { name: 'Perfis Disponíveis' }));
  // Focus is trapped in the dialog; Tab walks the profiles, Enter picks the active one.
  for (let i = 0; i < 4; i++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (/Ativo desde/.test(focused)) break;
    await page.keyboard.press('Tab');
  }
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/Ativo desde/);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/home$/i);
  await s.close();
});

test('on a phone: a field error is said once, under the field, until fixed; an error toast comes from the top, never over the main button, and is not repeated in the page', async () => {
  const s = await openSession(browser, { width: 375 });
  const { page } = s;
  await page.goto('/login');
  const continuar = page.getByRole('button', { name: 'Continuar' });
  await continuar.click();
  await continuar.click();
  // docs/produto/acesso.md "Validation" pair under the field, tied to it, and no toast saying it again (decision 0031).
  const erro = await visible(
    page.getByRole('alert').filter({ hasText: 'Campo obrigatório. Por favor, digite seu CPF.' }),
  );
  const cpf = page.getByLabel('CPF', { exact: true });
  expect(await cpf.getAttribute('aria-invalid')).toBe('true');
  expect(await cpf.getAttribute('aria-describedby')).toContain((await erro.getAttribute('id'))!);
  expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
  await typeCpf(page, '1');
  await erro.waitFor({ state: 'detached', timeout: 5_000 });
  expect(await cpf.getAttribute('aria-invalid')).toBeNull();

  // A server's refusal (docs/produto/acesso.md, "Messages") is a toast: at the top on a phone, clear of 'Entrar', and only there.
  await submitPassword(page, ROBERTO.cpf, 'senha-errada');
  const aviso = await visible(toast(page, 'CPF ou senha inválidos'));
  const entrar = page.getByRole('button', { name: 'Entrar' });
  const caixa = (await aviso.boundingBox())!;
  const botao = (await entrar.boundingBox())!;
  expect(caixa.y + caixa.height).toBeLessThan(botao.y);
  expect(caixa.y).toBeLessThan(800 / 2);
  expect(await page.locator('main').getByText('CPF ou senha inválidos').count()).toBe(0);
  // Back in the password field, ready to type it again.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
  await s.close();
});

test("Maria's cancelled profile: the Home says since when and what is still there; 'Trocar perfil' leads back to her profiles", async () => {
  const s = await openSession(browser, { width: 375 });
  const { page } = s;
  await submitPassword(page, MARIA.cpf, SENHA);
  const dialog = await visible(page.getByRole('dialog', { name: 'Perfis Disponíveis' }));
  await dialog.getByRole('button', { name: /Cancelado em/ }).click();
  await page.waitForURL(/\/home$/i);
  await visible(page.getByText(/^Plano cancelado em \d{2}\/\d{2}\/\d{4}$/));
  await visible(page.getByRole('link', { name: 'Meus Protocolos' }).last());
  expect(await page.getByRole('region', { name: 'Destaques' }).count()).toBe(0);
  const header = page.getByRole('banner');
  await visible(
    header
      .getByText(/^Cancelado em \d{2}\/\d{2}\/\d{4}$/)
      .filter({ visible: true })
      .first(),
  );
  await expectNoAxeViolations(page, 'home perfil cancelado @375');
  await screenshot(page, 'home-perfil-cancelado-375');
  await header.getByRole('button', { name: 'Trocar perfil' }).click();
  await page.waitForURL(/\/login$/);
  expect(await page.getByLabel('CPF', { exact: true }).inputValue()).toBe(MARIA.cpf);
  await s.close();
});

test("/login's HTML, before any script runs, is the CPF step of the configured operator (decision 0040)", async () => {
  const nome = 'Saúde & Vida Teste';
  const outra = await startPortal(inject('seedDir'), {
    OPERADORA_NOME: nome,
    OPERADORA_LOGO: '/operadora/logo-branco.svg',
  });
  const context = await browser.newContext({ baseURL: outra.baseUrl, javaScriptEnabled: false });
  try {
    const html = await (await fetch(`${outra.baseUrl}/login`)).text();
    expect(html).toContain('data-prerender="/login"');
    expect(html).toContain('<title>Entrar — Saúde &amp; Vida Teste</title>');
    expect(html).toContain('src="/operadora/logo-branco.svg" alt="Saúde &amp; Vida Teste — Portal do Beneficiário"');
    expect(html).not.toMatch(/__OPERADORA_|__CSP_NONCE__/);
    // The demo operator's name (elsewhere only in its own configuration block) is nowhere in the screen.
    expect(/<div id="root"[^]*<\/div>/.exec(html)?.[0]).not.toContain('Saúde Exemplo');
    // The same page in a browser with JavaScript off: the first screen is there, the button waits.
    const page = await context.newPage();
    await page.goto('/login');
    await visible(page.getByRole('heading', { level: 1, name: 'Acesse sua conta' }));
    await visible(page.getByText('Digite seu CPF para entrar no Portal do Beneficiário.'));
    await visible(page.getByLabel('CPF', { exact: true }));
    expect(await page.getByRole('button', { name: 'Continuar' }).isDisabled()).toBe(true);
    await visible(page.getByRole('img', { name: `${nome} — Portal do Beneficiário` }));
    await visible(page.getByText(`${nome} · Portal do Beneficiário`));
    // Only /login is prerendered: another page is the empty shell until its script runs.
    expect(await (await fetch(`${outra.baseUrl}/cadastro`)).text()).toContain('<div id="root"></div>');
  } finally {
    await context.close();
    await outra.stop();
  }
});

test('a slow script: the CPF typed before it runs is kept and masked; nothing is submitted before it', async () => {
  const s = await openSession(browser, { width: 375 });
  const { page } = s;
  let soltar = () => {};
  const script = new Promise<void>((r) => (soltar = r));
  await page.route('**/assets/index-*.js', async (route) => {
    await script;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const cpf = page.getByLabel('CPF', { exact: true });
  await cpf.pressSequentially(CARLOS.cpf.replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  expect(new URL(page.url()).search).toBe('');
  expect(await page.getByRole('button', { name: 'Continuar' }).isDisabled()).toBe(true);
  soltar();
  await page.getByRole('button', { name: 'Continuar' }).and(page.locator(':enabled')).waitFor();
  expect(await cpf.inputValue()).toBe('111.444.777-35');
  await page.keyboard.press('Enter');
  await visible(page.locator('input[type="password"]'));
  await s.close();
});
