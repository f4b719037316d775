import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARLOS, SENHA } from './support/contas';
import { expectNoAxeViolations, launch, openSession, screenshot } from './support/browser';
import { login, navegar, visible } from './support/flows';
import { mudarLargura } from './support/larguras';

// The information pages: Dados ANS, Contato, Tabela de Coparticipação (docs/produto/informacoes.md, "Limits") and Telemedicina
// ('Redirecionamento Externo'). External sites never load for real: the context answers them.
const operadora = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'operadora', 'demo', 'operadora.json'), 'utf8'),
) as { nome: string; registroAns: string; disqueAns: string; links: Record<string, string> };
const { links } = operadora;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Every request outside the portal gets a small page instead of the Internet. */
async function semInternet(context: BrowserContext) {
  await context.route(/^https:\/\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Parceiro</title><p>Parceiro</p>' }),
  );
}

/** An external link: new tab, noopener noreferrer, and says so to screen readers. */
async function linkExterno(link: Locator, href: string) {
  expect(await link.getAttribute('href')).toBe(href);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await link.evaluate((a) => a.textContent)).toContain('(abre em nova aba)');
}

async function entrar(page: Page, entrada: string, titulo: string) {
  await login(page, CARLOS.cpf, SENHA);
  await visible(page.getByRole('heading', { level: 1, name: /Olá/ }));
  await navegar(page, entrada);
  await visible(page.getByRole('heading', { level: 1, name: titulo }));
}

test(`Dados ANS at 1280 and 375 px: hotline, ANS site, inspection offices, privacy policy, RN 593/2023`, async () => {
  const s = await openSession(browser);
  const { page } = s;
  await entrar(page, 'Dados ANS', 'Dados ANS');
  // Signed in and there once; everything below is checked at desktop and at phone width.
  for (const width of [1280, 375] as const) {
    await mudarLargura(page, width);
    await visible(page.getByText(`nº ${operadora.registroAns}`));
    const disque = page.getByRole('link', { name: operadora.disqueAns });
    expect(await disque.getAttribute('href')).toBe('tel:08007019656');
    await linkExterno(page.getByRole('link', { name: /Acessar o site da ANS/ }), links.ans!);
    await linkExterno(
      page.getByRole('link', { name: /Núcleos de atendimento e fiscalização da ANS/ }),
      links.nucleosAns!,
    );
    await linkExterno(page.getByRole('link', { name: /Política de Privacidade/ }), links.politicaPrivacidade!);
    await visible(page.getByText('RN 593/2023', { exact: true }));
    await expectNoAxeViolations(page, `ans @${width}`);
    await screenshot(page, `ans-${width}`);
  }
  await s.close();
});

test(`Contato at 1280 and 375 px: WhatsApp and FAQ cards, both external links`, async () => {
  const s = await openSession(browser);
  const { page } = s;
  await entrar(page, 'Contato', 'Contato');
  // Signed in and there once; everything below is checked at desktop and at phone width.
  for (const width of [1280, 375] as const) {
    await mudarLargura(page, width);
    await visible(page.getByRole('region', { name: 'WhatsApp' }));
    await visible(page.getByRole('region', { name: 'Perguntas frequentes' }));
    await linkExterno(page.getByRole('link', { name: /Conversar pelo WhatsApp/ }), links.whatsapp!);
    await linkExterno(page.getByRole('link', { name: /Ver perguntas frequentes/ }), links.faq!);
    await expectNoAxeViolations(page, `contato @${width}`);
    await screenshot(page, `contato-${width}`);
  }
  await s.close();
});

test(`Tabela de Coparticipação at 1280 and 375 px: a real table with the groups of docs/produto/informacoes.md "Limits"`, async () => {
  const s = await openSession(browser);
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  await page.goto('/tabela-copart');
  // Signed in and there once; everything below is checked at desktop and at phone width.
  for (const width of [1280, 375] as const) {
    await mudarLargura(page, width);
    const tabela = await visible(page.getByRole('table', { name: 'Coparticipação por grupo de procedimentos' }));
    expect(await tabela.getByRole('columnheader').allInnerTexts()).toEqual([
      'Grupo',
      'Subgrupo',
      'Forma de Cobrança',
      'Percentual',
      'Limite de Valor',
    ]);
    const grupos = (await tabela.locator('tbody th[scope="rowgroup"]').allInnerTexts()).map((t) =>
      t.replace(/\s*\(abre em nova aba\)\s*/g, ''),
    );
    expect(grupos).toEqual([
      'Consultas',
      'Consulta oftalmológica + pacote de exames de baixo custo',
      'Emergência',
      'Internação',
      'Ressonância, Tomografia, Ultrassom',
      'Exames e procedimentos',
      'Terapias (0 a 399 CH)',
      'Terapias especiais',
      'Alta complexidade',
    ]);
    // Cell by cell; at 375 px a value cell also shows its column's name above it (left out here).
    const linha = async (i: number) =>
      (await tabela.locator('tbody tr').nth(i).locator('th, td').allInnerTexts()).map((t) =>
        t
          .replace(/^(Forma de Cobrança|Percentual|Limite de Valor)\n/, '')
          // (at 375 px an empty subgroup is not drawn at all; its text then comes unspaced)
          .replace(/^—\s*Sem subgrupo$/, '— Sem subgrupo')
          .replace(/\s/g, ' '),
      );
    // A group without subgroups shows a dash, and says 'Sem subgrupo' to screen readers.
    expect(await linha(0)).toEqual(['Consultas', '— Sem subgrupo', 'Por evento', 'Não se aplica', 'R$ 21,00']);
    expect(await linha(3)).toEqual(['Internação', '— Sem subgrupo', 'Por evento', 'Não se aplica', 'R$ 259,00']);
    expect(await linha(5)).toEqual(['Exames e procedimentos', '0 a 399 CH', 'Por evento', '50%', 'R$ 79,00']);
    expect(await linha(6)).toEqual(['400 CH ou mais', 'Por evento', '50%', 'R$ 79,00']);
    expect(await linha(7)).toEqual(['Terapias (0 a 399 CH)', 'Acupuntura', 'Por sessão', '50%', 'R$ 79,00']);
    expect(await tabela.locator('tbody tr').count()).toBe(18);
    expect(await linha(17)).toEqual(['Radioterapia', 'Por mês', '50%', 'R$ 0,00']);
    for (const [nome, chave] of [
      ['Ressonância', 'procedimentosRessonancia'],
      ['Tomografia', 'procedimentosTomografia'],
      ['Ultrassom', 'procedimentosUltrassom'],
    ] as const)
      await linkExterno(
        tabela.getByRole('link', { name: `${nome}: lista de procedimentos (abre em nova aba)` }),
        links[chave]!,
      );

    // Nothing sideways at 1280 px; at 375 px each row is a small card with its values labelled.
    const regiao = page.getByRole('region', { name: 'Coparticipação por grupo de procedimentos' });
    expect(await regiao.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(false);
    if (width < 768) {
      const consultas = tabela.locator('tbody tr').first();
      expect(await consultas.innerText()).toMatch(
        /Consultas\s+Forma de Cobrança\s+Por evento\s+Percentual\s+Não se aplica\s+Limite de Valor\s+R\$\s21,00/,
      );
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await expectNoAxeViolations(page, `tabela-copart @${width}`);
    await screenshot(page, `tabela-copart-${width}`);
  }
  await s.close();
});

test(`Telemedicina at 1280 and 375 px: 'Redirecionamento Externo', Cancelar stays, Continuar opens a new tab`, async () => {
  const s = await openSession(browser);
  const { page, context } = s;
  await semInternet(context);
  await entrar(page, 'Telemedicina', 'Telemedicina');
  // Signed in and there once; everything below is checked at desktop and at phone width.
  for (const width of [1280, 375] as const) {
    await mudarLargura(page, width);
    const acessar = page.getByRole('button', { name: 'Acessar a Telemedicina' });
    await acessar.click();
    const dialogo = await visible(page.getByRole('dialog', { name: 'Redirecionamento Externo' }));
    await expectNoAxeViolations(page, `tele-medicina dialogo @${width}`);
    await screenshot(page, `tele-medicina-dialogo-${width}`);
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await dialogo.waitFor({ state: 'detached' });
    expect(context.pages()).toHaveLength(1);

    await acessar.click();
    const aba = context.waitForEvent('page');
    await page.getByRole('dialog').getByRole('button', { name: 'Continuar' }).click();
    const parceiro = await aba;
    await parceiro.waitForLoadState();
    expect(parceiro.url()).toBe(links.teleMedicina);
    // noopener: the partner's tab has no handle on the portal.
    expect(await parceiro.evaluate(() => window.opener)).toBeNull();
    await parceiro.close();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // With noopener the browser cannot tell whether a blocker stopped the tab: the link stays.
    await linkExterno(
      await visible(page.getByRole('link', { name: /acesse a plataforma de telemedicina por este link/ })),
      links.teleMedicina!,
    );
    await expectNoAxeViolations(page, `tele-medicina @${width}`);
    await screenshot(page, `tele-medicina-${width}`);
  }
  await s.close();
});

test('between 768 px and a wide window the table scrolls sideways in a focusable, labelled region', async () => {
  const s = await openSession(browser, { width: 800 });
  const { page } = s;
  await login(page, CARLOS.cpf, SENHA);
  await page.goto('/tabela-copart');
  const regiao = await visible(page.getByRole('region', { name: 'Coparticipação por grupo de procedimentos' }));
  expect(await regiao.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(true);
  await page.getByRole('heading', { level: 1 }).focus();
  await page.keyboard.press('Tab');
  expect(await regiao.evaluate((r) => r === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => (document.querySelector('[role="region"][tabindex="0"]')?.scrollLeft ?? 0) > 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(800);
  await expectNoAxeViolations(page, 'tabela-copart @800');
  await s.close();
});

test('Telemedicina by keyboard, with the pop-up blocked: the fallback link is the way in', async () => {
  const s = await openSession(browser, { width: 375 });
  const { page, context } = s;
  await semInternet(context);
  await entrar(page, 'Telemedicina', 'Telemedicina');
  // A blocker that refuses every new window.
  await page.evaluate(() => {
    window.open = () => null;
  });
  const acessar = page.getByRole('button', { name: 'Acessar a Telemedicina' });
  await acessar.focus();
  await page.keyboard.press('Enter');
  const dialogo = await visible(page.getByRole('dialog', { name: 'Redirecionamento Externo' }));
  // Esc closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await dialogo.waitFor({ state: 'detached' });
  // The dialog gives the focus back a task after it is gone (Radix's FocusScope): waited for, not raced.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Acessar a Telemedicina');
  await page.keyboard.press('Enter');
  await visible(page.getByRole('dialog'));
  // Tab order in the dialog: Cancelar, Continuar (and the close button).
  for (let i = 0; i < 4; i++) {
    if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Continuar') break;
    await page.keyboard.press('Tab');
  }
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continuar');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  expect(context.pages()).toHaveLength(1);
  const link = await visible(page.getByRole('link', { name: /acesse a plataforma de telemedicina por este link/ }));
  const aba = context.waitForEvent('page');
  await link.focus();
  await page.keyboard.press('Enter');
  expect((await aba).url()).toBe(links.teleMedicina);
  await s.close();
});

test('the information pages by keyboard: Tab reaches every link of Dados ANS and Contato', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await entrar(page, 'Dados ANS', 'Dados ANS');
  const alcancados = async (n: number) => {
    const nomes: string[] = [];
    await page.getByRole('heading', { level: 1 }).focus();
    for (let i = 0; i < n; i++) {
      await page.keyboard.press('Tab');
      nomes.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    return nomes;
  };
  expect(await alcancados(4)).toEqual([
    operadora.disqueAns,
    'Acessar o site da ANS (abre em nova aba)',
    'Núcleos de atendimento e fiscalização da ANS (abre em nova aba)',
    `Política de Privacidade da ${operadora.nome} (abre em nova aba)`,
  ]);
  await navegar(page, 'Contato');
  await visible(page.getByRole('heading', { level: 1, name: 'Contato' }));
  expect(await alcancados(2)).toEqual([
    'Conversar pelo WhatsApp (abre em nova aba)',
    'Ver perguntas frequentes (abre em nova aba)',
  ]);
  await s.close();
});
