import { describe, expect, it } from 'vitest';
import {
  competenciaTexto,
  diaDoMes,
  diaEmSaoPaulo,
  diasEntre,
  ehDiaUtil,
  feriadosNacionais,
  mesDe,
  mesesEntre,
  pascoa,
  proximaRodadaDePagamento,
  primeiroDia,
  primeiroDiaDoMesSeguinte,
  somarDias,
  somarDiasUteis,
  somarMeses,
} from './calendario';

describe('the day of a protocol', () => {
  it('is the calendar day in São Paulo (UTC−3), not in UTC', () => {
    expect(diaEmSaoPaulo(Date.parse('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
    expect(diaEmSaoPaulo(Date.parse('2026-03-11T02:59:59Z'))).toBe('2026-03-10');
    expect(diaEmSaoPaulo(Date.parse('2026-03-11T03:00:00Z'))).toBe('2026-03-11');
    expect(diaEmSaoPaulo(Date.parse('2027-01-01T02:00:00Z'))).toBe('2026-12-31');
    // 01:30 UTC is still yesterday there (the web's card and the API's invoices read the same day).
    expect(diaEmSaoPaulo(Date.parse('2026-03-11T01:30:00Z'))).toBe('2026-03-10');
    expect(diaEmSaoPaulo(Date.parse('2026-03-11T03:30:00Z'))).toBe('2026-03-11');
  });
});

describe('business days (RN 623/2024 deadlines)', () => {
  it('Easter and Good Friday follow the Gregorian computus', () => {
    expect(pascoa(2024)).toBe('2024-03-31');
    expect(pascoa(2025)).toBe('2025-04-20');
    expect(pascoa(2026)).toBe('2026-04-05');
    expect(pascoa(2038)).toBe('2038-04-25');
    expect(feriadosNacionais(2026).has('2026-04-03')).toBe(true);
  });

  it('national holidays, 20 November only from 2024 on', () => {
    const f = feriadosNacionais(2026);
    for (const d of [
      '2026-01-01',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ])
      expect(f.has(d), d).toBe(true);
    expect(feriadosNacionais(2023).has('2023-11-20')).toBe(false);
    expect(f.size).toBe(10);
  });

  it('weekends and holidays are not business days', () => {
    expect(ehDiaUtil('2026-03-10')).toBe(true); // Tuesday
    expect(ehDiaUtil('2026-03-14')).toBe(false); // Saturday
    expect(ehDiaUtil('2026-03-15')).toBe(false); // Sunday
    expect(ehDiaUtil('2026-04-21')).toBe(false); // Tiradentes, a Tuesday
  });

  it('counts from the next day, skipping weekends and holidays', () => {
    expect(somarDiasUteis('2026-03-10', 7)).toBe('2026-03-19');
    expect(somarDiasUteis('2026-03-13', 1)).toBe('2026-03-16'); // Friday → Monday
    // Good Friday (3 April) and Tiradentes (21 April) inside the window.
    expect(somarDiasUteis('2026-04-01', 7)).toBe('2026-04-13');
    expect(somarDiasUteis('2026-04-17', 7)).toBe('2026-04-29');
    expect(somarDiasUteis('2026-12-23', 7)).toBe('2027-01-05');
  });

  it('add-ons start on the first day of the next month', () => {
    expect(primeiroDiaDoMesSeguinte('2026-03-10')).toBe('2026-04-01');
    expect(primeiroDiaDoMesSeguinte('2026-03-31')).toBe('2026-04-01');
    expect(primeiroDiaDoMesSeguinte('2026-12-01')).toBe('2027-01-01');
  });
});

describe('day and month arithmetic', () => {
  it('moves days across months and years, both ways', () => {
    expect(somarDias('2026-02-27', 2)).toBe('2026-03-01');
    expect(somarDias('2026-01-01', -1)).toBe('2025-12-31');
    expect(somarDias('2024-02-28', 1)).toBe('2024-02-29');
    expect(diasEntre('2026-03-10', '2026-04-10')).toBe(31);
    expect(diasEntre('2026-04-10', '2026-03-10')).toBe(-31);
  });

  it('moves and prints competences', () => {
    expect(somarMeses({ ano: 2026, mes: 1 }, -1)).toEqual({ ano: 2025, mes: 12 });
    expect(somarMeses({ ano: 2026, mes: 11 }, 3)).toEqual({ ano: 2027, mes: 2 });
    expect(mesesEntre({ ano: 2025, mes: 11 }, { ano: 2026, mes: 2 })).toBe(3);
    expect(mesDe('2026-03-10')).toEqual({ ano: 2026, mes: 3 });
    expect(primeiroDia({ ano: 2026, mes: 3 })).toBe('2026-03-01');
    expect(competenciaTexto({ ano: 2026, mes: 3 })).toBe('03/2026');
    expect(diaDoMes({ ano: 2026, mes: 2 }, 31)).toBe('2026-02-28');
    expect(diaDoMes({ ano: 2026, mes: 3 }, 10)).toBe('2026-03-10');
  });
});

describe('proximaRodadaDePagamento', () => {
  it('is the run of the day itself when the day is a run day', () => {
    // 2026-03-05 is a Thursday.
    expect(proximaRodadaDePagamento('2026-03-05', [5, 15, 25])).toBe('2026-03-05');
  });

  it('is the next run of the month after a run day', () => {
    expect(proximaRodadaDePagamento('2026-03-06', [5, 15, 25])).toBe('2026-03-16'); // the 15th is a Sunday
  });

  it('moves a run on a weekend or national holiday to the next business day', () => {
    // 2026-04-21 (Tiradentes) is a Tuesday holiday.
    expect(proximaRodadaDePagamento('2026-04-16', [21])).toBe('2026-04-22');
  });

  it('goes to the next month after the last run', () => {
    expect(proximaRodadaDePagamento('2026-03-26', [5, 15, 25])).toBe('2026-04-06'); // 5 April is a Sunday
    expect(proximaRodadaDePagamento('2026-12-28', [10])).toBe('2027-01-11'); // 10 January 2027 is a Sunday
  });

  it('takes the last day of a short month for a day past its end', () => {
    expect(proximaRodadaDePagamento('2026-02-10', [31])).toBe('2026-03-02'); // 28 Feb 2026 is a Saturday
    expect(proximaRodadaDePagamento('2026-06-10', [31])).toBe('2026-06-30');
  });
});
