import { randomInt } from 'node:crypto';
import { maskEmail, maskPhone } from '@portal/br';
import { type CodigoEmAberto, LIMITES } from '@portal/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../lib/app-error';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import type { Throttle } from '../../lib/tentativas';
import type { AuditRepository, Origin } from '../auditoria/repository';
import type { Notifier } from '../notificacoes/service';
import type { CanalCodigo, CodigoRow, CodigosRepository, Finalidade } from './repository';

/** The web app reads the same limit (a reloaded /cadastro brings the code step back while it holds). */
export const CODIGO_VALIDADE_MS = LIMITES.codigoValidadeMs;
export const CODIGO_MAX_TENTATIVAS = 5;
/** CadastrarSenha must follow the confirmation within this time. */
export const CONFIRMACAO_VALIDADE_MS = 15 * 60_000;

const INVALIDO = 'Código inválido. Verifique e tente novamente.';
const BLOQUEADO = 'Código bloqueado por excesso de tentativas. Solicite um novo código.';
const EXPIRADO = 'Código expirado. Solicite um novo código.';
const SEM_CODIGO = 'Nenhum código válido foi solicitado neste navegador. Solicite um novo código.';
/** Keyed by the channel the code went through (the member typed it for the other one). */
const OUTRO_CANAL: Record<CanalCodigo, string> = {
  email:
    'O código de verificação foi enviado para o seu e-mail, não por SMS. Digite o código que você recebeu por e-mail.',
  sms: 'O código de verificação foi enviado por SMS para o seu celular, não para o e-mail. Digite o código que você recebeu por SMS.',
};

function codigoEmAberto(row: CodigoRow): CodigoEmAberto {
  return { canal: row.canal, destino: row.canal === 'email' ? maskEmail(row.destino) : maskPhone(row.destino) };
}

interface Ctx {
  cpf: string;
  finalidade: Finalidade;
  canal?: CanalCodigo;
  /** pb_fluxo cookie of this browser (undefined when it has none). */
  fluxo: string | undefined;
  origin: Origin;
}

/** What the codes by SMS/e-mail need, built once in services.ts (decision 0007). */
export interface CodigosDeps {
  repo: CodigosRepository;
  secret: string;
  throttle: Throttle;
  notifier: Notifier;
  audit: AuditRepository;
  clock: Clock;
}

/**
 * Verification codes (0002): 6 digits from a CSPRNG, stored as HMAC(CODE_SECRET, cpf:code),
 * 10 minutes, single use, 5 wrong tries, bound to the browser's pb_fluxo cookie.
 */
export class CodigosService {
  constructor(private readonly d: CodigosDeps) {}

  private digest(cpf: string, codigo: string): string {
    return hmac(this.d.secret, `${cpf}:${codigo}`);
  }

  /**
   * Sends a new code to `destino` (a contact on file). Returns the flow cookie to set. A send
   * refused because a code went out less than 2 minutes ago (429 AGUARDE_REENVIO) says where the
   * code that still works in this browser went (`codigoEmAberto`), when there is one.
   */
  async send(ctx: Ctx & { canal: CanalCodigo; destino: string }): Promise<string> {
    let giveBack: () => Promise<void>;
    try {
      giveBack = await this.d.throttle.reserveCodeSend(ctx.cpf, ctx.finalidade, ctx.origin.ip);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'AGUARDE_REENVIO')) throw err;
      const aberto = await this.emAberto(ctx);
      if (!aberto) throw err;
      throw new AppError(429, 'AGUARDE_REENVIO', err.message, err.aguardarSegundos, { codigoEmAberto: aberto });
    }
    const fluxo = ctx.fluxo ?? randomToken();
    const codigo = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const at = new Date(this.d.clock.now());
    try {
      await this.d.repo.invalidateOpen(ctx.cpf, ctx.finalidade, at);
      await this.d.repo.insert({
        cpf: ctx.cpf,
        finalidade: ctx.finalidade,
        canal: ctx.canal,
        destino: ctx.destino,
        codigoHmac: this.digest(ctx.cpf, codigo),
        fluxoHash: sha256(fluxo),
        at,
        expiraEm: new Date(at.getTime() + CODIGO_VALIDADE_MS),
      });
      await this.d.notifier.sendCode(ctx.canal, ctx.destino, codigo);
    } catch (err) {
      await giveBack().catch(() => undefined); // nothing went out: no wait, no count
      throw err;
    }
    await this.d.audit.write('codigo_enviado', ctx.cpf, ctx.origin, { finalidade: ctx.finalidade, canal: ctx.canal });
    return fluxo;
  }

  /**
   * The code of this CPF and purpose that still works in this browser (unexpired, tries left, not
   * used up, bound to its flow cookie): its channel and masked contact. Null otherwise.
   */
  private async emAberto(ctx: Ctx): Promise<CodigoEmAberto | null> {
    if (!ctx.fluxo) return null;
    const row = await this.d.repo.findOpen(ctx.cpf, ctx.finalidade);
    if (!row || !safeEqual(row.fluxo_hash, sha256(ctx.fluxo)) || this.morto(row)) return null;
    return codigoEmAberto(row);
  }

  /** Why a code no longer works (expired, no tries left), or null while it does. */
  private morto(row: CodigoRow): AppError | null {
    if (this.d.clock.now() >= new Date(row.expira_em).getTime()) return new AppError(422, 'CODIGO_EXPIRADO', EXPIRADO);
    if (row.tentativas >= CODIGO_MAX_TENTATIVAS) return new AppError(422, 'CODIGO_INVALIDO', BLOQUEADO);
    return null;
  }

  /**
   * The open code of this flow, or 422 CODIGO_NAO_CONFIRMADO. With `canal`, a live code of this
   * flow that went through the other channel is 422 CODIGO_OUTRO_CANAL, saying where it went.
   */
  async openInFlow(ctx: Ctx): Promise<CodigoRow> {
    const row = await this.d.repo.findOpen(ctx.cpf, ctx.finalidade);
    const sameFlow = row && ctx.fluxo && safeEqual(row.fluxo_hash, sha256(ctx.fluxo));
    if (!row || !sameFlow) throw new AppError(422, 'CODIGO_NAO_CONFIRMADO', SEM_CODIGO);
    if (ctx.canal && row.canal !== ctx.canal) {
      const morto = this.morto(row);
      if (morto) throw morto; // whatever the channel, a new code is needed
      throw new AppError(422, 'CODIGO_OUTRO_CANAL', OUTRO_CANAL[row.canal], undefined, {
        codigoEmAberto: codigoEmAberto(row),
      });
    }
    return row;
  }

  /**
   * Checks a typed code: counts a wrong try, marks it validated when right. Does not use it up.
   * `recusar`: registration's typed contact was wrong — the code is treated as wrong whatever it
   * is, so that call answers exactly as a wrong code would (issue 13, defect 3).
   */
  async check(ctx: Ctx & { codigo: string; recusar?: boolean }, mark = true): Promise<CodigoRow> {
    await this.d.throttle.assertCodeCheck(ctx.origin.ip);
    const row = await this.openInFlow(ctx);
    const now = this.d.clock.now();
    if (now >= new Date(row.expira_em).getTime()) throw new AppError(422, 'CODIGO_EXPIRADO', EXPIRADO);
    const matches = !ctx.recusar && safeEqual(row.codigo_hmac, this.digest(ctx.cpf, ctx.codigo));
    // A code already validated in this flow is checked again by AlterarSenha: that repeat does not
    // spend a try. Every other comparison takes its try first (see reserveTry).
    if (!(matches && row.validado_em)) {
      const tentativas = await this.d.repo.reserveTry(row.id, CODIGO_MAX_TENTATIVAS);
      if (tentativas === null) throw new AppError(422, 'CODIGO_INVALIDO', BLOQUEADO);
      if (!matches) {
        await this.d.audit.write('codigo_falha', ctx.cpf, ctx.origin, { finalidade: ctx.finalidade, tentativas });
        throw new AppError(422, 'CODIGO_INVALIDO', tentativas >= CODIGO_MAX_TENTATIVAS ? BLOQUEADO : INVALIDO);
      }
    }
    if (mark && !row.validado_em) {
      await this.d.repo.markValidated(row.id, new Date(now));
      await this.d.audit.write('codigo_confirmado', ctx.cpf, ctx.origin, {
        finalidade: ctx.finalidade,
        canal: row.canal,
      });
    }
    return row;
  }

  /**
   * Uses up a code confirmed in this flow within `withinMs` of its confirmation (registration:
   * 15 minutes). Refused with 422 CODIGO_NAO_CONFIRMADO otherwise.
   */
  async consumeConfirmed(ctx: Ctx, withinMs: number): Promise<void> {
    const row = await this.d.repo.findOpen(ctx.cpf, ctx.finalidade);
    const sameFlow = row && ctx.fluxo && safeEqual(row.fluxo_hash, sha256(ctx.fluxo));
    const fresh = row?.validado_em && this.d.clock.now() - new Date(row.validado_em).getTime() <= withinMs;
    if (!row || !sameFlow || !fresh || !(await this.d.repo.consume(row.id, new Date(this.d.clock.now())))) {
      throw new AppError(422, 'CODIGO_NAO_CONFIRMADO', 'Confirme o código de verificação antes de cadastrar a senha.');
    }
  }

  /** Recovery: the same code again, validated before, same flow, not expired; then used up. */
  async consumeValidated(ctx: Ctx & { codigo: string }): Promise<void> {
    const row = await this.check(ctx, false);
    if (!row.validado_em || !(await this.d.repo.consume(row.id, new Date(this.d.clock.now())))) {
      throw new AppError(422, 'CODIGO_NAO_CONFIRMADO', 'Valide o código antes de alterar a senha.');
    }
  }
}
