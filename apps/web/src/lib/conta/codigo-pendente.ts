import { LIMITES_WEB } from '../config';
import type { KeyValueStorage } from '../storage';
import type { Canal } from './envio-codigo';

/**
 * /cadastro's code step across a reload (issue 31). What this tab keeps (sessionStorage) is the
 * step, never the code: whose CPF, which channel the code went to and when. After a reload the
 * page checks the CPF again and opens the code step while the code can still be typed; the server
 * alone decides whether the code typed is valid (it is bound to the HttpOnly flow cookie, which
 * survives the reload too).
 */
export interface CodigoPendente {
  cpf: string;
  canal: Canal;
  /** When the code went out (ms since the epoch). */
  enviadoEm: number;
}

const CHAVE = 'portal.cadastro.codigoPendente';

export function lembrarCodigoPendente(storage: KeyValueStorage, p: CodigoPendente): void {
  storage.setItem(CHAVE, JSON.stringify(p));
}

export function esquecerCodigoPendente(storage: KeyValueStorage): void {
  storage.removeItem(CHAVE);
}

/** The step kept by this tab, while its code may still be valid; otherwise null (and forgotten). */
export function codigoPendente(storage: KeyValueStorage, agora: number): CodigoPendente | null {
  const bruto = storage.getItem(CHAVE);
  if (bruto === null) return null;
  let lido: unknown;
  try {
    lido = JSON.parse(bruto);
  } catch {
    lido = null;
  }
  const p = lido as Partial<CodigoPendente> | null;
  const valido =
    p !== null &&
    typeof p === 'object' &&
    typeof p.cpf === 'string' &&
    /^\d{11}$/.test(p.cpf) &&
    (p.canal === 'email' || p.canal === 'celular') &&
    typeof p.enviadoEm === 'number' &&
    p.enviadoEm <= agora &&
    agora < p.enviadoEm + LIMITES_WEB.codigoValidadeMs;
  if (!valido) {
    esquecerCodigoPendente(storage);
    return null;
  }
  return { cpf: p.cpf!, canal: p.canal!, enviadoEm: p.enviadoEm! };
}

/** Seconds left of the 2-minute wait before another code may be asked for (0 when over). */
export function esperaRestante(p: CodigoPendente, agora: number): number {
  return Math.max(0, Math.ceil((p.enviadoEm + LIMITES_WEB.reenvioCodigoSegundos * 1000 - agora) / 1000));
}
