import { MOTIVOS_ALTERACAO_REDE, TIPOS_ALTERACAO_REDE } from '@portal/contract';
import { cnpj, col, data, digitos, inteiro, opcoes, texto, type Layout } from '../campos';
import { GUIA, IBGE, municipioExiste } from './comum';

const RN585 = 'RN 585/2023 (alteração de rede)';

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
    municipioExiste,
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
