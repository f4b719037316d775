import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** 32 random bytes, base64url: cookie values. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const MIN_16_DIGITS = 1_000_000_000_000_000n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A random 16-digit number below 2^53 (codigoSessao): 53 random bits, redrawn until in range. */
export function randomSessionCode(): number {
  for (;;) {
    const n = randomBytes(8).readBigUInt64BE(0) >> 11n; // 64 bits → 53 bits
    if (n >= MIN_16_DIGITS && n <= MAX_SAFE) return Number(n);
  }
}
