import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { PODE, useConta, useSessaoEquipe } from '../lib/sessao';

/** Only with a staff session; otherwise 'entrar', coming back here after signing in. */
export function ExigeConta({ children }: { children: ReactNode }) {
  const { estado } = useSessaoEquipe();
  const { pathname, search } = useLocation();
  if (estado.tipo === 'carregando') return <FullPageSpinner />;
  if (estado.tipo === 'fora') {
    const voltar = pathname === '/atendimento' ? '' : `?voltar=${encodeURIComponent(pathname + search)}`;
    return <Navigate to={`/atendimento/entrar${voltar}`} replace state={{ aviso: estado.aviso }} />;
  }
  return children;
}

/** A screen the role may not use is not in the menu, and typing its address leads to the queue. */
export function ExigePapel({ pode }: { pode: keyof typeof PODE }) {
  const conta = useConta();
  return PODE[pode](conta.papel) ? <Outlet /> : <Navigate to="/atendimento" replace />;
}
