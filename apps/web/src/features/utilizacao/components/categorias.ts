import {
  CATEGORIAS_UTILIZACAO,
  ROTULOS_CATEGORIA,
  type CategoriaUtilizacao,
  type ItemUtilizacao,
} from '@portal/contract';
import { formatDate } from '@portal/br';

/** docs/produto/utilizacao.md "Limits": items without a category (or with one that page does not list) go to Outras Despesas. */
export function categoriaDe(item: Pick<ItemUtilizacao, 'categoria'>): CategoriaUtilizacao {
  const c = (item.categoria ?? '').trim().toUpperCase();
  return (CATEGORIAS_UTILIZACAO as readonly string[]).includes(c) ? (c as CategoriaUtilizacao) : 'OUTRAS_DESPESAS';
}

export interface GrupoUtilizacao {
  categoria: CategoriaUtilizacao;
  rotulo: string;
  itens: ItemUtilizacao[];
  /** Sum of the items' values, in reais (added in cents). */
  total: number;
}

/** The five categories in the order of docs/produto/utilizacao.md ("Limits"), each with its items and total (empty ones included). */
export function agruparPorCategoria(itens: readonly ItemUtilizacao[]): GrupoUtilizacao[] {
  return CATEGORIAS_UTILIZACAO.map((categoria) => {
    const doGrupo = itens.filter((i) => categoriaDe(i) === categoria);
    const centavos = doGrupo.reduce((s, i) => s + Math.round(i.valor * 100), 0);
    return { categoria, rotulo: ROTULOS_CATEGORIA[categoria], itens: doGrupo, total: centavos / 100 };
  });
}

/** docs/produto/utilizacao.md "Limits": usage dates are shown in UTC (dd/mm/aaaa of the instant in UTC). */
export function dataUtc(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '---' : formatDate(d.toISOString().slice(0, 10));
}
