import { expect, it } from 'vitest';
import { statusVisual } from './status';

it('docs/produto/autorizacoes.md "States": aprovado default with a check, pendente secondary with a clock, negado shown as Concluído', () => {
  expect(statusVisual('aprovado')).toEqual({ rotulo: 'Aprovado', variante: 'default', icone: 'check' });
  expect(statusVisual('pendente')).toEqual({ rotulo: 'Pendente', variante: 'secondary', icone: 'clock' });
  expect(statusVisual('negado').rotulo).toBe('Concluído');
  expect(statusVisual(' APROVADO ').rotulo).toBe('Aprovado');
});

it('anything else is treated as pendente', () => {
  for (const s of ['em análise', '', null, undefined, 'cancelado']) expect(statusVisual(s).rotulo).toBe('Pendente');
});
