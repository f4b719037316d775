import { ROTULOS_PAPEL_EQUIPE } from '@portal/contract/atendimento';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, Menu, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { operadora } from '@/lib/operadora';
import { BuscaGlobal } from './busca-global';
import { PODE, useConta, useOciosidade, useOciosidadeMs, useSessaoEquipe } from '../lib/sessao';

const ITENS = [
  // A protocol opened from the queue is still 'Fila'.
  { to: '/atendimento', rotulo: 'Fila', pode: () => true, ativo: /^\/atendimento(\/protocolos\/.*)?\/?$/ },
  {
    to: '/atendimento/reembolsos',
    rotulo: 'Reembolsos',
    pode: () => true,
    ativo: /^\/atendimento\/reembolsos(\/.*)?$/,
  },
  { to: '/atendimento/importacoes', rotulo: 'Importações', pode: PODE.importacoes },
  { to: '/atendimento/entregas', rotulo: 'Entregas de webhooks', pode: PODE.entregas },
  { to: '/atendimento/modelos', rotulo: 'Modelos de resposta', pode: PODE.modelos },
  { to: '/atendimento/auditoria', rotulo: 'Auditoria', pode: PODE.auditoria },
];

/** Header (operator, account, 'Sair'), the menu of what the role may use, and the page. */
export function LayoutConsole() {
  const conta = useConta();
  const { sair } = useSessaoEquipe();
  const qc = useQueryClient();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const primeira = useRef(true);
  const { nome, logo } = operadora();
  // Below 768 px the account and the menu fold behind one disclosure button (issue 31).
  // It is open on the page where it was opened: following one of its links closes it.
  const [menuAbertoEm, setMenuAbertoEm] = useState<string | null>(null);
  const menuAberto = menuAbertoEm === pathname;
  const botaoMenu = useRef<HTMLButtonElement>(null);

  useOciosidade(sair, useOciosidadeMs());
  // Leaving (Sair, idle timeout, expired session) forgets every member's data this tab fetched.
  useEffect(() => () => qc.clear(), [qc]);
  useEffect(() => {
    if (primeira.current) {
      primeira.current = false;
      return;
    }
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [pathname]);

  // Escape closes the open menu and gives the focus back to its button.
  const fecharComEsc = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !menuAberto) return;
    setMenuAbertoEm(null);
    botaoMenu.current?.focus();
  };

  return (
    <div className="min-h-dvh">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Pular para o conteúdo
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <div className="mr-auto flex items-center gap-3">
            {/* Its box is fixed (192×36, the logo drawn inside it): with a width from the file, the image
                was 0 px wide until it arrived, and the header reflowed under the queue (CLS 0.225). */}
            <img src={logo} alt={nome} className="block h-9 w-48 object-contain object-left" />
            <span className="border-l border-slate-300 pl-3 font-semibold text-slate-800">Console de atendimento</span>
          </div>
          <Button
            ref={botaoMenu}
            variant="outline"
            size="sm"
            className="min-h-11 md:hidden"
            aria-expanded={menuAberto}
            aria-controls="console-conta console-menu"
            onClick={() => setMenuAbertoEm(menuAberto ? null : pathname)}
          >
            {menuAberto ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            Menu
          </Button>
          <div
            id="console-conta"
            className={cn(
              'flex w-full flex-wrap items-center gap-x-3 gap-y-2 md:ml-auto md:flex md:w-auto md:justify-end',
              !menuAberto && 'max-md:hidden',
            )}
            onKeyDown={fecharComEsc}
          >
            <p className="text-sm leading-tight max-md:mr-auto md:text-right">
              <span className="block font-semibold text-slate-900">{conta.nome}</span>
              <span className="text-slate-700">{ROTULOS_PAPEL_EQUIPE[conta.papel]}</span>
            </p>
            <Link to="/atendimento/minha-senha" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <KeyRound aria-hidden="true" />
              Trocar senha
            </Link>
            <Button variant="outline" size="sm" onClick={() => void sair()}>
              <LogOut aria-hidden="true" />
              Sair
            </Button>
          </div>
        </div>
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4">
          <nav
            id="console-menu"
            aria-label="Console de atendimento"
            className={cn('max-md:w-full', !menuAberto && 'max-md:hidden')}
            onKeyDown={fecharComEsc}
          >
            <ul className="flex flex-col gap-1 md:flex-row md:flex-wrap">
              {ITENS.filter((i) => i.pode(conta.papel)).map((i) => (
                <li key={i.to}>
                  <NavLink
                    to={i.to}
                    end
                    className={({ isActive }) =>
                      cn(
                        'flex min-h-11 items-center border-l-4 px-3 font-semibold md:inline-flex md:border-b-4 md:border-l-0',
                        isActive || i.ativo?.test(pathname)
                          ? 'border-brand-700 text-brand-900'
                          : 'border-transparent text-slate-700 hover:text-brand-800',
                      )
                    }
                  >
                    {i.rotulo}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <BuscaGlobal />
        </div>
      </header>
      <main id="conteudo" ref={mainRef} tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
