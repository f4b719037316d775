import type { FastifyRequest } from 'fastify';
import type { Contagens } from './auditoria';
import type { ChaveAutenticada, Escopo } from './chaves';

/** What the group's hook knows of a call, for the handler (the key) and the audit (the rest). */
export interface ChamadaDeIntegracao {
  chave: ChaveAutenticada | null;
  /** Refused before a key was recognised (401, or 429 past the client's refusals): audited in aggregate. */
  recusada?: boolean;
  entidade: string | null;
  importacaoId: string | null;
  contagens: Contagens | null;
  /** An upload: the import's final counts, written onto this call's audit row once both exist. */
  contagensFinais?: Promise<Contagens | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scopes a route of /api/integracao/v1 accepts (any one of them). */
    escopos?: readonly Escopo[];
    /** The entity the audit row names for a call of this route (set before its handler runs). */
    entidade?: string;
  }
  interface FastifyRequest {
    /** Set by the integration group's hook before any of its handlers runs; null elsewhere. */
    integracao: ChamadaDeIntegracao;
  }
}

/** The key of a call past the group's hook (always set there). */
export function chaveDe(request: FastifyRequest): ChaveAutenticada {
  const chave = request.integracao.chave;
  if (!chave) throw new Error('integration route reached without a key');
  return chave;
}
