import { BUSCA } from '@portal/contract/guia-medico-busca';

/** docs/produto/guia-medico.md "Limits": provider search page size. */
export const ITENS_POR_PAGINA = 100;

/**
 * A provider search as the URL keeps it (`/guia-medico?cidade=3550308&especialidade=1&busca=
 * coracao&pagina=2`), so back/forward and a shared link show the same search. Absent filters are
 * absent keys (docs/produto/guia-medico.md, "Validation": an empty filter is not sent).
 */
export interface FiltroDaBusca {
  cidade?: number;
  especialidade?: number;
  busca?: string;
  pagina: number;
}

const CHAVES = ['cidade', 'especialidade', 'busca', 'pagina'] as const;

function codigo(v: string | null): number | undefined {
  return v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : undefined;
}

/** The search in the URL, or null when the member has not searched (no search key at all). */
export function lerBusca(params: URLSearchParams): FiltroDaBusca | null {
  if (!CHAVES.some((k) => params.has(k))) return null;
  const filtro: FiltroDaBusca = { pagina: 1 };
  const cidade = codigo(params.get('cidade'));
  const especialidade = codigo(params.get('especialidade'));
  const busca = (params.get('busca') ?? '').trim().slice(0, BUSCA.maxCaracteres * 2);
  const pagina = params.get('pagina');
  if (cidade) filtro.cidade = cidade;
  if (especialidade) filtro.especialidade = especialidade;
  if (busca) filtro.busca = busca;
  if (pagina && /^[1-9]\d{0,6}$/.test(pagina)) filtro.pagina = Number(pagina);
  return filtro;
}

/** The URL query of a search; the page is always there, it marks that a search was made. */
export function paraUrl(f: FiltroDaBusca): URLSearchParams {
  const p = new URLSearchParams();
  if (f.cidade) p.set('cidade', String(f.cidade));
  if (f.especialidade) p.set('especialidade', String(f.especialidade));
  const busca = f.busca?.trim();
  if (busca) p.set('busca', busca);
  p.set('pagina', String(f.pagina));
  return p;
}
