import { TIPOS_PROTOCOLO } from '@portal/contract/protocolos';
import { describe, expect, it } from 'vitest';
import { somarDias } from '@portal/br';
import {
  contarPorFaixa,
  descricaoDoPrazo,
  diasDaFaixa,
  estaAtrasado,
  FAIXAS_DE_PRAZO,
  faixaDoPrazo,
  prazoDeResposta,
  REGRAS_DE_PRAZO,
} from './prazos';

describe('response deadline per kind of request', () => {
  it('non-assistance requests: 7 business days after the day of the request (RN 623/2024)', () => {
    // Tuesday 10 March 2026 → Thursday 19 March (the weekend does not count).
    expect(prazoDeResposta('CONTATO_COMERCIAL', '2026-03-10')).toBe('2026-03-19');
    expect(prazoDeResposta('INCLUSAO_DEPENDENTE', '2026-03-10')).toBe('2026-03-19');
    expect(prazoDeResposta('CORRECAO_DADOS', '2026-03-10')).toBe('2026-03-19');
    // Good Friday (3 April 2026) and Tiradentes (21 April) are skipped.
    expect(prazoDeResposta('INSCRICAO_MEDICINA_PREVENTIVA', '2026-04-01')).toBe('2026-04-13');
    expect(prazoDeResposta('AVALIACAO_ATENDIMENTO', '2026-04-16')).toBe('2026-04-28');
    // A request on a Saturday counts from the next business day.
    expect(prazoDeResposta('CONTRATACAO_SOS', '2026-03-14')).toBe('2026-03-24');
    expect(descricaoDoPrazo('CONTATO_COMERCIAL')).toBe('Até 7 dias úteis (RN 623/2024)');
  });

  it('cancellation takes effect when asked (RN 561/2022); so does withdrawing a consent (LGPD)', () => {
    expect(prazoDeResposta('CANCELAMENTO_CONTRATO', '2026-03-14')).toBe('2026-03-14');
    expect(prazoDeResposta('CANCELAMENTO_DEPENDENTES', '2026-03-10')).toBe('2026-03-10');
    expect(prazoDeResposta('REVOGACAO_CONSENTIMENTO', '2026-03-10')).toBe('2026-03-10');
    expect(descricaoDoPrazo('CANCELAMENTO_CONTRATO')).toBe('Imediato: vale a partir do pedido (RN 561/2022)');
    expect(descricaoDoPrazo('REVOGACAO_CONSENTIMENTO')).toBe('Imediato: vale a partir do pedido (LGPD, art. 8º, § 5º)');
  });

  it('every kind of migration 0011 has a rule and a deadline on or after its day', () => {
    expect(Object.keys(REGRAS_DE_PRAZO).sort()).toEqual([...TIPOS_PROTOCOLO].sort());
    for (const tipo of TIPOS_PROTOCOLO) expect(prazoDeResposta(tipo, '2026-12-24') >= '2026-12-24').toBe(true);
  });
});

describe('overdue', () => {
  it('only while waiting for the operator, and only after the deadline day has passed', () => {
    expect(estaAtrasado('ABERTO', '2026-03-19', '2026-03-19')).toBe(false);
    expect(estaAtrasado('ABERTO', '2026-03-19', '2026-03-20')).toBe(true);
    expect(estaAtrasado('EM_ANALISE', '2026-03-19', '2026-04-01')).toBe(true);
    expect(estaAtrasado('CONCLUIDO', '2026-03-19', '2026-04-01')).toBe(false);
    expect(estaAtrasado('CANCELADO', '2026-03-19', '2026-04-01')).toBe(false);
  });

  it('a cancellation left open is overdue from the next day', () => {
    const prazo = prazoDeResposta('CANCELAMENTO_CONTRATO', '2026-03-10');
    expect(estaAtrasado('ABERTO', prazo, '2026-03-10')).toBe(false);
    expect(estaAtrasado('ABERTO', prazo, '2026-03-11')).toBe(true);
  });
});

describe('deadline band (metrics)', () => {
  it('past, today, within 2 business days, later — a weekend counts no business day', () => {
    // Friday 2026-03-13: 2 business days later is Tuesday 2026-03-17.
    expect(faixaDoPrazo('2026-03-12', '2026-03-13')).toBe('atrasado');
    expect(faixaDoPrazo('2026-03-13', '2026-03-13')).toBe('vence_hoje');
    expect(faixaDoPrazo('2026-03-16', '2026-03-13')).toBe('ate_2_dias_uteis');
    expect(faixaDoPrazo('2026-03-17', '2026-03-13')).toBe('ate_2_dias_uteis');
    expect(faixaDoPrazo('2026-03-18', '2026-03-13')).toBe('mais_tarde');
  });
});

describe('deadline band as a filter (the console queue)', () => {
  it('diasDaFaixa holds exactly the days faixaDoPrazo puts in that band (a Friday, a weekend, a holiday)', () => {
    // Friday 2026-04-17: Tiradentes (Tuesday 21 April) makes 2 business days reach Wednesday 22.
    for (const hoje of ['2026-03-13', '2026-03-16', '2026-04-17']) {
      for (let d = -5; d <= 10; d++) {
        const prazo = somarDias(hoje, d);
        const dentro = FAIXAS_DE_PRAZO.filter((f) => {
          const { de, ate } = diasDaFaixa(f, hoje);
          return (!de || prazo >= de) && (!ate || prazo <= ate);
        });
        expect(dentro, `${prazo} seen on ${hoje}`).toEqual([faixaDoPrazo(prazo, hoje)]);
      }
    }
  });

  it('contarPorFaixa adds a grouped read into every kind and band, 0 when none', () => {
    const c = contarPorFaixa(
      [
        { tipo: 'REEMBOLSO', prazo: '2026-03-12', n: 2 },
        { tipo: 'REEMBOLSO', prazo: '2026-03-11', n: 1 },
        { tipo: 'CORRECAO_DADOS', prazo: '2026-03-13', n: 4 },
        { tipo: 'CORRECAO_DADOS', prazo: '2026-03-17', n: 5 },
      ],
      '2026-03-13',
    );
    expect(c.REEMBOLSO).toEqual({ atrasado: 3, vence_hoje: 0, ate_2_dias_uteis: 0, mais_tarde: 0 });
    expect(c.CORRECAO_DADOS).toEqual({ atrasado: 0, vence_hoje: 4, ate_2_dias_uteis: 5, mais_tarde: 0 });
    expect(Object.keys(c).sort()).toEqual([...TIPOS_PROTOCOLO].sort());
  });
});
