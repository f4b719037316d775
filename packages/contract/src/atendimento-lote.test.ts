import { describe, expect, it } from 'vitest';
import { assumirEmLoteRequestSchema, resumoDoLote } from './atendimento-lote';

const RESPONDIDOS = { um: 'respondido', varios: 'respondidos' };
const ok = { resultado: 'ok' } as const;
const recusado = { resultado: 'recusado' } as const;

describe("a bulk action's summary", () => {
  it('counts what was done and what was refused, in the plural where it is', () => {
    expect(resumoDoLote(RESPONDIDOS, [ok, ok, ok, recusado])).toBe('3 respondidos, 1 recusado');
  });

  it('the singular for one, and no refusal part when nothing was refused', () => {
    expect(resumoDoLote(RESPONDIDOS, [ok])).toBe('1 respondido');
  });

  it('says zero done when every protocol was refused', () => {
    expect(resumoDoLote(RESPONDIDOS, [recusado, recusado])).toBe('0 respondidos, 2 recusados');
  });
});

describe('a bulk request', () => {
  it('takes from 1 to 50 protocols', () => {
    const item = (i: number) => ({ numero: `4172972026031000${String(i).padStart(4, '0')}`, versao: 1 });
    expect(assumirEmLoteRequestSchema.safeParse({ itens: Array.from({ length: 50 }, (_, i) => item(i)) }).success).toBe(
      true,
    );
    expect(assumirEmLoteRequestSchema.safeParse({ itens: Array.from({ length: 51 }, (_, i) => item(i)) }).success).toBe(
      false,
    );
  });
});
