import type { ItemUtilizacao } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { agruparPorCategoria, categoriaDe, dataUtc } from './categorias';

const item = (categoria: string | null, valor: number): ItemUtilizacao => ({
  categoria,
  valor,
  fantasia: 'Hospital',
  local: 'São Paulo / SP',
  data: '2026-01-01T00:00:00Z',
  procedimento: '10101012',
  descricao: 'Consulta',
  quantidade: 1,
  jaAvaliado: false,
  protocoloAvaliacao: null,
});

describe('usage by category (docs/produto/utilizacao.md, "Limits")', () => {
  it('no category, or one that page does not list, is Outras Despesas', () => {
    expect(categoriaDe({ categoria: null })).toBe('OUTRAS_DESPESAS');
    expect(categoriaDe({ categoria: '' })).toBe('OUTRAS_DESPESAS');
    expect(categoriaDe({ categoria: 'FARMACIA' })).toBe('OUTRAS_DESPESAS');
    expect(categoriaDe({ categoria: ' consultas ' })).toBe('CONSULTAS');
    expect(categoriaDe({ categoria: 'ODONTOLOGICO' })).toBe('ODONTOLOGICO');
  });

  it("the five groups in that page's order with their labels and totals in cents", () => {
    const grupos = agruparPorCategoria([item('CONSULTAS', 21), item('CONSULTAS', 0.1), item(null, 0.2), item('X', 79)]);
    expect(grupos.map((g) => [g.rotulo, g.itens.length, g.total])).toEqual([
      ['Consultas', 2, 21.1],
      ['Exames e Terapias', 0, 0],
      ['Internação', 0, 0],
      ['Outras Despesas', 2, 79.2],
      ['Odontologia', 0, 0],
    ]);
  });

  it('dates are shown in UTC, whatever the offset they come with', () => {
    expect(dataUtc('2026-02-18T23:30:00Z')).toBe('18/02/2026');
    expect(dataUtc('2026-02-18T22:30:00-03:00')).toBe('19/02/2026');
    expect(dataUtc('nada')).toBe('---');
  });
});
