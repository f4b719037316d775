import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from './toast';
import { api } from './api-client';
import { renovarSessao } from './api/login/renovar-sessao';
import { sair as sairNoServidor } from './api/login/sair';
import { apagarDadosOffline } from './dados-offline';
import { LIMITES_WEB } from './config';
import {
  clearSession,
  createRenewal,
  isExpired,
  nextExpiry,
  readExpiry,
  restoreSession,
  saveExpiry,
  saveSession,
  shouldRenewServer,
  type Usuario,
} from './sessao';
import { browserStorage } from './storage';

interface SessionContextValue {
  usuario: Usuario | null;
  /** Stores the record and starts the 30-minute inactivity window (docs/produto/acesso.md, "States"). */
  login: (usuario: Usuario) => void;
  /** Manual logout ('Sair'): ends the server session, clears user, expiry and API token. */
  logout: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Renewal events: docs/produto/acesso.md "States" names mouse and keyboard; touch is added so phones count as activity. */
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'pointerdown', 'touchstart'] as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  const storage = useMemo(() => browserStorage(), []);
  const [usuario, setUsuario] = useState<Usuario | null>(() => restoreSession(storage, Date.now())?.usuario ?? null);
  const lastServerRenew = useRef(0);
  const perfilRef = useRef(usuario?.perfilAutenticado ?? null);
  useEffect(() => {
    perfilRef.current = usuario?.perfilAutenticado ?? null;
  }, [usuario]);

  const endLocally = useCallback(() => {
    clearSession(storage);
    setUsuario(null);
  }, [storage]);

  const expire = useCallback(() => {
    endLocally();
    toast.warning('Sessão encerrada', { description: 'Sua sessão expirou por inatividade.' });
  }, [endLocally]);

  const login = useCallback(
    (next: Usuario) => {
      const now = Date.now();
      saveSession(storage, next, nextExpiry(now));
      lastServerRenew.current = now;
      setUsuario(next);
    },
    [storage],
  );

  const logout = useCallback(() => {
    const perfilAutenticado = usuario?.perfilAutenticado ?? null;
    // Sair answering 401 SESSAO_INVALIDA (session already gone) must not toast an expiry too.
    api.onSessionInvalid(null);
    endLocally();
    toast.success('Você saiu', { description: 'Sua sessão foi encerrada com segurança.' });
    // The server side is best effort: the member is logged out here whatever it answers.
    const sair = perfilAutenticado ? sairNoServidor(perfilAutenticado) : Promise.resolve();
    void sair
      .catch(() => undefined)
      .finally(() => {
        if (!restoreSession(storage, Date.now())) api.clearToken();
      });
  }, [usuario, endLocally, storage]);

  const loggedIn = usuario !== null;

  // Without a session (logout, expiry, another tab, a refused session, a start with none) nothing
  // of the member stays on the device for offline use (the last digital card, decision 0016).
  useEffect(() => {
    if (!loggedIn) void apagarDadosOffline();
  }, [loggedIn]);

  // Every activity renews the expiry at once (at most one storage write per second).
  useEffect(() => {
    if (!loggedIn) return;
    const renewal = createRenewal({
      now: () => Date.now(),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (id) => window.clearTimeout(id as number),
      write: (activityAt) => {
        if (isExpired(readExpiry(storage), activityAt)) return; // the 1 s check ends it
        saveExpiry(storage, nextExpiry(activityAt));
        const perfilAutenticado = perfilRef.current;
        if (perfilAutenticado && shouldRenewServer(lastServerRenew.current, activityAt)) {
          lastServerRenew.current = activityAt;
          // Best effort: a 401 SESSAO_INVALIDA ends the session through onSessionInvalid; an
          // operator API without this call (404) or a network blip changes nothing here.
          renovarSessao(perfilAutenticado).catch(() => undefined);
        }
      },
    });
    const onActivity = () => renewal.activity();
    for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, onActivity, { passive: true });
    return () => {
      for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, onActivity);
      renewal.cancel();
    };
  }, [loggedIn, storage]);

  // Expiry check every second. Storage is the source of truth so that tabs agree.
  useEffect(() => {
    if (!loggedIn) return;
    const id = window.setInterval(() => {
      const expiresAt = readExpiry(storage);
      if (expiresAt === null)
        setUsuario(null); // logged out in another tab
      else if (isExpired(expiresAt, Date.now())) expire();
    }, LIMITES_WEB.sessaoVerificacaoMs);
    return () => window.clearInterval(id);
  }, [loggedIn, storage, expire]);

  // A 401 SESSAO_INVALIDA from any call ends the session like an expiry.
  useEffect(() => {
    if (!loggedIn) return;
    api.onSessionInvalid(() => expire());
    return () => api.onSessionInvalid(null);
  }, [loggedIn, expire]);

  const value = useMemo(() => ({ usuario, login, logout }), [usuario, login, logout]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const ctx = use(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  return ctx;
}

/** For screens inside the protected layout, where a user is guaranteed by the guard. */
export function useUsuario(): Usuario {
  const { usuario } = useSession();
  if (!usuario) throw new Error('useUsuario needs an authenticated session');
  return usuario;
}
