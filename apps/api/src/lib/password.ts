import { hash, verify } from '@node-rs/argon2';

// 0001: argon2id, m=19 MiB, t=2, p=1 (OWASP minimum). Runs on libuv's pool, off the event loop.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(senha: string): Promise<string> {
  return hash(senha, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still verifies against a dummy one so that
 * "no account" and "wrong password" take about the same time.
 */
export async function verifyPassword(stored: string | null | undefined, senha: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('portal-dummy-password-never-matches');
    await verify(await dummy, senha).catch(() => false);
    return false;
  }
  return verify(stored, senha).catch(() => false);
}
