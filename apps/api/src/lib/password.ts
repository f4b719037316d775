import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

// 0001: argon2id, m=19 MiB, t=2, p=1 (OWASP minimum).
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashing runs on its own worker threads, one per core, at a lower priority (nice +10): off the
 * event loop, using every core when the portal is otherwise idle, yet yielding the CPU to the
 * threads that answer other members' calls (issue 9: logins must not starve data calls).
 */
let pool: Piscina | undefined;
function workers(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./argon2-worker.mjs', import.meta.url).href,
    maxThreads: availableParallelism(),
    minThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 10,
  });
  return pool;
}

export function hashPassword(senha: string): Promise<string> {
  return workers().run({ op: 'hash', senha, options: OPTIONS }) as Promise<string>;
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still verifies against a dummy one so that
 * "no account" and "wrong password" take about the same time.
 */
export async function verifyPassword(stored: string | null | undefined, senha: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('portal-dummy-password-never-matches');
    await workers().run({ op: 'verify', senha, stored: await dummy });
    return false;
  }
  return workers().run({ op: 'verify', senha, stored }) as Promise<boolean>;
}

/** At shutdown (app onClose), so the process can exit. */
export async function closePasswordWorkers(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
