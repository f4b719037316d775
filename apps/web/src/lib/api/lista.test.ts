import { expect, it } from 'vitest';
import { listaDaResposta } from './lista';

it('reads a list bare or wrapped in dados; anything else is an empty list', () => {
  expect(listaDaResposta([{ a: 1 }])).toEqual([{ a: 1 }]);
  expect(listaDaResposta({ dados: [{ a: 1 }] })).toEqual([{ a: 1 }]);
  for (const outra of [null, undefined, {}, { dados: null }, { dados: 'x' }, 'texto', 42]) {
    expect(listaDaResposta(outra), JSON.stringify(outra)).toEqual([]);
  }
});
