import { MOTIVOS_ALTERACAO_REDE, TIPOS_ALTERACAO_REDE } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { cnpj, col, type Contagem, data, digitos, inteiro, type Layout, opcoes, simNao, texto } from './campos';

/**
 * The Guia Médico's reference tables (migration 0004: cidades, especialidades, selos), which the
 * prestadores layout names by code: municípios by their IBGE code, specialties and quality seals by
 * the operator's codes. Load them before the providers. None is ever deleted by an import (the
 * network, substitutions and history point at them): `completo` behaves as `incremental`.
 */

const IBGE = 'IBGE (DTB)';
const QUALIFICACAO = 'RN 405/2016 (qualificação)';
const GUIA = 'Guia Médico (código da operadora)';
const PORTAL = 'Portal (sem padrão ANS)';
const RN585 = 'RN 585/2023 (alteração de rede)';

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

const NAO_APAGA =
  'Modo `completo`: igual ao incremental (nada é apagado nem inativado: prestadores e histórico apontam para estas linhas).';
const ANTES_DOS_PRESTADORES = 'Importe antes dos prestadores que usam estes códigos (layout prestadores).';
const ATUALIZA_GUIA =
  'O Guia Médico mostra as mudanças na busca seguinte (as visões de busca são atualizadas na mesma transação).';

/** An upsert returning (xmax = 0) per changed row, counted; the guide's views refreshed when anything changed. */
async function aplicarNoGuia(tx: Queryable, upsert: string): Promise<Contagem> {
  const [r] = await tx.query<{ incluidos: number; alterados: number }>(
    `with m as (${upsert} returning (xmax = 0) as novo)
     select (count(*) filter (where novo))::int as incluidos, (count(*) filter (where not novo))::int as alterados from m`,
  );
  const c = { incluidos: r?.incluidos ?? 0, alterados: r?.alterados ?? 0, inativados: 0 };
  // Names live in the search views (the provider's card, the specialty groups): refreshed here.
  if (c.incluidos + c.alterados > 0) await tx.query('select guia_atualizar()');
  return c;
}

/**
 * A value that must be unique in the table (a name per UF, a specialty's name, a seal's position):
 * two lines of the file giving it to different keys, or a key of the base outside the file holding it.
 */
function unico(o: {
  /** The file's columns, and the table's in the same order. */
  arquivo: string[];
  tabela: string[];
  em: string;
  /** The key: the table's column and the file's. */
  chave: [string, string];
  repetido: string;
  naBase: string;
}): string[] {
  const coluna = o.arquivo[0]!;
  const [ct, ca] = o.chave;
  const f = o.arquivo.map((c) => `"${c}"`).join(', ');
  const fs = o.arquivo.map((c) => `s."${c}"`).join(', ');
  const tt = o.tabela.map((c) => `t.${c}::text`).join(', ');
  return [
    `select s.linha, '${coluna}', s."${coluna}", '${o.repetido} (também na linha ' || p.primeira || ').'
       from (select linha, min(linha) over (partition by ${f}) as primeira from importacao_stg) p
       join importacao_stg s on s.linha = p.linha where p.linha > p.primeira`,
    `select s.linha, '${coluna}', s."${coluna}", '${o.naBase} ' || t.${ct} || ', que não está no arquivo.'
       from importacao_stg s
       join ${o.em} t on (${tt}) = (${fs}) and t.${ct}::text <> s."${ca}"
      where not exists (select 1 from importacao_stg x where x."${ca}" = t.${ct}::text)`,
  ];
}

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

/** The products a change concerns: plan codes separated by commas, repeated ones once. */
const planos = (v: string): string | { erro: string } => {
  const itens = [
    ...new Set(
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
  return itens.length && itens.every((x) => x.length <= 20)
    ? itens.join(',')
    : { erro: 'Use uma lista de códigos de produto separada por vírgulas (ex.: 4521,4522).' };
};

/**
 * RN 585/2023 (and RN 365/2014 for non-hospital providers): the network changes the operator
 * publishes — a provider excluded, substituted by another of the network or not, from a date, for the
 * products concerned. The Guia Médico lists them (PrestadoresSubstituidos). Never deleted by an import
 * (they are what the operator told its members): `completo` is the same as `incremental`.
 */
export const substituicoes: Layout = {
  colunas: [
    col(
      'codigoSubstituicao',
      true,
      'inteiro',
      GUIA,
      'Código da alteração de rede na operadora',
      '1',
      inteiro(1, 2_000_000_000),
    ),
    col(
      'tipoAlteracao',
      true,
      'código',
      RN585,
      `Tipo da alteração: ${Object.keys(TIPOS_ALTERACAO_REDE).join(', ')}`,
      'SUBSTITUICAO_HOSPITALAR',
      opcoes(Object.keys(TIPOS_ALTERACAO_REDE)),
    ),
    col(
      'motivo',
      true,
      'código',
      RN585,
      `Motivo: ${Object.keys(MOTIVOS_ALTERACAO_REDE).join(', ')}`,
      'RESCISAO_CONTRATUAL',
      opcoes(Object.keys(MOTIVOS_ALTERACAO_REDE)),
    ),
    col('codigoMunicipioIBGE', true, '7 dígitos', IBGE, 'Município do prestador excluído', '3550308', digitos(7)),
    col(
      'nomePrestadorExcluido',
      true,
      'texto',
      RN585,
      'Prestador substituído ou excluído da rede (nome)',
      'Hospital São Rafael',
      texto(200),
    ),
    col('cnpjPrestadorExcluido', false, 'CNPJ', RN585, 'CNPJ do prestador excluído', '60922168000186', cnpj),
    col(
      'servicos',
      true,
      'texto',
      RN585,
      'Serviços alterados',
      'Internação clínica e cirúrgica, pronto-socorro adulto e maternidade',
      texto(500),
    ),
    col(
      'codigoPrestadorSubstituto',
      false,
      'inteiro',
      RN585,
      'Prestador substituto (codigoPrestador do layout prestadores); obrigatório nas substituições, vazio nos demais tipos',
      '2',
      inteiro(1, 2_000_000_000),
    ),
    col(
      'dataComunicacao',
      true,
      'data',
      RN585,
      'Data em que a alteração foi comunicada aos beneficiários',
      '2026-01-15',
      data,
    ),
    col(
      'dataVigencia',
      true,
      'data',
      RN585,
      'Data a partir da qual a alteração vale (não antes da comunicação)',
      '2026-02-16',
      data,
    ),
    col(
      'produtos',
      true,
      'lista de códigos',
      RN585,
      'Produtos atingidos (codigoPlano do layout produtos, separados por vírgula)',
      '4521,4522',
      planos,
    ),
  ],
  chave: ['codigoSubstituicao'],
  notas: [
    'Importe depois dos produtos, dos municípios e dos prestadores: o município, o prestador substituto e os produtos devem existir.',
    'Tipos `SUBSTITUICAO_HOSPITALAR` e `SUBSTITUICAO_NAO_HOSPITALAR` exigem o `codigoPrestadorSubstituto`; os demais tipos não têm substituto. O nome do substituto é guardado com a alteração (continua publicado se ele deixar a rede).',
    'A `dataVigencia` não pode ser anterior à `dataComunicacao` (a RN 585 pede 30 dias de antecedência na substituição hospitalar).',
    'Os produtos do arquivo substituem os da alteração.',
    'O Guia Médico mostra as alterações na consulta seguinte (Prestadores Substituídos).',
    'Modo `completo`: igual ao incremental (nada é apagado: é o que a operadora comunicou aos beneficiários).',
  ],
  verificacoes: [
    `select s.linha, 'codigoMunicipioIBGE', s."codigoMunicipioIBGE", 'Município não encontrado: importe-o antes no layout municipios.'
       from importacao_stg s where not exists (select 1 from cidades c where c.codigo = s."codigoMunicipioIBGE"::int)`,
    `select s.linha, 'codigoPrestadorSubstituto', s."codigoPrestadorSubstituto",
            'Prestador substituto não encontrado: importe-o antes no layout prestadores.'
       from importacao_stg s
      where s."codigoPrestadorSubstituto" is not null
        and not exists (select 1 from prestadores p where p.codigo = s."codigoPrestadorSubstituto"::int)`,
    `select s.linha, 'codigoPrestadorSubstituto', coalesce(s."codigoPrestadorSubstituto", ''),
            case when s."codigoPrestadorSubstituto" is null
                 then 'Uma substituição (' || s."tipoAlteracao" || ') exige o prestador substituto.'
                 else 'Só as substituições têm prestador substituto: deixe vazio em ' || s."tipoAlteracao" || '.' end
       from importacao_stg s
      where (s."tipoAlteracao" like 'SUBSTITUICAO%') <> (s."codigoPrestadorSubstituto" is not null)`,
    `select s.linha, 'dataVigencia', s."dataVigencia", 'A vigência não pode ser anterior à comunicação (' || s."dataComunicacao" || ').'
       from importacao_stg s where s."dataVigencia"::date < s."dataComunicacao"::date`,
    `select s.linha, 'produtos', x.cod, 'Produto não encontrado: importe-o antes no layout produtos.'
       from importacao_stg s cross join lateral unnest(string_to_array(s.produtos, ',')) x(cod)
      where not exists (select 1 from planos p where p.codigo_plano = x.cod)`,
  ],
  async aplicar(tx) {
    await tx.exec(
      'create temp table importacao_substituicoes (id int primary key, novo boolean not null) on commit drop',
    );
    await tx.query(
      `with m as (
         insert into prestadores_substituidos as t (id, tipo_alteracao, motivo, codigo_cidade, nome_excluido,
                                                   cnpj_excluido, servicos, codigo_prestador_substituto,
                                                   nome_substituto, data_comunicacao, data_vigencia)
         select s."codigoSubstituicao"::int, s."tipoAlteracao", s.motivo, s."codigoMunicipioIBGE"::int,
                s."nomePrestadorExcluido", s."cnpjPrestadorExcluido", s.servicos, p.codigo, p.nome,
                s."dataComunicacao"::date, s."dataVigencia"::date
           from importacao_stg s left join prestadores p on p.codigo = s."codigoPrestadorSubstituto"::int
         on conflict (id) do update set tipo_alteracao = excluded.tipo_alteracao, motivo = excluded.motivo,
           codigo_cidade = excluded.codigo_cidade, nome_excluido = excluded.nome_excluido,
           cnpj_excluido = excluded.cnpj_excluido, servicos = excluded.servicos,
           codigo_prestador_substituto = excluded.codigo_prestador_substituto,
           nome_substituto = excluded.nome_substituto, data_comunicacao = excluded.data_comunicacao,
           data_vigencia = excluded.data_vigencia
         where (t.tipo_alteracao, t.motivo, t.codigo_cidade, t.nome_excluido, t.cnpj_excluido, t.servicos,
                t.codigo_prestador_substituto, t.nome_substituto, t.data_comunicacao, t.data_vigencia)
           is distinct from (excluded.tipo_alteracao, excluded.motivo, excluded.codigo_cidade, excluded.nome_excluido,
                             excluded.cnpj_excluido, excluded.servicos, excluded.codigo_prestador_substituto,
                             excluded.nome_substituto, excluded.data_comunicacao, excluded.data_vigencia)
         returning id, (xmax = 0) as novo)
       insert into importacao_substituicoes select id, novo from m`,
    );
    // The file's products replace the change's.
    await tx.query(
      `with f as (
         select distinct s."codigoSubstituicao"::int as id, x.cod
           from importacao_stg s cross join lateral unnest(string_to_array(s.produtos, ',')) x(cod)),
       ins as (
         insert into prestadores_substituidos_produtos (id_substituicao, codigo_plano)
         select id, cod from f on conflict do nothing
         returning id_substituicao),
       del as (
         delete from prestadores_substituidos_produtos sp
          where sp.id_substituicao in (select "codigoSubstituicao"::int from importacao_stg)
            and not exists (select 1 from f where f.id = sp.id_substituicao and f.cod = sp.codigo_plano)
         returning id_substituicao)
       insert into importacao_substituicoes
       select distinct id_substituicao, false from (select * from ins union all select * from del) x
       on conflict do nothing`,
    );
    const [r] = await tx.query<{ incluidos: number; alterados: number }>(
      `select (count(*) filter (where novo))::int as incluidos, (count(*) filter (where not novo))::int as alterados
         from importacao_substituicoes`,
    );
    await tx.exec('drop table importacao_substituicoes');
    return { incluidos: r?.incluidos ?? 0, alterados: r?.alterados ?? 0, inativados: 0 };
  },
};
