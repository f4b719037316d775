import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { cpfFromBase } from '@portal/br';
import { BUSCA_ATENDIMENTO } from '@portal/contract';
import { MARIA } from './support/contas';
import { openSession } from './support/browser';
import { visible } from './support/flows';
import {
  cliDaOperadora,
  type ContaDaEquipe,
  conferirTelaDoConsole,
  entrarNoConsole,
  portalComEquipe,
} from './support/console';

// Issue 31, "Find anyone, from anywhere": a caller gives her CPF; the attendant, on any screen of the
// console, presses '/', types it with dots, finds Maria and opens her protocol; a name more people
// have than the search reads (decision 0064) asks for a surname or a number. The staff account and
// an import of those people are made with the operator's CLIs, which need the database to themselves
// (PGlite): this file serves its own copy of the seed.
const ZULEICAS = BUSCA_ATENDIMENTO.maxPorNome + 1;
const proprio = portalComEquipe(
  'atendimento-busca',
  [['bia.busca@saudeexemplo.com.br', 'Bia Busca', 'atendente']],
  (dataDir) => {
    // A company's employees with one name, each a holder of the demo's company contract 310077.
    const linhas = Array.from({ length: ZULEICAS }, (_, i) => {
      const n = String(i + 1).padStart(4, '0');
      return `13100775${n};310077;${cpfFromBase(`90000${n}`)};Zuleica Quintela Prado;F;1990-01-01;2024-01-01`;
    });
    const pasta = mkdtempSync(join(tmpdir(), 'portal-e2e-zuleicas-'));
    const arquivo = join(pasta, 'beneficiarios.csv');
    writeFileSync(
      arquivo,
      ['codigoBeneficiario;codigoContrato;cpf;nome;sexo;dataNascimento;dataContratacao', ...linhas].join('\n'),
    );
    try {
      cliDaOperadora('importar', ['beneficiarios', arquivo, '--modo', 'incremental'], dataDir);
    } finally {
      rmSync(pasta, { recursive: true, force: true });
    }
  },
);
let browser: Browser;
let conta: ContaDaEquipe;
beforeAll(() => {
  ({
    browser,
    contas: [conta],
  } = proprio);
});

test("an attendant presses '/', types Maria's CPF with dots, finds her and opens her protocol", async () => {
  const { page } = await openSession(browser, { expectStatuses: [401] });
  await entrarNoConsole(page, conta);
  await visible(page.getByRole('heading', { level: 1, name: 'Fila de protocolos' }));
  // The box, empty, with its shortcut, in the header of the queue.
  await conferirTelaDoConsole(page, 'atendimento-fila-com-busca');

  await page.locator('h1').click();
  await page.keyboard.press('/');
  const caixa = page.getByRole('searchbox', { name: /Buscar pessoa/ });
  expect(await caixa.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(MARIA.cpf); // '529.982.247-25'
  await page.keyboard.press('Enter');

  await page.waitForURL(/\/atendimento\/busca\?q=529\.982\.247-25$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Busca' }));
  const pessoas = page.getByRole('list', { name: 'Pessoas encontradas' });
  await visible(pessoas.getByRole('heading', { level: 2, name: 'Maria Aparecida Souza' }));
  await visible(pessoas.getByText('CPF ***.982.247-** · encontrado por: CPF'));
  await conferirTelaDoConsole(page, 'atendimento-busca');

  const protocolos = page.getByRole('region', { name: 'Protocolos de Maria Aparecida Souza, CPF ***.982.247-**' });
  const primeiro = protocolos.getByRole('link').first();
  const impresso = (await primeiro.textContent()) ?? '';
  expect(impresso).toMatch(/^\d{6} \d{8} \d{6}$/);
  await primeiro.click();
  await page.waitForURL(new RegExp(`/atendimento/protocolos/${impresso.replace(/ /g, '')}$`));
  await visible(page.getByRole('heading', { level: 1, name: `Protocolo ${impresso}` }));
  // The box is on this screen too, empty again.
  expect(await page.getByRole('searchbox', { name: /Buscar pessoa/ }).inputValue()).toBe('');
}, 120_000);

test('a name more people have than the search reads asks for a surname or a number, with the people found shown', async () => {
  const { page } = await openSession(browser, { expectStatuses: [401] });
  await entrarNoConsole(page, conta);
  const caixa = page.getByRole('searchbox', { name: /Buscar pessoa/ });
  await caixa.fill('zuleica quintela');
  await caixa.press('Enter');

  await page.waitForURL(/\/atendimento\/busca\?q=zuleica\+quintela$/);
  await visible(
    page
      .getByRole('status')
      .getByText('Muitas pessoas com esse nome. Acrescente um sobrenome ou busque pelo CPF, carteirinha ou protocolo.'),
  );
  const pessoas = page.getByRole('list', { name: 'Pessoas encontradas' });
  expect(await pessoas.getByRole('heading', { level: 2, name: 'Zuleica Quintela Prado' }).count()).toBe(
    BUSCA_ATENDIMENTO.maxPessoas,
  );
  await conferirTelaDoConsole(page, 'atendimento-busca-nome-comum');
}, 120_000);
