import { formatarNumeroProtocolo } from '@portal/contract';
import { PRESENCA_ATENDIMENTO } from '@portal/contract/atendimento';
import { diaEmSaoPaulo, formatDate, somarDias } from '@portal/br';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARIA } from './support/contas';
import { openSession, type Session } from './support/browser';
import { conferirTela, entrar, espacos, navegar, toast, visible } from './support/flows';
import { type ContaDaEquipe, entrarNoConsole, portalComEquipe } from './support/console';

// Issue 31's "Done when", as one journey: Maria asks for a reimbursement from her phone; an
// attendant finds her by her CPF typed with dots, opens the request, takes it, leaves an internal
// note and asks for a medical report from the checklist; Maria answers with the kind of document
// already chosen; the attendant approves an amount above the four-eyes threshold (the dialog
// repeats amount, member and PIX), a supervisor confirms it, the payment is marked paid and Maria
// sees 'Pago'; then two attendants answer one of Maria's protocols at the same moment: one wins,
// the other is told and keeps the text. Console at 768 px, member at 375 px, axe on every new
// state. The cases run in order on one portal: each goes on from where the one before left it.
const LIMITE = '300';
const proprio = portalComEquipe(
  'atendimento-jornada',
  [
    ['rita.jornada@saudeexemplo.com.br', 'Rita Jornada', 'atendente'],
    ['tiago.jornada@saudeexemplo.com.br', 'Tiago Jornada', 'atendente'],
    ['sonia.jornada@saudeexemplo.com.br', 'Sônia Jornada', 'supervisor'],
  ],
  undefined,
  { REEMBOLSO_QUATRO_OLHOS_ACIMA: LIMITE },
);
let browser: Browser;
let rita: ContaDaEquipe;
let tiago: ContaDaEquipe;
let sonia: ContaDaEquipe;
beforeAll(() => {
  ({
    browser,
    contas: [rita, tiago, sonia],
  } = proprio);
});

const CONSOLE = 768;
const CELULAR = 375;
const NOTA = 'Liguei para a Maria: o relatório da Dra. Helena chega amanhã. Conferir a data da consulta.';
const PEDIDO = 'Para continuarmos, envie os documentos abaixo:\n- Relatório médico';

const hoje = () => diaEmSaoPaulo(Date.now());

/** The tracker's current step, as read (name, day, 'Agora'). */
async function etapaAtual(page: Page): Promise<string> {
  const atual = page.getByRole('region', { name: 'Andamento do pedido' }).locator('li[aria-current="step"]');
  await visible(atual);
  return espacos(await atual.textContent());
}

/** What the money dialogs list: amount, date, member, masked CPF, and where the money goes. */
const dadosDoDialogo = async (page: Page, titulo: string) =>
  (await page.getByRole('dialog', { name: titulo }).locator('dd').allTextContents()).map(espacos);

describe('issue 31: from the CPF on the phone to the reimbursement paid, and two attendants on one protocol', () => {
  let protocolo = '';
  /** Rita's console, signed in once for the whole journey (a second sign-in would wait for the next TOTP code). */
  let console_: Session;

  afterAll(async () => {
    // Only when a case failed before its end: the last case closes it (and checks its console errors).
    await console_?.context.close().catch(() => undefined);
  });

  it('Maria asks for a reimbursement of R$ 350,00 from her phone, paid to her PIX key (375 px)', async () => {
    const s = await entrar(browser, MARIA.cpf, { width: CELULAR });
    const { page } = s;
    await navegar(page, 'Reembolso');
    await page.getByRole('link', { name: 'Solicitar reembolso' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Solicitar reembolso' }));
    await page.getByLabel('Beneficiário atendido').selectOption({ label: `Maria Aparecida Souza (CPF ${MARIA.cpf})` });
    await page.getByLabel('Tipo de atendimento').selectOption({ label: 'Consulta' });
    await page.getByLabel('Data do atendimento').fill(somarDias(hoje(), -4));
    await page.getByLabel('CPF ou CNPJ do prestador').pressSequentially('11144477735');
    await page.getByLabel('Nome do prestador').fill('Dra. Helena Prado');
    await page.getByLabel('Conselho profissional').selectOption('CRM');
    await page.getByLabel('Número no conselho').fill('123456');
    await page.getByLabel('UF', { exact: true }).selectOption('SP');
    await page.getByLabel('Valor pago').pressSequentially('35000');
    await page.getByLabel('Número do recibo ou da nota fiscal').fill('RS-JORNADA-31');
    await page.getByLabel('Câmera: Comprovante de pagamento', { exact: true }).setInputFiles({
      name: 'recibo.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d9c9a9' } })
        .jpeg()
        .toBuffer(),
    });
    await visible(page.getByText('Enviado', { exact: true }));
    // Her own CPF as the PIX key is offered, masked (a first request: nothing earlier to repeat).
    await visible(page.getByRole('region', { name: 'Dados para pagamento' }).getByText('PIX (CPF) ***.982.247-**'));
    await page.getByRole('button', { name: 'Ver prévia' }).click();
    const previa = page.getByRole('region', { name: 'Prévia do reembolso' });
    await visible(previa.getByText('Estimativa, não garantia'));
    await conferirTela(page, 'jornada-previa');
    await previa.getByRole('button', { name: 'Enviar solicitação' }).click();
    await visible(page.getByText('Solicitação de reembolso enviada'));
    const texto = (await page.getByText('Número de protocolo').locator('..').textContent()) ?? '';
    protocolo = /\d{20}/.exec(texto.replace(/\s/g, ''))?.[0] ?? '';
    expect(protocolo).toMatch(/^\d{20}$/);
    await s.close();
  }, 180_000);

  it('an attendant finds Maria by her CPF with dots, opens the request, takes it, notes it and asks for the medical report (768 px)', async () => {
    expect(protocolo).not.toBe('');
    console_ = await openSession(browser, { width: CONSOLE, expectStatuses: [401, 409] });
    const { page } = console_;
    await entrarNoConsole(page, rita);
    await visible(page.getByRole('heading', { level: 1, name: 'Fila de protocolos' }));

    // The header's search box, from the keyboard: '/' then the CPF as the caller says it.
    await page.locator('h1').click();
    await page.keyboard.press('/');
    const caixa = page.getByRole('searchbox', { name: /Buscar pessoa/ });
    expect(await caixa.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('529.982.247-25');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/atendimento\/busca\?q=529\.982\.247-25$/);
    const pessoas = page.getByRole('list', { name: 'Pessoas encontradas' });
    await visible(pessoas.getByRole('heading', { level: 2, name: MARIA.nome }));
    await visible(pessoas.getByText('CPF ***.982.247-** · encontrado por: CPF'));
    const reembolsos = page.getByRole('region', { name: `Reembolsos de ${MARIA.nome}, CPF ***.982.247-**` });
    const link = reembolsos.getByRole('link', { name: formatarNumeroProtocolo(protocolo) });
    await visible(link);
    await conferirTela(page, 'jornada-busca');

    // The request: nobody on it yet; she takes it.
    await link.click();
    await page.waitForURL(new RegExp(`/atendimento/reembolsos/${protocolo}$`));
    await visible(page.getByRole('heading', { level: 1, name: `Reembolso ${formatarNumeroProtocolo(protocolo)}` }));
    const responsavel = page.getByRole('region', { name: 'Responsável' });
    await visible(responsavel.getByText('Ninguém assumiu este reembolso.'));
    await conferirTela(page, 'jornada-reembolso');
    await responsavel.getByRole('button', { name: 'Assumir', exact: true }).click();
    await visible(toast(page, 'Reembolso assumido.'));
    await visible(responsavel.getByText('Com você desde', { exact: false }));
    await conferirTela(page, 'jornada-reembolso-assumido');

    // An internal note: kept with her name, never sent to Maria.
    const notas = page.getByRole('region', { name: 'Notas internas' });
    await notas.getByLabel('Nova nota interna').fill(NOTA);
    await notas.getByRole('button', { name: 'Salvar nota' }).click();
    await visible(toast(page, 'Nota interna salva.'));
    const nota = notas.getByRole('list', { name: 'Notas da equipe' }).getByRole('listitem');
    await visible(nota.getByText(NOTA));
    await visible(nota.getByText('Rita Jornada'));
    expect(await notas.getByLabel('Nova nota interna').inputValue()).toBe('');
    await conferirTela(page, 'jornada-nota-interna');

    // 'Pedir documentos' with the checklist: the medical report, and what Maria will read.
    const acoes = page.getByRole('region', { name: 'Ações' });
    await acoes.getByRole('radio', { name: 'Pedir documentos' }).check();
    await acoes.getByRole('checkbox', { name: 'Relatório médico' }).check();
    await visible(acoes.getByText('O beneficiário vai ler'));
    expect(await acoes.locator('p.whitespace-pre-wrap').innerText()).toBe(PEDIDO);
    await conferirTela(page, 'jornada-pedir-documentos');
    await acoes.getByRole('button', { name: 'Pedir documentos' }).click();
    await visible(toast(page, 'Pedido de documentos enviado ao beneficiário.'));
    await visible(page.getByRole('region', { name: 'Documentos pedidos' }).getByText('- Relatório médico'));
    await visible(page.getByText('Prazo parado até o beneficiário enviar os documentos.'));
    await conferirTela(page, 'jornada-documentos-pedidos');
  }, 180_000);

  it('Maria opens the request on her phone, sees the pending step, and sends the report with its kind already chosen (375 px)', async () => {
    expect(protocolo).not.toBe('');
    const s = await entrar(browser, MARIA.cpf, { width: CELULAR });
    const { page } = s;
    await navegar(page, 'Reembolso');
    const item = page.getByRole('link', { name: /Consulta · Dra\. Helena Prado/ });
    await visible(item.getByText('Pendente'));
    const detalhe = page.waitForResponse((r) => r.url().endsWith('/api/Reembolso/Detalhe') && r.status() === 200);
    await item.click();
    await page.waitForURL(new RegExp(`/reembolso/${protocolo}$`));
    // The request carries what was ticked as data (decision 0067), not only as words.
    const { documentosPedidos } = (await (await detalhe).json()) as { documentosPedidos: string[] };
    expect(documentosPedidos).toEqual(['relatorio_medico']);
    expect(await etapaAtual(page)).toBe(`Pendente de documentos ${formatDate(hoje())} Agora`);
    const pendencia = page.getByRole('region', { name: 'A operadora pediu documentos' });
    await visible(pendencia.getByText('- Relatório médico', { exact: false }));
    // What was asked is what the field starts with (issue 31), and only that or 'Outro documento' is offered.
    const tipo = pendencia.getByLabel('Que documento você vai enviar');
    expect(await tipo.inputValue()).toBe(documentosPedidos[0]);
    expect(await tipo.locator('option').allTextContents()).toEqual([
      'Selecione',
      'Relatório médico',
      'Outro documento',
    ]);
    // The staff's note is not here.
    expect(await page.getByText(NOTA).count()).toBe(0);
    await conferirTela(page, 'jornada-pendente');

    const escolher = pendencia.getByRole('button', { name: 'Escolher arquivo: Documentos pedidos' });
    const [seletor] = await Promise.all([page.waitForEvent('filechooser'), escolher.press('Enter')]);
    await seletor.setFiles({
      name: 'relatorio-medico.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b9d9c9' } })
        .jpeg()
        .toBuffer(),
    });
    await visible(pendencia.getByText('Enviado', { exact: true }));
    await conferirTela(page, 'jornada-pendente-anexo');
    await pendencia.getByRole('button', { name: 'Enviar documentos' }).click();
    await visible(page.getByText('Documentos enviados', { exact: true }));
    await expect.poll(() => etapaAtual(page)).toBe(`Em análise ${formatDate(hoje())} Agora`);
    await conferirTela(page, 'jornada-documentos-enviados');
    await s.close();
  }, 180_000);

  it("the attendant approves R$ 320,00 (above R$ 300,00), a supervisor confirms, it is marked paid, Maria sees 'Pago'", async () => {
    expect(protocolo).not.toBe('');
    const { page } = console_;
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: `Reembolso ${formatarNumeroProtocolo(protocolo)}` }));
    await visible(
      page.getByRole('region', { name: 'Anexos' }).getByRole('button', { name: 'Abrir relatorio-medico.jpg' }),
    );
    await visible(page.getByText('Em análise', { exact: true }).first());

    const acoes = page.getByRole('region', { name: 'Ações' });
    await acoes.getByRole('radio', { name: 'Aprovar' }).check();
    await acoes.getByLabel('Valor aprovado (R$)').fill('320,00');
    const previsao = await acoes.getByLabel('Data prevista de pagamento').inputValue();
    expect(previsao >= hoje()).toBe(true);
    await acoes.getByRole('button', { name: 'Aprovar reembolso' }).click();
    const aprovacao = page.getByRole('dialog', { name: 'Confirmar aprovação' });
    await visible(aprovacao.getByRole('button', { name: 'Aprovar R$ 320,00' }));
    const dados = ['R$ 320,00', formatDate(previsao), MARIA.nome, '***.982.247-**', 'PIX', 'CPF', MARIA.cpf];
    expect(await dadosDoDialogo(page, 'Confirmar aprovação')).toEqual(dados);
    await visible(
      aprovacao.getByText('Acima de R$ 300,00: a aprovação fica aguardando a confirmação de um supervisor', {
        exact: false,
      }),
    );
    await conferirTela(page, 'jornada-confirmar-aprovacao', { fullPage: false });
    await aprovacao.getByRole('button', { name: 'Aprovar R$ 320,00' }).click();
    await visible(toast(page, 'Aprovação registrada. Aguarda a confirmação de um supervisor.'));
    await visible(
      page.getByText('Você fez esta aprovação: a confirmação cabe a um supervisor que não a fez.', { exact: false }),
    );
    // Not hers to confirm, and nothing to pay yet.
    expect(await acoes.getByRole('radio', { name: 'Confirmar aprovação' }).count()).toBe(0);
    expect(await acoes.getByRole('radio', { name: 'Marcar como pago' }).count()).toBe(0);
    await conferirTela(page, 'jornada-aprovacao-aguardando');

    // Sônia, a supervisor who did not approve it, confirms it, seeing the same data.
    const s2 = await openSession(browser, { width: CONSOLE, expectStatuses: [401] });
    const p2 = s2.page;
    await entrarNoConsole(p2, sonia);
    await p2.goto(`/atendimento/reembolsos/${protocolo}`);
    await visible(p2.getByText('Aprovado por Rita Jornada', { exact: false }));
    const acoes2 = p2.getByRole('region', { name: 'Ações' });
    await acoes2.getByRole('radio', { name: 'Confirmar aprovação' }).check();
    await conferirTela(p2, 'jornada-supervisora');
    await acoes2.getByRole('button', { name: 'Confirmar aprovação' }).click();
    const confirmar = p2.getByRole('dialog', { name: 'Confirmar a aprovação' });
    await visible(confirmar.getByText('Aprovado por Rita Jornada.', { exact: false }));
    expect(await dadosDoDialogo(p2, 'Confirmar a aprovação')).toEqual(dados);
    await conferirTela(p2, 'jornada-confirmar-a-aprovacao', { fullPage: false });
    await confirmar.getByRole('button', { name: 'Confirmar R$ 320,00' }).click();
    await visible(toast(p2, 'Aprovação confirmada.'));
    await s2.close();

    // Rita marks it paid, confirming again.
    await page.reload();
    await visible(page.getByRole('region', { name: 'Valores' }).getByText('R$ 320,00'));
    await acoes.getByRole('radio', { name: 'Marcar como pago' }).check();
    const pagoEm = await acoes.getByLabel('Pago em').inputValue();
    expect(pagoEm <= hoje()).toBe(true);
    await acoes.getByRole('button', { name: 'Marcar como pago' }).click();
    const pagamento = page.getByRole('dialog', { name: 'Confirmar pagamento' });
    await visible(pagamento.getByRole('button', { name: 'Confirmar pagamento' }));
    expect(await dadosDoDialogo(page, 'Confirmar pagamento')).toEqual([
      'R$ 320,00',
      formatDate(pagoEm),
      ...dados.slice(2),
    ]);
    await conferirTela(page, 'jornada-confirmar-pagamento', { fullPage: false });
    await pagamento.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await visible(toast(page, 'Reembolso marcado como pago.'));
    await visible(page.getByText('Pago', { exact: true }).first());

    // Maria, on her phone: 'Pago' is the step she is at, with when and where.
    const s3 = await entrar(browser, MARIA.cpf, { width: CELULAR });
    await s3.page.goto(`/reembolso/${protocolo}`);
    expect(await etapaAtual(s3.page)).toBe(`Pago ${formatDate(hoje())} Agora`);
    expect(
      espacos(await s3.page.getByRole('region', { name: 'Andamento do pedido' }).locator('p').last().textContent()),
    ).toBe(`Situação: Reembolso pago em ${formatDate(pagoEm)}, para PIX (CPF) ***.982.247-**. Não há mais passos.`);
    await conferirTela(s3.page, 'jornada-pago');
    await s3.close();
  }, 240_000);

  it('two attendants answer one of Maria’s protocols at the same moment: one wins, the other is told and keeps the text', async () => {
    const a = console_.page;
    // One of Maria's open protocols whose answer is text alone (no decision of its kind).
    const fila = await a.request.get('/api/atendimento/protocolos?situacao=abertos&busca=100234&limite=100');
    expect(fila.status()).toBe(200);
    const { itens } = (await fila.json()) as { itens: { protocolo: string; codigoContrato: string; tipo: string }[] };
    const comDecisao = [
      'CANCELAMENTO_CONTRATO',
      'CANCELAMENTO_DEPENDENTES',
      'CORRECAO_DADOS',
      'INCLUSAO_DEPENDENTE',
      'CONTRATACAO_SOS',
      'CONTRATACAO_ORTOPEDICO',
    ];
    const numero =
      itens.find((i) => i.codigoContrato === '100234' && !comDecisao.includes(i.tipo) && i.protocolo !== protocolo)
        ?.protocolo ?? '';
    expect(numero).toMatch(/^\d{20}$/);

    const b = await openSession(browser, { width: CONSOLE, expectStatuses: [401, 409] });
    await entrarNoConsole(b.page, tiago);
    const textos = new Map<Page, string>([
      [a, 'Maria, sua solicitação foi atendida: a segunda via segue por e-mail. (Rita)'],
      [b.page, 'Maria, já resolvemos: enviamos a segunda via para o seu e-mail. (Tiago)'],
    ]);
    for (const [page, texto] of textos) {
      await page.goto(`/atendimento/protocolos/${numero}`);
      await visible(page.getByRole('heading', { level: 1, name: `Protocolo ${formatarNumeroProtocolo(numero)}` }));
      await page.getByRole('radio', { name: 'Responder' }).check();
      await page.getByLabel('Resposta ao beneficiário').fill(texto);
    }
    // Each sees the other there: Tiago at once (his first beat finds Rita's), Rita at her next beat. That
    // beat is due at most one interval after Tiago's first, but Tiago's screen may have taken most of an
    // interval to load beside other work: bounded by two intervals and a margin, not by one.
    await visible(b.page.getByText('Rita Jornada (atendente) também está com este protocolo aberto.'));
    await visible(
      a.getByText('Tiago Jornada (atendente) também está com este protocolo aberto.'),
      2 * PRESENCA_ATENDIMENTO.intervaloMs + 10_000,
    );
    await conferirTela(b.page, 'jornada-dois-no-protocolo');

    // Both press 'Enviar resposta' at once.
    await Promise.all([...textos.keys()].map((p) => p.getByRole('button', { name: 'Enviar resposta' }).click()));
    const enviada = (p: Page) => toast(p, 'Resposta enviada ao beneficiário.');
    const recusada = (p: Page) =>
      p.getByText(
        'Este protocolo mudou desde que você o abriu. Recarregue para ver a versão atual; o seu texto foi mantido.',
      );
    const desfechos = await Promise.all(
      [...textos.keys()].map(async (p) => {
        await visible(enviada(p).or(recusada(p)));
        return (await enviada(p).count()) > 0 ? 'enviada' : 'recusada';
      }),
    );
    expect([...desfechos].sort()).toEqual(['enviada', 'recusada']);
    const perdedor = desfechos[0] === 'recusada' ? a : b.page;
    const vencedor = perdedor === a ? b.page : a;
    const texto = textos.get(perdedor)!;
    // The winner's answer is in the history, and the protocol takes no more actions.
    await visible(
      vencedor.getByRole('region', { name: 'Histórico' }).getByText(textos.get(vencedor)!, { exact: false }),
    );
    // The loser's text is still in the field, a reload is offered.
    expect(await perdedor.getByLabel('Resposta ao beneficiário').inputValue()).toBe(texto);
    await conferirTela(perdedor, 'jornada-resposta-recusada');
    // After it: the winner's answer in the history, and the text kept to copy (the protocol takes no more answers).
    await perdedor.getByRole('button', { name: 'Recarregar o protocolo' }).click();
    await visible(
      perdedor.getByRole('region', { name: 'Histórico' }).getByText(textos.get(vencedor)!, { exact: false }),
    );
    expect(await perdedor.getByRole('textbox', { name: 'Seu texto não enviado' }).inputValue()).toBe(texto);
    expect(await perdedor.getByLabel('Resposta ao beneficiário').count()).toBe(0);
    await conferirTela(perdedor, 'jornada-texto-nao-enviado');

    await b.close();
    await console_.close();
  }, 180_000);
});
