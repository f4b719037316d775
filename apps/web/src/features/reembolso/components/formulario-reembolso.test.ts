import { somarDias } from '@portal/br';
import { describe, expect, it } from 'vitest';
import { hojeEmSaoPaulo } from './formatos';
import { type Campos, montarCorpo, pagamentoOferecido, VAZIO, validar } from './formulario-reembolso';
import type { Anexos } from './use-anexos';

const campos = (c: Partial<Campos> = {}): Campos => ({ ...VAZIO, cpfBeneficiario: '52998224725', ...c });
const comComprovante = {
  documentosEnviados: new Set(['comprovante_pagamento']),
  enviando: false,
  aguardandoConexao: false,
  comErro: false,
  ids: ['a1'],
} as unknown as Anexos;

describe('reembolso: the payment data the form starts with (issue 31)', () => {
  it('offers the last request’s bank account', () => {
    const p = { forma: 'conta', banco: '001', agencia: '1234', conta: '12345-6', tipoConta: 'corrente' } as const;
    expect(pagamentoOferecido({ pagamento: p, usadoEm: '2026-10-01', cpfTitular: null })).toMatchObject(p);
  });
  it('offers the holder’s own CPF, masked, as the PIX key when there is no last request', () => {
    expect(pagamentoOferecido({ pagamento: null, usadoEm: null, cpfTitular: '52998224725' })).toMatchObject({
      forma: 'pix',
      tipoChave: 'cpf',
      chave: '529.982.247-25',
    });
  });
  it('offers nothing to a dependant on a first request', () => {
    expect(pagamentoOferecido({ pagamento: null, usadoEm: null, cpfTitular: null })).toBeNull();
  });
});

describe('reembolso: the request built from the fields', () => {
  it('sends a CPF PIX key as digits', () => {
    const corpo = montarCorpo(campos({ forma: 'pix', tipoChave: 'cpf', chave: '529.982.247-25' }), []);
    expect(corpo.pagamento).toEqual({ forma: 'pix', tipoChave: 'cpf', chave: '52998224725' });
  });
  it('leaves the council out for a clinic (CNPJ)', () => {
    const c = campos({ documento: '11.222.333/0001-81', conselho: 'CRM', numeroConselho: '123', ufConselho: 'SP' });
    expect(montarCorpo(c, []).prestador).toEqual({ documento: '11222333000181', nome: '' });
  });
});

describe('reembolso: the form’s own checks', () => {
  it('refuses a date of care older than the operator’s limit, in the server’s words', () => {
    const c = campos({ dataAtendimento: somarDias(hojeEmSaoPaulo(), -400) });
    expect(validar(c, montarCorpo(c, ['a1']), comComprovante, 1).dataAtendimento).toMatch(
      /^O reembolso pode ser pedido até \d+ dias após o atendimento\./,
    );
  });
  it('asks for the medical order when the kind of care needs it', () => {
    const c = campos({ tipo: 'terapia' });
    expect(validar(c, montarCorpo(c, ['a1']), comComprovante, 1)['anexo.pedido_medico']).toMatch(
      /^Anexe o pedido médico/,
    );
  });
});
