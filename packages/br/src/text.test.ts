import { expect, it } from 'vitest';
import { normalizeSearch } from './text';

it('normalizeSearch drops accents, case and extra spaces', () => {
  expect(normalizeSearch('  Clínica  CORAÇÃO Paulista ')).toBe('clinica coracao paulista');
  expect(normalizeSearch('São João d’Aliança')).toBe('sao joao d’alianca');
  expect(normalizeSearch(null)).toBe('');
});
