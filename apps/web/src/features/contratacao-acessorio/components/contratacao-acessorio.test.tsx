// @vitest-environment happy-dom
// The toast is raised by an effect on arrival, which only a DOM render runs (renderToStaticMarkup does not).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Operadora } from '@portal/contract';
import { usarOperadora } from '@/lib/operadora';
import { buildUsuario, nextExpiry, saveSession } from '@/lib/sessao';
import { SessionProvider } from '@/lib/sessao-context';
import { toast } from '@/lib/toast';
import { ContratacaoAcessorio } from './contratacao-acessorio';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let raiz: Root;
let container: HTMLElement;

beforeEach(() => {
  vi.clearAllMocks();
  container = document.body.appendChild(document.createElement('div'));
});

afterEach(() => {
  act(() => raiz.unmount());
  container.remove();
  localStorage.clear();
});

/**
 * The SOS page for a member whose stored record has no perfilAutenticado (the server answered a
 * non-numeric session code), in StrictMode as main.tsx mounts the app.
 */
function abrirSemPerfil({ responsavelFinanceiro }: { responsavelFinanceiro: boolean }) {
  const usuario = {
    ...buildUsuario({ nome: 'Membro', responsavelFinanceiro }, '00000000191'),
    perfilAutenticado: null,
  };
  usarOperadora({ nome: 'Saúde Exemplo' } as Operadora);
  saveSession(localStorage, usuario, nextExpiry(Date.now()));
  raiz = createRoot(container);
  act(() =>
    raiz.render(
      <StrictMode>
        <QueryClientProvider client={new QueryClient()}>
          <SessionProvider>
            <ContratacaoAcessorio servico="sos" titulo="Contratar SOS" />
          </SessionProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

it("without a profile the financial responsible hears 'Erro de autenticação' once and keeps 'Perfil de Usuário Inválido' on the page", () => {
  const chamadas = vi.spyOn(globalThis, 'fetch');
  abrirSemPerfil({ responsavelFinanceiro: true });
  expect(toast.error).toHaveBeenCalledTimes(1);
  expect(toast.error).toHaveBeenCalledWith('Erro de autenticação');
  expect(container.querySelector('[role="alert"]')?.textContent).toContain('Perfil de Usuário Inválido');
  expect(chamadas).not.toHaveBeenCalled(); // the offer is not asked for
});

it("a member who is not the financial responsible sees 'Acesso Restrito' and no authentication toast", () => {
  abrirSemPerfil({ responsavelFinanceiro: false });
  expect(toast.error).not.toHaveBeenCalled();
  expect(container.textContent).toContain('Acesso Restrito');
});
