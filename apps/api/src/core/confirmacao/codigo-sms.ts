import { randomInt } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError, formatWait, muitasTentativas } from '../../lib/app-error';
import type { CounterStore } from '../../lib/counters';
import { hmac, safeEqual } from '../../lib/crypto';
import { FalhaComEfeito } from '../solicitacoes/solicitacoes';

/**
 * The SMS code that confirms a member's request inside the portal (add-on contracting, decision
 * 0013; plan cancellation, 0018): as strict as the sign-in codes. 6 digits from the CSPRNG,
 * stored only as an HMAC of its context (session, what it confirms) and the digits, 10 minutes,
 * single use, 5 tries, a new send supersedes the open one. Each flow keeps its codes in its own
 * table (same shape, see repository.ts); the rules live here once, the send and the check in
 * ConfirmacaoPorSms (service.ts).
 */
export const CODIGO_VALIDADE_MS = 10 * 60_000;
export const CODIGO_MAX_TENTATIVAS = 5;
const HOUR = 3_600_000;

export const CODIGO_INVALIDO = 'Token inválido ou expirado. Verifique o código e tente novamente.';
export const CODIGO_BLOQUEADO = 'Código bloqueado por excesso de tentativas. Solicite um novo código.';
export const CODIGO_EXPIRADO = 'Token inválido ou expirado. Solicite um novo código.';
export const SEM_CODIGO = 'Nenhum código válido foi solicitado nesta sessão. Solicite um novo código.';

export type LimitesCodigo = Pick<
  Config['throttle'],
  'codeResendSeconds' | 'codeCpfPerHour' | 'codeIpPerHour' | 'codeCheckIpPer10Min'
>;

/** An open code as its table stores it. */
export interface CodigoAberto {
  id: string;
  codigo_hmac: string;
  expira_em: Date | string;
  tentativas: number;
}

/** What a flow's repository does to its own code rows (inside the request's transaction). */
export interface TentativasDeCodigo {
  contarTentativa(id: string): Promise<number>;
  marcarUsado(id: string, at: Date): Promise<void>;
}

export interface CodigoSmsDeps {
  /** Prefix of the rate counters ('servicos', 'cancelamento'). */
  nome: string;
  /** CODE_SECRET, the HMAC key of stored codes. */
  secret: string;
  counters: CounterStore;
  limites: LimitesCodigo;
  clock: Clock;
}

export class CodigoSms {
  private readonly nome: string;
  private readonly secret: string;
  private readonly counters: CounterStore;
  private readonly limites: LimitesCodigo;
  private readonly clock: Clock;

  constructor(d: CodigoSmsDeps) {
    this.nome = d.nome;
    this.secret = d.secret;
    this.counters = d.counters;
    this.limites = d.limites;
    this.clock = d.clock;
  }

  gerar(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  /** HMAC of the context (who, what it confirms) and the digits: the only form stored. */
  digest(contexto: string, codigo: string): string {
    return hmac(this.secret, `${contexto}:${codigo}`);
  }

  /**
   * One atomic hit per window before a send; over the limit → 429 (the sign-in numbers, 0002):
   * `intervalo` (session + what it confirms) waits codeResendSeconds between sends, then per CPF
   * and per IP per hour.
   */
  async limitarEnvio(intervalo: string, cpf: string, ip: string): Promise<void> {
    const gap = this.limites.codeResendSeconds * 1000;
    if (gap > 0) {
      const g = await this.counters.hit(`${this.nome}:envio:gap:${intervalo}`, gap);
      if (g.count > 1) {
        const s = Math.max(1, Math.ceil((g.resetAt - this.clock.now()) / 1000));
        throw new AppError(
          429,
          'AGUARDE_REENVIO',
          `Aguarde ${formatWait(this.limites.codeResendSeconds)} para reenviar o código.`,
          s,
        );
      }
    }
    const [porCpf, porIp] = await Promise.all([
      this.counters.hit(`${this.nome}:envio:cpf:${cpf}`, HOUR),
      this.counters.hit(`${this.nome}:envio:ip:${ip}`, HOUR),
    ]);
    if (porCpf.count > this.limites.codeCpfPerHour) throw muitasTentativas((porCpf.resetAt - this.clock.now()) / 1000);
    if (porIp.count > this.limites.codeIpPerHour) throw muitasTentativas((porIp.resetAt - this.clock.now()) / 1000);
  }

  /** Checks per IP per 10 minutes, on top of the 5 tries of each code. */
  async limitarVerificacao(ip: string): Promise<void> {
    const c = await this.counters.hit(`${this.nome}:codigo:ip:${ip}`, 10 * 60_000);
    if (c.count > this.limites.codeCheckIpPer10Min) throw muitasTentativas((c.resetAt - this.clock.now()) / 1000);
  }

  /** The open code (locked by the caller's `for update`) still usable now? Throws 422 otherwise. */
  exigirAberto<R extends CodigoAberto>(row: R | null, agora: Date): R {
    if (!row) throw new AppError(422, 'CODIGO_NAO_CONFIRMADO', SEM_CODIGO);
    if (agora.getTime() >= new Date(row.expira_em).getTime())
      throw new AppError(422, 'CODIGO_EXPIRADO', CODIGO_EXPIRADO);
    if (row.tentativas >= CODIGO_MAX_TENTATIVAS) throw new AppError(422, 'CODIGO_INVALIDO', CODIGO_BLOQUEADO);
    return row;
  }

  /**
   * Counts the try, compares in constant time and uses the code up. A wrong code throws
   * FalhaComEfeito: the counted try stays although the request fails (0012).
   */
  async conferir(
    row: CodigoAberto,
    esperado: string,
    repo: TentativasDeCodigo,
    agora: Date,
    aoFalhar: (tentativas: number) => Promise<void>,
  ): Promise<void> {
    const tentativas = await repo.contarTentativa(row.id);
    if (!safeEqual(row.codigo_hmac, esperado)) {
      await aoFalhar(tentativas);
      throw new FalhaComEfeito(
        new AppError(422, 'CODIGO_INVALIDO', tentativas >= CODIGO_MAX_TENTATIVAS ? CODIGO_BLOQUEADO : CODIGO_INVALIDO),
      );
    }
    await repo.marcarUsado(row.id, agora);
  }
}
