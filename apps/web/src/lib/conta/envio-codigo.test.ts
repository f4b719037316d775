import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import {
  AGUARDE_REENVIO,
  avisoCodigoAnterior,
  codigoEmAberto,
  esperaReenvio,
  instrucaoCodigo,
  motivoEspera,
  textoDestino,
} from './envio-codigo';

const aguarde = (s: number, body?: unknown) =>
  new ApiError({
    kind: 'http',
    status: 429,
    code: 'AGUARDE_REENVIO',
    serverMessage: AGUARDE_REENVIO,
    aguardarSegundos: s,
    body,
  });
const corpo = (codigoEmAberto: unknown) => ({
  sucesso: false,
  code: 'AGUARDE_REENVIO',
  message: AGUARDE_REENVIO,
  erro: AGUARDE_REENVIO,
  aguardarSegundos: 87,
  codigoEmAberto,
});

describe('esperaReenvio: which refusals mean "a code went out less than 2 minutes ago"', () => {
  it('429 AGUARDE_REENVIO gives the seconds left', () => {
    expect(esperaReenvio(aguarde(87))).toBe(87);
  });

  it('without aguardarSegundos it assumes the whole 120 s wait', () => {
    expect(esperaReenvio(new ApiError({ kind: 'http', status: 429, code: 'AGUARDE_REENVIO' }))).toBe(120);
  });

  it('other 429s (hourly caps), other errors and non-errors are not it', () => {
    expect(
      esperaReenvio(new ApiError({ kind: 'http', status: 429, code: 'MUITAS_TENTATIVAS', aguardarSegundos: 900 })),
    ).toBeNull();
    expect(esperaReenvio(new ApiError({ kind: 'http', status: 422, code: 'CONTATO_DIVERGENTE' }))).toBeNull();
    expect(esperaReenvio(new ApiError({ kind: 'network' }))).toBeNull();
    expect(esperaReenvio(new Error('x'))).toBeNull();
    expect(esperaReenvio(null)).toBeNull();
  });
});

describe('codigoEmAberto: where the code that still works in this browser went, as the server says', () => {
  it('reads the channel (sms → celular) and the masked contact', () => {
    expect(codigoEmAberto(aguarde(87, corpo({ canal: 'sms', destino: '(11) *****-4567' })))).toEqual({
      canal: 'celular',
      contato: '(11) *****-4567',
    });
    expect(codigoEmAberto(aguarde(87, corpo({ canal: 'email', destino: 'ana****@exemplo.com.br' })))).toEqual({
      canal: 'email',
      contato: 'ana****@exemplo.com.br',
    });
  });

  it('also from a check on the wrong channel (422 CODIGO_OUTRO_CANAL)', () => {
    const e = new ApiError({
      kind: 'http',
      status: 422,
      code: 'CODIGO_OUTRO_CANAL',
      body: { codigoEmAberto: { canal: 'email', destino: 'fer****@exemplo.com.br' } },
    });
    expect(codigoEmAberto(e)).toEqual({ canal: 'email', contato: 'fer****@exemplo.com.br' });
  });

  it('none named (another browser holds the code, or it is dead), or a malformed answer: null', () => {
    expect(codigoEmAberto(aguarde(87, corpo(undefined)))).toBeNull();
    expect(codigoEmAberto(aguarde(87))).toBeNull();
    expect(codigoEmAberto(aguarde(87, 'texto'))).toBeNull();
    for (const mau of [null, 'sms', { canal: 'fax', destino: 'x' }, { canal: 'sms' }, { canal: 'sms', destino: 42 }]) {
      expect(codigoEmAberto(aguarde(87, corpo(mau))), JSON.stringify(mau)).toBeNull();
    }
    expect(codigoEmAberto(new Error('x'))).toBeNull();
    expect(codigoEmAberto(undefined)).toBeNull();
  });
});

describe('motivoEspera', () => {
  it('the 2-minute wait between codes, or an hourly cap', () => {
    expect(motivoEspera('AGUARDE_REENVIO')).toBe('reenvio');
    expect(motivoEspera('MUITAS_TENTATIVAS')).toBe('limite');
    expect(motivoEspera(null)).toBe('limite');
  });
});

describe('code step texts', () => {
  const email = { canal: 'email' as const, contato: 'ana****@exemplo.com.br' };
  const sms = { canal: 'celular' as const, contato: '(11) *****-4567' };

  it('names where the code went', () => {
    expect(textoDestino(email)).toBe('para o e-mail ana****@exemplo.com.br');
    expect(textoDestino(sms)).toBe('por SMS para (11) *****-4567');
    expect(textoDestino({ canal: 'celular', contato: '' })).toBe('por SMS para o seu celular');
    expect(textoDestino({ canal: 'email', contato: '' })).toBe('para o seu e-mail');
    expect(instrucaoCodigo(sms)).toBe('Digite o código de 6 dígitos enviado por SMS para (11) *****-4567.');
    expect(instrucaoCodigo(null)).toBe('Digite o código de 6 dígitos que você recebeu.');
  });

  it('after a refused send to the same channel: the code already sent is still valid', () => {
    expect(avisoCodigoAnterior('email', email)).toBe(
      'O código enviado há pouco para o e-mail ana****@exemplo.com.br continua válido. Digite-o abaixo.',
    );
  });

  it('after a refused send to the other channel: nothing went there, the valid code went elsewhere', () => {
    expect(avisoCodigoAnterior('email', sms)).toBe(
      'Nenhum código novo foi enviado para o e-mail: o código enviado há pouco por SMS para (11) *****-4567 continua válido. Digite-o abaixo.',
    );
    expect(avisoCodigoAnterior('celular', email)).toMatch(/^Nenhum código novo foi enviado por SMS: .*para o e-mail/);
  });
});
