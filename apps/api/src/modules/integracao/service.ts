import type { Clock } from '../../clock';
import { AppError } from '../../lib/app-error';
import type { CounterStore } from '../../lib/counters';
import { type ChaveAutenticada, type ChavesDeIntegracao, type Escopo, lerChave } from './chaves';
import type { AuditoriaIntegracaoRepository } from './repository';

export const MENSAGEM_CHAVE_AUSENTE =
  'Chave de integração ausente. Envie o cabeçalho Authorization: Bearer pbk_… com uma chave da operadora.';
export const MENSAGEM_CHAVE_INVALIDA = 'Chave de integração inválida.';
export const MENSAGEM_CHAVE_REVOGADA = 'Chave de integração revogada.';
export const MENSAGEM_CHAVE_EXPIRADA = 'Chave de integração expirada.';

function chaveRecusada(message: string): AppError {
  return new AppError(401, 'TOKEN_INVALIDO', message);
}

/** What the integration API's door needs, built once in services.ts (decision 0007). */
export interface IntegracaoDeps {
  chaves: ChavesDeIntegracao;
  auditoria: AuditoriaIntegracaoRepository;
  counters: CounterStore;
  /** Calls per minute of a key that sets no limit of its own. */
  limitePadrao: number;
  clock: Clock;
}

/**
 * The integration API's door (issue 16, decision 0024): who holds the key, whether it may do this,
 * and how often. Keys are read from the database on every call (revocation holds at once); the
 * per-key limit counts in the shared counter store (PostgreSQL or Redis), so it holds across instances.
 */
export class IntegracaoService {
  readonly chaves: ChavesDeIntegracao;
  readonly auditoria: AuditoriaIntegracaoRepository;

  constructor(private readonly d: IntegracaoDeps) {
    this.chaves = d.chaves;
    this.auditoria = d.auditoria;
  }

  /** The public id of a presented key, if it has the key format (for the audit of a refusal). */
  idApresentado(authorization: string | undefined): string | null {
    return lerChave(bearer(authorization))?.id ?? null;
  }

  /** 401 unless the Authorization header carries a valid key; 429 past the key's calls per minute. */
  async autenticar(authorization: string | undefined): Promise<ChaveAutenticada> {
    const valor = bearer(authorization);
    if (!valor) throw chaveRecusada(MENSAGEM_CHAVE_AUSENTE);
    const apresentada = lerChave(valor);
    if (!apresentada) throw chaveRecusada(MENSAGEM_CHAVE_INVALIDA);
    const chave = await this.chaves.autenticar(apresentada);
    if (chave === 'invalida') throw chaveRecusada(MENSAGEM_CHAVE_INVALIDA);
    if (chave === 'revogada') throw chaveRecusada(MENSAGEM_CHAVE_REVOGADA);
    if (chave === 'expirada') throw chaveRecusada(MENSAGEM_CHAVE_EXPIRADA);
    const limite = chave.chamadasPorMinuto ?? this.d.limitePadrao;
    const c = await this.d.counters.hit(`integracao:chave:${chave.id}`, 60_000);
    if (c.count > limite) {
      const s = Math.max(1, Math.ceil((c.resetAt - this.d.clock.now()) / 1000));
      throw new AppError(
        429,
        'MUITAS_TENTATIVAS',
        `Limite de ${limite} chamadas por minuto desta chave atingido. Tente novamente em ${s} segundos.`,
        s,
      );
    }
    await this.chaves.tocar(chave.id);
    return chave;
  }

  /** 403 unless the key carries one of the scopes the route accepts. */
  exigirEscopo(chave: ChaveAutenticada, aceitos: readonly Escopo[]): void {
    if (aceitos.some((e) => chave.escopos.includes(e))) return;
    const lista = aceitos.map((e) => `'${e}'`).join(' ou ');
    throw new AppError(403, 'SEM_PERMISSAO', `Esta chave não tem o escopo ${lista} exigido por esta chamada.`);
  }
}

function bearer(authorization: string | undefined): string | undefined {
  const m = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return m?.[1];
}
