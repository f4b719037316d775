import { expect, it } from 'vitest';
import { contrasteComBranco, escalaDaMarca, temaCss } from './tema';

it('contrast against white follows WCAG 2 (known pairs)', () => {
  expect(contrasteComBranco('#000000')).toBeCloseTo(21, 1);
  expect(contrasteComBranco('#ffffff')).toBeCloseTo(1, 5);
  // #767676 is the classic lightest grey that passes AA on white (4.54:1).
  expect(contrasteComBranco('#767676')).toBeCloseTo(4.54, 1);
});

it('the derived scale keeps the colour at 700, lightens towards 50 and darkens towards 900', () => {
  const s = escalaDaMarca('#7a1f5c');
  expect(s[700]).toBe('#7a1f5c');
  const order = [50, 100, 200, 300, 500, 600, 700, 800, 900].map((k) => contrasteComBranco(s[k]!));
  for (let i = 1; i < order.length; i++) expect(order[i]!).toBeGreaterThan(order[i - 1]!);
  expect(contrasteComBranco(s[50]!)).toBeLessThan(1.2);
  expect(contrasteComBranco(s[900]!)).toBeGreaterThan(contrasteComBranco(s[700]!));
});

it('the demo colour needs no override; another colour yields the CSS variables', () => {
  expect(temaCss('#0B5C7A')).toBe('');
  const css = temaCss('#7a1f5c');
  expect(css).toMatch(/^:root\{--color-brand-50:#[0-9a-f]{6};/);
  expect(css).toContain('--color-brand-700:#7a1f5c;');
});
