import { describe, expect, it } from 'vitest';
import { documentoPedido } from './documento-pedido';

describe('reembolso: the document the operator asked for', () => {
  it('reads a medical report, in any case and with or without accents', () => {
    expect(documentoPedido('Envie o relatório médico da consulta, com o CID.')).toBe('relatorio_medico');
    expect(documentoPedido('RELATORIO MEDICO')).toBe('relatorio_medico');
    expect(documentoPedido('Precisamos do laudo do exame.')).toBe('relatorio_medico');
  });

  it('reads the payment proof, the medical order and the invoice', () => {
    expect(
      documentoPedido('Envie o comprovante de pagamento da consulta (recibo assinado ou comprovante do cartão).'),
    ).toBe('comprovante_pagamento');
    expect(documentoPedido('Falta o pedido médico com a data e o CRM.')).toBe('pedido_medico');
    expect(documentoPedido('A prescrição das sessões de fisioterapia.')).toBe('pedido_medico');
    expect(documentoPedido('Envie a nota fiscal da clínica.')).toBe('nota_fiscal');
  });

  it('takes the one named first when several are asked for', () => {
    expect(documentoPedido('Pedido médico; Comprovante de pagamento.')).toBe('pedido_medico');
    expect(documentoPedido('A nota fiscal ou o recibo do profissional e o relatório médico.')).toBe('nota_fiscal');
  });

  it('is empty (null) when none is named, never the payment proof by default', () => {
    expect(documentoPedido('Envie o que falta, por favor.')).toBeNull();
    expect(documentoPedido('')).toBeNull();
    expect(documentoPedido(null)).toBeNull();
  });
});
