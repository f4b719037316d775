import { padraoDaPalavra, type Cidade, type Especialidade, type Produto } from '@portal/contract';
import type { Queryable } from '../../db/db';

/**
 * SQL of the provider guide (decision 0008). The network is public: no member in these queries.
 * The search reads the views of migration 0004 (guia_contagem, guia_listagem, guia_busca,
 * guia_fichas); the bench (bench/guia-medico.mjs) runs these same statements, built by
 * `consultas`, directly on the database as its baseline.
 */

/** Which cards a search covers, before free text: a city (0: any) and a range of specialty groups. */
export interface Escopo {
  codigoCidade: number;
  codigoEspecialidade: number | null;
  somenteOdonto: boolean;
}

/** A provider as guia_fichas keeps it: the API's Provider plus each location's city code. */
export interface Ficha {
  codigo: number;
  nome: string;
  nroRegistro: string;
  selos: { codigo: string; nome: string }[];
  locaisAtendimento: ({ codigoCidade: number } & Record<string, unknown>)[];
}

export interface Cartao {
  especialidade: string;
  /** The document, or its JSON text as guia_fichas keeps it (parsed by agrupar). */
  ficha: Ficha | string;
}

interface Sql {
  text: string;
  params: unknown[];
}

/** The range of specialty groups (guia_especialidades.ordem) of the scope, as two InitPlans. */
function faixa(e: Escopo, params: unknown[]): [string, string] {
  params.push(e.codigoEspecialidade, e.somenteOdonto);
  const esp = `$${params.length - 1}::int`;
  const odonto = `$${params.length}::boolean`;
  const de = `from guia_especialidades where (${esp} is null or codigo = ${esp}) and (not ${odonto} or odonto)`;
  return [`(select coalesce(min(ordem), 1) ${de})`, `(select coalesce(max(ordem), 0) ${de})`];
}

/** Providers an operator's `completo` import marked inactive (migration 0030) are in no search. */
const ATIVO = (codigo: string) => `${codigo} not in (select codigo from prestadores where not ativo)`;
/** The inactive providers' cards of one (city, specialty) — 0 for most: guia_inativos_contagem holds few rows. */
const INATIVOS = (cidade: string, especialidade: string) =>
  `coalesce((select i.total from guia_inativos_contagem i
              where i.codigo_cidade = ${cidade} and i.codigo_especialidade = ${especialidade}), 0)`;

/** The statements of a search, as text and parameters (also run by the bench as its baseline). */
export const consultas = {
  /**
   * A page of cards without free text, how many there are and the guide's version, in one round
   * trip: the total is a sum over at most ~30 precomputed rows (guia_contagem), less the inactive
   * providers' cards (guia_inativos_contagem, migration 0030: as few rows); the page a range
   * of the ordered index (guia_listagem, index-only), as one text 'provider group,provider group…'
   * in result order. The documents come from the service's memory, or from `fichas` (decision
   * 0036: PGlite spends most of a page's time turning 100 JSON documents into JS values). A page
   * past the end reads no index at all.
   */
  pagina(e: Escopo, limite: number, deslocamento: number): Sql {
    const params: unknown[] = [e.codigoCidade];
    const [de, ate] = faixa(e, params);
    params.push(limite, deslocamento);
    const lim = `$${params.length - 1}`;
    const desl = `$${params.length}`;
    return {
      text: `select v.versao, t.total,
                    coalesce((select string_agg(l.codigo_prestador || ' ' || l.ordem, ',' order by l.ordem, l.nome_rank)
                                from (select codigo_prestador, ordem, nome_rank from guia_listagem
                                       where codigo_cidade = $1 and ordem between ${de} and ${ate}
                                         and t.total > ${desl}::int and ${ATIVO('codigo_prestador')}
                                       order by ordem, nome_rank
                                       limit ${lim} offset ${desl}) l), '') as cartoes
               from guia_versao v,
                    (select (coalesce(sum(total), 0)
                             - (select coalesce(sum(i.total), 0) from guia_inativos_contagem i
                                  join guia_especialidades ge on ge.codigo = i.codigo_especialidade
                                 where i.codigo_cidade = $1 and ge.ordem between ${de} and ${ate}))::int as total
                       from guia_contagem
                      where codigo_cidade = $1 and ordem between ${de} and ${ate}) t`,
      params,
    };
  },

  /**
   * Every provider matching free text, as one text 'rank code group group…,rank code group…'
   * (and the scope's range of groups): the trigram index finds them, their own row says their
   * rank by name and their groups. The API expands and orders the cards itself (cartoesDaLista):
   * in PGlite that is several times cheaper than unnest() and ORDER BY over thousands of rows.
   * One answer serves the count and every page of that search (the service keeps it a while).
   */
  listaComTexto(e: Escopo, palavras: string[]): Sql {
    const params: unknown[] = [];
    const [de, ate] = faixa(e, params);
    const condicoes = palavras.map((p) => {
      params.push(padraoDaPalavra(p));
      return `b.busca like $${params.length}`;
    });
    if (e.codigoCidade) {
      params.push(e.codigoCidade);
      condicoes.push(`$${params.length}::int = any(b.cidades)`);
    }
    return {
      text: `select (select versao from guia_versao) as versao, ${de} as de, ${ate} as ate,
                    coalesce(string_agg(concat_ws(' ', b.nome_rank, b.codigo_prestador, array_to_string(b.ordens, ' ')), ','), '')
                      as lista
               from guia_busca b
              where ${condicoes.join(' and ')} and ${ATIVO('b.codigo_prestador')}`,
      params,
    };
  },

  /** The documents of the given providers as JSON text (any order), with the guide's version. */
  fichas(prestadores: number[]): Sql {
    return {
      text: `select (select versao from guia_versao) as versao, f.codigo_prestador, f.ficha::text as ficha
               from guia_fichas f
              where f.codigo_prestador = any($1::int[])`,
      params: [prestadores],
    };
  },
};

const RANK = 2 ** 31;

/**
 * The cards of a free-text answer ('rank code group group…,…'): one per group within [de, ate],
 * ordered by group then name rank — the order of guia_listagem — as [provider, group, ...].
 * Each card is sorted as one number, group × 2^31 + rank (both below 2^31: exact in a double).
 */
export function cartoesDaLista(lista: string, de: number, ate: number): Int32Array {
  if (!lista) return new Int32Array(0);
  const chaves: number[] = [];
  const prestadorDoRank = new Map<number, number>();
  for (const item of lista.split(',')) {
    const [rank, codigo, ...grupos] = item.split(' ').map(Number);
    prestadorDoRank.set(rank!, codigo!);
    for (const g of grupos) if (g >= de && g <= ate) chaves.push(g * RANK + rank!);
  }
  const ordenadas = Float64Array.from(chaves).sort();
  const cartoes = new Int32Array(ordenadas.length * 2);
  for (let i = 0; i < ordenadas.length; i++) {
    const chave = ordenadas[i]!;
    const grupo = Math.floor(chave / RANK);
    cartoes[2 * i] = prestadorDoRank.get(chave - grupo * RANK)!;
    cartoes[2 * i + 1] = grupo;
  }
  return cartoes;
}

/** A page's 'provider group,provider group…' (consultas.pagina) as [provider, group, ...]. */
export function cartoesDaPagina(texto: string): Int32Array {
  if (!texto) return new Int32Array(0);
  const pares = texto.split(',');
  const cartoes = new Int32Array(pares.length * 2);
  for (let i = 0; i < pares.length; i++) {
    const espaco = pares[i]!.indexOf(' ');
    cartoes[2 * i] = Number(pares[i]!.slice(0, espaco));
    cartoes[2 * i + 1] = Number(pares[i]!.slice(espaco + 1));
  }
  return cartoes;
}

export class GuiaMedicoRepository {
  constructor(private readonly db: Queryable) {}

  private async run<T>(sql: Sql): Promise<T[]> {
    return this.db.query<T>(sql.text, sql.params);
  }

  /**
   * Cities with at least one card of an active provider (a dental one when somenteOdonto), by name:
   * a city whose providers are all inactive (issue 16) would only lead to an empty search.
   */
  cidades(somenteOdonto: boolean): Promise<Cidade[]> {
    return this.db.query<Cidade>(
      `select c.codigo, c.nome, c.uf as estado
         from cidades c
        where exists (select 1 from guia_contagem g
                        join guia_especialidades ge on ge.ordem = g.ordem
                       where g.codigo_cidade = c.codigo
                         and (ge.odonto or not $1::boolean)
                         and g.total > ${INATIVOS('g.codigo_cidade', 'ge.codigo')})
        order by guia_normalizar(c.nome) collate "C", c.uf`,
      [somenteOdonto],
    );
  }

  /** Specialties with at least one card of an active provider (of one provider when given), in group order. */
  especialidades(codigoPrestador: number | null, removeOdonto: boolean): Promise<Especialidade[]> {
    return this.db.query<Especialidade>(
      `select ge.codigo, ge.nome
         from guia_especialidades ge
        where not (ge.odonto and $2::boolean)
          and exists (select 1 from guia_contagem g
                       where g.codigo_cidade = 0 and g.ordem = ge.ordem and g.total > ${INATIVOS('0', 'ge.codigo')})
          and ($1::int is null or exists (select 1 from prestador_especialidades pe
                                           where pe.codigo_prestador = $1 and pe.codigo_especialidade = ge.codigo))
        order by ge.ordem`,
      [codigoPrestador, removeOdonto],
    );
  }

  /** True when the provider is in the guide (it has a service location). */
  async prestadorNoGuia(codigo: number): Promise<boolean> {
    const rows = await this.db.query('select 1 from guia_fichas where codigo_prestador = $1', [codigo]);
    return rows.length > 0;
  }

  /** The version of the search views (migration 0029): a new one each time guia_atualizar() runs. */
  async versao(): Promise<string> {
    const [row] = await this.db.query<{ versao: string }>('select versao from guia_versao');
    return row!.versao;
  }

  /** Each specialty group's name, by its order (guia_especialidades.ordem). */
  async grupos(): Promise<{ versao: string; nomes: Map<number, string> }> {
    const rows = await this.db.query<{ versao: string; ordem: number; nome: string }>(
      'select (select versao from guia_versao) as versao, ordem, nome from guia_especialidades',
    );
    const versao = rows[0]?.versao ?? (await this.versao());
    return { versao, nomes: new Map(rows.map((r) => [r.ordem, r.nome])) };
  }

  /** A page of cards without free text ([provider, group, ...]), the total of the scope, the version. */
  async pagina(
    e: Escopo,
    limite: number,
    deslocamento: number,
  ): Promise<{ versao: string; total: number; cartoes: Int32Array }> {
    const [row] = await this.run<{ versao: string; total: number; cartoes: string }>(
      consultas.pagina(e, limite, deslocamento),
    );
    return { versao: row!.versao, total: row!.total, cartoes: cartoesDaPagina(row!.cartoes) };
  }

  /** Every card matching free text, in result order ([provider, group, ...]), and the version. */
  async listaComTexto(e: Escopo, palavras: string[]): Promise<{ versao: string; lista: Int32Array }> {
    const [row] = await this.run<{ versao: string; de: number; ate: number; lista: string }>(
      consultas.listaComTexto(e, palavras),
    );
    return { versao: row!.versao, lista: cartoesDaLista(row!.lista, row!.de, row!.ate) };
  }

  /** The documents (JSON text) of the given providers, and the version they belong to. */
  async fichas(prestadores: number[]): Promise<{ versao: string | null; fichas: Map<number, string> }> {
    if (!prestadores.length) return { versao: null, fichas: new Map() };
    const rows = await this.run<{ versao: string; codigo_prestador: number; ficha: string }>(
      consultas.fichas(prestadores),
    );
    return { versao: rows[0]?.versao ?? null, fichas: new Map(rows.map((r) => [r.codigo_prestador, r.ficha])) };
  }

  produtos(): Promise<Produto[]> {
    return this.db.query<Produto>(
      `select codigo_plano as codigo, nome, coalesce(registro_ans, '') as "registroAns", segmentacao, acomodacao,
              coparticipativo
         from planos
        order by guia_normalizar(nome) collate "C", codigo_plano`,
    );
  }

  substituicoes(codigoCidade: number | null): Promise<SubstituicaoRow[]> {
    return this.db.query<SubstituicaoRow>(
      `select s.id, s.tipo_alteracao, s.motivo, c.codigo as codigo_cidade, c.nome as nome_cidade, c.uf,
              s.nome_excluido, s.cnpj_excluido, s.servicos,
              (select p.codigo from prestadores p where p.codigo = s.codigo_prestador_substituto) as codigo_substituto,
              s.nome_substituto, to_char(s.data_comunicacao, 'YYYY-MM-DD') as data_comunicacao,
              to_char(s.data_vigencia, 'YYYY-MM-DD') as data_vigencia,
              coalesce((select json_agg(json_build_object('codigo', pl.codigo_plano, 'nome', pl.nome,
                                                          'registroAns', coalesce(pl.registro_ans, ''))
                                        order by guia_normalizar(pl.nome) collate "C")
                          from prestadores_substituidos_produtos sp
                          join planos pl on pl.codigo_plano = sp.codigo_plano
                         where sp.id_substituicao = s.id), '[]'::json) as produtos
         from prestadores_substituidos s
         join cidades c on c.codigo = s.codigo_cidade
        where ($1::int is null or s.codigo_cidade = $1)
        order by s.data_vigencia desc, s.id desc`,
      [codigoCidade],
    );
  }
}

export interface SubstituicaoRow {
  id: number;
  tipo_alteracao: string;
  motivo: string;
  codigo_cidade: number;
  nome_cidade: string;
  uf: string;
  nome_excluido: string;
  cnpj_excluido: string | null;
  servicos: string;
  codigo_substituto: number | null;
  nome_substituto: string | null;
  data_comunicacao: string;
  data_vigencia: string;
  produtos: { codigo: string; nome: string; registroAns: string }[] | string;
}
