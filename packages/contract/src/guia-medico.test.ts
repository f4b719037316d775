import { describe, expect, it } from 'vitest';
import {
  padraoDaPalavra,
  palavrasDaBusca,
  prestadoresQuerySchema,
  problemaDaBusca,
  cidadesQuerySchema,
  especialidadesQuerySchema,
} from './guia-medico';

describe('palavrasDaBusca', () => {
  it('drops case, accents and punctuation', () => {
    expect(palavrasDaBusca('CORAÇÃO PAULISTA')).toEqual(['coracao', 'paulista']);
    expect(palavrasDaBusca('  Coração-Paulista ')).toEqual(['coracao', 'paulista']);
    expect(palavrasDaBusca('Dr. João (Ortopedia/Traumatologia)')).toEqual(['dr', 'joao', 'ortopedia', 'traumatologia']);
  });

  it('drops single characters, repeated words, and connecting words when others remain', () => {
    expect(palavrasDaBusca('Clínica de Olhos e Visão')).toEqual(['clinica', 'olhos', 'visao']);
    expect(palavrasDaBusca('silva Silva SILVA')).toEqual(['silva']);
    expect(palavrasDaBusca('de')).toEqual(['de']);
    expect(palavrasDaBusca('a')).toEqual([]);
    expect(palavrasDaBusca('!!! % _')).toEqual([]);
    expect(palavrasDaBusca(null)).toEqual([]);
  });

  it('keeps at most 6 words: the longest, in the order typed', () => {
    expect(palavrasDaBusca('um dois tres quatro cinco seis sete oito')).toEqual([
      'dois',
      'tres',
      'quatro',
      'cinco',
      'seis',
      'sete',
    ]);
  });
});

describe('padraoDaPalavra', () => {
  it('a 2-character word starts a word; a longer one may be anywhere', () => {
    expect(padraoDaPalavra('jo')).toBe('% jo%');
    expect(padraoDaPalavra('cor')).toBe('%cor%');
  });
});

describe('problemaDaBusca', () => {
  it('empty is fine (not sent); too long or nothing to search by is refused', () => {
    expect(problemaDaBusca('')).toBeNull();
    expect(problemaDaBusca('   ')).toBeNull();
    expect(problemaDaBusca('coracao')).toBeNull();
    expect(problemaDaBusca('x'.repeat(101))).toBe('Digite no máximo 100 caracteres na busca.');
    expect(problemaDaBusca('a')).toBe('Digite pelo menos 2 letras ou números para buscar por nome ou endereço.');
  });
});

describe('query schemas', () => {
  it('Prestadores: defaults, empty values absent, numbers from text', () => {
    expect(prestadoresQuerySchema.parse({})).toEqual({ pagina: 1, itensPagina: 100, somenteOdonto: false });
    expect(
      prestadoresQuerySchema.parse({
        codigoCidade: '3550308',
        codigoEspecialidade: '',
        nomeCredenciado: '  coracao ',
        pagina: '3',
        itensPagina: '20',
        somenteOdonto: 'TRUE',
      }),
    ).toEqual({
      codigoCidade: 3550308,
      nomeCredenciado: 'coracao',
      pagina: 3,
      itensPagina: 20,
      somenteOdonto: true,
    });
    expect(prestadoresQuerySchema.parse({ nomeCredenciado: '   ' }).nomeCredenciado).toBeUndefined();
  });

  it('Prestadores: refuses bad paging with Portuguese messages', () => {
    const msg = (q: Record<string, unknown>) => prestadoresQuerySchema.safeParse(q).error?.issues[0]?.message;
    expect(msg({ pagina: '0' })).toBe('A página deve ser um número a partir de 1.');
    expect(msg({ pagina: ['1', '2'] })).toBe('A página deve ser um número a partir de 1.');
    expect(msg({ itensPagina: '101' })).toBe('A quantidade por página deve ser um número de 1 a 100.');
    expect(msg({ codigoCidade: '0' })).toBe('Cidade inválida.');
  });

  it('Cidades and Especialidades', () => {
    expect(cidadesQuerySchema.parse({})).toEqual({ somenteOdonto: false });
    expect(especialidadesQuerySchema.parse({ codigoPrestador: '12', removeOdonto: 'true' })).toEqual({
      codigoPrestador: 12,
      removeOdonto: true,
    });
  });
});
