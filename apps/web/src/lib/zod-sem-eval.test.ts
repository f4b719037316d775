import { afterEach, expect, test } from 'vitest';
import './zod-sem-eval';

const FunctionOriginal = globalThis.Function;

afterEach(() => {
  globalThis.Function = FunctionOriginal;
});

test('com o módulo carregado, o zod valida um objeto sem criar código em tempo de execução (a CSP recusa eval)', async () => {
  let criadas = 0;
  globalThis.Function = new Proxy(FunctionOriginal, {
    construct(alvo, args: string[]) {
      criadas++;
      return Reflect.construct(alvo, args);
    },
    apply(alvo, esse, args: string[]) {
      criadas++;
      return Reflect.apply(alvo, esse, args) as unknown;
    },
  });
  const { z } = await import('zod');
  const esquema = z.object({ nome: z.string(), idade: z.number() });
  expect(esquema.parse({ nome: 'Carlos', idade: 40 })).toEqual({ nome: 'Carlos', idade: 40 });
  expect(criadas).toBe(0);
});
