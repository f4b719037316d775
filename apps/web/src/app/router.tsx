import { lazy, Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { LoginPage } from '@/features/login/components/login-page';
import { useSession } from '@/lib/sessao-context';
import { RedirectIfAuthenticated, RequireAuth, RootRedirect } from './guards';
import { FalhaAoAbrir } from './falha-ao-abrir';
import { NotFoundPage } from './not-found-page';
import { EsqueletoDoPortal } from './layouts/esqueleto-do-portal';
import { PublicLayout } from './layouts/public-layout';

/** What a lazy page's route keeps in its handle: the import, to start it before React asks. */
interface Carga {
  carregar: () => Promise<unknown>;
}

/** A page in its own chunk: React.lazy for rendering, the import in the handle for AppRoutes. */
function sobDemanda(importar: () => Promise<ComponentType>): Pick<RouteObject, 'Component' | 'handle'> {
  return {
    Component: lazy(() => importar().then((Component) => ({ default: Component }))),
    handle: { carregar: importar } satisfies Carga,
  };
}

/**
 * docs/produto/comum.md "Screens" route map. Paths match case-insensitively (React Router's default), so /Home and /ANS
 * work. Every page but /login is a lazy chunk; so is the protected layout (menu, dropdown).
 *
 * Declarative routes (useRoutes under <BrowserRouter>) rather than the data router: no page has a
 * loader or an action (TanStack Query fetches), and the data router's code was a third of the
 * first screen's JavaScript (issue 19: about 18 KB gzip of 110).
 */
const protectedPages: RouteObject[] = [
  { path: 'home', ...sobDemanda(() => import('@/features/home/components/home-page').then((m) => m.HomePage)) },
  {
    path: 'guia-medico',
    ...sobDemanda(() => import('@/features/guia-medico/components/guia-medico-page').then((m) => m.GuiaMedicoPage)),
  },
  {
    path: 'autorizacoes',
    ...sobDemanda(() => import('@/features/autorizacoes/components/autorizacoes-page').then((m) => m.AutorizacoesPage)),
  },
  {
    path: 'financeiro',
    ...sobDemanda(() => import('@/features/financeiro/components/financeiro-page').then((m) => m.FinanceiroPage)),
  },
  {
    path: 'comercial',
    ...sobDemanda(() => import('@/features/comercial/components/comercial-page').then((m) => m.ComercialPage)),
  },
  {
    path: 'beneficios',
    ...sobDemanda(() => import('@/features/beneficios/components/beneficios-page').then((m) => m.BeneficiosPage)),
  },
  {
    path: 'medicina-preventiva',
    ...sobDemanda(() =>
      import('@/features/medicina-preventiva/components/medicina-preventiva-page').then(
        (m) => m.MedicinaPreventivaPage,
      ),
    ),
  },
  {
    path: 'contratar-sos',
    ...sobDemanda(() =>
      import('@/features/contratacao-acessorio/components/contratar-sos-page').then((m) => m.ContratarSosPage),
    ),
  },
  {
    path: 'ortopedico',
    ...sobDemanda(() =>
      import('@/features/contratacao-acessorio/components/ortopedico-page').then((m) => m.OrtopedicoPage),
    ),
  },
  { path: 'ans', ...sobDemanda(() => import('@/features/ans/components/ans-page').then((m) => m.AnsPage)) },
  {
    path: 'utilizacao',
    ...sobDemanda(() => import('@/features/utilizacao/components/utilizacao-page').then((m) => m.UtilizacaoPage)),
  },
  {
    path: 'contrato',
    ...sobDemanda(() => import('@/features/contrato/components/contrato-page').then((m) => m.ContratoPage)),
  },
  {
    path: 'tele-medicina',
    ...sobDemanda(() =>
      import('@/features/tele-medicina/components/tele-medicina-page').then((m) => m.TeleMedicinaPage),
    ),
  },
  {
    path: 'contato',
    ...sobDemanda(() => import('@/features/contato/components/contato-page').then((m) => m.ContatoPage)),
  },
  {
    path: 'tabela-copart',
    ...sobDemanda(() =>
      import('@/features/tabela-copart/components/tabela-copart-page').then((m) => m.TabelaCopartPage),
    ),
  },
  {
    path: 'carteirinha',
    ...sobDemanda(() => import('@/features/carteirinha/components/carteirinha-page').then((m) => m.CarteirinhaPage)),
  },
  {
    path: 'protocolos',
    ...sobDemanda(() => import('@/features/protocolos/components/protocolos-page').then((m) => m.ProtocolosPage)),
  },
  {
    path: 'protocolos/:numero',
    ...sobDemanda(() => import('@/features/protocolos/components/protocolo-page').then((m) => m.ProtocoloPage)),
  },
  {
    path: 'meus-dados',
    ...sobDemanda(() => import('@/features/meus-dados/components/meus-dados-page').then((m) => m.MeusDadosPage)),
  },
  {
    path: 'reembolso',
    ...sobDemanda(() => import('@/features/reembolso/components/reembolsos-page').then((m) => m.ReembolsosPage)),
  },
  {
    path: 'reembolso/novo',
    ...sobDemanda(() => import('@/features/reembolso/components/novo-reembolso-page').then((m) => m.NovoReembolsoPage)),
  },
  {
    path: 'reembolso/:protocolo',
    ...sobDemanda(() => import('@/features/reembolso/components/reembolso-page').then((m) => m.ReembolsoPage)),
  },
  {
    path: 'cancelamento',
    ...sobDemanda(() => import('@/features/cancelamento/components/cancelamento-page').then((m) => m.CancelamentoPage)),
  },
];

export const routes: RouteObject[] = [
  {
    Component: Outlet,
    children: [
      { index: true, Component: RootRedirect },
      {
        Component: PublicLayout,
        children: [
          {
            Component: RedirectIfAuthenticated,
            children: [
              // The CPF step is the portal's first screen: in the main chunk (about 4 KB gzip), so
              // the first render draws it, without a second round trip and a dozen small requests
              // for its chunks on a slow phone (issue 19, bench/lighthouse.mjs).
              { path: 'login', Component: LoginPage },
              {
                path: 'cadastro',
                ...sobDemanda(() => import('@/features/cadastro/components/cadastro-page').then((m) => m.CadastroPage)),
              },
            ],
          },
          {
            path: 'recuperar-senha',
            ...sobDemanda(() =>
              import('@/features/recuperar-senha/components/recuperar-senha-page').then((m) => m.RecuperarSenhaPage),
            ),
          },
          {
            path: 'verificar-carteirinha',
            ...sobDemanda(() =>
              import('@/features/verificar-carteirinha/components/verificar-carteirinha-page').then(
                (m) => m.VerificarCarteirinhaPage,
              ),
            ),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            ...sobDemanda(() => import('./layouts/protected-layout').then((m) => m.ProtectedLayout)),
            children: protectedPages,
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The route group behind RequireAuth, whose pages open inside the protected layout. */
const grupoDoMembro = routes[0]!.children!.find((r) => r.Component === RequireAuth)!;

/** Whether the path is a member page (it renders inside the protected layout). */
function paginaDoMembro(pathname: string): boolean {
  return matchRoutes(routes, pathname)?.some((m) => m.route === grupoDoMembro) ?? false;
}

let precarregado: string | undefined;

/**
 * Starts loading every lazy chunk a path needs (the protected layout and the page) at once, not
 * one after the other as each lazy component renders; once per path. Vite's preload appends a
 * modulepreload link per chunk, and matching the path flattens the whole route map: main.tsx runs
 * it for the first page in a task of its own, before React's first render, so that render is not
 * one long task with both (issue 19: ~70 ms of a member page's first task at 4× CPU).
 */
export function precarregar(pathname: string) {
  if (pathname === precarregado) return;
  precarregado = pathname;
  for (const { route } of matchRoutes(routes, pathname) ?? []) void (route.handle as Carga | undefined)?.carregar();
}

/**
 * The routes of the current location; their chunks start loading here (precarregar) when nothing
 * started them before.
 * One Suspense above every route: navigations are transitions (BrowserRouter's default), so the
 * page being left stays on screen until the next one is loaded, and only the first load of a
 * lazy page shows the fallback: a member page's header and skeleton, else the spinner.
 */
export function AppRoutes() {
  const location = useLocation();
  const { usuario } = useSession();
  precarregar(location.pathname);
  const element = useRoutes(routes, location);
  // A member page opened directly: its header and skeleton at once, not a lone spinner (issue 31).
  const espera = usuario && paginaDoMembro(location.pathname) ? <EsqueletoDoPortal /> : <FullPageSpinner />;
  // A chunk that does not arrive (or a page that throws) gets a way out instead of a blank screen;
  // another address starts over.
  return (
    <ErrorBoundary FallbackComponent={FalhaAoAbrir} resetKeys={[location.pathname]}>
      <Suspense fallback={espera}>{element}</Suspense>
    </ErrorBoundary>
  );
}
