import { col, inteiro, simNao, texto, type Layout } from '../campos';
import { ANTES_DOS_PRESTADORES, aplicarNoGuia, ATUALIZA_GUIA, GUIA, NAO_APAGA, PORTAL, unico } from './comum';

export const especialidades: Layout = {
  colunas: [
    col(
      'codigoEspecialidade',
      true,
      'inteiro (até 6 dígitos)',
      GUIA,
      'Código da especialidade, o que a coluna especialidades do layout prestadores usa (pode ser o CBO da TISS)',
      '1',
      inteiro(1, 999_999),
    ),
    col('nomeEspecialidade', true, 'texto', GUIA, 'Nome mostrado no Guia Médico', 'Cardiologia', texto(100)),
    col(
      'odontologica',
      true,
      'S | N',
      PORTAL,
      'Especialidade odontológica (filtro "somente odontologia" do Guia)',
      'N',
      simNao,
    ),
  ],
  chave: ['codigoEspecialidade'],
  notas: [
    ANTES_DOS_PRESTADORES,
    'Um nome aparece uma vez (no arquivo e na base).',
    'O Guia agrupa os resultados pelas especialidades médicas, por nome, e depois pelas odontológicas.',
    ATUALIZA_GUIA,
    NAO_APAGA,
  ],
  verificacoes: unico({
    arquivo: ['nomeEspecialidade'],
    tabela: ['nome'],
    em: 'especialidades',
    chave: ['codigo', 'codigoEspecialidade'],
    repetido: 'Nome repetido no arquivo',
    naBase: 'Nome já usado pela especialidade',
  }),
  aplicar: (tx) =>
    aplicarNoGuia(
      tx,
      `insert into especialidades as e (codigo, nome, odonto)
       select "codigoEspecialidade"::int, "nomeEspecialidade", odontologica::boolean from importacao_stg
       on conflict (codigo) do update set nome = excluded.nome, odonto = excluded.odonto
       where (e.nome, e.odonto) is distinct from (excluded.nome, excluded.odonto)`,
    ),
};
