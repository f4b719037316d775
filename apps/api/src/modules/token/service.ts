import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock';
import { safeEqual } from '../../lib/crypto';

const ISSUER = 'portal-beneficiario';
const AUDIENCE = 'portal-api';

/** What the API tokens need, built once in services.ts (decision 0007). */
export interface TokenDeps {
  secret: string;
  client: { usuario: string; senha: string };
  ttlSeconds: number;
  clock: Clock;
}

/**
 * The API token only says "this is our app" (its credential ships in every browser); the member
 * is identified by the session. HS256, short-lived (0002), with a unique id (jti) so one token can
 * be traced in the logs.
 *
 * Every protected call verifies it, so verification is cheap (0006): the key is imported once, and
 * a token that verified is remembered until it expires (a token cannot be revoked anyway; the
 * member's session is what a logout ends).
 */
export class TokenService {
  private readonly key: KeyObject;
  private readonly verified = new LRUCache<string, number>({ max: 50_000 });

  constructor(private readonly d: TokenDeps) {
    this.key = createSecretKey(Buffer.from(d.secret, 'utf8'));
  }

  credentialMatches(usuario: string, senha: string): boolean {
    // Both compared every time, so timing does not tell which one was wrong.
    const u = safeEqual(usuario, this.d.client.usuario);
    const s = safeEqual(senha, this.d.client.senha);
    return u && s;
  }

  issue(usuario: string): Promise<string> {
    const now = Math.floor(this.d.clock.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(usuario)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + this.d.ttlSeconds)
      .sign(this.key);
  }

  /** true when this token was verified before and has not expired; undefined when it must be (0035). */
  verificadoEmMemoria(token: string): true | undefined {
    const exp = this.verified.get(token);
    return exp !== undefined && this.d.clock.now() < exp ? true : undefined;
  }

  async verify(token: string): Promise<boolean> {
    const now = this.d.clock.now();
    const exp = this.verified.get(token);
    if (exp !== undefined) {
      if (now < exp) return true;
      this.verified.delete(token);
      return false;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(now),
      });
      if (typeof payload.exp === 'number') this.verified.set(token, payload.exp * 1000);
      return true;
    } catch {
      return false;
    }
  }
}
