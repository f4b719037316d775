import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { closePasswordWorkers, hashPassword, medidasDoArgon2, verifyPassword } from './password';

afterAll(() => closePasswordWorkers());

const contagem = (operacao: 'hash' | 'verificar') =>
  medidasDoArgon2().series.find((s) => s.rotulos.operacao === operacao)!.contagem;

describe('the hashing queue as /metrics reads it', () => {
  it('a hash is in progress from the call to its end, then timed once', async () => {
    const antes = contagem('hash');
    const hash = hashPassword('uma senha qualquer');
    expect(medidasDoArgon2().emAndamento).toBe(1);
    await hash;
    expect(medidasDoArgon2().emAndamento).toBe(0);
    expect(contagem('hash')).toBe(antes + 1);
  });

  it('a verification is timed as verificar, right or wrong', async () => {
    const guardado = await hashPassword('a senha certa');
    const antes = contagem('verificar');
    expect(await verifyPassword(guardado, 'a senha errada')).toBe(false);
    expect(await verifyPassword(guardado, 'a senha certa')).toBe(true);
    expect(contagem('verificar')).toBe(antes + 2);
  });

  it('calls beyond the threads wait for one, and are counted waiting', async () => {
    const n = availableParallelism() + 3;
    const hashes = Array.from({ length: n }, (_, i) => hashPassword(`senha ${i}`));
    const agora = medidasDoArgon2();
    expect(agora.emAndamento).toBe(n);
    expect(agora.aguardando).toBeGreaterThan(0);
    await Promise.all(hashes);
    expect(medidasDoArgon2()).toMatchObject({ emAndamento: 0, aguardando: 0 });
  });
});
