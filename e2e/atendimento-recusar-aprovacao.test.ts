import { formatarNumeroProtocolo } from '@portal/contract';
import { diaEmSaoPaulo, somarDias } from '@portal/br';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARIA } from './support/contas';
import { openSession } from './support/browser';
import { conferirTela, entrar, espacos, navegar, toast, visible } from './support/flows';
import { type ContaDaEquipe, entrarNoConsole, portalComEquipe } from './support/console';

// Issue 31, four eyes (decision 0065), modelled on atendimento-jornada: Maria asks for R$ 350,00
// from her phone; an attendant approves R$ 320,00 (above R$ 300,00, so it awaits a supervisor); the
// supervisor, who did not approve it, refuses it in a dialog with a reason (axe at 768 and 1280);
// the request is back in analysis, the reason is an internal note, and the attendant is told.
const LIMITE = '300';
const proprio = portalComEquipe(
  'atendimento-recusar-aprovacao',
  [
    ['rita.recusa@saudeexemplo.com.br', 'Rita Recusa', 'atendente'],
    ['sonia.recusa@saudeexemplo.com.br', 'Sônia Recusa', 'supervisor'],
  ],
  undefined,
  { REEMBOLSO_QUATRO_OLHOS_ACIMA: LIMITE },
);
let browser: Browser;
let rita: ContaDaEquipe;
let sonia: ContaDaEquipe;
beforeAll(() => {
  ({
    browser,
    contas: [rita, sonia],
  } = proprio);
});

const CONSOLE = 768;
const CELULAR = 375;
const MOTIVO = 'O recibo não traz o CRM da médica: peça o recibo completo antes de aprovar.';

const hoje = () => diaEmSaoPaulo(Date.now());

describe('issue 31: a supervisor refuses an approval awaiting confirmation', () => {
  it('Maria asks, Rita approves above the limit, Sônia refuses with a reason, Rita is told', async () => {
    // Maria, on her phone: a consultation of R$ 350,00.
    const m = await entrar(browser, MARIA.cpf, { width: CELULAR });
    await navegar(m.page, 'Reembolso');
    await m.page.getByRole('link', { name: 'Solicitar reembolso' }).click();
    await m.page
      .getByLabel('Beneficiário atendido')
      .selectOption({ label: `Maria Aparecida Souza (CPF ${MARIA.cpf})` });
    await m.page.getByLabel('Tipo de atendimento').selectOption({ label: 'Consulta' });
    await m.page.getByLabel('Data do atendimento').fill(somarDias(hoje(), -3));
    await m.page.getByLabel('CPF ou CNPJ do prestador').pressSequentially('11144477735');
    await m.page.getByLabel('Nome do prestador').fill('Dra. Helena Prado');
    await m.page.getByLabel('Conselho profissional').selectOption('CRM');
    await m.page.getByLabel('Número no conselho').fill('123456');
    await m.page.getByLabel('UF', { exact: true }).selectOption('SP');
    await m.page.getByLabel('Valor pago').pressSequentially('35000');
    await m.page.getByLabel('Número do recibo ou da nota fiscal').fill('RS-RECUSA-31');
    await m.page.getByLabel('Câmera: Comprovante de pagamento', { exact: true }).setInputFiles({
      name: 'recibo.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c9d9a9' } })
        .jpeg()
        .toBuffer(),
    });
    await visible(m.page.getByText('Enviado', { exact: true }));
    await m.page.getByRole('button', { name: 'Ver prévia' }).click();
    await m.page
      .getByRole('region', { name: 'Prévia do reembolso' })
      .getByRole('button', { name: 'Enviar solicitação' })
      .click();
    await visible(m.page.getByText('Solicitação de reembolso enviada'));
    const texto = (await m.page.getByText('Número de protocolo').locator('..').textContent()) ?? '';
    const protocolo = /\d{20}/.exec(texto.replace(/\s/g, ''))?.[0] ?? '';
    expect(protocolo).toMatch(/^\d{20}$/);
    await m.close();

    // Rita approves R$ 320,00 through the console's dialog: it awaits a supervisor.
    const r = await openSession(browser, { width: CONSOLE, expectStatuses: [401] });
    await entrarNoConsole(r.page, rita);
    await r.page.goto(`/atendimento/reembolsos/${protocolo}`);
    await visible(r.page.getByRole('heading', { level: 1, name: `Reembolso ${formatarNumeroProtocolo(protocolo)}` }));
    const acoes = r.page.getByRole('region', { name: 'Ações' });
    await acoes.getByRole('radio', { name: 'Aprovar' }).check();
    await acoes.getByLabel('Valor aprovado (R$)').fill('320,00');
    await acoes.getByRole('button', { name: 'Aprovar reembolso' }).click();
    await r.page
      .getByRole('dialog', { name: 'Confirmar aprovação' })
      .getByRole('button', { name: 'Aprovar R$ 320,00' })
      .click();
    await visible(toast(r.page, 'Aprovação registrada. Aguarda a confirmação de um supervisor.'));
    // Not hers to refuse either.
    expect(await r.page.getByRole('button', { name: 'Recusar aprovação' }).count()).toBe(0);

    // Sônia opens it and refuses it: the dialog repeats what is refused, and asks why.
    const s = await openSession(browser, { width: CONSOLE, expectStatuses: [401] });
    await entrarNoConsole(s.page, sonia);
    await s.page.goto(`/atendimento/reembolsos/${protocolo}`);
    await visible(s.page.getByText('Aprovado por Rita Recusa', { exact: false }));
    const recusar = s.page.getByRole('button', { name: 'Recusar aprovação' });
    await recusar.click();
    const dialogo = s.page.getByRole('dialog', { name: 'Recusar aprovação' });
    await visible(dialogo.getByText('feita por Rita Recusa', { exact: false }));
    expect(espacos(await dialogo.textContent())).toContain('Aprovação de R$ 320,00 feita por Rita Recusa');
    for (const width of [768, 1280]) {
      await s.page.setViewportSize({ width, height: 900 });
      await conferirTela(s.page, 'recusar-aprovacao-dialogo', { fullPage: false });
    }
    // No reason: said in words, nothing sent.
    await dialogo.getByRole('button', { name: 'Recusar aprovação' }).click();
    await visible(dialogo.getByRole('alert').getByText('Escreva o motivo da recusa.'));
    await dialogo.getByLabel('Motivo da recusa (só a equipe lê)').fill(MOTIVO);
    await dialogo.getByRole('button', { name: 'Recusar aprovação' }).click();
    await visible(toast(s.page, 'Aprovação recusada. O pedido voltou para análise e quem aprovou verá o motivo.'));
    await expect.poll(() => dialogo.count()).toBe(0);
    // The focus is back on the page, the request in analysis, the reason an internal note.
    await visible(s.page.getByText('Em análise', { exact: true }).first());
    await visible(s.page.getByRole('region', { name: 'Notas internas' }).getByText(MOTIVO, { exact: false }));
    await s.page.setViewportSize({ width: CONSOLE, height: 900 });
    await conferirTela(s.page, 'recusar-aprovacao-recusada');
    await s.close();

    // Rita, back on the request, is told: her approval, by whom, why.
    await r.page.reload();
    const aviso = r.page.getByRole('status').filter({ hasText: 'A sua aprovação de' });
    await visible(aviso);
    expect(espacos(await aviso.textContent())).toContain(`A sua aprovação de R$ 320,00 foi recusada por Sônia Recusa`);
    expect(espacos(await aviso.textContent())).toContain(MOTIVO);
    await visible(acoes.getByRole('radio', { name: 'Aprovar' }));
    await conferirTela(r.page, 'recusar-aprovacao-aprovadora');
    // The reimbursement list says so on the request's row as well, where she looks first.
    await r.page.goto('/atendimento/reembolsos');
    const linha = r.page.locator('tbody tr').filter({ has: r.page.locator(`a[data-protocolo="${protocolo}"]`) });
    await visible(linha.getByText('Aprovação recusada', { exact: true }));
    await conferirTela(r.page, 'recusar-aprovacao-lista');
    // Its protocol's page sends her to the request's: no answer box that a reimbursement cannot take.
    await r.page.goto(`/atendimento/protocolos/${protocolo}`);
    const abrir = r.page.getByRole('link', { name: 'Abrir o reembolso' });
    await visible(abrir);
    expect(await r.page.getByRole('button', { name: 'Enviar resposta' }).count()).toBe(0);
    await conferirTela(r.page, 'recusar-aprovacao-protocolo');
    await abrir.click();
    await visible(r.page.getByRole('heading', { level: 1, name: `Reembolso ${formatarNumeroProtocolo(protocolo)}` }));
    await r.close();
  }, 240_000);
});
