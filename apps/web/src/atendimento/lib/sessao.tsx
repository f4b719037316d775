import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { chamar, quandoSessaoExpirar } from './cliente';
import type { ContaEquipe, PapelEquipe, SessaoEquipe } from '@portal/contract';

/**
 * The staff session as the console sees it. The server owns it (cookie pb_equipe, idle timeout,
 * 10 h at most); the console asks GET /eu once, and any 401 afterwards, or this tab being idle for
 * OCIOSIDADE_MS, ends it here and sends the person back to 'entrar' with the reason.
 */
export const OCIOSIDADE_MS = 15 * 60 * 1000;

/**
 * The server's idle window as the session tells it (`expiraEm` of /eu and /totp, just after a
 * call: now + EQUIPE_OCIOSIDADE_MINUTOS, or less near the 10 h end); OCIOSIDADE_MS without it.
 */
export function ociosidadeDaSessao(expiraEm: string | undefined, agora = Date.now()): number {
  const ms = expiraEm ? Date.parse(expiraEm) - agora : NaN;
  return Number.isFinite(ms) && ms > 60_000 ? ms : OCIOSIDADE_MS;
}
export const AVISO_OCIOSIDADE = 'Sua sessão foi encerrada por inatividade. Entre novamente.';
export const AVISO_SAIU = 'Você saiu do console de atendimento.';

type Estado =
  | { tipo: 'carregando' }
  | { tipo: 'fora'; aviso?: string }
  | { tipo: 'dentro'; conta: ContaEquipe; ociosidadeMs: number };

interface Sessao {
  estado: Estado;
  entrou(sessao: SessaoEquipe): void;
  sair(aviso?: string): Promise<void>;
}

const Ctx = createContext<Sessao | null>(null);

export function SessaoEquipeProvider({ children }: { children: ReactNode }) {
  const [estado, setEstado] = useState<Estado>({ tipo: 'carregando' });

  useEffect(() => {
    let vivo = true;
    chamar<SessaoEquipe>('/eu', { semExpirar: true })
      .then((r) => vivo && setEstado({ tipo: 'dentro', conta: r.conta, ociosidadeMs: ociosidadeDaSessao(r.expiraEm) }))
      .catch(() => vivo && setEstado({ tipo: 'fora' }));
    return () => {
      vivo = false;
    };
  }, []);

  useEffect(() => {
    quandoSessaoExpirar(() => setEstado({ tipo: 'fora', aviso: AVISO_OCIOSIDADE }));
    return () => quandoSessaoExpirar(null);
  }, []);

  const sair = useCallback(async (aviso: string = AVISO_SAIU) => {
    await chamar('/sair', { method: 'POST', body: {}, semExpirar: true }).catch(() => undefined);
    setEstado({ tipo: 'fora', aviso });
  }, []);

  const entrou = useCallback(
    (r: SessaoEquipe) => setEstado({ tipo: 'dentro', conta: r.conta, ociosidadeMs: ociosidadeDaSessao(r.expiraEm) }),
    [],
  );
  const valor = useMemo(() => ({ estado, entrou, sair }), [estado, entrou, sair]);
  return <Ctx.Provider value={valor}>{children}</Ctx.Provider>;
}

export function useSessaoEquipe(): Sessao {
  const s = useContext(Ctx);
  if (!s) throw new Error('useSessaoEquipe fora de SessaoEquipeProvider');
  return s;
}

/** The signed-in account (only under the protected layout). */
export function useConta(): ContaEquipe {
  const { estado } = useSessaoEquipe();
  if (estado.tipo !== 'dentro') throw new Error('useConta sem sessão');
  return estado.conta;
}

/** Which screens and actions a role may use (the API refuses the rest with 403 anyway). */
export const PODE = {
  importacoes: (p: PapelEquipe) => p !== 'atendente',
  entregas: (p: PapelEquipe) => p !== 'atendente',
  reenviar: (p: PapelEquipe) => p !== 'atendente',
  modelos: (p: PapelEquipe) => p !== 'atendente',
  auditoria: (p: PapelEquipe) => p === 'administrador',
};

/** The idle window of the signed-in session (only under the protected layout). */
export function useOciosidadeMs(): number {
  const { estado } = useSessaoEquipe();
  return estado.tipo === 'dentro' ? estado.ociosidadeMs : OCIOSIDADE_MS;
}

/**
 * Ends the session after `ms` without a key, click or touch in this tab. The server has its own
 * idle clock, but the queue refreshes itself every minute, which keeps that one running: this is
 * what signs out a console left open on an empty desk.
 */
export function useOciosidade(sair: (aviso: string) => void, ms: number): void {
  const ultima = useRef(0);
  useEffect(() => {
    ultima.current = Date.now();
    const mexeu = () => (ultima.current = Date.now());
    const eventos = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    for (const e of eventos) window.addEventListener(e, mexeu, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - ultima.current >= ms) sair(AVISO_OCIOSIDADE);
    }, 15_000);
    return () => {
      for (const e of eventos) window.removeEventListener(e, mexeu);
      window.clearInterval(timer);
    };
  }, [sair, ms]);
}
