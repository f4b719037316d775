import type { ReembolsoDetalhe } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { etapasDoReembolso, proximoPasso } from './etapas';

type Evento = ReembolsoDetalhe['historico'][number];
/** An event at noon in São Paulo (15:00 UTC) of that day. */
const ev = (situacao: Evento['situacao'], dia: string): Evento => ({
  em: `${dia}T15:00:00.000Z`,
  situacao,
  descricao: '',
});
const resumo = (situacao: Evento['situacao'], historico: Evento[]) =>
  etapasDoReembolso({ situacao, historico }).map((e) => [e.rotulo, e.estado, e.dia]);

/** formatBRL writes a no-break space after 'R$'. */
const espacos = (t: string) => t.replace(/\s/g, ' ');

describe('etapasDoReembolso', () => {
  it('a request just received: Recebido is current with its day, the rest ahead without dates', () => {
    expect(resumo('recebido', [ev('recebido', '2026-03-02')])).toEqual([
      ['Recebido', 'atual', '2026-03-02'],
      ['Em análise', 'futura', null],
      ['Aprovado', 'futura', null],
      ['Pago', 'futura', null],
    ]);
  });

  it("the day of a step is São Paulo's, not UTC's (an event at 01:30 UTC is the day before)", () => {
    const [recebido] = etapasDoReembolso({
      situacao: 'recebido',
      historico: [{ em: '2026-03-03T01:30:00.000Z', situacao: 'recebido', descricao: '' }],
    });
    expect(recebido?.dia).toBe('2026-03-02');
  });

  it('documents asked: the pending step sits between analysis and approval, current', () => {
    const historico = [ev('recebido', '2026-03-02'), ev('em_analise', '2026-03-03'), ev('pendente', '2026-03-04')];
    expect(resumo('pendente', historico)).toEqual([
      ['Recebido', 'feita', '2026-03-02'],
      ['Em análise', 'feita', '2026-03-03'],
      ['Pendente de documentos', 'atual', '2026-03-04'],
      ['Aprovado', 'futura', null],
      ['Pago', 'futura', null],
    ]);
  });

  it('documents sent: back in analysis from the day they arrived, the pending step gone from the tracker', () => {
    const historico = [
      ev('recebido', '2026-03-02'),
      ev('em_analise', '2026-03-03'),
      ev('pendente', '2026-03-04'),
      ev('em_analise', '2026-03-09'),
    ];
    expect(resumo('em_analise', historico)).toEqual([
      ['Recebido', 'feita', '2026-03-02'],
      ['Em análise', 'atual', '2026-03-09'],
      ['Aprovado', 'futura', null],
      ['Pago', 'futura', null],
    ]);
  });

  it('approved straight from received: the analysis is passed without a day of its own', () => {
    expect(resumo('aprovado', [ev('recebido', '2026-03-02'), ev('aprovado', '2026-03-05')])).toEqual([
      ['Recebido', 'feita', '2026-03-02'],
      ['Em análise', 'feita', null],
      ['Aprovado', 'atual', '2026-03-05'],
      ['Pago', 'futura', null],
    ]);
  });

  it('paid: every step done, Pago current', () => {
    const historico = [
      ev('recebido', '2026-03-02'),
      ev('em_analise', '2026-03-03'),
      ev('aprovado', '2026-03-05'),
      ev('pago', '2026-03-20'),
    ];
    expect(resumo('pago', historico).map(([r, e]) => [r, e])).toEqual([
      ['Recebido', 'feita'],
      ['Em análise', 'feita'],
      ['Aprovado', 'feita'],
      ['Pago', 'atual'],
    ]);
  });

  it('refused: the tracker ends at Negado, with no approval or payment ahead', () => {
    const historico = [ev('recebido', '2026-03-02'), ev('pendente', '2026-03-03'), ev('negado', '2026-03-06')];
    expect(resumo('negado', historico)).toEqual([
      ['Recebido', 'feita', '2026-03-02'],
      ['Em análise', 'feita', null],
      ['Negado', 'atual', '2026-03-06'],
    ]);
  });
});

const base = {
  prazoPagamento: '2026-04-01',
  previsaoPagamento: null,
  pagoEm: null,
  valorAprovado: null,
  pagamento: 'PIX (CPF) ***.982.247-**',
};

describe('proximoPasso', () => {
  it('received: the analysis comes next, with the legal 30 days and their last day', () => {
    expect(proximoPasso({ ...base, situacao: 'recebido' })).toBe(
      'A operadora vai analisar o pedido e os documentos; se faltar algum, ela pede aqui. ' +
        'Pela lei, o reembolso deve ser pago em até 30 dias corridos da documentação completa: até 01/04/2026.',
    );
  });

  it('in analysis: approval or refusal comes next, with the same legal deadline', () => {
    expect(proximoPasso({ ...base, situacao: 'em_analise' })).toContain('até 01/04/2026.');
  });

  it('pending: the member sends the documents; the 30 days are stopped and start again, no date given', () => {
    const texto = proximoPasso({ ...base, situacao: 'pendente', prazoPagamento: null });
    expect(texto).toBe(
      'Envie os documentos pedidos. O prazo de 30 dias para o pagamento está parado e volta a contar, do início, no dia em que os documentos chegarem.',
    );
  });

  it('approved: the expected payment day, the amount and where it goes, then the legal deadline', () => {
    const texto = proximoPasso({ ...base, situacao: 'aprovado', valorAprovado: 280, previsaoPagamento: '2026-03-20' });
    expect(espacos(texto)).toBe(
      'O pagamento de R$ 280,00 está previsto para 20/03/2026, para PIX (CPF) ***.982.247-**. O prazo legal termina em 01/04/2026.',
    );
  });

  it('paid: the day it was paid, and nothing left to happen', () => {
    expect(proximoPasso({ ...base, situacao: 'pago', pagoEm: '2026-03-20' })).toBe(
      'Reembolso pago em 20/03/2026, para PIX (CPF) ***.982.247-**. Não há mais passos.',
    );
  });

  it('refused: closed, and where to turn', () => {
    expect(proximoPasso({ ...base, situacao: 'negado' })).toMatch(/^O pedido foi encerrado sem reembolso\./);
  });

  it('never names the protocol deadline of RN 623 (business days)', () => {
    for (const situacao of ['recebido', 'em_analise', 'pendente', 'aprovado', 'pago', 'negado'] as const) {
      expect(proximoPasso({ ...base, situacao })).not.toMatch(/dias úteis|RN 623|prazo de resposta/i);
    }
  });
});
