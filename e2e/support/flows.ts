import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { MARIA, SENHA } from './contas';
import { baseUrl, expectNoAxeViolations, openSession, screenshot, type Session, type SessionOptions } from './browser';

/**
 * Waits until no toast is on screen. A toast hovered by the pointer stays (sonner pauses it), so
 * the pointer goes out of the way: to the middle of the left edge, where toasts never are (top on
 * a phone, bottom right from 640 px).
 */
export async function semAvisos(page: Page): Promise<void> {
  const altura = page.viewportSize()?.height ?? 800;
  await page.mouse.move(1, Math.round(altura / 2));
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * The requests the page sends to `rota` (a path) from now on. `respondidos()` stops listening and
 * resolves, with how many there were, once each has its answer: the server commits a request
 * before it answers, so what every one of them wrote (an outbox message, a second protocol) is
 * then in place. What a test waits for before counting what a double click left behind.
 */
export function pedidosA(page: Page, rota: string): { respondidos(): Promise<number> } {
  const respostas: Promise<unknown>[] = [];
  const ouvir = (r: Request) => {
    if (new URL(r.url()).pathname === rota) respostas.push(r.response());
  };
  page.on('request', ouvir);
  return {
    async respondidos() {
      page.off('request', ouvir);
      await Promise.all(respostas);
      return respostas.length;
    },
  };
}

/**
 * Waits until the page has rendered twice since now and no CSS animation or transition is running:
 * what a React update started by something already on screen (a toast beside an inline error,
 * the menu after a width change) has had time to show, and a picture is stable.
 */
export async function assentada(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok()))));
  // A spinner turns for ever: only animations that end are waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 20_000 },
  );
}

/** The page as it is now: drawn and at rest, then axe finds nothing (and a picture, outside CI). */
export async function conferirTela(page: Page, nome: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  await assentada(page);
  await expectNoAxeViolations(page, `${nome} @${page.viewportSize()?.width}`);
  await screenshot(page, `${nome}-${page.viewportSize()?.width}`, opts);
}

/**
 * A text as read: formatBRL writes a no-break space after 'R$', and textContent runs words together
 * with newlines; every run of white space becomes one space, none at the ends.
 */
export const espacos = (t: string | null): string => (t ?? '').replace(/\s+/g, ' ').trim();

/** A sonner toast holding the given text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/**
 * Polls until the locator is visible (playwright-core has no expect; keep waits explicit). 20 s:
 * CI runs two journey files beside the PostgreSQL suite on two cores, where React's render of a
 * 100-card Guia page after a navigation once took longer than 10 s; a hang still fails.
 */
export async function visible(locator: Locator, timeout = 20_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

export async function typeCpf(page: Page, cpf: string) {
  const field = page.getByLabel('CPF', { exact: true });
  await field.click();
  await field.pressSequentially(cpf.replace(/\D/g, ''));
}

/** CPF step then password step, up to the moment after 'Entrar' is pressed. */
export async function submitPassword(page: Page, cpf: string, senha: string) {
  await page.goto('/login');
  await typeCpf(page, cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const pwd = page.getByLabel('Senha', { exact: true });
  await pwd.waitFor();
  await pwd.fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Logs in an account with a single profile (automatic login) and waits for the home page. */
export async function login(page: Page, cpf: string, senha: string) {
  await submitPassword(page, cpf, senha);
  await page.waitForURL(/\/home$/i);
}

/**
 * The code step's resend wait ('Aguarde 2 minutos para reenviar o código. Faltam 1:52.'), in
 * seconds; fails when the countdown is not showing.
 */
export async function resendCountdown(page: Page): Promise<number> {
  const text = await visible(page.getByText(/Aguarde 2 minutos para reenviar o código\. Faltam \d+:\d{2}\./));
  const m = /Faltam (\d+):(\d{2})/.exec((await text.textContent()) ?? '');
  if (!m) throw new Error('no countdown on the code step');
  return Number(m[1]) * 60 + Number(m[2]);
}

/** From /login to the registration wizard's first step (Contato) for a CPF without a password. */
export async function openWizard(page: Page, cpf: string) {
  await page.goto('/login');
  await typeCpf(page, cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await visible(page.getByRole('heading', { name: 'Contato' }));
}

/** Maria has two profiles: picks the active one in 'Perfis Disponíveis' and waits for the home page. */
export async function loginMaria(page: Page, senha = SENHA) {
  await submitPassword(page, MARIA.cpf, senha);
  const dialog = page.getByRole('dialog', { name: 'Perfis Disponíveis' });
  await dialog.getByRole('button', { name: /Ativo desde/ }).click();
  await page.waitForURL(/\/home$/i);
}

/** Opens a menu entry the way a member does: the side menu, or below 768 px the 'Menu' dropdown. */
export async function navegar(page: Page, entrada: string) {
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  // Right after login the protected layout (a lazy chunk) may not be drawn yet.
  await menu.first().waitFor();
  const lateral = menu.getByRole('link', { name: entrada, exact: true });
  if (await lateral.first().isVisible()) {
    await lateral.first().click();
    return;
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: entrada, exact: true }).click();
}

type Estado = Awaited<ReturnType<BrowserContext['storageState']>>;
/** What a sign-in left in the browser (cookies, localStorage), per portal and CPF, for this file. */
const entradas = new Map<string, Estado>();

/**
 * A new browser profile signed in as `cpf` (Maria: her active profile), on /home. The file's first
 * one for that person signs in through the screens (`login`, `loginMaria`); later ones start from
 * the cookies and localStorage that sign-in left — the pb_sessao cookie and the portal.* keys of
 * apps/web/src/lib/storage.ts — and open /home, as the member's browser does when they come back.
 * The server still checks that session on every call. Tests about signing in or about a session
 * ending (signing out, expiry, 'Trocar perfil') sign in with `login` themselves, so the session
 * kept here stays open for the file's other tests.
 */
export async function entrar(browser: Browser, cpf: string, opts: SessionOptions = {}): Promise<Session> {
  const chave = `${baseUrl()} ${cpf}`;
  const estado = entradas.get(chave);
  if (!estado) {
    const s = await openSession(browser, opts);
    if (cpf === MARIA.cpf) await loginMaria(s.page);
    else await login(s.page, cpf, SENHA);
    entradas.set(chave, await s.context.storageState());
    return s;
  }
  const s = await openSession(browser, { ...opts, storageState: estado });
  // Where `login` leaves a test: on /home, its menu drawn. A session the server refused would lead
  // to /login at the first call, and the journey fails there.
  await s.page.goto('/home');
  await visible(s.page.getByRole('navigation', { name: 'Menu principal' }));
  await visible(s.page.getByText('Seus Dados Principais'));
  if (!/\/home$/i.test(s.page.url())) throw new Error(`e2e: the kept session of ${cpf} led to ${s.page.url()}`);
  return s;
}

/**
 * Holds every request whose URL matches until `soltar()` is called (a slow network for one script
 * or one call, to look at what the page shows meanwhile). Not in a session with the service worker
 * (`comServiceWorker`): page.route does not see what a worker answers.
 */
export async function segurar(page: Page, url: string | RegExp): Promise<{ soltar: () => void }> {
  let soltar!: () => void;
  const solto = new Promise<void>((resolve) => (soltar = resolve));
  await page.route(url, async (route) => {
    await solto;
    await route.continue();
  });
  return { soltar };
}
