import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../clock';
import { safeEqual } from '../../lib/crypto';

const ISSUER = 'portal-beneficiario';
const AUDIENCE = 'portal-api';

/**
 * The API token only says "this is our app" (its credential ships in every browser); the member
 * is identified by the session. HS256, short-lived (0002).
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly client: { usuario: string; senha: string },
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  credentialMatches(usuario: string, senha: string): boolean {
    // Both compared every time, so timing does not tell which one was wrong.
    const u = safeEqual(usuario, this.client.usuario);
    const s = safeEqual(senha, this.client.senha);
    return u && s;
  }

  issue(usuario: string): Promise<string> {
    const now = Math.floor(this.clock.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(usuario)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<boolean> {
    try {
      await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.clock.now()),
      });
      return true;
    } catch {
      return false;
    }
  }
}
