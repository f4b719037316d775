import { describe, expect, it } from 'vitest';
import { anosDaDeclaracao, gruposDaLinha, nomesDeArquivo } from './formatos';

describe('nomesDeArquivo', () => {
  it('gives sensible names with the competence or the year', () => {
    expect(nomesDeArquivo.boleto(2026, 3)).toBe('boleto-2026-03.pdf');
    expect(nomesDeArquivo.recibo(2025, 12)).toBe('recibo-2025-12.pdf');
    expect(nomesDeArquivo.extrato(2026, 1)).toBe('extrato-coparticipacao-2026-01.pdf');
    expect(nomesDeArquivo.irpf(2025)).toBe('informe-irpf-2025.pdf');
    expect(nomesDeArquivo.quitacao(2024)).toBe('declaracao-quitacao-2024.pdf');
  });
});

describe('anosDaDeclaracao', () => {
  const hoje = new Date(2026, 2, 10);
  it('finished years, newest first, at most five', () => {
    expect(anosDaDeclaracao(hoje, '2019-03-01')).toEqual([2025, 2024, 2023, 2022, 2021]);
  });
  it('not before the contract started', () => {
    expect(anosDaDeclaracao(hoje, '2024-06-01')).toEqual([2025, 2024]);
    expect(anosDaDeclaracao(hoje, '2026-01-01')).toEqual([]);
  });
  it('five years when the start is unknown', () => {
    expect(anosDaDeclaracao(hoje, '')).toEqual([2025, 2024, 2023, 2022, 2021]);
  });
});

describe('gruposDaLinha', () => {
  it('splits the 47 digits into the 5 printed groups', () => {
    expect(gruposDaLinha('34191090243426033157324031840002513810000136759')).toEqual([
      '34191.09024',
      '34260.331573',
      '24031.840002',
      '5',
      '13810000136759',
    ]);
  });
  it('leaves anything else as it is', () => {
    expect(gruposDaLinha('123')).toEqual(['123']);
  });
});
