import { describe, expect, it } from 'vitest';
import {
  carenciasEmCurso,
  cartaoValidoEm,
  cptEmCurso,
  formatarCodigoVerificacao,
  lerEntradaDeVerificacao,
  normalizarCodigoVerificacao,
  pareceTokenQr,
  urlDeVerificacao,
} from './carteirinha-regras';
import { verificarCarteirinhaRequestSchema } from './carteirinha-digital';

const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMTAwMjM0MDAxIiwianRpIjoiN0tRTTJYRFAiLCJleHAiOjE3NzMxNDQ2MDB9.' +
  'Qm9ndXNTaWduYXR1cmVCb2d1c1NpZ25hdHVyZUJvZ3Vz';

describe('verification code', () => {
  it('reads what people type: lower case, dashes, spaces, O for zero, I and L for one', () => {
    expect(normalizarCodigoVerificacao('7kqm-2xdp')).toBe('7KQM2XDP');
    expect(normalizarCodigoVerificacao(' 7KQM 2XDP ')).toBe('7KQM2XDP');
    expect(normalizarCodigoVerificacao('OOIL-0011')).toBe('00110011');
  });

  it('refuses what cannot be a code: wrong length, letters outside the alphabet', () => {
    expect(normalizarCodigoVerificacao('7KQM-2XD')).toBeNull();
    expect(normalizarCodigoVerificacao('7KQM-2XDPZ')).toBeNull();
    expect(normalizarCodigoVerificacao('7KQM-2XDU')).toBeNull(); // U is not in Crockford's base32
    expect(normalizarCodigoVerificacao('7KQM-2X!P')).toBeNull();
    expect(normalizarCodigoVerificacao('')).toBeNull();
  });

  it('is shown in two groups of four', () => {
    expect(formatarCodigoVerificacao('7KQM2XDP')).toBe('7KQM-2XDP');
    expect(formatarCodigoVerificacao('curto')).toBe('curto');
  });
});

describe('what the clinic scans, pastes or types', () => {
  it("takes the token from the QR's URL (fragment or query), the token itself, or a code", () => {
    const url = urlDeVerificacao('https://portal.saudeexemplo.com.br', JWT);
    expect(url).toBe(`https://portal.saudeexemplo.com.br/verificar-carteirinha#t=${JWT}`);
    expect(lerEntradaDeVerificacao(url)).toBe(JWT);
    expect(lerEntradaDeVerificacao(`https://x.com/verificar-carteirinha?t=${JWT}`)).toBe(JWT);
    expect(lerEntradaDeVerificacao(`  ${JWT}\n`)).toBe(JWT);
    expect(lerEntradaDeVerificacao('7kqm 2xdp')).toBe('7KQM2XDP');
  });

  it('answers null for anything else', () => {
    expect(lerEntradaDeVerificacao('https://x.com/verificar-carteirinha')).toBeNull();
    expect(lerEntradaDeVerificacao('1100234001')).toBeNull();
    expect(lerEntradaDeVerificacao('a.b.c')).toBeNull();
    expect(pareceTokenQr(`${JWT}.extra`)).toBe(false);
    expect(pareceTokenQr('x'.repeat(2000))).toBe(false);
  });

  it('the request schema tells a QR token from a typed code and refuses the rest in Portuguese', () => {
    expect(verificarCarteirinhaRequestSchema.parse({ token: JWT }).token).toEqual({ tipo: 'qr', valor: JWT });
    expect(verificarCarteirinhaRequestSchema.parse({ token: '7kqm-2xdp' }).token).toEqual({
      tipo: 'codigo',
      valor: '7KQM2XDP',
    });
    for (const token of ['', '   ', '1234', 'x'.repeat(2000), 42, null]) {
      const r = verificarCarteirinhaRequestSchema.safeParse({ token });
      expect(r.success, String(token)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(
        'Informe o código do QR Code ou o código de verificação de 8 caracteres.',
      );
    }
  });
});

describe('what the card lists on a given day', () => {
  const carencias = [
    { descricao: 'Consultas e exames simples', dataFim: '2026-03-09' },
    { descricao: 'Internações e cirurgias', dataFim: '2026-03-10' },
    { descricao: 'Parto a termo', dataFim: '2026-11-30' },
  ];

  it('only the waiting periods still running; the last day still counts', () => {
    expect(carenciasEmCurso(carencias, '2026-03-10').map((c) => c.descricao)).toEqual([
      'Internações e cirurgias',
      'Parto a termo',
    ]);
    expect(carenciasEmCurso(carencias, '2026-12-01')).toEqual([]);
  });

  it('the CPT while it runs', () => {
    expect(cptEmCurso('2026-03-10', '2026-03-10')).toBe(true);
    expect(cptEmCurso('2018-02-01', '2026-03-10')).toBe(false);
    expect(cptEmCurso(null, '2026-03-10')).toBe(false);
  });

  it('a card covers the days from its start until the day before its cancellation', () => {
    const cartao = { dataContratacao: '2019-03-01', dataCancelamento: '2026-03-10' };
    expect(cartaoValidoEm(cartao, '2019-02-28')).toBe(false);
    expect(cartaoValidoEm(cartao, '2019-03-01')).toBe(true);
    expect(cartaoValidoEm(cartao, '2026-03-09')).toBe(true);
    expect(cartaoValidoEm(cartao, '2026-03-10')).toBe(false);
    expect(cartaoValidoEm({ dataContratacao: '2019-03-01', dataCancelamento: null }, '2030-01-01')).toBe(true);
  });
});
