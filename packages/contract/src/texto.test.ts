import { describe, expect, it } from 'vitest';
import { avaliarAtendimentoRequestSchema, contatoInicialRequestSchema, solicitarCorrecaoRequestSchema } from './index';
import { TEXTO_COM_CONTROLE, TEXTO_COM_CONTROLE_DE_DIRECAO, textoLivre } from './texto';

describe('textoLivre (issue 13, defect 5)', () => {
  it('refuses NUL and the other control characters, keeping \\t \\n \\r only in multi-line fields', () => {
    const linha = textoLivre();
    const multi = textoLivre({ multilinha: true });
    for (const c of ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(linha.safeParse(`a${c}b`).error?.issues[0]?.message).toBe(TEXTO_COM_CONTROLE);
      expect(multi.safeParse(`a${c}b`).error?.issues[0]?.message).toBe(TEXTO_COM_CONTROLE);
    }
    for (const c of ['\t', '\n', '\r']) {
      expect(linha.safeParse(`a${c}b`).success).toBe(false);
      expect(multi.parse(`a${c}b`)).toBe(`a${c}b`);
    }
  });

  it('normalises to NFC and trims', () => {
    expect(textoLivre().parse('  Joa\u0303o Conceic\u0327a\u0303o ')).toBe('João Conceição');
  });

  it('is the type of comentário, observação, valor correto and mensagem', () => {
    const perfilAutenticado = { codigoSessao: 1 };
    const base = { perfilAutenticado, codigoBeneficiario: '1', codigoPrestador: '1', data: '2026-01-22T09:10:00.000Z' };
    expect(avaliarAtendimentoRequestSchema.safeParse({ ...base, nota: 5, comentario: 'a\u0000b' }).success).toBe(false);
    expect(
      solicitarCorrecaoRequestSchema.safeParse({
        perfilAutenticado,
        campo: 'EMAIL',
        valorCorreto: 'x',
        observacao: '\u0000',
      }).success,
    ).toBe(false);
    expect(
      contatoInicialRequestSchema.safeParse({ perfilAutenticado, interesse: 'SOS', mensagem: 'a\u0000' }).success,
    ).toBe(false);
  });

  it('a name (nome: true) also refuses the bidirectional embeddings, overrides and isolates (issue 30)', () => {
    const nome = textoLivre({ nome: true });
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'])
      expect(nome.safeParse(`Ana ${c}Souza`).error?.issues[0]?.message).toBe(TEXTO_COM_CONTROLE_DE_DIRECAO);
    expect(nome.parse('Ana Souza')).toBe('Ana Souza');
    expect(textoLivre().parse('Ana \u202eSouza')).toBe('Ana \u202eSouza');
  });
});
