import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CARLOS, FERNANDA, MARIA, ROBERTO, SENHA, ANA } from './support/contas';
import { expectNoAxeViolations, launch, openSession, type Session } from './support/browser';
import { assentada, login, submitPassword, typeCpf, visible } from './support/flows';
import { mudarLargura, verificarNasDuasLarguras } from './support/larguras';

// Every sign-in screen at desktop and phone width: axe-core finds no violations, and a screenshot
// lands in ./screenshots for people to look at. Screens past a code send are checked inside the
// journeys (registration, recovery), so this file never sends a code.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const screens: Array<{ name: string; reach: (page: Page) => Promise<void>; expectStatuses?: number[] }> = [
  {
    name: 'login-cpf',
    reach: async (page) => {
      await page.goto('/login');
      await visible(page.getByLabel('CPF', { exact: true }));
    },
  },
  {
    name: 'login-cpf-erros',
    reach: async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await visible(page.getByText('Por favor, digite seu CPF.'));
    },
  },
  {
    name: 'login-senha',
    reach: async (page) => {
      await page.goto('/login');
      await typeCpf(page, ROBERTO.cpf);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await visible(page.getByLabel('Senha', { exact: true }));
    },
  },
  {
    name: 'login-perfis',
    reach: async (page) => {
      await submitPassword(page, MARIA.cpf, SENHA);
      await visible(page.getByRole('dialog', { name: 'Perfis Disponíveis' }));
    },
  },
  {
    name: 'login-registro-contato',
    reach: async (page) => {
      await page.goto('/login');
      await typeCpf(page, ANA.cpf);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await visible(page.getByText('Celular não disponível'));
    },
  },
  {
    name: 'cadastro-verificar',
    reach: async (page) => {
      await page.goto('/cadastro');
      await visible(page.getByRole('heading', { name: 'Criar nova conta' }));
    },
  },
  {
    name: 'cadastro-contatos',
    reach: async (page) => {
      await page.goto('/cadastro');
      await typeCpf(page, FERNANDA.cpf);
      await page.getByRole('button', { name: /Continuar|Verificar/ }).click();
      await visible(page.getByLabel(/Celular/));
    },
  },
  {
    name: 'cadastro-conta-ja-existe',
    reach: async (page) => {
      await page.goto('/cadastro');
      await typeCpf(page, MARIA.cpf);
      await page.getByRole('button', { name: /Continuar|Verificar/ }).click();
      await visible(page.getByText('Conta já existe'));
    },
  },
  {
    name: 'recuperar-senha',
    reach: async (page) => {
      await page.goto('/login');
      await typeCpf(page, MARIA.cpf);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
      await visible(page.getByText('mar****@exemplo.com.br'));
    },
  },
  {
    name: 'nao-encontrada',
    reach: async (page) => {
      await page.goto('/nada-aqui');
      await visible(page.getByText('Oops! Page not found'));
    },
  },
  {
    name: 'home',
    reach: async (page) => {
      await login(page, CARLOS.cpf, SENHA);
      await visible(page.getByText('Seus Dados Principais'));
      // The welcome toast has finished entering (no transition running), so the picture is stable.
      await assentada(page);
    },
  },
];

// Each screen reached once at phone width, then checked at both widths (ends at 1280 px).
for (const screen of screens) {
  test(`${screen.name} at 1280 and 375 px: no axe violations`, async () => {
    const s = await openSession(browser, { width: 375, expectStatuses: screen.expectStatuses ?? [] });
    await screen.reach(s.page);
    await verificarNasDuasLarguras(s.page, screen.name);
    await s.close();
  });
}

const PROTECTED = [
  ['/home', /Olá/],
  ['/autorizacoes', 'Autorizações'],
  ['/financeiro', 'Financeiro'],
  ['/utilizacao', 'Tabela de utilização'],
  ['/comercial', 'Comercial'],
  ['/guia-medico', 'Guia Médico'],
  ['/medicina-preventiva', 'Medicina Preventiva'],
  ['/tele-medicina', 'Telemedicina'],
  ['/beneficios', 'Clube de benefícios'],
  ['/ans', 'Dados ANS'],
  ['/contrato', 'Contrato'],
  ['/contato', 'Contato'],
  ['/contratar-sos', /SOS/],
  ['/ortopedico', /Ortop/],
  ['/tabela-copart', /Tabela|Coparticipa/],
] as const;

// One test a page, in one signed-in browser (each bounded by one page drawn and checked twice). Loaded at
// one width and checked, then at the other: every other page loads at phone width.
describe('every protected page at 1280 and 375 px: its heading, no axe violations', () => {
  let s: Session;
  let width: 1280 | 375 = 1280;
  beforeAll(async () => {
    s = await openSession(browser);
    await login(s.page, CARLOS.cpf, SENHA);
  });
  afterAll(async () => {
    await s?.close();
  });

  test.for(PROTECTED)('%s', async ([path, heading]) => {
    await s.page.goto(path);
    for (let i = 0; i < 2; i++) {
      if (i === 1) {
        width = width === 1280 ? 375 : 1280;
        await mudarLargura(s.page, width);
      }
      await visible(s.page.getByRole('heading', { level: 1, name: heading }));
      await expectNoAxeViolations(s.page, `${path} @${width}`);
    }
  });
});

// The check itself can fail: axe is loaded once per document and run again on each check, so a
// violation added after a first check is found, and gone once mended.
test('the axe check finds a violation added after a first check on the same document, and passes once it is mended', async () => {
  const s = await openSession(browser);
  const { page } = s;
  await page.goto('/login');
  await visible(page.getByLabel('CPF', { exact: true }));
  await expectNoAxeViolations(page, 'login antes');
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.id = 'sem-nome';
    document.querySelector('main')?.append(b);
  });
  const erro = await expectNoAxeViolations(page, 'login com um botão sem nome').then(
    () => null,
    (e: unknown) => e as { actual?: unknown },
  );
  expect(String(erro?.actual)).toMatch(/button-name \(critical\): .* — #sem-nome/);
  await page.evaluate(() => document.getElementById('sem-nome')?.remove());
  await expectNoAxeViolations(page, 'login depois');
  await s.close();
});
