import type { Queryable } from '../../../db/db';
import type { Contagem } from '../campos';

/**
 * What the layouts share: the standards their columns come from, the checks and SQL shapes more
 * than one of them uses. One layout per entity lives beside this file (layouts/<entidade>.ts).
 */

/*
 * The standard each column's name and meaning come from (the `padrao` column of the docs).
 */
export const SIB = 'SIB (RN 500/2022)';
export const RPS = 'RPS / registro de produtos ANS';
export const PORTAL = 'Portal (sem padrão ANS)';
export const TUSS = 'TUSS (tabela 22)';
export const RN389 = 'RN 389/2015 (extrato de utilização)';
export const IBGE = 'IBGE (DTB)';
export const QUALIFICACAO = 'RN 405/2016 (qualificação)';
export const GUIA = 'Guia Médico (código da operadora)';

/** Runs an upsert whose statement returns one row per changed row with `novo` (xmax = 0: inserted). */
export async function contar(tx: Queryable, sql: string): Promise<{ incluidos: number; alterados: number }> {
  const [r] = await tx.query<{ incluidos: number; alterados: number }>(
    `with m as (${sql} returning (xmax = 0) as novo)
     select (count(*) filter (where novo))::int as incluidos, (count(*) filter (where not novo))::int as alterados from m`,
  );
  return { incluidos: r?.incluidos ?? 0, alterados: r?.alterados ?? 0 };
}

/*
 * Checks (verificacoes) several layouts run: each a select of (linha, coluna, valor, mensagem) over
 * importacao_stg.
 */

export const beneficiarioExiste = `select s.linha, 'codigoBeneficiario', s."codigoBeneficiario",
       'Beneficiário não encontrado: importe-o antes no layout beneficiarios.'
  from importacao_stg s where not exists (select 1 from beneficiarios b where b.codigo_beneficiario = s."codigoBeneficiario")`;

export const contratoExiste = `select s.linha, 'codigoContrato', s."codigoContrato", 'Contrato não encontrado: importe-o antes no layout contratos.'
       from importacao_stg s where not exists (select 1 from contratos c where c.codigo_contrato = s."codigoContrato")`;

export const municipioExiste = `select s.linha, 'codigoMunicipioIBGE', s."codigoMunicipioIBGE", 'Município não encontrado: importe-o antes no layout municipios.'
       from importacao_stg s where not exists (select 1 from cidades c where c.codigo = s."codigoMunicipioIBGE"::int)`;

/** A line giving the same values of `colunas` as an earlier line: reported at `coluna`, naming the earlier one. */
export const repetidoNoArquivo = (coluna: string, colunas: readonly string[], mensagem: string) =>
  `select s.linha, '${coluna}', s."${coluna}", '${mensagem} (também na linha ' || p.primeira || ').'
     from (select linha, min(linha) over (partition by ${colunas.map((c) => `"${c}"`).join(', ')}) as primeira
             from importacao_stg) p
     join importacao_stg s on s.linha = p.linha where p.linha > p.primeira`;

/**
 * Lines of one key (a guide, a provider, an establishment) must agree on the values that describe it
 * (`valores`: SQL over importacao_stg): a line that differs is reported at the key, naming the first.
 */
export const consistente = (chave: string, valores: readonly string[], rotulo: string, detalhe = '') =>
  `select s.linha, '${chave}', s."${chave}", 'Os dados ${rotulo} diferem dos da linha ' || p.primeira || '${detalhe}.'
     from (select linha, first_value(linha) over w as primeira,
                  row(${valores.join(', ')})::text as v,
                  first_value(row(${valores.join(', ')})::text) over w as v1
             from importacao_stg window w as (partition by "${chave}" order by linha)) p
     join importacao_stg s on s.linha = p.linha where p.v <> p.v1`;

/** Column names as SQL (quoted: the staging table keeps the layout's camelCase). */
export const colunas = (nomes: readonly string[]) => nomes.map((c) => `"${c}"`);

/**
 * Layouts with one line per child of a parent, in order (a guide's procedures, an installment's
 * items, a provider's places). The layout upserts the children by (parent, ordem) and records what
 * changed in the temp table importacao_mudou (criarMudou): `<filho><parent>:<ordem>` per child,
 * `<pai><parent>` per parent, another prefix per other row a line names.
 */
export interface LinhasEmOrdem {
  /** The file's column naming the parent (SQL: '"codigoPrestador"'). */
  coluna: string;
  /** The parent's key as the child table stores it (SQL over the file; default: `coluna`). */
  chave?: string;
  /** The child table and its column naming the parent. */
  tabela: string;
  colunaDoPai: string;
  /** importacao_mudou's prefixes of a child and of its parent. */
  filho: string;
  pai: string;
  /** Other rows a line names whose change counts the line as changed: prefix → their key (SQL over the file). */
  outros?: Record<string, string>;
}

export const criarMudou = (tx: Queryable) =>
  tx.exec('create temp table importacao_mudou (chave text primary key, novo boolean not null) on commit drop');

/** Children of a parent in the file beyond its lines there: removed, and the parent counts as changed. */
export async function apagarExcedentes(tx: Queryable, o: LinhasEmOrdem): Promise<void> {
  await tx.query(
    `with d as (
       delete from ${o.tabela} x
        using (select ${o.chave ?? o.coluna} as pai, count(*) as n from importacao_stg group by 1) f
        where x.${o.colunaDoPai} = f.pai and x.ordem > f.n
       returning x.${o.colunaDoPai} as pai)
     insert into importacao_mudou select distinct '${o.pai}' || pai, false from d on conflict do nothing`,
  );
}

/**
 * The file's lines counted: incluída when its child is new, alterada when its child, its parent or
 * another row it names changed (read from importacao_mudou).
 */
export async function contarLinhas(tx: Queryable, o: LinhasEmOrdem): Promise<{ incluidos: number; alterados: number }> {
  const outros = Object.entries(o.outros ?? {});
  const [r] = await tx.query<{ incluidos: number; alterados: number }>(
    `with f as (select ${o.chave ?? o.coluna} as pai, ${outros.map(([, chave], i) => `${chave} as o${i}, `).join('')}
                       row_number() over (partition by ${o.coluna} order by linha) as ordem from importacao_stg)
     select (count(*) filter (where c.novo))::int as incluidos,
            (count(*) filter (where not coalesce(c.novo, false)
                                and (c.chave is not null or p.chave is not null${outros.map((_, i) => ` or o${i}.chave is not null`).join('')})))::int
              as alterados
       from f
       left join importacao_mudou c on c.chave = '${o.filho}' || f.pai || ':' || f.ordem
       left join importacao_mudou p on p.chave = '${o.pai}' || f.pai
       ${outros.map(([prefixo], i) => `left join importacao_mudou o${i} on o${i}.chave = '${prefixo}' || f.o${i}`).join(' ')}`,
  );
  return { incluidos: r?.incluidos ?? 0, alterados: r?.alterados ?? 0 };
}

/*
 * `completo` (decision 0049): what a file removes past the bound needs the exact number confirmed,
 * and an applied import's removals can be undone.
 */

/**
 * The docs' rule of a layout whose `completo` removes records: what it removes, then the bound and
 * the undo (`verbo`: what the file does to them, in the infinitive).
 */
export const modoCompleto = (oQueRemove: string, verbo: string) =>
  `Modo \`completo\`: ${oQueRemove} Acima do limite de cancelamentos, inativações ou exclusões o arquivo só é aplicado com a confirmação do número exato; o que ele ${verbo} pode ser desfeito (README, "Modo completo: limite e desfazer").`;

/**
 * The undo: `restaurar` puts back, from importacao_alteracoes of the import ($1), the records still
 * as it left them (one row each, the statement gets `returning 1`); the others are ignorados.
 */
export async function desfazerCom(
  tx: Queryable,
  importacaoId: string,
  restaurar: string,
): Promise<{ restaurados: number; ignorados: number }> {
  const [r] = await tx.query<{ restaurados: number; total: number }>(
    `with m as (${restaurar} returning 1)
     select (select count(*) from m)::int as restaurados,
            (select count(*) from importacao_alteracoes where importacao_id = $1)::int as total`,
    [importacaoId],
  );
  const restaurados = r?.restaurados ?? 0;
  return { restaurados, ignorados: (r?.total ?? 0) - restaurados };
}

/**
 * The Guia Médico's reference tables (migration 0004: cidades, especialidades, selos), which the
 * prestadores layout names by code: municípios by their IBGE code, specialties and quality seals by
 * the operator's codes. Load them before the providers. None is ever deleted by an import (the
 * network, substitutions and history point at them): `completo` behaves as `incremental`.
 */
export const NAO_APAGA =
  'Modo `completo`: igual ao incremental (nada é apagado nem inativado: prestadores e histórico apontam para estas linhas).';
export const ANTES_DOS_PRESTADORES = 'Importe antes dos prestadores que usam estes códigos (layout prestadores).';
export const ATUALIZA_GUIA =
  'O Guia Médico mostra as mudanças na busca seguinte (as visões de busca são atualizadas na mesma transação).';

/** An upsert returning (xmax = 0) per changed row, counted; the guide's views refreshed when anything changed. */
export async function aplicarNoGuia(tx: Queryable, upsert: string): Promise<Contagem> {
  const c = { ...(await contar(tx, upsert)), inativados: 0 };
  // Names live in the search views (the provider's card, the specialty groups): refreshed here.
  if (c.incluidos + c.alterados > 0) await tx.query('select guia_atualizar()');
  return c;
}

/**
 * A value that must be unique in the table (a name per UF, a specialty's name, a seal's position):
 * two lines of the file giving it to different keys, or a key of the base outside the file holding it.
 */
export function unico(o: {
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
  const fs = o.arquivo.map((c) => `s."${c}"`).join(', ');
  const tt = o.tabela.map((c) => `t.${c}::text`).join(', ');
  return [
    repetidoNoArquivo(coluna, o.arquivo, o.repetido),
    `select s.linha, '${coluna}', s."${coluna}", '${o.naBase} ' || t.${ct} || ', que não está no arquivo.'
       from importacao_stg s
       join ${o.em} t on (${tt}) = (${fs}) and t.${ct}::text <> s."${ca}"
      where not exists (select 1 from importacao_stg x where x."${ca}" = t.${ct}::text)`,
  ];
}
