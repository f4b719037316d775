import { formatarNumeroProtocolo } from '@portal/contract';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpfFromBase } from '@portal/br';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { CARLOS, MARIA } from './support/contas';
import { launch, openSession, setBaseUrl } from './support/browser';
import { assentada, entrar, toast, visible } from './support/flows';
import { documentoAberto } from './support/pdf';
import {
  type ContaDaEquipe,
  cliDaOperadora,
  conferirTelaDoConsole,
  codigoSeguinte,
  codigoTotp,
  criarContaDaEquipe,
  definirSenhaNoConsole,
  proximoCodigo,
} from './support/console';
import { portalProprio } from './support/portal-proprio';
import { type Portal, startPortalVazio } from './support/server';

// Issue 17, "Done when": Maria asks to add a dependant → a test receiver gets the signed webhook and
// verifies it with `standardwebhooks` → a staff member signs in with password + TOTP, finds the
// protocol in the queue and answers it → Maria sees the answer and its PDF, and the receiver gets
// protocolo.atualizado. The staff accounts and the webhook endpoint are made with the operator's
// CLIs, which need the database to themselves (PGlite): this file serves its own copy of the seed.
portalProprio();

interface Recebido {
  id: string;
  tipo: string;
  data: Record<string, unknown>;
}

/** The operator's receiver: verifies every delivery with its secret, as an ERP would. */
class Receptor {
  server: Server;
  url = '';
  segredo = '';
  recebidos: Recebido[] = [];
  invalidos = 0;
  constructor() {
    this.server = createServer((req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (p: Buffer) => partes.push(p));
      req.on('end', () => {
        const corpo = Buffer.concat(partes).toString('utf8');
        try {
          const c = new Webhook(this.segredo).verify(corpo, req.headers as Record<string, string>) as {
            type: string;
            data: Record<string, unknown>;
          };
          this.recebidos.push({ id: String(req.headers['webhook-id']), tipo: c.type, data: c.data });
          res.statusCode = 204;
        } catch {
          this.invalidos++;
          res.statusCode = 401;
        }
        res.end();
      });
    });
  }
  async ouvir() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }
  /** Waits for an event about the protocol (the delivery worker polls every 100 ms here). */
  async esperar(tipo: string, protocolo: string, ms = 20_000): Promise<Recebido> {
    const fim = Date.now() + ms;
    for (;;) {
      const r = this.recebidos.find((x) => x.tipo === tipo && x.data.protocolo === protocolo);
      if (r) return r;
      if (Date.now() > fim)
        throw new Error(`receptor: ${tipo} de ${protocolo} não chegou; ${JSON.stringify(this.recebidos)}`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
  fechar() {
    return new Promise<void>((r) => {
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }
}

let dataDir: string;
let portal: Portal;
let browser: Browser;
const receptor = new Receptor();
let ana: ContaDaEquipe;
let bruno: ContaDaEquipe;
let carla: ContaDaEquipe;

beforeAll(async () => {
  await receptor.ouvir();
  dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-atendimento-'));
  cpSync(inject('seedDir'), dataDir, { recursive: true });
  const endpoint = cliDaOperadora(
    'webhooks',
    ['criar', '--url', receptor.url, '--eventos', 'protocolo.criado,protocolo.atualizado,dependentes.solicitados'],
    dataDir,
  );
  receptor.segredo = /"segredo": "(whsec_[^"]+)"/.exec(endpoint)?.[1] ?? '';
  expect(receptor.segredo).toMatch(/^whsec_/);
  ana = criarContaDaEquipe(dataDir, 'ana.atendente@saudeexemplo.com.br', 'Ana Atendente', 'atendente');
  bruno = criarContaDaEquipe(dataDir, 'bruno.admin@saudeexemplo.com.br', 'Bruno Administrador', 'administrador');
  carla = criarContaDaEquipe(dataDir, 'carla.supervisora@saudeexemplo.com.br', 'Carla Supervisora', 'supervisor');
  portal = await startPortalVazio(dataDir, { SEED: 'demo', WEBHOOKS_INTERVAL_MS: '100' });
  setBaseUrl(portal.baseUrl);
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await receptor.fechar();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** E-mail and password, then the enrolment (first time) or the code; lands on the queue. */
async function entrarNoConsole(page: Page, conta: ContaDaEquipe, opts: { primeiraVez: boolean; conferir?: boolean }) {
  await page.goto('/atendimento');
  await page.waitForURL(/\/atendimento\/entrar/);
  await visible(page.getByRole('heading', { level: 1, name: 'Entrar no console de atendimento' }));
  if (opts.conferir) await conferirTelaDoConsole(page, 'atendimento-entrar');
  await page.getByLabel('E-mail').fill(conta.email);
  await page.getByLabel('Senha', { exact: true }).fill(conta.senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  if (opts.primeiraVez) {
    await visible(page.getByRole('heading', { level: 1, name: 'Cadastre o autenticador' }));
    await visible(page.getByRole('img', { name: /QR code para cadastrar/ }));
    expect((await page.getByTestId('segredo-totp').textContent())?.replaceAll(' ', '')).toBe(conta.segredo);
    if (opts.conferir) await conferirTelaDoConsole(page, 'atendimento-cadastrar-totp');
  } else {
    await visible(page.getByRole('heading', { level: 1, name: 'Código do autenticador' }));
  }
  const campo = page.getByLabel('Código do autenticador');
  expect(await campo.getAttribute('autocomplete')).toBe('one-time-code');
  // As a person would: a code already typed in this step is not typed again, the next one is.
  await campo.fill(await proximoCodigo(conta));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  if (opts.primeiraVez) {
    // The one-time password the CLI printed opens only the step that replaces it.
    await visible(page.getByRole('heading', { level: 1, name: 'Defina sua senha' }));
    if (opts.conferir) {
      await page.getByLabel('Nova senha', { exact: true }).fill('curta');
      await page.getByLabel('Confirme a nova senha').fill('curta');
      await page.getByRole('button', { name: 'Salvar senha e entrar' }).click();
      await visible(page.getByText('A senha deve ter pelo menos 12 caracteres.'));
      const provisoria = conta.senha;
      await page.getByLabel('Nova senha', { exact: true }).fill(provisoria);
      await page.getByLabel('Confirme a nova senha').fill(provisoria);
      await page.getByRole('button', { name: 'Salvar senha e entrar' }).click();
      await visible(page.getByText('Escolha uma senha diferente da provisória.'));
      await conferirTelaDoConsole(page, 'atendimento-definir-senha');
    }
    await definirSenhaNoConsole(page, conta);
  }
  await page.waitForURL(/\/atendimento$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Fila de protocolos' }));
}

let numero = '';
const DEPENDENTE = { nome: 'Clara Souza Ramos', cpf: cpfFromBase('620000001') };
const RESPOSTA = 'Inclusão de Clara Souza Ramos aprovada. A carteirinha fica disponível em até 2 dias úteis.';

test('Maria asks to add a dependant; the receiver gets the signed webhooks', async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await page.goto('/comercial');
  await page.getByRole('button', { name: 'Adicionar Dependentes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Dependentes' });
  await visible(dialog);
  await dialog.getByLabel('Nome completo').fill(DEPENDENTE.nome);
  for (const [rotulo, texto] of [
    ['CPF', DEPENDENTE.cpf],
    ['Data de nascimento', '12032020'],
  ] as const) {
    await dialog.getByLabel(rotulo, { exact: true }).click();
    await dialog.getByLabel(rotulo, { exact: true }).pressSequentially(texto);
  }
  await dialog.getByLabel('Cidade').fill('São Paulo');
  await dialog.getByLabel('Celular').click();
  await dialog.getByLabel('Celular').pressSequentially('11987651234');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await visible(toast(page, 'Dependente(s) adicionado(s) com sucesso.'));
  numero = (await dialog.getByText(/^\d{20}$/).textContent())!;
  expect(numero).toMatch(/^417297\d{14}$/);
  await s.close();

  const criado = await receptor.esperar('protocolo.criado', numero);
  expect(criado.data).toMatchObject({ protocolo: numero, tipo: 'INCLUSAO_DEPENDENTE', codigoContrato: '100234' });
  await receptor.esperar('dependentes.solicitados', numero);
  expect(receptor.invalidos).toBe(0);
}, 120_000);

test('an atendente signs in with password + TOTP, finds the protocol in the queue and answers it', async () => {
  expect(numero).not.toBe('');
  const s = await openSession(browser, { expectStatuses: [400, 401] });
  const { page } = s;
  await entrarNoConsole(page, ana, { primeiraVez: true, conferir: true });

  // The menu shows only what an atendente may use.
  const menu = page.getByRole('navigation', { name: 'Console de atendimento' });
  expect(await menu.getByRole('link').allTextContents()).toEqual(['Fila', 'Reembolsos']);
  await visible(page.getByText('Ana Atendente'));

  // By deadline: the demo's overdue request first, said in words; Maria's new one is in the queue.
  const linhas = page.locator('tbody tr');
  await visible(linhas.first());
  await visible(linhas.first().getByText('Atrasado', { exact: true }));
  const impresso = formatarNumeroProtocolo(numero);
  await visible(page.getByRole('link', { name: impresso }));
  await conferirTelaDoConsole(page, 'atendimento-fila');
  // Keyboard-first: j / k and the arrows walk the queue's protocols (focus on each one's link).
  const focado = () => page.evaluate(() => document.activeElement?.getAttribute('data-protocolo') ?? null);
  const ordem = await page
    .locator('tbody a[data-protocolo]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('data-protocolo')));
  await page.locator('h1').click();
  await page.keyboard.press('j');
  expect(await focado()).toBe(ordem[0]);
  await page.keyboard.press('ArrowDown');
  expect(await focado()).toBe(ordem[1]);
  await page.keyboard.press('j');
  expect(await focado()).toBe(ordem[2]);
  await page.keyboard.press('k');
  await page.keyboard.press('ArrowUp');
  expect(await focado()).toBe(ordem[0]);

  // Her number (the ERP got it in the webhook) puts it at the top; j then Enter opens it.
  await page.getByLabel('Buscar', { exact: true }).fill(numero);
  await page.waitForFunction((n) => {
    const links = document.querySelectorAll('tbody a[data-protocolo]');
    return links.length === 1 && links[0]?.getAttribute('data-protocolo') === n;
  }, numero);
  await page.locator('h1').click();
  await page.keyboard.press('j');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-protocolo'))).toBe(numero);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/atendimento/protocolos/${numero}$`));
  await visible(page.getByRole('heading', { level: 1, name: `Protocolo ${impresso}` }));
  await visible(page.getByText(DEPENDENTE.nome).first());
  const contexto = page.getByRole('complementary', { name: 'Contexto do beneficiário' });
  await visible(contexto.getByText('Contrato 100234'));
  await visible(contexto.getByText(MARIA.nome));
  await conferirTelaDoConsole(page, 'atendimento-protocolo');

  // Answering a dependants request asks for the decision; refusing would ask for a reason.
  const acoes = page.getByRole('region', { name: 'Ações' });
  await acoes.getByLabel('Resposta ao beneficiário').fill(RESPOSTA);
  await acoes.getByRole('button', { name: 'Enviar resposta' }).click();
  await visible(acoes.getByText('Escolha aceitar ou recusar o pedido.'));
  await acoes.getByRole('radio', { name: 'Recusar' }).check();
  await visible(acoes.getByLabel('Motivo da recusa'));
  await acoes.getByRole('radio', { name: 'Aceitar' }).check();
  expect(await acoes.getByLabel('Motivo da recusa').count()).toBe(0);
  await conferirTelaDoConsole(page, 'atendimento-protocolo-resposta');
  await acoes.getByRole('button', { name: 'Enviar resposta' }).click();
  await visible(toast(page, 'Resposta enviada ao beneficiário.'));
  const resposta = page.getByRole('region', { name: 'Resposta' });
  await visible(resposta.getByText(RESPOSTA));
  await visible(resposta.getByText(/Respondido por Ana Atendente/));
  expect(await page.getByRole('region', { name: 'Ações' }).count()).toBe(0);

  const atualizado = await receptor.esperar('protocolo.atualizado', numero);
  expect(atualizado.data).toMatchObject({ protocolo: numero, situacao: 'CONCLUIDO' });
  expect(receptor.invalidos).toBe(0);

  // An atendente typing a supervisor's address lands on the queue.
  await page.goto('/atendimento/entregas');
  await page.waitForURL(/\/atendimento$/);

  // 'Sair' ends the session: back to 'entrar', saying so; the queue is closed again.
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(/\/atendimento\/entrar/);
  await visible(page.getByText('Você saiu do console de atendimento.'));
  await page.goto('/atendimento');
  await page.waitForURL(/\/atendimento\/entrar/);
  await s.close();
}, 180_000);

test('Maria sees the answer in Meus Protocolos and downloads its PDF', async () => {
  const s = await entrar(browser, MARIA.cpf);
  const { page } = s;
  await page.goto(`/protocolos/${numero}`);
  await visible(page.getByRole('heading', { level: 1, name: 'Detalhes do protocolo' }));
  await visible(page.getByText(RESPOSTA, { exact: false }));
  await visible(page.getByText('Concluído', { exact: true }).first());
  const { pdf } = await documentoAberto(
    page,
    () => page.getByRole('button', { name: 'Baixar resposta' }).click(),
    1280,
  );
  for (const trecho of [RESPOSTA, 'Situação: Concluído', 'Ana Atendente (equipe de atendimento da Saúde Exemplo)'])
    expect(pdf.texto).toContain(trecho);
  await s.close();
}, 120_000);

test('an administrador sees imports, webhook deliveries (and replays one) and the audit trail', async () => {
  const s = await openSession(browser, { expectStatuses: [401] });
  const { page } = s;
  await entrarNoConsole(page, bruno, { primeiraVez: true });
  const menu = page.getByRole('navigation', { name: 'Console de atendimento' });
  expect(await menu.getByRole('link').allTextContents()).toEqual([
    'Fila',
    'Reembolsos',
    'Importações',
    'Entregas de webhooks',
    'Modelos de resposta',
    'Auditoria',
  ]);

  await menu.getByRole('link', { name: 'Importações' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Importações' }));
  await page.waitForLoadState('networkidle');
  await conferirTelaDoConsole(page, 'atendimento-importacoes');

  await menu.getByRole('link', { name: 'Entregas de webhooks' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Entregas de webhooks' }));
  const atualizado = receptor.recebidos.find((r) => r.tipo === 'protocolo.atualizado' && r.data.protocolo === numero)!;
  const linha = page.locator('tbody tr').filter({ hasText: atualizado.id });
  await visible(linha.getByText('Entregue', { exact: true }));
  await conferirTelaDoConsole(page, 'atendimento-entregas');
  const antes = receptor.recebidos.filter((r) => r.id === atualizado.id).length;
  await linha.getByRole('button', { name: /Reenviar/ }).click();
  await visible(toast(page, /Reenvio agendado/));
  // The same message again, with the same webhook-id (the receiver deduplicates by it).
  await expect
    .poll(() => receptor.recebidos.filter((r) => r.id === atualizado.id).length, { timeout: 20_000 })
    .toBe(antes + 1);

  // A reusable text, then used to forward the demo's overdue request to another team.
  await menu.getByRole('link', { name: 'Modelos de resposta' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Modelos de resposta' }));
  const MODELO = 'Seu pedido foi encaminhado ao setor de cadastro, que responde em até 2 dias úteis.';
  await page.getByLabel('Título').fill('Encaminhado ao cadastro');
  await page.getByLabel('Texto').fill(MODELO);
  await page.getByRole('button', { name: 'Salvar modelo' }).click();
  await visible(toast(page, 'Modelo de resposta salvo.'));
  await visible(page.getByRole('heading', { level: 3, name: 'Encaminhado ao cadastro' }));
  await conferirTelaDoConsole(page, 'atendimento-modelos');

  await menu.getByRole('link', { name: 'Fila' }).click();
  const primeira = page.locator('tbody tr').first();
  await visible(primeira.getByText('Atrasado', { exact: true }));
  await primeira.getByRole('link').click();
  await page.waitForURL(/\/atendimento\/protocolos\/\d{20}$/);
  const acoes = page.getByRole('region', { name: 'Ações' });
  await acoes.getByRole('radio', { name: 'Encaminhar' }).check();
  await acoes.getByLabel('Setor').fill('Cadastro');
  await acoes.getByLabel('Modelo de resposta').selectOption({ label: 'Encaminhado ao cadastro' });
  expect(await acoes.getByLabel('Observação do encaminhamento').inputValue()).toBe(MODELO);
  const eventos = await page.getByRole('region', { name: 'Histórico' }).getByRole('listitem').count();
  await acoes.getByRole('button', { name: 'Encaminhar' }).click();
  await visible(toast(page, 'Protocolo encaminhado.'));
  await page.waitForFunction(
    (n) => document.querySelectorAll('section[aria-label="Histórico"] li').length === n + 1,
    eventos,
  );

  await menu.getByRole('link', { name: 'Auditoria' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Auditoria' }));
  const leitura = page.locator('tbody tr').filter({ hasText: 'Ana Atendente' }).filter({ hasText: 'Leu um protocolo' });
  await visible(leitura.first());
  await visible(page.locator('tbody tr').filter({ hasText: 'Bruno Administrador' }).filter({ hasText: 'Encaminhou' }));
  await conferirTelaDoConsole(page, 'atendimento-auditoria');

  // The session ends on the server (here: its cookie is gone): the next call (a new filter) sends
  // the person to 'entrar', saying why.
  await s.context.clearCookies();
  await page.getByLabel('Desde').fill('2026-01-01');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.waitForURL(/\/atendimento\/entrar/);
  await visible(page.getByText('Sua sessão foi encerrada por inatividade. Entre novamente.'));
  await s.close();
}, 180_000);

test('a data correction is refused with a reason, which the member reads', async () => {
  const m = await entrar(browser, CARLOS.cpf);
  await m.page.goto('/meus-dados');
  // The sections above the form load their lists and grow: a click aimed at a radio while they load
  // lands where the radio was (ci-51: 'Clicking the checkbox did not change its state'). The form
  // is used once they are in place, as a person reads the page first.
  await visible(m.page.getByRole('heading', { level: 2, name: 'Solicitar correção de dados' }));
  await expect.poll(() => m.page.getByText(/^Carregando .+\.\.\.$/).count()).toBe(0);
  await assentada(m.page);
  await m.page.getByRole('radio', { name: 'E-mail' }).check();
  await m.page.getByLabel('Valor correto').fill('carlos.lima@exemplo.com.br');
  await m.page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await visible(m.page.getByText('Solicitação de correção enviada.'));
  const correcao = (await (await visible(m.page.getByRole('status').getByText(/^\d{20}$/))).textContent())!;

  const s = await openSession(browser, { expectStatuses: [401] });
  const { page } = s;
  await entrarNoConsole(page, carla, { primeiraVez: true });
  // A supervisor: the queue, imports, deliveries and answer templates; not the audit trail.
  expect(
    await page.getByRole('navigation', { name: 'Console de atendimento' }).getByRole('link').allTextContents(),
  ).toEqual(['Fila', 'Reembolsos', 'Importações', 'Entregas de webhooks', 'Modelos de resposta']);
  await page.getByLabel('Tipo').selectOption({ label: 'Correção de dados pessoais' });
  await page.getByRole('link', { name: formatarNumeroProtocolo(correcao) }).click();
  await page.waitForURL(new RegExp(`/atendimento/protocolos/${correcao}$`));
  const acoes = page.getByRole('region', { name: 'Ações' });
  await acoes.getByRole('radio', { name: 'Recusar' }).check();
  const MOTIVO = 'O e-mail informado não confere com o cadastro da empresa contratante.';
  await acoes.getByLabel('Resposta ao beneficiário').fill('Não foi possível corrigir o seu e-mail.');
  await acoes.getByRole('button', { name: 'Enviar resposta' }).click();
  await visible(acoes.getByText('Informe o motivo da recusa.'));
  await acoes.getByLabel('Motivo da recusa').fill(MOTIVO);
  // The operator's own document goes with the answer (a PDF of a few bytes will do here).
  await acoes.getByLabel('Anexar PDF (opcional)').setInputFiles({
    name: 'parecer-cadastro.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await visible(acoes.getByText('parecer-cadastro.pdf'));
  await conferirTelaDoConsole(page, 'atendimento-protocolo-correcao');
  await acoes.getByRole('button', { name: 'Enviar resposta' }).click();
  await visible(toast(page, 'Resposta enviada ao beneficiário.'));
  const resposta = page.getByRole('region', { name: 'Resposta' });
  await visible(resposta.getByText(/Não foi possível corrigir o seu e-mail/));
  await visible(resposta.getByText(/com PDF anexado/));
  await s.close();

  await m.page.goto(`/protocolos/${correcao}`);
  await visible(m.page.getByRole('heading', { level: 1, name: 'Detalhes do protocolo' }));
  await visible(m.page.getByText(/Não foi possível corrigir o seu e-mail/).first());
  await m.close();
}, 180_000);

test('a console left alone signs out by itself and says why', async () => {
  const s = await openSession(browser, { expectStatuses: [401] });
  const { page } = s;
  await page.clock.install();
  await entrarNoConsole(page, ana, { primeiraVez: false });
  await visible(page.locator('tbody tr').first());
  // Keys and clicks keep it open…
  await page.clock.fastForward('10:00');
  await page.keyboard.press('j');
  await page.clock.fastForward('10:00');
  expect(page.url()).toMatch(/\/atendimento$/);
  // …15 minutes without them (the server's EQUIPE_OCIOSIDADE_MINUTOS) end it.
  await page.clock.fastForward('16:00');
  await page.waitForURL(/\/atendimento\/entrar/);
  await visible(page.getByText('Sua sessão foi encerrada por inatividade. Entre novamente.'));
  await page.goto('/atendimento');
  await page.waitForURL(/\/atendimento\/entrar/);
  await s.close();
}, 120_000);

test('a supervisor changes her own password: the current one and a code first', async () => {
  const s = await openSession(browser, { expectStatuses: [400, 401] });
  const { page } = s;
  await entrarNoConsole(page, carla, { primeiraVez: false });
  await page.getByRole('link', { name: 'Trocar senha' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Trocar minha senha' }));
  const NOVA = 'Carla trocou para esta frase';
  // A wrong current password: refused by the server (before the code is looked at), said on the form.
  await page.getByLabel('Senha atual').fill('não é a senha dela');
  await page.getByLabel('Código do autenticador').fill(codigoTotp(carla.segredo));
  await page.getByLabel('Nova senha', { exact: true }).fill(NOVA);
  await page.getByLabel('Confirme a nova senha').fill(NOVA);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await visible(page.getByRole('alert').filter({ hasText: 'Senha atual incorreta.' }));
  await conferirTelaDoConsole(page, 'atendimento-minha-senha');
  await page.getByLabel('Senha atual').fill(carla.senha);
  await page.getByLabel('Código do autenticador').fill(codigoSeguinte(carla));
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await visible(toast(page, 'Senha alterada.'));
  await page.waitForURL(/\/atendimento$/);
  carla.senha = NOVA;
  await s.close();
}, 120_000);
