import { formatarNumeroProtocolo } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { DIAS_UTEIS_ATRAS, diasUteisAntes, REGISTRO_ANS_DEMO } from '@portal/operadora/demo';
import { CARLOS, MARIA } from './support/contas';
import { expectNoAxeViolations, launch, screenshot } from './support/browser';
import { entrar, navegar, segurar, toast, visible } from './support/flows';
import { mudarLargura, verificarNasDuasLarguras } from './support/larguras';
import { documentoAberto } from './support/pdf';

// 'Meus Protocolos' (issue 8, decision 0017): Maria finds the answered protocol by the number she
// was given, opens it, reads its history and downloads the answer; the demo protocols are laid out
// from the day the demo data was loaded (today), in business days.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// The day the demo was seeded (its numbers count from it), not the day this line runs: a run may cross midnight.
const hoje = inject('seedDia');
const dia = diasUteisAntes(hoje, DIAS_UTEIS_ATRAS.respondido).replaceAll('-', '');
/** The answered inclusion request: the first protocol of its day. */
const NUMERO = `${REGISTRO_ANS_DEMO}${dia}000001`;
/** As it is printed (and as an elderly member would type it from paper). */
const IMPRESSO = formatarNumeroProtocolo(NUMERO);
const RESPOSTA = 'Não foi possível incluir Lucas Almeida Souza no seu plano';

async function conferirPdf(page: Page, acao: () => Promise<void>, width: number) {
  const { pdf, nome } = await documentoAberto(page, acao, width);
  if (width < 768) expect(nome).toBe(`protocolo-${NUMERO}.pdf`);
  for (const trecho of [
    'Saúde Exemplo',
    `Resposta ao protocolo ${IMPRESSO}`,
    `Solicitante: ${MARIA.nome}`,
    'Contrato: 100234',
    'Tipo: Inclusão de dependente',
    'Situação: Concluído',
    'Histórico',
    'Pedido recebido pelo setor de cadastro',
    RESPOSTA,
  ])
    expect(pdf.texto).toContain(trecho);
}

async function historico(page: Page): Promise<string[]> {
  const lista = page.getByRole('region', { name: 'Histórico' }).getByRole('listitem');
  await visible(lista.first());
  return (await lista.evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText))).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  );
}

test('Maria finds a protocol by its number, opens it and downloads the answer, each screen at 1280 and 375 px', async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await navegar(page, 'Meus Protocolos');
  await page.waitForURL(/\/protocolos$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Meus Protocolos' }));

  // Her three requests and her son's: newest first, the late one said in words.
  const cartoes = page.getByRole('region', { name: 'Suas solicitações' }).getByRole('article');
  await visible(cartoes.first());
  expect(await cartoes.count()).toBe(4);
  expect(await cartoes.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
    'Pedido de contato comercial: Plano Ortopédico',
    'Pedido de contato comercial: SOS',
    'Inclusão de 1 dependente(s): Lucas Almeida Souza',
    'Inclusão de 1 dependente(s): Lucas Almeida Souza',
  ]);
  const atrasado = cartoes.nth(2);
  await visible(atrasado.getByText('Atrasado', { exact: true }));
  expect(await atrasado.getByText('(vencido)').count()).toBe(1);
  expect(await page.getByText('Atrasado', { exact: true }).count()).toBe(1);
  // Each screen at both widths; the journey goes on alternately at 375 and 1280 px.
  await verificarNasDuasLarguras(page, 'protocolos-lista', 375);

  // A number that is not twenty digits is refused in place; one that is not hers finds nothing.
  const campo = page.getByLabel('Número do protocolo');
  await campo.fill('12345');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await visible(page.getByText('Informe os 20 números do protocolo.'));
  await campo.fill(`${REGISTRO_ANS_DEMO}${dia}999999`);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await visible(page.getByText(/Nenhum protocolo encontrado com o número/));
  await verificarNasDuasLarguras(page, 'protocolos-nada-encontrado');

  // The number as printed, spaces and all.
  await page.getByLabel('Número do protocolo').fill(IMPRESSO);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const resultado = page.getByRole('region', { name: 'Resultado da busca' });
  await visible(resultado.getByRole('article').first());
  await page.waitForURL(new RegExp(`protocolo=${NUMERO}`));
  expect(await resultado.getByRole('article').count()).toBe(1);
  const cartao = resultado.getByRole('article');
  // Grouped for reading, copied as the 20 digits.
  const numero = cartao.locator('dd span.font-mono').first();
  expect(await numero.locator('span').allTextContents()).toEqual(IMPRESSO.split(' '));
  expect(await numero.textContent()).toBe(NUMERO);
  await visible(cartao.getByText('Concluído', { exact: true }));

  await cartao.getByRole('link', { name: /Ver detalhes/ }).click();
  await page.waitForURL(new RegExp(`/protocolos/${NUMERO}$`));
  await visible(page.getByRole('heading', { level: 1, name: 'Detalhes do protocolo' }));
  expect(await historico(page)).toEqual([
    expect.stringMatching(/Recebido Solicitação registrada pelo portal\.$/),
    expect.stringMatching(/Em análise Pedido recebido pelo setor de cadastro/),
    expect.stringMatching(/Concluído Resposta enviada à beneficiária\.$/),
  ]);
  await visible(page.getByText('Até 7 dias úteis (RN 623/2024)'));
  await visible(page.getByText(RESPOSTA, { exact: false }));
  await verificarNasDuasLarguras(page, 'protocolo-detalhe');

  // A new tab at desktop width, a download on a phone.
  await conferirPdf(page, () => page.getByRole('button', { name: 'Baixar resposta' }).click(), 1280);
  await mudarLargura(page, 375);
  await conferirPdf(page, () => page.getByRole('button', { name: 'Baixar resposta' }).click(), 375);

  await page.getByRole('link', { name: 'Voltar para Meus Protocolos' }).click();
  await page.waitForURL(/\/protocolos$/);
  await visible(page.getByRole('region', { name: 'Suas solicitações' }));
  await s.close();
});

test('an open protocol has no answer to download yet, and says so', async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await page.goto('/protocolos');
  const emAnalise = page.getByRole('article', { name: 'Pedido de contato comercial: Plano Ortopédico' });
  await visible(emAnalise.getByText('Em análise', { exact: true }));
  await emAnalise.getByRole('link', { name: /Ver detalhes/ }).click();
  await visible(page.getByText(/A operadora ainda não respondeu/));
  expect(await page.getByRole('button', { name: 'Baixar resposta' }).count()).toBe(0);
  await expectNoAxeViolations(page, 'protocolo em análise');
  await screenshot(page, 'protocolo-em-analise-1280');
  await s.close();
});

test('by keyboard alone: search, open, download, back', async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await page.goto('/protocolos');
  await visible(page.getByRole('region', { name: 'Suas solicitações' }));

  const focado = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        tag: el?.tagName ?? '',
        texto: (el?.innerText || el?.getAttribute('aria-label') || '').trim(),
        id: el?.id,
      };
    });
  async function tabAte(condicao: (f: Awaited<ReturnType<typeof focado>>) => boolean, tecla = 'Tab') {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press(tecla);
      if (condicao(await focado())) return;
    }
    throw new Error('focus never reached the control');
  }

  const campoId = await page.getByLabel('Número do protocolo').getAttribute('id');
  await tabAte((f) => f.id === campoId);
  await page.keyboard.type(IMPRESSO);
  await page.keyboard.press('Enter');
  await visible(page.getByRole('region', { name: 'Resultado da busca' }).getByRole('article'));

  await tabAte((f) => f.tag === 'A' && f.texto.startsWith('Ver detalhes'));
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/protocolos/${NUMERO}$`));
  await visible(page.getByRole('region', { name: 'Histórico' }));

  await tabAte((f) => f.tag === 'BUTTON' && f.texto === 'Baixar resposta');
  await conferirPdf(page, () => page.keyboard.press('Enter'), 1280);

  await tabAte((f) => f.tag === 'A' && f.texto === 'Voltar para Meus Protocolos', 'Shift+Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/protocolos$/);
  await s.close();
});

test('Carlos, a dependent with no requests, sees the empty state at both widths', async () => {
  const s = await entrar(browser, CARLOS.cpf);
  const { page } = s;
  await navegar(page, 'Meus Protocolos');
  await visible(page.getByText(/Você ainda não tem protocolos\./));
  expect(await page.getByRole('article').count()).toBe(0);
  await verificarNasDuasLarguras(page, 'protocolos-vazio');
  await s.close();
});

test('a list that fails to load says so and loads again on retry', async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await page.route('**/api/Protocolos/Listar', (route) => route.abort('internetdisconnected'));
  await page.goto('/protocolos');
  await visible(toast(page, 'Erro ao carregar protocolos'));
  const falha = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar' });
  await visible(falha);
  expect(await page.getByRole('alert').filter({ hasText: 'Erro ao carregar protocolos' }).count()).toBe(0);
  await expectNoAxeViolations(page, 'protocolos erro');
  await page.unroute('**/api/Protocolos/Listar');
  await falha.getByRole('button', { name: 'Tentar novamente' }).click();
  await visible(page.getByRole('region', { name: 'Suas solicitações' }).getByRole('article').first());
  // The browser logs the aborted requests; that is the point of this test.
  s.problems.splice(0, s.problems.length, ...s.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')));
  await s.close();
});

test('a direct link to /protocolos draws the header and a skeleton at once, while the page script and then its data are on the way (375 px)', async () => {
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  const script = await segurar(page, /\/assets\/protocolos-page-[\w-]+\.js$/);
  const dados = await segurar(page, '**/api/Protocolos/**');
  await page.goto('/protocolos', { waitUntil: 'commit' });

  // The page's script is on the way: her header, and the shape of a page where it will be.
  await visible(page.getByRole('banner').getByText(MARIA.nome));
  await visible(page.locator('[data-esqueleto]'));
  await visible(page.getByRole('heading', { level: 1, name: 'Carregando a página' }));
  await expectNoAxeViolations(page, 'esqueleto da página @375');
  await screenshot(page, 'esqueleto-pagina-375', { fullPage: false });

  // The page is drawn, its list still on the way: its title and search, and the list's skeleton.
  script.soltar();
  await visible(page.getByRole('heading', { level: 1, name: 'Meus Protocolos' }));
  await visible(page.getByRole('status').filter({ hasText: 'Carregando protocolos...' }));
  expect(await page.locator('[data-esqueleto]').count()).toBe(1);
  await expectNoAxeViolations(page, 'esqueleto de Meus Protocolos @375');
  await screenshot(page, 'esqueleto-protocolos-375', { fullPage: false });

  dados.soltar();
  await visible(page.getByRole('heading', { level: 2, name: 'Suas solicitações' }));
  expect(await page.locator('[data-esqueleto]').count()).toBe(0);
  await s.close();
});
