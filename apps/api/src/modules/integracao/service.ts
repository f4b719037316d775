import type { Clock } from '../../clock';
import { AppError, formatWait } from '../../lib/app-error';
import type { CounterStore } from '../../lib/counters';
import { type ChaveAutenticada, type ChavesDeIntegracao, type Escopo, lerChave } from './chaves';
import type { AuditoriaIntegracaoRepository } from './repository';

export const MENSAGEM_CHAVE_AUSENTE =
  'Chave de integração ausente. Envie o cabeçalho Authorization: Bearer pbk_… com uma chave da operadora.';
export const MENSAGEM_CHAVE_INVALIDA = 'Chave de integração inválida.';
export const MENSAGEM_CHAVE_REVOGADA = 'Chave de integração revogada.';
export const MENSAGEM_CHAVE_EXPIRADA = 'Chave de integração expirada.';

/**
 * A call refused before any key was recognised (401, or 429 past the client's refusals): its audit
 * is one row per client and window with a count (AuditoriaIntegracaoRepository.registrarRecusa).
 */
export class ChaveRecusada extends AppError {}

/** What the integration API's door needs, built once in services.ts (decision 0007). */
export interface IntegracaoDeps {
  chaves: ChavesDeIntegracao;
  auditoria: AuditoriaIntegracaoRepository;
  counters: CounterStore;
  /** Calls per minute of a key that sets no limit of its own. */
  limitePadrao: number;
  /** Refused keys per client IP per minute before 429 (issue 30, defect 8). */
  recusasPorMinutoIp: number;
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

  /**
   * The key of the Authorization header. Refused (ChaveRecusada): 401 when there is none or it does
   * not work, 429 with Retry-After once the client's IP had INTEGRACAO_RECUSAS_POR_MINUTO_IP refusals this
   * minute (issue 30, defect 8). A valid key is checked first and passes even then (OWASP: a limit on
   * failures must not lock the operator's own systems out behind a shared address; guessing a key's
   * 256-bit secret is hopeless anyway — the limit bounds the cost and the audit of junk, not guesses).
   */
  async autenticar(authorization: string | undefined, ip: string): Promise<ChaveAutenticada> {
    const valor = bearer(authorization);
    const apresentada = valor ? lerChave(valor) : null;
    const chave = apresentada ? await this.chaves.autenticar(apresentada) : 'invalida';
    if (typeof chave === 'object') return chave;
    const c = await this.d.counters.hit(`integracao:recusa:ip:${ip}`, 60_000);
    if (c.count > this.d.recusasPorMinutoIp) {
      const s = Math.max(1, Math.ceil((c.resetAt - this.d.clock.now()) / 1000));
      throw new ChaveRecusada(
        429,
        'MUITAS_TENTATIVAS',
        `Muitas chamadas com chave de integração ausente ou inválida deste endereço. Tente novamente em ${formatWait(s)}.`,
        s,
      );
    }
    const mensagem = !valor
      ? MENSAGEM_CHAVE_AUSENTE
      : chave === 'revogada'
        ? MENSAGEM_CHAVE_REVOGADA
        : chave === 'expirada'
          ? MENSAGEM_CHAVE_EXPIRADA
          : MENSAGEM_CHAVE_INVALIDA;
    throw new ChaveRecusada(401, 'TOKEN_INVALIDO', mensagem);
  }

  /** 429 past the key's calls per minute (counted across instances); else its last use is noted. */
  async limitar(chave: ChaveAutenticada): Promise<void> {
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
