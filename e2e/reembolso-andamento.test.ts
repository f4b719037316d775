import { diaEmSaoPaulo, formatDate, somarDias } from '@portal/br';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import { MARIA } from './support/contas';
import { baseUrl } from './support/browser';
import { cliDaOperadora, portalComEquipe } from './support/console';
import { entrar, espacos, navegar, visible } from './support/flows';
import { verificarNasDuasLarguras } from './support/larguras';

// Issue 31, the member's reimbursement journey without doubt: Maria (375 px) reads the estimate in
// plain words before sending (what the table pays, her plan's multiple, the co-participation), finds
// the same words on the request and on its protocol in Meus Protocolos, and follows a step tracker
// — Recebido, Pendente de documentos, Em análise, Aprovado — each step with its day and what comes
// next (the legal 30 days, then the expected payment day). The operator's steps come through the
// integration API, its key made by the CLI before the server starts (PGlite is one process's database).
let chave = '';
const proprio = portalComEquipe('reembolso-andamento', [], (dataDir) => {
  const saida = cliDaOperadora('chaves', ['criar', '--nome', 'Reembolsos e2e', '--escopos', 'protocolos'], dataDir);
  chave = /Chave: (pbk_[0-9a-f]{16}_[A-Za-z0-9_-]+)/.exec(saida)?.[1] ?? '';
  if (!chave) throw new Error(`chaves criar: saída inesperada\n${saida}`);
});
let browser: Browser;
beforeAll(() => {
  ({ browser } = proprio);
});

/** One of the operator's steps on the request, through the integration API. */
async function operadora(protocolo: string, passo: string, corpo: Record<string, unknown> = {}) {
  const r = await fetch(`${baseUrl()}/api/integracao/v1/reembolsos/${protocolo}/${passo}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${chave}`, 'content-type': 'application/json' },
    body: JSON.stringify(corpo),
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

/** The parts of the estimate as the screen lists them: [title, amount]. */
async function partes(regiao: Locator): Promise<string[][]> {
  const itens = regiao.getByRole('list', { name: 'Como a estimativa é calculada' }).getByRole('listitem');
  await visible(itens.first());
  return Promise.all(
    (await itens.all()).map(async (li) =>
      (await li.locator('p').first().locator('span').allTextContents()).map(espacos),
    ),
  );
}

const PARTES_DA_MARIA = [
  ['O que a tabela paga', 'R$ 150,00'],
  ['Múltiplo do seu plano', '× 2'],
  ['Coparticipação', '− R$ 60,00'],
];

/** The tracker's steps as read: [name with its state in words, day]. */
async function etapas(page: Page): Promise<{ texto: string; atual: boolean }[]> {
  const itens = page.getByRole('region', { name: 'Andamento do pedido' }).getByRole('listitem');
  await visible(itens.first());
  return Promise.all(
    (await itens.all()).map(async (li) => ({
      texto: espacos(await li.textContent()),
      atual: (await li.getAttribute('aria-current')) === 'step',
    })),
  );
}

const hoje = () => diaEmSaoPaulo(Date.now());
let protocolo = '';

test('Maria reads the estimate in plain words before sending, and again on the request and its protocol (375 px)', async () => {
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  await navegar(page, 'Reembolso');
  await page.getByRole('link', { name: 'Solicitar reembolso' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Solicitar reembolso' }));
  await page.getByLabel('Tipo de atendimento').selectOption({ label: 'Consulta' });
  await page.getByLabel('Data do atendimento').fill(somarDias(hoje(), -3));
  await page.getByLabel('CPF ou CNPJ do prestador').pressSequentially('11222333000181');
  await page.getByLabel('Nome do prestador').fill('Clínica Bem Viver');
  await page.getByLabel('Valor pago').pressSequentially('35000');
  await page.getByLabel('Número do recibo ou da nota fiscal').fill('BV-2026-0031');
  await page.getByLabel('Câmera: Comprovante de pagamento', { exact: true }).setInputFiles({
    name: 'recibo.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d8c8b8' } })
      .jpeg()
      .toBuffer(),
  });
  await visible(page.getByText('Enviado', { exact: true }));
  // Paid to her own CPF as the PIX key: offered to the holder, nothing to type (issue 31).
  await visible(page.getByRole('region', { name: 'Dados para pagamento' }).getByText('PIX (CPF) ***.982.247-**'));
  await page.getByRole('button', { name: 'Ver prévia' }).click();

  // R$ 150,00 × 2 − 20 %: each part with its reason, then the estimate.
  const previa = page.getByRole('region', { name: 'Prévia do reembolso' });
  expect(await partes(previa)).toEqual(PARTES_DA_MARIA);
  await visible(previa.getByText('a tabela de reembolso da operadora paga', { exact: false }));
  await visible(previa.getByText('Seu plano reembolsa 2 vezes o valor da tabela', { exact: false }));
  await visible(previa.getByText('Seu plano é coparticipativo: você paga 20% de cada atendimento', { exact: false }));
  expect(espacos(await previa.getByText('Estimativa', { exact: true }).locator('..').textContent())).toBe(
    'Estimativa R$ 240,00',
  );
  await verificarNasDuasLarguras(page, 'reembolso-previa-em-palavras', 375);
  await previa.getByRole('button', { name: 'Enviar solicitação' }).click();
  await visible(page.getByText('Solicitação de reembolso enviada'));
  const texto = (await page.getByText('Número de protocolo').locator('..').textContent()) ?? '';
  protocolo = /\d{20}/.exec(texto.replace(/\s/g, ''))?.[0] ?? '';
  expect(protocolo).toMatch(/^\d{20}$/);

  // The request: Recebido today is the current step; next, the analysis and the legal 30 days.
  await page.goto(`/reembolso/${protocolo}`);
  await visible(page.getByRole('heading', { level: 1, name: 'Detalhes do reembolso' }));
  expect(await etapas(page)).toEqual([
    { texto: `Recebido ${formatDate(hoje())} Agora`, atual: true },
    { texto: 'Em análise, a seguir', atual: false },
    { texto: 'Aprovado, a seguir', atual: false },
    { texto: 'Pago, a seguir', atual: false },
  ]);
  const andamento = page.getByRole('region', { name: 'Andamento do pedido' });
  await visible(
    andamento.getByText(
      `Pela lei, o reembolso deve ser pago em até 30 dias corridos da documentação completa: até ${formatDate(somarDias(hoje(), 30))}.`,
      { exact: false },
    ),
  );
  const estimativa = page.getByRole('region', { name: 'Estimativa no envio' });
  expect(await partes(estimativa)).toEqual(PARTES_DA_MARIA);
  await verificarNasDuasLarguras(page, 'reembolso-andamento-recebido', 375);

  // Its protocol says 'Recebido' too, with the same estimate, and leads back by keyboard.
  await page.goto(`/protocolos/${protocolo}`);
  await visible(page.getByRole('heading', { level: 1, name: 'Detalhes do protocolo' }));
  const resumo = page.getByRole('region', { name: /^Reembolso de consulta/ });
  await visible(resumo.getByText('Recebido', { exact: true }));
  const pedido = page.getByRole('region', { name: 'Pedido de reembolso' });
  await visible(pedido.getByText('Recebido', { exact: true }));
  expect(await partes(pedido)).toEqual(PARTES_DA_MARIA);
  await verificarNasDuasLarguras(page, 'protocolo-reembolso-estimativa', 375);
  const link = pedido.getByRole('link', { name: 'Ver o pedido de reembolso' });
  let passos = 0;
  while (!(await link.evaluate((el) => el === document.activeElement)) && passos++ < 60)
    await page.keyboard.press('Tab');
  expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/reembolso/${protocolo}$`));
  await visible(page.getByRole('region', { name: 'Andamento do pedido' }));
  await s.close();
}, 180_000);

test('the tracker follows the request: documents asked, sent, approved with the expected payment day (375 and 1280 px)', async () => {
  expect(protocolo).not.toBe('');
  await operadora(protocolo, 'pendencia', { pergunta: 'Da consulta de março.', documentos: ['relatorio_medico'] });
  const s = await entrar(browser, MARIA.cpf, { width: 375 });
  const { page } = s;
  // Meus Protocolos lists what was asked, from the request's data (decision 0067).
  await page.goto(`/protocolos/${protocolo}`);
  const pedidoNoProtocolo = page.getByRole('region', { name: 'Pedido de reembolso' });
  await visible(pedidoNoProtocolo.getByText('A operadora pediu estes documentos:'));
  expect(await pedidoNoProtocolo.getByRole('listitem').allTextContents()).toContain('Relatório médico');
  await verificarNasDuasLarguras(page, 'protocolo-reembolso-documentos-pedidos', 375);
  await page.goto(`/reembolso/${protocolo}`);
  expect(await etapas(page)).toEqual([
    { texto: `Recebido, concluída ${formatDate(hoje())}`, atual: false },
    { texto: 'Em análise, concluída', atual: false },
    { texto: `Pendente de documentos ${formatDate(hoje())} Agora`, atual: true },
    { texto: 'Aprovado, a seguir', atual: false },
    { texto: 'Pago, a seguir', atual: false },
  ]);
  const andamento = page.getByRole('region', { name: 'Andamento do pedido' });
  await visible(andamento.getByText('O prazo de 30 dias para o pagamento está parado', { exact: false }));
  await verificarNasDuasLarguras(page, 'reembolso-andamento-pendente', 375);

  // She answers from the keyboard: the 30 days count again from today.
  const pendencia = page.getByRole('region', { name: 'A operadora pediu documentos' });
  const escolher = pendencia.getByRole('button', { name: 'Escolher arquivo: Documentos pedidos' });
  await visible(escolher);
  expect(await pendencia.getByLabel('Que documento você vai enviar').inputValue()).toBe('relatorio_medico');
  const [seletor] = await Promise.all([page.waitForEvent('filechooser'), escolher.press('Enter')]);
  await seletor.setFiles({
    name: 'relatorio.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b8d8c8' } })
      .jpeg()
      .toBuffer(),
  });
  await visible(pendencia.getByText('Enviado', { exact: true }));
  await pendencia.getByRole('button', { name: 'Enviar documentos' }).click();
  await visible(page.getByText('Documentos enviados', { exact: true }));
  await expect
    .poll(async () => (await etapas(page)).map((e) => e.texto))
    .toEqual([
      `Recebido, concluída ${formatDate(hoje())}`,
      `Em análise ${formatDate(hoje())} Agora`,
      'Aprovado, a seguir',
      'Pago, a seguir',
    ]);

  // Approved: the expected payment day, the amount and where it goes, then the legal deadline.
  const previsao = somarDias(hoje(), 10);
  await operadora(protocolo, 'aprovacao', { valor: 240, previsaoPagamento: previsao });
  await page.reload();
  await visible(page.getByRole('heading', { level: 1, name: 'Detalhes do reembolso' }));
  expect((await etapas(page)).find((e) => e.atual)?.texto).toBe(`Aprovado ${formatDate(hoje())} Agora`);
  expect(
    espacos(await page.getByRole('region', { name: 'Andamento do pedido' }).locator('p').last().textContent()),
  ).toBe(
    `Próximo passo: O pagamento de R$ 240,00 está previsto para ${formatDate(previsao)}, para PIX (CPF) ***.${MARIA.cpf.slice(4, 7)}.${MARIA.cpf.slice(8, 11)}-**. ` +
      `O prazo legal termina em ${formatDate(somarDias(hoje(), 30))}.`,
  );
  await verificarNasDuasLarguras(page, 'reembolso-andamento-aprovado', 375);
  await s.close();
}, 180_000);
