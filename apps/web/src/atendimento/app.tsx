import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { ToasterHost } from '@/components/toaster/toaster-host';
import { isApiError } from '@/lib/api-client';
import type { ErroPadrao } from '@/lib/query-errors';
import { toast } from '@/lib/toast';
import { mensagemDeErro } from './lib/cliente';
import { SessaoEquipeProvider } from './lib/sessao';
import { ExigeConta, ExigePapel } from './components/guardas';
import { LayoutConsole } from './components/layout-console';

/**
 * A failed call says so in a toast (meta.erro: its title; false: the screen shows it itself),
 * unless it is the end of the session: the guard sends the person to 'entrar' with the reason.
 */
function avisar(error: unknown, meta: { erro?: ErroPadrao | false } | undefined) {
  if (isApiError(error) && error.status === 401) return;
  if (meta?.erro === false) return;
  toast.error(meta?.erro?.titulo ?? 'Não foi possível carregar', {
    description: mensagemDeErro(error, meta?.erro?.mensagem),
  });
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (e, q) => avisar(e, q.meta) }),
  mutationCache: new MutationCache({ onError: (e, _v, _c, m) => avisar(e, m.meta) }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: true,
      retry: (n, e) => n < 1 && !(isApiError(e) && e.status >= 400 && e.status < 500),
    },
    mutations: { retry: false },
  },
});

const pagina = <T,>(carregar: () => Promise<T>, nome: keyof T) => ({
  lazy: () => carregar().then((m) => ({ Component: m[nome] as React.ComponentType })),
});

const router = createBrowserRouter([
  // Signing in (its QR code, the TOTP steps) loads on its own: a signed-in console never needs it.
  { path: '/atendimento/entrar', ...pagina(() => import('./paginas/entrar-page'), 'EntrarPage') },
  {
    path: '/atendimento',
    element: (
      <ExigeConta>
        <LayoutConsole />
      </ExigeConta>
    ),
    children: [
      { index: true, ...pagina(() => import('./paginas/fila-page'), 'FilaPage') },
      { path: 'protocolos/:numero', ...pagina(() => import('./paginas/protocolo-page'), 'ProtocoloPage') },
      { path: 'busca', ...pagina(() => import('./paginas/busca-page'), 'BuscaPage') },
      { path: 'minha-senha', ...pagina(() => import('./paginas/minha-senha-page'), 'MinhaSenhaPage') },
      { path: 'reembolsos', ...pagina(() => import('./paginas/reembolsos-page'), 'ReembolsosPage') },
      { path: 'reembolsos/:protocolo', ...pagina(() => import('./paginas/reembolso-page'), 'ReembolsoPage') },
      {
        path: 'importacoes',
        element: <ExigePapel pode="importacoes" />,
        children: [{ index: true, ...pagina(() => import('./paginas/importacoes-page'), 'ImportacoesPage') }],
      },
      {
        path: 'entregas',
        element: <ExigePapel pode="entregas" />,
        children: [{ index: true, ...pagina(() => import('./paginas/entregas-page'), 'EntregasPage') }],
      },
      {
        path: 'modelos',
        element: <ExigePapel pode="modelos" />,
        children: [{ index: true, ...pagina(() => import('./paginas/modelos-page'), 'ModelosPage') }],
      },
      {
        path: 'auditoria',
        element: <ExigePapel pode="auditoria" />,
        children: [{ index: true, ...pagina(() => import('./paginas/auditoria-page'), 'AuditoriaPage') }],
      },
      { path: '*', element: <Navigate to="/atendimento" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/atendimento" replace /> },
]);

export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessaoEquipeProvider>
        <RouterProvider router={router} />
        <ToasterHost />
      </SessaoEquipeProvider>
    </QueryClientProvider>
  );
}

export { queryClient as queryClientDoConsole };
