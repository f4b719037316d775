import { formatBRL } from '@portal/br';
import { expect, it } from 'vitest';
import { totalDaContratacao } from './total';

it('total = selected × value per beneficiary, without floating-point drift', () => {
  expect(totalDaContratacao(0, 29.9)).toBe(0);
  expect(totalDaContratacao(2, 29.9)).toBe(59.8);
  expect(totalDaContratacao(3, 19.9)).toBe(59.7); // 3 * 19.9 is 59.699999… in floating point
  expect(formatBRL(totalDaContratacao(3, 29.9)).replace(/\s/g, ' ')).toBe('R$ 89,70');
});
