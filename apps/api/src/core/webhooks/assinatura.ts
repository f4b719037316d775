import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks 1.0 signatures (https://www.standardwebhooks.com): the endpoint secret is
 * `whsec_` + base64 of 24 random bytes; the signature is `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` with the decoded secret. During a rotation's overlap the header carries one
 * signature per secret, separated by spaces.
 */
export function novoSegredo(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function assinar(segredo: string, id: string, timestampSegundos: number, corpo: string): string {
  const chave = Buffer.from(segredo.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', chave).update(`${id}.${timestampSegundos}.${corpo}`).digest('base64');
  return `v1,${mac}`;
}

export function cabecalhoDeAssinatura(segredos: string[], id: string, ts: number, corpo: string): string {
  return segredos.map((s) => assinar(s, id, ts, corpo)).join(' ');
}

/**
 * Exponential back-off with jitter: attempt n (1-based) failed → wait base·2^(n-1), at most `max`,
 * times a random factor in [0.8, 1.2). With base 60 s, max 6 h and 19 retries: ≈ 2.9 days in all.
 */
export function esperaDepoisDaTentativa(n: number, baseMs: number, maxMs: number, acaso = Math.random()): number {
  const bruto = Math.min(baseMs * 2 ** Math.min(n - 1, 40), maxMs);
  return Math.round(bruto * (0.8 + 0.4 * acaso));
}
