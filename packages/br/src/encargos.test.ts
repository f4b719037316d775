import { describe, expect, it } from 'vitest';
import { calcularEncargosAtraso } from './encargos';

const PADRAO = { multaPercentual: 2, jurosMensalPercentual: 1 };

describe('calcularEncargosAtraso (multa once, juros a.m. pro rata die)', () => {
  it('R$ 1.000,00 paid 16 days late: 2 % fine and 16/30 of 1 % interest', () => {
    // 100000 × 1 % × 16 / 30 = 533,33… → 533
    expect(calcularEncargosAtraso(100_000, 16, PADRAO)).toEqual({
      multaCentavos: 2_000,
      jurosCentavos: 533,
      totalCentavos: 102_533,
    });
  });

  it('interest grows a day at a time; 30 days is exactly the month rate', () => {
    const juros = [1, 2, 29, 30, 31, 60].map((d) => calcularEncargosAtraso(123_456, d, PADRAO).jurosCentavos);
    // 1234,56 centavos a month, 41,152 a day
    expect(juros).toEqual([41, 82, 1193, 1235, 1276, 2469]);
  });

  it('each charge is rounded half up to the centavo on its own', () => {
    // 75 × 2 % = 1,5 → 2; 1500 × 1 % / 30 = 0,5 → 1; 1499 × 1 % / 30 = 0,4997 → 0
    expect(calcularEncargosAtraso(75, 1, PADRAO).multaCentavos).toBe(2);
    expect(calcularEncargosAtraso(1_500, 1, PADRAO).jurosCentavos).toBe(1);
    expect(calcularEncargosAtraso(1_499, 1, PADRAO).jurosCentavos).toBe(0);
    const e = calcularEncargosAtraso(48_731, 47, PADRAO);
    expect(e.totalCentavos).toBe(48_731 + e.multaCentavos + e.jurosCentavos);
    expect(e).toEqual({ multaCentavos: 975, jurosCentavos: 763, totalCentavos: 50_469 });
  });

  it('0 days late costs nothing, not even the fine', () => {
    expect(calcularEncargosAtraso(48_731, 0, PADRAO)).toEqual({
      multaCentavos: 0,
      jurosCentavos: 0,
      totalCentavos: 48_731,
    });
  });

  it('other rules within the caps: fractions of a percent, or no charge at all', () => {
    expect(calcularEncargosAtraso(100_000, 10, { multaPercentual: 1.5, jurosMensalPercentual: 0.5 })).toEqual({
      multaCentavos: 1_500,
      jurosCentavos: 167,
      totalCentavos: 101_667,
    });
    expect(calcularEncargosAtraso(100_000, 10, { multaPercentual: 0, jurosMensalPercentual: 0 }).totalCentavos).toBe(
      100_000,
    );
  });

  it('refuses rules above the legal caps (2 % fine, 1 % a month) instead of lowering them', () => {
    expect(() => calcularEncargosAtraso(100_000, 5, { multaPercentual: 2.01, jurosMensalPercentual: 1 })).toThrow(
      /limite legal de 2%/,
    );
    expect(() => calcularEncargosAtraso(100_000, 5, { multaPercentual: 2, jurosMensalPercentual: 1.1 })).toThrow(
      /limite legal de 1%/,
    );
    expect(() => calcularEncargosAtraso(100_000, 5, { multaPercentual: -1, jurosMensalPercentual: 1 })).toThrow(
      RangeError,
    );
  });

  it('refuses amounts and days that are not whole numbers', () => {
    expect(() => calcularEncargosAtraso(100.5, 5, PADRAO)).toThrow(RangeError);
    expect(() => calcularEncargosAtraso(100, 1.5, PADRAO)).toThrow(RangeError);
    expect(() => calcularEncargosAtraso(100, -1, PADRAO)).toThrow(RangeError);
  });
});
