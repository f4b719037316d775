import type { Queryable } from '../../../db/db';
import { cnpj, col, digitos, inteiro, texto, type Layout } from '../campos';
import {
  apagarExcedentes,
  ATUALIZA_GUIA,
  colunas,
  consistente,
  contarLinhas,
  criarMudou,
  desfazerCom,
  type LinhasEmOrdem,
  modoCompleto,
  municipioExiste,
  PORTAL,
  QUALIFICACAO,
  RPS,
} from './comum';

const CNES = 'CNES / RPS (ANS)';
const lista =
  (re: RegExp, exemplo: string): ((v: string) => string | { erro: string }) =>
  (v) => {
    const itens = v
      .split(',')
      .map((x) => x.trim().toUpperCase())
      .filter(Boolean);
    return itens.length && itens.every((x) => re.test(x))
      ? [...new Set(itens)].join(',')
      : { erro: `Use uma lista separada por vírgulas (ex.: ${exemplo}).` };
  };

/** A provider's places, in the order of its lines; a line also names its establishment (CNES). */
const LOCAIS: LinhasEmOrdem = {
  coluna: '"codigoPrestador"',
  chave: '"codigoPrestador"::int',
  tabela: 'locais_atendimento',
  colunaDoPai: 'codigo_prestador',
  filho: 'l',
  pai: 'p',
  outros: { e: 'cnes::int' },
};

/** Lines of one establishment must agree on the columns that describe it (as lines of one provider do). */
const COLS_ESTAB = [
  'tipoEstabelecimento',
  'nomeFantasia',
  'razaoSocial',
  'cnpj',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cep',
  'codigoMunicipioIBGE',
  'fone',
  'site',
];

export const prestadores: Layout = {
  colunas: [
    col(
      'codigoPrestador',
      true,
      'inteiro',
      RPS,
      'Código do prestador na operadora',
      '10234',
      inteiro(1, 2_000_000_000),
    ),
    col('nome', true, 'texto', RPS, 'Nome do profissional ou do serviço', 'Dra. Ana Lima', texto(200)),
    col('nroRegistro', true, 'texto', RPS, 'Registro no conselho (CRM, CRO…) ou CNPJ', 'CRM-SP 123456', texto(40)),
    col(
      'especialidades',
      true,
      'lista de códigos',
      PORTAL,
      'Especialidades atendidas (códigos do Guia Médico, separados por vírgula)',
      '1,6',
      lista(/^\d{1,6}$/, '1,6'),
    ),
    col(
      'selos',
      false,
      'lista de letras',
      QUALIFICACAO,
      'Selos de qualificação (códigos, separados por vírgula)',
      'A,Q',
      lista(/^[A-Z]$/, 'A,Q'),
    ),
    col('cnes', true, '7 dígitos', CNES, 'CNES do estabelecimento onde atende', '2077485', digitos(7)),
    col('sala', false, 'texto', PORTAL, 'Sala ou conjunto do prestador no estabelecimento', 'Sala 12', texto(60)),
    col('tipoEstabelecimento', true, 'texto', CNES, 'Tipo do estabelecimento', 'Clínica', texto(60)),
    col('nomeFantasia', true, 'texto', CNES, 'Nome fantasia do estabelecimento', 'Clínica Exemplo', texto(200)),
    col('razaoSocial', true, 'texto', CNES, 'Razão social', 'Clínica Exemplo Ltda', texto(200)),
    col('cnpj', true, 'CNPJ', CNES, 'CNPJ do estabelecimento', '11222333000181', cnpj),
    col('logradouro', true, 'texto', CNES, 'Logradouro', 'Avenida Paulista', texto(200)),
    col('numero', true, 'texto', CNES, 'Número', '1000', texto(20)),
    col('complemento', false, 'texto', CNES, 'Complemento', '5º andar', texto(100)),
    col('bairro', true, 'texto', CNES, 'Bairro', 'Bela Vista', texto(100)),
    col('cep', true, '8 dígitos', CNES, 'CEP', '01310100', digitos(8)),
    col('codigoMunicipioIBGE', true, '7 dígitos', 'IBGE', 'Município (código IBGE)', '3550308', digitos(7)),
    col('fone', true, 'DDD + número', CNES, 'Telefone', '1133334444', (v) => digitos(10, 11)(v.replace(/[()]/g, ''))),
    col('site', false, 'texto', PORTAL, 'Site', 'https://exemplo.com.br', texto(200)),
  ],
  chave: ['codigoPrestador', 'cnes'],
  notas: [
    'Uma linha por prestador e local de atendimento (estabelecimento, pelo CNES); nome, registro, especialidades e selos se repetem iguais nas linhas do mesmo prestador, e os dados do estabelecimento nas linhas do mesmo CNES.',
    'A ordem dos locais é a ordem das linhas; locais de um prestador do arquivo que não estão mais nele são removidos; especialidades e selos são substituídos pelos do arquivo.',
    'Município, especialidades e selos devem existir (layouts municipios, especialidades e selos, importados antes).',
    ATUALIZA_GUIA,
    modoCompleto(
      'o arquivo é a rede inteira; prestadores ausentes dele são inativados, nunca apagados, e saem das buscas do Guia Médico na leitura seguinte. Um prestador inativo que volta num arquivo é reativado.',
      'inativar',
    ),
  ],
  verificacoes: [
    municipioExiste,
    `select s.linha, 'especialidades', e.cod, 'Especialidade não encontrada: importe-a antes no layout especialidades.'
       from importacao_stg s cross join lateral unnest(string_to_array(s.especialidades, ',')) e(cod)
      where not exists (select 1 from especialidades x where x.codigo = e.cod::int)`,
    `select s.linha, 'selos', e.cod, 'Selo não encontrado: importe-o antes no layout selos.'
       from importacao_stg s cross join lateral unnest(string_to_array(s.selos, ',')) e(cod)
      where not exists (select 1 from selos x where x.codigo = e.cod)`,
    consistente('codigoPrestador', colunas(['nome', 'nroRegistro', 'especialidades', 'selos']), 'do prestador'),
    consistente('cnes', colunas(COLS_ESTAB), 'do estabelecimento'),
  ],
  async aplicar(tx, modo) {
    await criarMudou(tx);
    await tx.query(
      `with m as (
         insert into estabelecimentos as e (codigo, codigo_cidade, tipo, nome_fantasia, razao_social, cnpj, logradouro,
                                            numero, complemento, bairro, cep, fone, site)
         select distinct on (cnes) cnes::int, "codigoMunicipioIBGE"::int, "tipoEstabelecimento", "nomeFantasia",
                "razaoSocial", cnpj, logradouro, numero, complemento, bairro, cep, fone, site
           from importacao_stg order by cnes, linha
         on conflict (codigo) do update set codigo_cidade = excluded.codigo_cidade, tipo = excluded.tipo,
           nome_fantasia = excluded.nome_fantasia, razao_social = excluded.razao_social, cnpj = excluded.cnpj,
           logradouro = excluded.logradouro, numero = excluded.numero, complemento = excluded.complemento,
           bairro = excluded.bairro, cep = excluded.cep, fone = excluded.fone, site = excluded.site
         where (e.codigo_cidade, e.tipo, e.nome_fantasia, e.razao_social, e.cnpj, e.logradouro, e.numero, e.complemento,
                e.bairro, e.cep, e.fone, e.site)
           is distinct from (excluded.codigo_cidade, excluded.tipo, excluded.nome_fantasia, excluded.razao_social,
                             excluded.cnpj, excluded.logradouro, excluded.numero, excluded.complemento, excluded.bairro,
                             excluded.cep, excluded.fone, excluded.site)
         returning codigo, (xmax = 0) as novo)
       insert into importacao_mudou select 'e' || codigo, novo from m`,
    );
    await tx.query(
      `with m as (
         insert into prestadores as p (codigo, nome, nro_registro, ativo)
         select distinct on ("codigoPrestador") "codigoPrestador"::int, nome, "nroRegistro", true
           from importacao_stg order by "codigoPrestador", linha
         on conflict (codigo) do update set nome = excluded.nome, nro_registro = excluded.nro_registro, ativo = true
         where (p.nome, p.nro_registro, p.ativo) is distinct from (excluded.nome, excluded.nro_registro, true)
         returning codigo, (xmax = 0) as novo)
       insert into importacao_mudou select 'p' || codigo, novo from m`,
    );
    // Specialties and seals: the file's set replaces the provider's.
    await tx.exec(`
      create temp table importacao_conjuntos on commit drop as
      select distinct "codigoPrestador"::int as prestador, 'e' as tipo, x as codigo
        from importacao_stg cross join lateral unnest(string_to_array(especialidades, ',')) x
      union
      select distinct "codigoPrestador"::int, 's', x
        from importacao_stg cross join lateral unnest(string_to_array(selos, ',')) x;
      with ins as (
        insert into prestador_especialidades (codigo_prestador, codigo_especialidade)
        select prestador, codigo::int from importacao_conjuntos where tipo = 'e' on conflict do nothing
        returning codigo_prestador),
      del as (
        delete from prestador_especialidades pe
         where pe.codigo_prestador in (select "codigoPrestador"::int from importacao_stg)
           and not exists (select 1 from importacao_conjuntos c where c.tipo = 'e' and c.prestador = pe.codigo_prestador
                             and c.codigo::int = pe.codigo_especialidade)
        returning codigo_prestador),
      ins2 as (
        insert into prestador_selos (codigo_prestador, codigo_selo)
        select prestador, codigo from importacao_conjuntos where tipo = 's' on conflict do nothing
        returning codigo_prestador),
      del2 as (
        delete from prestador_selos ps
         where ps.codigo_prestador in (select "codigoPrestador"::int from importacao_stg)
           and not exists (select 1 from importacao_conjuntos c where c.tipo = 's' and c.prestador = ps.codigo_prestador
                             and c.codigo = ps.codigo_selo)
        returning codigo_prestador)
      insert into importacao_mudou
      select distinct 'p' || codigo_prestador, false
        from (select * from ins union all select * from del union all select * from ins2 union all select * from del2) x
      on conflict do nothing;`);
    await tx.query(
      `with f as (
         select "codigoPrestador"::int as prestador, cnes::int as cnes, sala,
                row_number() over (partition by "codigoPrestador" order by linha)::smallint as ordem
           from importacao_stg),
       m as (
         insert into locais_atendimento as l (codigo_prestador, ordem, codigo_estabelecimento, sala)
         select prestador, ordem, cnes, sala from f
         on conflict (codigo_prestador, ordem) do update set codigo_estabelecimento = excluded.codigo_estabelecimento,
           sala = excluded.sala
         where (l.codigo_estabelecimento, l.sala) is distinct from (excluded.codigo_estabelecimento, excluded.sala)
         returning codigo_prestador, ordem, (xmax = 0) as novo)
       insert into importacao_mudou select 'l' || codigo_prestador || ':' || ordem, novo from m`,
    );
    await apagarExcedentes(tx, LOCAIS);
    const r = await contarLinhas(tx, LOCAIS);
    // The provider guide searches materialized views: refreshed here, so the next search shows the change.
    if (r.incluidos + r.alterados > 0) await tx.query('select guia_atualizar()');
    // A snapshot of the network: the providers missing from it are marked inactive, never deleted
    // (substitutions and history name them). The searches leave them out at read time, so no refresh.
    let inativados = 0;
    if (modo === 'completo') {
      const [i] = await tx.query<{ n: number }>(
        `with m as (
           update prestadores p set ativo = false
            where p.ativo and not exists (select 1 from importacao_stg s where s."codigoPrestador"::int = p.codigo)
           returning p.codigo),
         r as (
           insert into importacao_removidos (chave, antes, depois)
           select codigo::text, '{"ativo": true}'::jsonb, '{"ativo": false}'::jsonb from m
           returning 1)
         select count(*)::int as n from r`,
      );
      inativados = i?.n ?? 0;
      // A new version of the guide (0029) so every instance drops the free-text lists it keeps.
      if (inativados > 0) await tx.query('update guia_versao set versao = gen_random_uuid()');
    }
    await contarInativos(tx);
    return { ...r, inativados };
  },
  remocao: {
    ativos: 'select count(*)::int as n from prestadores where ativo',
    nome: 'prestadores ativos',
    verbo: 'inativaria',
    // Active again (back in the searches at the next read) if still inactive.
    async desfazer(tx, importacaoId) {
      const r = await desfazerCom(
        tx,
        importacaoId,
        `update prestadores p set ativo = true
           from importacao_alteracoes a
          where a.importacao_id = $1 and p.codigo = a.chave::int and not p.ativo`,
      );
      if (r.restaurados > 0) {
        await tx.query('update guia_versao set versao = gen_random_uuid()');
        await contarInativos(tx);
      }
      return r;
    },
  },
};

/** What the searches subtract from their precomputed totals: the inactive providers' cards. */
async function contarInativos(tx: Queryable): Promise<void> {
  await tx.exec(`
      delete from guia_inativos_contagem;
      insert into guia_inativos_contagem (codigo_cidade, codigo_especialidade, total)
      select c.cidade, pe.codigo_especialidade, count(*)::int
        from prestadores p
        join prestador_especialidades pe on pe.codigo_prestador = p.codigo
        cross join lateral (
          select distinct e.codigo_cidade from locais_atendimento l
            join estabelecimentos e on e.codigo = l.codigo_estabelecimento where l.codigo_prestador = p.codigo
          union all
          select 0 where exists (select 1 from locais_atendimento l where l.codigo_prestador = p.codigo)) c(cidade)
       where not p.ativo
       group by 1, 2;`);
}
