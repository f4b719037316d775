import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { LoginPage } from '@/features/login/components/login-page';
import { RedirectIfAuthenticated, RequireAuth, RootRedirect } from './guards';
import { NotFoundPage } from './not-found-page';
import { PublicLayout } from './layouts/public-layout';

/**
 * Spec 2 route map. Paths match case-insensitively (React Router's default), so /Home and /ANS
 * work. Every page but /login is a lazy chunk; so is the protected layout (menu, dropdown).
 */
const protectedPages: RouteObject[] = [
  { path: 'home', lazy: () => import('@/features/home/components/home-page').then((m) => ({ Component: m.HomePage })) },
  {
    path: 'guia-medico',
    lazy: () =>
      import('@/features/guia-medico/components/guia-medico-page').then((m) => ({ Component: m.GuiaMedicoPage })),
  },
  {
    path: 'autorizacoes',
    lazy: () =>
      import('@/features/autorizacoes/components/autorizacoes-page').then((m) => ({ Component: m.AutorizacoesPage })),
  },
  {
    path: 'financeiro',
    lazy: () =>
      import('@/features/financeiro/components/financeiro-page').then((m) => ({ Component: m.FinanceiroPage })),
  },
  {
    path: 'comercial',
    lazy: () => import('@/features/comercial/components/comercial-page').then((m) => ({ Component: m.ComercialPage })),
  },
  {
    path: 'beneficios',
    lazy: () =>
      import('@/features/beneficios/components/beneficios-page').then((m) => ({ Component: m.BeneficiosPage })),
  },
  {
    path: 'medicina-preventiva',
    lazy: () =>
      import('@/features/medicina-preventiva/components/medicina-preventiva-page').then((m) => ({
        Component: m.MedicinaPreventivaPage,
      })),
  },
  {
    path: 'contratar-sos',
    lazy: () =>
      import('@/features/contratacao-acessorio/components/contratar-sos-page').then((m) => ({
        Component: m.ContratarSosPage,
      })),
  },
  {
    path: 'ortopedico',
    lazy: () =>
      import('@/features/contratacao-acessorio/components/ortopedico-page').then((m) => ({
        Component: m.OrtopedicoPage,
      })),
  },
  { path: 'ans', lazy: () => import('@/features/ans/components/ans-page').then((m) => ({ Component: m.AnsPage })) },
  {
    path: 'utilizacao',
    lazy: () =>
      import('@/features/utilizacao/components/utilizacao-page').then((m) => ({ Component: m.UtilizacaoPage })),
  },
  {
    path: 'contrato',
    lazy: () => import('@/features/contrato/components/contrato-page').then((m) => ({ Component: m.ContratoPage })),
  },
  {
    path: 'tele-medicina',
    lazy: () =>
      import('@/features/tele-medicina/components/tele-medicina-page').then((m) => ({ Component: m.TeleMedicinaPage })),
  },
  {
    path: 'contato',
    lazy: () => import('@/features/contato/components/contato-page').then((m) => ({ Component: m.ContatoPage })),
  },
  {
    path: 'tabela-copart',
    lazy: () =>
      import('@/features/tabela-copart/components/tabela-copart-page').then((m) => ({ Component: m.TabelaCopartPage })),
  },
  {
    path: 'carteirinha',
    lazy: () =>
      import('@/features/carteirinha/components/carteirinha-page').then((m) => ({ Component: m.CarteirinhaPage })),
  },
  {
    path: 'protocolos',
    lazy: () =>
      import('@/features/protocolos/components/protocolos-page').then((m) => ({ Component: m.ProtocolosPage })),
  },
  {
    path: 'protocolos/:numero',
    lazy: () => import('@/features/protocolos/components/protocolo-page').then((m) => ({ Component: m.ProtocoloPage })),
  },
  {
    path: 'meus-dados',
    lazy: () =>
      import('@/features/meus-dados/components/meus-dados-page').then((m) => ({ Component: m.MeusDadosPage })),
  },
  {
    path: 'reembolso',
    lazy: () =>
      import('@/features/reembolso/components/reembolsos-page').then((m) => ({ Component: m.ReembolsosPage })),
  },
  {
    path: 'reembolso/novo',
    lazy: () =>
      import('@/features/reembolso/components/novo-reembolso-page').then((m) => ({ Component: m.NovoReembolsoPage })),
  },
  {
    path: 'reembolso/:protocolo',
    lazy: () => import('@/features/reembolso/components/reembolso-page').then((m) => ({ Component: m.ReembolsoPage })),
  },
  {
    path: 'cancelamento',
    lazy: () =>
      import('@/features/cancelamento/components/cancelamento-page').then((m) => ({ Component: m.CancelamentoPage })),
  },
];

export const routes: RouteObject[] = [
  {
    Component: Outlet,
    HydrateFallback: FullPageSpinner,
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
                lazy: () =>
                  import('@/features/cadastro/components/cadastro-page').then((m) => ({ Component: m.CadastroPage })),
              },
            ],
          },
          {
            path: 'recuperar-senha',
            lazy: () =>
              import('@/features/recuperar-senha/components/recuperar-senha-page').then((m) => ({
                Component: m.RecuperarSenhaPage,
              })),
          },
          {
            path: 'verificar-carteirinha',
            lazy: () =>
              import('@/features/verificar-carteirinha/components/verificar-carteirinha-page').then((m) => ({
                Component: m.VerificarCarteirinhaPage,
              })),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('./layouts/protected-layout').then((m) => ({ Component: m.ProtectedLayout })),
            children: protectedPages,
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const router = createBrowserRouter(routes);
