import type { Clock } from '../../clock';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import type { PreAutenticacoesRepository } from './pre-autenticacao-repository';

export const COOKIE_PREAUTH = 'pb_preauth';
export const PREAUTH_VALIDADE_MS = 2 * 60_000;

/** What the sign-in's proof needs, built once in services.ts (decision 0007). */
export interface PreAutenticacaoDeps {
  repo: PreAutenticacoesRepository;
  secret: string;
  clock: Clock;
}

/**
 * The proof that this browser passed PerfisDaConta's password check for a CPF a moment ago, so
 * that Autenticar (the next call of the same login, docs/produto/acesso.md "Calls") opens the session without a second
 * argon2id hash: a login costs one hash, not two (issue 9: logins/s). Single use, 2 minutes, bound
 * to the HttpOnly cookie, the CPF and an HMAC of the same password; a password change drops them.
 */
export class PreAutenticacao {
  constructor(private readonly d: PreAutenticacaoDeps) {}

  private senhaHmac(cpf: string, senha: string): string {
    return hmac(this.d.secret, `preauth:${cpf}:${senha}`);
  }

  /** After a right password: the cookie value to hand to the browser. */
  async emitir(cpf: string, senha: string): Promise<string> {
    const token = randomToken();
    const now = this.d.clock.now();
    await this.d.repo.inserir({
      tokenHash: sha256(token),
      cpf,
      senhaHmac: this.senhaHmac(cpf, senha),
      criadoEm: new Date(now),
      expiraEm: new Date(now + PREAUTH_VALIDADE_MS),
    });
    return token;
  }

  /** True once per proof, for the same CPF and password within 2 minutes; false otherwise. */
  async consumir(token: string | undefined, cpf: string, senha: string): Promise<boolean> {
    if (!token) return false;
    const senhaHmac = await this.d.repo.usar(sha256(token), cpf, new Date(this.d.clock.now()));
    return senhaHmac ? safeEqual(senhaHmac, this.senhaHmac(cpf, senha)) : false;
  }

  /** A password change invalidates every proof of the CPF. */
  async descartarDe(cpf: string): Promise<void> {
    await this.d.repo.apagarDe(cpf);
  }
}
