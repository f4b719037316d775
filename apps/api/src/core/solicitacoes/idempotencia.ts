import { createHash } from 'node:crypto';

/** Who and where a key belongs to: the member's profile (CPF + contract) and the route. */
export interface Escopo {
  cpf: string;
  codigoContrato: string;
  rota: string;
  chave: string;
}

export interface Registro {
  corpoHash: string;
  resposta: unknown;
}

/** JSON with sorted keys, so the same body always hashes the same. */
export function canonico(valor: unknown): string {
  if (Array.isArray(valor)) return `[${valor.map(canonico).join(',')}]`;
  if (valor && typeof valor === 'object') {
    const entries = Object.entries(valor as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonico(v)}`).join(',')}}`;
  }
  return JSON.stringify(valor) ?? 'null';
}

/**
 * Hash of a validated request body without the session (a retry after signing in again carries
 * another session code but is the same request).
 */
export function hashDoCorpo(corpo: unknown): string {
  const semSessao =
    corpo && typeof corpo === 'object'
      ? Object.fromEntries(
          Object.entries(corpo as Record<string, unknown>).filter(
            ([k]) => k !== 'perfilAutenticado' && k !== 'PerfilAutenticado',
          ),
        )
      : corpo;
  return createHash('sha256').update(canonico(semSessao)).digest('hex');
}
