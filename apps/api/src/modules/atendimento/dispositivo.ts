import { randomBytes } from 'node:crypto';
import { hmac, safeEqual, sha256 } from '../../lib/crypto';

/**
 * The known-device cookie of the staff sign-in (decision 0033, penetration test defect 4; OWASP's
 * "device cookies"): after a sign-in with password and code the browser gets `pb_equipe_dispositivo`
 * (HttpOnly, SameSite=Strict, path /api/atendimento), which names the account and an id of this
 * device, signed with a key derived from the sealing key (lib/selagem.ts, issue 30). It opens nothing by
 * itself: it only lets that browser try the account's password past the limit strangers trigger,
 * at its own progressive pace (lib/tentativas.ts). No row is kept: a device is forgotten when the
 * cookie expires (90 days after its last sign-in) or the sealing key changes.
 */
export const COOKIE_EQUIPE_DISPOSITIVO = 'pb_equipe_dispositivo';
export const DISPOSITIVO_CONHECIDO_MS = 90 * 24 * 3600_000;

const VERSAO = 'v1';

export class DispositivosConhecidos {
  private readonly chave: string;

  constructor(segredoDoServidor: string) {
    // Its own key, so a cookie's signature says nothing about the TOTP sealing key.
    this.chave = sha256(`equipe-dispositivo:${segredoDoServidor}`);
  }

  /** A new cookie value for the account (a new device id at every sign-in). */
  emitir(contaId: string, agora: number): string {
    const id = randomBytes(16).toString('base64url');
    const ate = Math.floor((agora + DISPOSITIVO_CONHECIDO_MS) / 1000);
    const corpo = `${VERSAO}.${contaId}.${id}.${ate}`;
    return `${corpo}.${hmac(this.chave, corpo)}`;
  }

  /**
   * The device's id when `valor` is a cookie this server signed for `contaId` and not expired; null
   * otherwise (absent, forged, another account's, too old).
   */
  ler(valor: string | undefined, contaId: string, agora: number): string | null {
    if (!valor || valor.length > 300) return null;
    const partes = valor.split('.');
    if (partes.length !== 5) return null;
    const [versao, conta, id, ate, assinatura] = partes as [string, string, string, string, string];
    if (!safeEqual(hmac(this.chave, `${versao}.${conta}.${id}.${ate}`), assinatura)) return null;
    if (versao !== VERSAO || conta !== contaId || !/^\d+$/.test(ate) || Number(ate) * 1000 <= agora) return null;
    return id;
  }
}
