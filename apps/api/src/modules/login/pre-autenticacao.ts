import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto';

export const COOKIE_PREAUTH = 'pb_preauth';
export const PREAUTH_VALIDADE_MS = 2 * 60_000;

/**
 * The proof that this browser passed PerfisDaConta's password check for a CPF a moment ago, so
 * that Autenticar (the next call of the same login, spec 7) opens the session without a second
 * argon2id hash: a login costs one hash, not two (issue 9: logins/s). Single use, 2 minutes, bound
 * to the HttpOnly cookie, the CPF and an HMAC of the same password; a password change drops them.
 */
export class PreAutenticacao {
  constructor(
    private readonly db: Queryable,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  private senhaHmac(cpf: string, senha: string): string {
    return hmac(this.secret, `preauth:${cpf}:${senha}`);
  }

  /** After a right password: the cookie value to hand to the browser. */
  async emitir(cpf: string, senha: string): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await this.db.query(
      `insert into pre_autenticacoes (token_hash, cpf, senha_hmac, criado_em, expira_em) values ($1, $2, $3, $4, $5)`,
      [sha256(token), cpf, this.senhaHmac(cpf, senha), new Date(now), new Date(now + PREAUTH_VALIDADE_MS)],
    );
    return token;
  }

  /** True once per proof, for the same CPF and password within 2 minutes; false otherwise. */
  async consumir(token: string | undefined, cpf: string, senha: string): Promise<boolean> {
    if (!token) return false;
    const now = new Date(this.clock.now());
    const [row] = await this.db.query<{ senha_hmac: string }>(
      `update pre_autenticacoes set usado_em = $3
        where token_hash = $1 and cpf = $2 and usado_em is null and expira_em > $3
       returning senha_hmac`,
      [sha256(token), cpf, now],
    );
    return row ? safeEqual(row.senha_hmac, this.senhaHmac(cpf, senha)) : false;
  }

  /** A password change invalidates every proof of the CPF. */
  async descartarDe(cpf: string): Promise<void> {
    await this.db.query('delete from pre_autenticacoes where cpf = $1', [cpf]);
  }
}
