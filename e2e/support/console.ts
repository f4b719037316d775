import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { baseUrl, launch, setBaseUrl } from './browser';
import { conferirTela, visible } from './flows';
import { portalProprio } from './portal-proprio';
import { NODE_DO_PORTAL, type Portal, startPortalVazio } from './server';

const root = join(import.meta.dirname, '..', '..');

/**
 * One operator CLI from the build (apps/api/dist/<nome>.js: equipe, chaves, webhooks, importar) on a
 * journey's own data directory, before its server starts (PGlite is one process's database).
 */
export function cliDaOperadora(nome: string, args: string[], dataDir: string): string {
  const r = spawnSync(process.execPath, [...NODE_DO_PORTAL, join(root, `apps/api/dist/${nome}.js`), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SEED: 'demo', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`${nome} ${args.join(' ')}: ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export interface ContaDaEquipe {
  email: string;
  nome: string;
  senha: string;
  segredo: string;
}

/** A staff account made as the operator does (`npm run equipe -- criar`): its one-time password and TOTP secret. */
export function criarContaDaEquipe(dataDir: string, email: string, nome: string, papel: string): ContaDaEquipe {
  const saida = cliDaOperadora('equipe', ['criar', '--email', email, '--nome', nome, '--papel', papel], dataDir);
  const senha = /Senha provisória: (\S+)/.exec(saida)?.[1];
  const segredo = /Segredo TOTP \(base32\): ([A-Z2-7]+)/.exec(saida)?.[1];
  if (!senha || !segredo) throw new Error(`equipe criar: saída inesperada\n${saida}`);
  return { email, nome, senha, segredo };
}

/**
 * A console journey's own portal: a copy of the seed, the staff accounts made on it with the
 * operator's CLI (which needs the database to itself, so before the server starts), `antes` for
 * other CLI steps, then the server (with `env` besides the seed's, e.g. REEMBOLSO_QUATRO_OLHOS_ACIMA) and a
 * browser. Call at the file's top level: it registers the file's hooks; `browser` and `contas` (in the
 * order given) are there from the first test on.
 */
export function portalComEquipe<const T extends readonly (readonly [email: string, nome: string, papel: string])[]>(
  nome: string,
  contas: T,
  antes?: (dataDir: string) => void,
  env: Record<string, string> = {},
): { browser: Browser; contas: { -readonly [K in keyof T]: ContaDaEquipe } } {
  portalProprio();
  const proprio = { browser: undefined as unknown as Browser, contas: [] as ContaDaEquipe[] };
  let dataDir: string | undefined;
  let portal: Portal | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `portal-e2e-${nome}-`));
    cpSync(inject('seedDir'), dataDir, { recursive: true });
    for (const [email, n, papel] of contas) proprio.contas.push(criarContaDaEquipe(dataDir, email, n, papel));
    antes?.(dataDir);
    portal = await startPortalVazio(dataDir, { ...env, SEED: 'demo' });
    setBaseUrl(portal.baseUrl);
    proprio.browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await proprio.browser?.close();
    await portal?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return proprio as unknown as { browser: Browser; contas: { -readonly [K in keyof T]: ContaDaEquipe } };
}

/** The code an authenticator app shows now (SHA1, 6 digits, 30 s). */
export const codigoTotp = (segredo: string) =>
  new TOTP({ secret: Secret.fromBase32(segredo), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/** The 30 s TOTP step each account last used: the server refuses a code of the same step twice. */
const passoUsado = new Map<string, number>();
const passoAtual = () => Math.floor(Date.now() / 30_000);

/** Waits, as a person would, for the next code when this account already used the current one. */
export async function proximoCodigo(conta: ContaDaEquipe): Promise<string> {
  while ((passoUsado.get(conta.email) ?? -1) >= passoAtual()) await new Promise((ok) => setTimeout(ok, 500));
  passoUsado.set(conta.email, passoAtual());
  return codigoTotp(conta.segredo);
}

/**
 * The code of the next 30 s step, which the app shows within 30 s and the server already accepts
 * (one step either side, decision 0033): a second code right after a sign-in without waiting.
 */
export function codigoSeguinte(conta: ContaDaEquipe): string {
  const passo = Math.max(passoAtual(), passoUsado.get(conta.email) ?? -1) + 1;
  if (passo > passoAtual() + 1) throw new Error(`${conta.email}: the next step's code is already used`);
  passoUsado.set(conta.email, passo);
  return new TOTP({ secret: Secret.fromBase32(conta.segredo), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: passo * 30_000,
  });
}

/** The cookies of each account's last sign-in, per portal (support/flows.ts `entrar` keeps members' the same way). */
const sessoesGuardadas = new Map<string, Cookie[]>();

/**
 * E-mail and password, then the authenticator code (after the enrolment on a first sign-in); lands on the
 * queue. An account that already signed in on this file's portal goes on with that session in the new
 * browser profile, as a person who keeps the console open does: a second sign-in would wait up to 30 s
 * for the next authenticator code (a code's step is single-use), and the sign-in itself is the subject of
 * e2e/atendimento.test.ts, which signs in for real every time. A session ended meanwhile ('Sair')
 * leads to 'entrar', and the sign-in is done again.
 */
export async function entrarNoConsole(page: Page, conta: ContaDaEquipe): Promise<void> {
  const chave = `${baseUrl()} ${conta.email}`;
  const guardada = sessoesGuardadas.get(chave);
  if (guardada) {
    await page.context().addCookies(guardada);
    await page.goto('/atendimento');
    // The console's menu (drawn only for a session the server accepted, hidden by CSS on a phone) or the
    // sign-in form (where the guard sends a session that was ended).
    const menu = page.locator('#console-menu');
    await menu.or(page.getByLabel('E-mail')).first().waitFor({ state: 'attached' });
    if ((await menu.count()) === 1) return;
    sessoesGuardadas.delete(chave);
  }
  await page.goto('/atendimento');
  await page.waitForURL(/\/atendimento\/entrar/);
  await page.getByLabel('E-mail').fill(conta.email);
  await page.getByLabel('Senha', { exact: true }).fill(conta.senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await visible(page.getByRole('heading', { level: 1, name: /Cadastre o autenticador|Código do autenticador/ }));
  await page.getByLabel('Código do autenticador').fill(await proximoCodigo(conta));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const primeiraVez = page.getByRole('heading', { level: 1, name: 'Defina sua senha' });
  await Promise.race([page.waitForURL(/\/atendimento$/), primeiraVez.waitFor()]);
  if (await primeiraVez.isVisible()) await definirSenhaNoConsole(page, conta);
  await page.waitForURL(/\/atendimento$/);
  sessoesGuardadas.set(chave, await page.context().cookies());
}

/** The first sign-in's last step: a password of the person's own replaces the one-time one (kept in `conta`). */
export async function definirSenhaNoConsole(page: Page, conta: ContaDaEquipe): Promise<void> {
  const nova = `${conta.nome} escolheu esta senha`;
  await page.getByLabel('Nova senha', { exact: true }).fill(nova);
  await page.getByLabel('Confirme a nova senha').fill(nova);
  await page.getByRole('button', { name: 'Salvar senha e entrar' }).click();
  await page.waitForURL(/\/atendimento$/);
  conta.senha = nova;
}

/**
 * A console screen at phone (375), tablet (768) and desktop (1280) width: axe finds nothing, a
 * screenshot of each (a supervisor answers a late protocol from a phone too). Ends at 1280.
 */
export async function conferirTelaDoConsole(page: Page, nome: string): Promise<void> {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction((w) => window.innerWidth === w, width);
    await conferirTela(page, nome);
  }
}
