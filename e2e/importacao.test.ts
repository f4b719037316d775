import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { competenciaPorExtenso } from '@portal/br';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoAxeViolations, launch, openSession, setBaseUrl } from './support/browser';
import { login, navegar, semAvisos, toast, typeCpf, visible } from './support/flows';
import { verificarNasDuasLarguras } from './support/larguras';
import { latestCode } from './support/outbox';
import { portalProprio } from './support/portal-proprio';
import { NODE_DO_PORTAL, type Portal, startPortalVazio } from './support/server';

// Issue 16, "Done when": an operator's files go in through the integration API, on an EMPTY
// database (SEED=none, no demo people), and a member from those files signs up and sees each area
// with the imported data. Then a bad file is refused with its report and changes nothing.
portalProprio();

const root = join(import.meta.dirname, '..');
const exemplos = join(root, 'docs/integracao/exemplos');
const exemplo = (arquivo: string) => readFileSync(join(exemplos, arquivo), 'utf8');

// The holder of docs/integracao/exemplos/03-beneficiarios.csv (contract 900001, plan 9001).
const ANA = {
  cpf: '610.000.001-68',
  nome: 'Ana Exemplo Lima',
  email: 'ana@example.com',
  emailMascarado: 'ana****@example.com',
};

// Her invoices, laid out from today (Brasília): last month's paid, next month's open and not yet due.
const hoje = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
}).format(new Date());
function mes(delta: number) {
  const i = Number(hoje.slice(0, 4)) * 12 + Number(hoje.slice(5, 7)) - 1 + delta;
  const ano = Math.floor(i / 12);
  const m = (i % 12) + 1;
  const aaaamm = `${ano}-${String(m).padStart(2, '0')}`;
  return { aaaamm, nome: competenciaPorExtenso(m, ano), codigo: `9000010${aaaamm.replace('-', '')}` };
}
const PAGA = mes(-1);
const ABERTA = mes(1);
const MENSALIDADES = [
  'codigoMensalidade;codigoContrato;competencia;vencimento;valor;dataPagamento;banco;campoLivre',
  `${PAGA.codigo};900001;${PAGA.aaaamm};${PAGA.aaaamm}-10;1234.56;${PAGA.aaaamm}-09;341;1090000012345678901234000`,
  `${ABERTA.codigo};900001;${ABERTA.aaaamm};${ABERTA.aaaamm}-10;1299.90;;341;1090000012345678901235000`,
].join('\n');

let dataDir: string;
let portal: Portal;
let chave: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-importacao-'));
  // PGlite is one process's database: the key is created with the CLI before the server starts
  // (the CLI migrates the empty directory, as the server would).
  const cli = spawnSync(
    process.execPath,
    [
      ...NODE_DO_PORTAL,
      join(root, 'apps/api/dist/chaves.js'),
      'criar',
      '--nome',
      'ERP e2e',
      '--escopos',
      'importar,leitura',
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SEED: 'none', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  const m = /Chave: (pbk_[0-9a-f]{16}_[A-Za-z0-9_-]+)/.exec(cli.stdout);
  if (cli.status !== 0 || !m?.[1]) throw new Error(`chaves criar: ${cli.status}\n${cli.stdout}\n${cli.stderr}`);
  chave = m[1];
  portal = await startPortalVazio(dataDir);
  setBaseUrl(portal.baseUrl);
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Importacao {
  id: string;
  status: string;
  incluidos: number;
  alterados: number;
  erros: { linha: number; coluna: string | null; valor: string | null; mensagem: string }[];
}

/** Sends a file as the operator's system does, then polls its import until it ends (bounded). */
async function importar(entidade: string, csv: string): Promise<Importacao> {
  const r = await fetch(`${portal.baseUrl}/api/integracao/v1/importacoes/${entidade}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${chave}`, 'content-type': 'text/csv; charset=utf-8' },
    body: csv,
  });
  expect(r.status, `${entidade}: ${await r.clone().text()}`).toBe(202);
  const { local } = (await r.json()) as { local: string };
  const limite = Date.now() + 30_000;
  for (;;) {
    const g = await fetch(`${portal.baseUrl}${local}`, { headers: { authorization: `Bearer ${chave}` } });
    expect(g.status).toBe(200);
    const imp = (await g.json()) as Importacao;
    if (imp.status !== 'em_andamento') return imp;
    if (Date.now() > limite) throw new Error(`${entidade}: still em_andamento after 30 s`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

async function abrir(page: Page, entrada: string, url: RegExp) {
  await navegar(page, entrada);
  await page.waitForURL(url);
}

/** What Ana sees of her imported data, area by area (the same before and after the refused file). */
async function conferirAreas(page: Page, fotos: boolean) {
  await visible(page.getByRole('heading', { level: 1, name: 'Olá, Ana!' }));
  if (fotos) {
    await semAvisos(page); // the 'Login realizado com sucesso' toast, off the pictures
    await verificarNasDuasLarguras(page, 'importacao-home');
  }

  await abrir(page, 'Contrato', /\/contrato$/);
  const contrato = await visible(page.getByRole('region', { name: 'Detalhes do Contrato' }));
  await visible(contrato.getByText('900001', { exact: true }));
  await visible(contrato.getByText('Plano Exemplo Apartamento', { exact: true }));
  await visible(contrato.getByText('499001101', { exact: true }));
  await visible(page.getByRole('region', { name: 'Dados Pessoais' }).getByText(ANA.nome, { exact: true }));

  await abrir(page, 'Financeiro', /\/financeiro$/);
  const lista = page.getByRole('region', { name: 'Mensalidades dos últimos 12 meses' });
  const itens = lista.getByRole('listitem');
  await visible(itens.first());
  expect(await lista.getByRole('heading', { level: 4 }).allTextContents()).toEqual([ABERTA.nome, PAGA.nome]);
  const aberta = itens.filter({ has: page.getByRole('heading', { name: ABERTA.nome }) });
  await visible(aberta.getByText('Em Aberto', { exact: true }));
  await visible(aberta.getByText(/R\$\s1\.299,90/));
  const paga = itens.filter({ has: page.getByRole('heading', { name: PAGA.nome }) });
  await visible(paga.getByText('Pago', { exact: true }));
  await visible(paga.getByText(/R\$\s1\.234,56/));
  await visible(page.getByRole('button', { name: `Pagar Fatura de ${ABERTA.nome}` }));
  if (fotos) await verificarNasDuasLarguras(page, 'importacao-financeiro');

  await abrir(page, 'Autorizações', /\/autorizacoes$/);
  await visible(page.getByRole('heading', { level: 2, name: 'Autorizações (1)' }));
  const guia = page.getByRole('article', { name: 'Clínica Exemplo' });
  await visible(guia.getByText('G9001', { exact: true }));
  await visible(guia.getByText('Hemograma completo', { exact: true }));
  await visible(guia.getByText('Glicose', { exact: true }));

  await abrir(page, 'Tabela de utilização', /\/utilizacao$/);
  await visible(page.getByRole('heading', { level: 2, name: 'Histórico de utilização (2)' }));
  await visible(page.getByText('Consulta em consultório'));

  await abrir(page, 'Guia Médico', /\/guia-medico$/);
  await page.getByLabel('Cidade').locator('option', { hasText: 'São Paulo / SP' }).waitFor({ state: 'attached' });
  await page.getByLabel('Nome ou endereço').fill('exemplo lima');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  const card = page.getByRole('article', { name: 'Dra. Exemplo Lima' });
  await visible(card);
  await visible(card.getByText('Cardiologia', { exact: true }));
  // The seal's name comes from the selos file (11-selos.csv), through the importer.
  await visible(card.getByRole('list', { name: 'Selos de qualidade' }).getByText('Acreditação', { exact: true }));
  await visible(card.getByText('Rua Exemplo, 10', { exact: false }));
}

test("the operator's files go in through the integration API; Ana signs up and sees them in every area; a bad file is refused and changes nothing", async () => {
  // 1. The operator's files, in order, each polled to 'aplicado'.
  const arquivos: [string, string][] = [
    ['produtos', exemplo('01-produtos.csv')],
    ['contratos', exemplo('02-contratos.csv')],
    ['beneficiarios', exemplo('03-beneficiarios.csv')],
    ['mensalidades', MENSALIDADES],
    // The Guia Médico's reference tables, then the providers that name them.
    ['municipios', exemplo('09-municipios.csv')],
    ['especialidades', exemplo('10-especialidades.csv')],
    ['selos', exemplo('11-selos.csv')],
    ['prestadores', exemplo('12-prestadores.csv')],
    ['autorizacoes', exemplo('07-autorizacoes.csv')],
    ['utilizacao', exemplo('08-utilizacao.csv')],
    ['coparticipacoes', exemplo('06-coparticipacoes.csv')],
  ];
  for (const [entidade, csv] of arquivos) {
    const imp = await importar(entidade, csv);
    expect(imp.erros, entidade).toEqual([]);
    expect(imp.status, entidade).toBe('aplicado');
    expect(imp.incluidos, entidade).toBeGreaterThan(0);
  }

  // 2. Ana, the holder of contract 900001, creates her account on /cadastro with the e-mail on file.
  const s = await openSession(browser);
  const { page } = s;
  await page.goto('/cadastro');
  await visible(page.getByRole('heading', { name: 'Criar nova conta' }));
  await typeCpf(page, ANA.cpf);
  await page.getByRole('button', { name: /Continuar|Verificar/ }).click();
  await page.getByLabel(/E-mail/).fill(ANA.email);
  const enviadoApos = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: /Enviar código/ }).click();
  await visible(toast(page, 'Código de verificação enviado'));
  const codigo = await latestCode(ANA.email, enviadoApos);
  await page.getByLabel(/Código/).fill(codigo);
  await page.getByRole('button', { name: 'Validar Código' }).click();
  const senha = 'AnaExemplo#2026';
  await visible(page.getByLabel(/Confirm/));
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByLabel(/Confirm/).fill(senha);
  await page.getByRole('button', { name: /Criar Conta/ }).click();
  await visible(page.getByText('Conta Criada!'));
  await expectNoAxeViolations(page, 'importacao cadastro conta criada');
  await s.close();

  const membro = await openSession(browser);
  await login(membro.page, ANA.cpf, senha);
  await conferirAreas(membro.page, true);

  // 3. A second, bad beneficiarios file (Ana renamed, Bia's CPF check digit wrong): refused with its
  // report, and Ana's data is as before.
  const bom = exemplo('03-beneficiarios.csv');
  const ruim = bom.replace('Ana Exemplo Lima;F', 'Ana Alterada;F').replace(';61000000249;', ';61000000240;');
  expect(ruim).not.toBe(bom);
  const recusada = await importar('beneficiarios', ruim);
  expect(recusada.status).toBe('recusado');
  expect(recusada.erros).toEqual([
    expect.objectContaining({ linha: 3, coluna: 'cpf', mensagem: expect.stringMatching(/CPF inválido/) }),
  ]);
  await membro.page.goto('/home');
  await conferirAreas(membro.page, false);
  await membro.close();
});
