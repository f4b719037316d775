import { col, digitos, opcoes, texto, type Layout } from '../campos';
import { ANTES_DOS_PRESTADORES, aplicarNoGuia, ATUALIZA_GUIA, IBGE, NAO_APAGA, unico } from './comum';

/** IBGE's code of each state: the first two digits of its municipalities' codes. */
const UFS: Record<string, number> = {
  RO: 11,
  AC: 12,
  AM: 13,
  RR: 14,
  PA: 15,
  AP: 16,
  TO: 17,
  MA: 21,
  PI: 22,
  CE: 23,
  RN: 24,
  PB: 25,
  PE: 26,
  AL: 27,
  SE: 28,
  BA: 29,
  MG: 31,
  ES: 32,
  RJ: 33,
  SP: 35,
  PR: 41,
  SC: 42,
  RS: 43,
  MS: 50,
  MT: 51,
  GO: 52,
  DF: 53,
};

export const municipios: Layout = {
  colunas: [
    col('codigoMunicipioIBGE', true, '7 dígitos', IBGE, 'Código do município no IBGE', '3550308', digitos(7)),
    col('nomeMunicipio', true, 'texto', IBGE, 'Nome do município', 'São Paulo', texto(100)),
    col('uf', true, 'sigla da UF', IBGE, 'Unidade da Federação', 'SP', opcoes(Object.keys(UFS))),
  ],
  chave: ['codigoMunicipioIBGE'],
  notas: [
    ANTES_DOS_PRESTADORES,
    'Os dois primeiros dígitos do código IBGE são os da UF (35 = SP); um nome aparece uma vez por UF.',
    ATUALIZA_GUIA,
    NAO_APAGA,
  ],
  verificacoes: [
    `select s.linha, 'codigoMunicipioIBGE', s."codigoMunicipioIBGE",
            'Código IBGE de outra UF: ' || s.uf || ' começa com ' || u.codigo || '.'
       from importacao_stg s
       join (values ${Object.entries(UFS)
         .map(([uf, c]) => `('${uf}', '${c}')`)
         .join(', ')}) u(uf, codigo) on u.uf = s.uf
      where left(s."codigoMunicipioIBGE", 2) <> u.codigo`,
    ...unico({
      arquivo: ['nomeMunicipio', 'uf'],
      tabela: ['nome', 'uf'],
      em: 'cidades',
      chave: ['codigo', 'codigoMunicipioIBGE'],
      repetido: 'Município repetido na mesma UF',
      naBase: 'Nome já usado nesta UF pelo município',
    }),
  ],
  aplicar: (tx) =>
    aplicarNoGuia(
      tx,
      `insert into cidades as c (codigo, nome, uf)
       select "codigoMunicipioIBGE"::int, "nomeMunicipio", uf from importacao_stg
       on conflict (codigo) do update set nome = excluded.nome, uf = excluded.uf
       where (c.nome, c.uf) is distinct from (excluded.nome, excluded.uf)`,
    ),
};
