import { formatCpf } from '@portal/br';
import { LogOut } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { QueryProvider, queryClient } from '../query-provider';
import { EsqueletoDaPagina } from '@/components/membro/esqueleto';
import { Button } from '@/components/ui/button';
import { useAlturaDoCabecalho } from '@/lib/altura-do-cabecalho';
import { registrarServiceWorker } from '@/lib/pwa';
import { useMediaQuery } from '@/lib/use-media-query';
import { useUsuario, useSession } from '@/lib/sessao-context';
import { Logo } from './logo';
import { PerfilAtivo } from './perfil-ativo';
import { MobileMenu, SideNav } from './nav';

/** Protected group: header (logo, user, 'Sair'), side menu ≥ 768 px, dropdown menu below. */
export function ProtectedLayout() {
  const usuario = useUsuario();
  const { logout } = useSession();
  const mainRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  // Tailwind's md (48rem). What a width does not show is not rendered at all: a phone's first
  // render skips the side menu's 17 links and icons and the wide header (issue 19); crossing the
  // width swaps them live. The classes stay, so CSS hides them in the same frame as before.
  const largo = useMediaQuery('(min-width: 48rem)');

  // The phone's toasts come in below it (components/toaster), never over 'Sair' and 'Menu'.
  useAlturaDoCabecalho(headerRef);

  // Leaving the protected area (logout, expiry) drops every cached answer of this member.
  useEffect(() => () => queryClient.clear(), []);

  // The installable app's worker (decision 0016): members get the offline shell, the login page never waits on it.
  useEffect(() => registrarServiceWorker(), []);

  // After client-side navigation, move focus to the new page's heading (screen readers hear it).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [pathname]);

  return (
    <QueryProvider>
      <div className="min-h-dvh">
        <a
          href="#conteudo"
          className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Pular para o conteúdo
        </a>
        <header ref={headerRef} className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:px-6">
            <Logo to="/Home" className="mr-auto" />
            {largo ? (
              <div className="hidden text-right md:block">
                <p className="font-semibold text-slate-900">{usuario.nome}</p>
                <p className="text-sm text-slate-700">CPF {formatCpf(usuario.cpf)}</p>
                <PerfilAtivo className="text-sm text-slate-700" />
              </div>
            ) : null}
            <Button variant="outline" size="sm" onClick={logout}>
              <LogOut aria-hidden="true" />
              Sair
            </Button>
          </div>
          {largo ? null : (
            <div className="flex items-center gap-3 border-t border-slate-100 px-3 py-1 md:hidden">
              <MobileMenu />
              <div className="min-w-0 text-[15px] leading-snug">
                <p className="flex min-w-0 flex-wrap gap-x-2">
                  <span className="font-semibold text-slate-900">{usuario.nome}</span>
                  <span className="whitespace-nowrap text-slate-700">CPF {formatCpf(usuario.cpf)}</span>
                </p>
                <PerfilAtivo className="text-sm text-slate-700" />
              </div>
            </div>
          )}
        </header>
        <div className="mx-auto flex max-w-7xl gap-6 px-3 sm:px-6">
          {largo ? <SideNav /> : null}
          <main id="conteudo" ref={mainRef} tabIndex={-1} className="min-w-0 flex-1 py-6 md:py-8">
            {/* The header stays while a page's own script arrives (first load of that page only:
                later navigations are transitions and keep the page being left on screen). */}
            <Suspense fallback={<EsqueletoDaPagina />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </QueryProvider>
  );
}
