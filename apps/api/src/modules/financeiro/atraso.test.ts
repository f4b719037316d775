import { describe, expect, it } from 'vitest';
import { cobrancaDe, situacaoAtraso } from './atraso';

const aberta = (vencimento: string) => ({ vencimento, pagoEm: null, valorCentavos: 100_000 });
const REGRA = { modo: 'boletoAtualizado', multaPercentual: 2, jurosMensalPercentual: 1, instrucao: null } as const;

describe('situacaoAtraso (São Paulo calendar, decision 0021)', () => {
  it('due on a weekday: late from the next day, days counted from the due date', () => {
    expect(situacaoAtraso(aberta('2026-02-10'), '2026-02-10')).toEqual({ vencida: false, diasAtraso: 0 });
    expect(situacaoAtraso(aberta('2026-02-10'), '2026-02-11')).toEqual({ vencida: true, diasAtraso: 1 });
    expect(situacaoAtraso(aberta('2026-02-10'), '2026-03-10')).toEqual({ vencida: true, diasAtraso: 28 });
  });

  it('due on a Saturday: payable on Monday without charges; from Tuesday 3 days late', () => {
    // 2026-10-10 is a Saturday, 10-12 (Monday) is Nossa Senhora Aparecida: payable until Tuesday 10-13.
    expect(situacaoAtraso(aberta('2026-10-10'), '2026-10-13')).toEqual({ vencida: false, diasAtraso: 0 });
    expect(situacaoAtraso(aberta('2026-10-10'), '2026-10-14')).toEqual({ vencida: true, diasAtraso: 4 });
    // 2026-01-10 is a Saturday: payable until Monday 01-12.
    expect(situacaoAtraso(aberta('2026-01-10'), '2026-01-12').vencida).toBe(false);
    expect(situacaoAtraso(aberta('2026-01-10'), '2026-01-13')).toEqual({ vencida: true, diasAtraso: 3 });
  });

  it('a paid installment is never late', () => {
    expect(situacaoAtraso({ vencimento: '2026-01-10', pagoEm: '2026-01-20' }, '2026-03-10')).toEqual({
      vencida: false,
      diasAtraso: 0,
    });
  });
});

describe('cobrancaDe', () => {
  it('not late: the installment as it is', () => {
    expect(cobrancaDe(aberta('2026-03-10'), '2026-03-10', REGRA)).toEqual({
      vencimento: '2026-03-10',
      valorCentavos: 100_000,
      atualizacao: null,
      instrucaoAtraso: null,
    });
  });

  it('late: due today, amount plus fine and interest', () => {
    const c = cobrancaDe(aberta('2026-02-10'), '2026-02-26', REGRA);
    expect(c).toMatchObject({ vencimento: '2026-02-26', valorCentavos: 102_533, instrucaoAtraso: null });
    expect(c.atualizacao).toMatchObject({ diasAtraso: 16, multaCentavos: 2_000, jurosCentavos: 533, multa: 20 });
  });

  it("late, with an operator's instruction: the original boleto and the text", () => {
    const instrucao = 'Ligue para a Central de Atendimento e peça a 2ª via.';
    expect(cobrancaDe(aberta('2026-02-10'), '2026-02-26', { ...REGRA, modo: 'instrucao', instrucao })).toEqual({
      vencimento: '2026-02-10',
      valorCentavos: 100_000,
      atualizacao: null,
      instrucaoAtraso: instrucao,
    });
  });
});
