import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import { SerieDeDuracao } from './histograma';

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

/** Seconds: one hash takes tens of milliseconds on a free core; a queue of sign-ins makes it seconds. */
const FAIXAS_DO_ARGON2 = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What /metrics reads of the hashing (issue 32): kept per process, as the worker pool is, whatever
 * app registry reads them. Counting costs two additions per hash, metrics on or off.
 */
const medidas = {
  emAndamento: 0,
  hash: new SerieDeDuracao({ operacao: 'hash' }, FAIXAS_DO_ARGON2),
  verificar: new SerieDeDuracao({ operacao: 'verificar' }, FAIXAS_DO_ARGON2),
};

/** Hashes and verifications now (waiting for a thread or running), those waiting, and their durations. */
export function medidasDoArgon2() {
  return {
    emAndamento: medidas.emAndamento,
    aguardando: pool?.queueSize ?? 0,
    series: [medidas.hash, medidas.verificar] as const,
  };
}

/** One task on the pool, counted from the call (the wait for a thread included) to its end. */
async function medir<T>(serie: SerieDeDuracao, tarefa: () => Promise<T>): Promise<T> {
  const inicio = performance.now();
  medidas.emAndamento++;
  try {
    return await tarefa();
  } finally {
    medidas.emAndamento--;
    serie.observar((performance.now() - inicio) / 1000);
  }
}

export function hashPassword(senha: string): Promise<string> {
  return medir(medidas.hash, () => workers().run({ op: 'hash', senha, options: OPTIONS }) as Promise<string>);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still verifies against a dummy one so that
 * "no account" and "wrong password" take about the same time.
 */
export async function verifyPassword(stored: string | null | undefined, senha: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('portal-dummy-password-never-matches');
    const contra = await dummy;
    await medir(medidas.verificar, () => workers().run({ op: 'verify', senha, stored: contra }));
    return false;
  }
  return medir(medidas.verificar, () => workers().run({ op: 'verify', senha, stored }) as Promise<boolean>);
}

/** At shutdown (app onClose), so the process can exit. */
export async function closePasswordWorkers(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
