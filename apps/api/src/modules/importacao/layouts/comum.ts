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

export const beneficiarioExiste = `select s.linha, 'codigoBeneficiario', s."codigoBeneficiario",
       'Beneficiário não encontrado: importe-o antes no layout beneficiarios.'
  from importacao_stg s where not exists (select 1 from beneficiarios b where b.codigo_beneficiario = s."codigoBeneficiario")`;

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
