import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing (decisions 0030 and 0033, amended after issue 30's defect 6): the values the server must
 * read back — webhook secrets, the staff's TOTP secrets — are stored sealed with AES-256-GCM,
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. The key comes from outside the database
 * (CHAVE_DE_SELAGEM or CHAVE_DE_SELAGEM_ARQUIVO: 32 random bytes), and each use has its own key
 * derived from it with HKDF-SHA-256, so a webhook secret's ciphertext never opens as a TOTP secret.
 */
export const BYTES_DA_CHAVE = 32;

/** What a key seals: its own derived key each (the known-device cookie only signs with its). */
export type Proposito = 'webhooks' | 'equipe-totp' | 'equipe-dispositivo';

function derivar(mestra: Buffer, proposito: Proposito): Buffer {
  return Buffer.from(hkdfSync('sha256', mestra, Buffer.alloc(0), `portal-beneficiario:${proposito}`, BYTES_DA_CHAVE));
}

/**
 * A sealing key as the environment gives it: base64 (or base64url) of exactly 32 bytes
 * (`openssl rand -base64 32`). Null when it is anything else.
 */
export function lerChaveDeSelagem(texto: string): Buffer | null {
  const t = texto.trim();
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(t) && !/^[A-Za-z0-9_-]{43}$/.test(t)) return null;
  const chave = Buffer.from(t, t.includes('-') || t.includes('_') ? 'base64url' : 'base64');
  return chave.length === BYTES_DA_CHAVE ? chave : null;
}

/** A new sealing key, as CHAVE_DE_SELAGEM takes it. */
export function novaChaveDeSelagem(): string {
  return randomBytes(BYTES_DA_CHAVE).toString('base64');
}

/**
 * Seals with its first key and opens with any of them: during a rotation the server opens values
 * under the new key and the previous one (CHAVE_DE_SELAGEM_ANTERIOR) and seals under the new.
 */
export class Cofre {
  private readonly chaves: readonly Buffer[];

  constructor(chaves: readonly Buffer[]) {
    if (!chaves.length || chaves.some((c) => c.length !== BYTES_DA_CHAVE)) throw new Error('Cofre: 32-byte keys');
    this.chaves = chaves;
  }

  /** The use's own key derived from each master key (the first seals). */
  static derivado(mestras: readonly Buffer[], proposito: Proposito): Cofre {
    return new Cofre(mestras.map((m) => derivar(m, proposito)));
  }

  /**
   * The sealing before issue 30: key = SHA-256 of `webhooks:` + a server secret kept in the database
   * (`webhooks_secret`, `equipe_secret`). Only to open what a database still holds under it, once.
   */
  static legado(segredoDoServidor: string): Cofre {
    return new Cofre([createHash('sha256').update(`webhooks:${segredoDoServidor}`).digest()]);
  }

  /** One Cofre that opens with every key of these, and seals with the first one's. */
  static juntar(...cofres: Cofre[]): Cofre {
    return new Cofre(cofres.flatMap((c) => c.chaves));
  }

  selar(texto: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.chaves[0]!, iv);
    const ct = Buffer.concat([c.update(texto, 'utf8'), c.final()]);
    return ['v1', iv, c.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The clear text; throws when the value is not sealed under any of the keys (or is not a sealed value). */
  abrir(selado: string): string {
    const aberto = this.tentarAbrir(selado);
    if (aberto === null) throw new Error('sealed value: unknown format or another key');
    return aberto;
  }

  /** The clear text, or null when no key opens it. */
  tentarAbrir(selado: string): string | null {
    const [v, iv, tag, ct, ...resto] = selado.split('.');
    if (v !== 'v1' || !iv || !tag || ct === undefined || resto.length) return null;
    for (const chave of this.chaves) {
      try {
        const d = createDecipheriv('aes-256-gcm', chave, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
        d.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
      } catch {
        // Another key (the tag does not verify): try the next.
      }
    }
    return null;
  }
}

/** Everything sealed or signed with the sealing key, built once per process (app.ts, the CLIs). */
export interface Selagem {
  /** The webhook endpoints' secrets (decision 0030). */
  webhooks: Cofre;
  /** The staff accounts' TOTP secrets (decision 0033). */
  totp: Cofre;
  /** The key of the staff's known-device cookies (DispositivosConhecidos); changes with the key. */
  dispositivos: string;
}

/** The sealing of these master keys: the first seals and signs, the others only open (a rotation). */
export function selagemDe(mestras: readonly Buffer[]): Selagem {
  return {
    webhooks: Cofre.derivado(mestras, 'webhooks'),
    totp: Cofre.derivado(mestras, 'equipe-totp'),
    dispositivos: derivar(mestras[0]!, 'equipe-dispositivo').toString('hex'),
  };
}
