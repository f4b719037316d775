import { col, inteiro, texto, type Layout } from '../campos';
import { ANTES_DOS_PRESTADORES, aplicarNoGuia, ATUALIZA_GUIA, NAO_APAGA, PORTAL, QUALIFICACAO, unico } from './comum';

export const selos: Layout = {
  colunas: [
    col(
      'codigoSelo',
      true,
      'uma letra (A a Z)',
      QUALIFICACAO,
      'Código do atributo de qualificação (a coluna selos do layout prestadores usa)',
      'A',
      (v) => (/^[A-Za-z]$/.test(v) ? v.toUpperCase() : { erro: 'Use uma letra de A a Z.' }),
    ),
    col('nomeSelo', true, 'texto', QUALIFICACAO, 'Nome do selo no Guia Médico', 'Acreditação', texto(100)),
    col(
      'ordem',
      true,
      'inteiro 1 a 999',
      PORTAL,
      'Posição do selo nos cartões do Guia (1 = o primeiro)',
      '1',
      inteiro(1, 999),
    ),
  ],
  chave: ['codigoSelo'],
  notas: [
    ANTES_DOS_PRESTADORES,
    'Cada `ordem` é de um selo só (no arquivo e na base); o cartão do Guia mostra os dois primeiros e "+N".',
    'A imagem de cada selo é a `public/selos/<codigoSelo>.png` da operadora (`operadora/<nome>/`): um selo novo precisa da sua.',
    ATUALIZA_GUIA,
    NAO_APAGA,
  ],
  verificacoes: unico({
    arquivo: ['ordem'],
    tabela: ['ordem'],
    em: 'selos',
    chave: ['codigo', 'codigoSelo'],
    repetido: 'Ordem repetida no arquivo',
    naBase: 'Ordem já usada pelo selo',
  }),
  async aplicar(tx) {
    // Positions are unique at every row, not at the end of the statement: the seals whose position
    // changes step aside first (negative, unique too), so two seals can swap places in one file.
    await tx.query(
      `update selos t set ordem = -t.ordem from importacao_stg s where s."codigoSelo" = t.codigo and s.ordem::smallint <> t.ordem`,
    );
    return aplicarNoGuia(
      tx,
      `insert into selos as t (codigo, nome, ordem)
       select "codigoSelo", "nomeSelo", ordem::smallint from importacao_stg
       on conflict (codigo) do update set nome = excluded.nome, ordem = excluded.ordem
       where (t.nome, t.ordem) is distinct from (excluded.nome, excluded.ordem)`,
    );
  },
};
