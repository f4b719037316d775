import { formatInteiro } from '@portal/br';
import { problemaDaBusca } from '@portal/contract/guia-medico-busca';
import { startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/page-header';
import { usePrestadores } from '../api/prestadores';
import { lerBusca, paraUrl, type FiltroDaBusca } from '../busca';
import { DetalhesDialog, type Detalhe } from './detalhes-dialog';
import { Filtros } from './filtros';
import { Paginacao } from './paginacao';
import { PrestadorCard } from './prestador-card';

/**
 * Guia Médico (docs/produto/guia-medico.md, "Screens"). The search lives in the URL (busca.ts): 'Pesquisar' and the pages push
 * history entries, so back/forward and a shared link show the same search.
 */
export function GuiaMedicoPage() {
  const [params, setParams] = useSearchParams();
  const chave = params.toString();
  const filtro = useMemo(() => lerBusca(new URLSearchParams(chave)), [chave]);
  const valido = filtro !== null && problemaDaBusca(filtro.busca) === null;
  const prestadores = usePrestadores(valido ? filtro : null);
  // The form starts from the URL's filters (not its page): back/forward set it again.
  const chaveDoFormulario = filtro ? `${filtro.cidade ?? ''}|${filtro.especialidade ?? ''}|${filtro.busca ?? ''}` : '';

  const pesquisar = (f: Omit<FiltroDaBusca, 'pagina'>) => {
    const novo = paraUrl({ ...f, pagina: 1 });
    // The same search again: ask the server again rather than nothing happening.
    if (novo.toString() === chave) void prestadores.refetch();
    else setParams(novo);
  };

  return (
    <div className="space-y-6">
      <PageHeader title="Guia Médico" />
      <Filtros
        key={chaveDoFormulario}
        inicial={filtro}
        pesquisando={prestadores.isFetching}
        onPesquisar={pesquisar}
        onLimpar={() => setParams(new URLSearchParams())}
      />
      {valido ? (
        <Resultados filtro={filtro} onIr={(pagina) => setParams(paraUrl({ ...filtro, pagina }))} />
      ) : (
        <p className="text-slate-700">Escolha os filtros que quiser e clique em Pesquisar.</p>
      )}
    </div>
  );
}

function Resultados({ filtro, onIr }: { filtro: FiltroDaBusca; onIr: (pagina: number) => void }) {
  const q = usePrestadores(filtro);
  // A page is 100 cards (docs/produto/guia-medico.md, "Limits"): React renders them as a transition, in slices that leave the
  // main thread free between them, instead of one long task on a slow phone (bench:lighthouse).
  const r = useDeferredValue(q.data);
  // The last provider opened stays while the dialog closes (its button gets the focus back).
  const [detalhe, setDetalhe] = useState<Detalhe | null>(null);
  const [aberto, setAberto] = useState(false);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const paginaAnterior = useRef(filtro.pagina);
  const cartoes =
    r?.especialidades.flatMap((e) => e.prestadores.map((p) => ({ especialidade: e.nome, prestador: p }))) ?? [];
  const mostrados = useAosPoucos(r, cartoes.length);

  // Another page: the member continues from the top of the list (focus and scroll).
  useEffect(() => {
    if (paginaAnterior.current === filtro.pagina) return;
    paginaAnterior.current = filtro.pagina;
    tituloRef.current?.focus();
    tituloRef.current?.scrollIntoView({ block: 'start' });
  }, [filtro.pagina]);

  if (q.isError && !q.data) return <FalhaAoCarregar onTentarNovamente={() => void q.refetch()} />;
  if (!r) return <Carregando label="Pesquisando..." />;
  // Busy while the next page is on its way or not yet rendered (the list on screen is the old one),
  // or while its last cards are still being added.
  const atualizando = (q.isFetching && q.isPlaceholderData) || r !== q.data || mostrados < cartoes.length;
  const alemDaUltima = cartoes.length === 0 && r.totalPaginas > 0 && filtro.pagina > r.totalPaginas;
  return (
    <section aria-labelledby="resultados" aria-busy={atualizando || undefined} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="resultados" ref={tituloRef} tabIndex={-1} className="scroll-mt-32 text-xl font-bold text-slate-900">
          Resultados
        </h2>
        <p role="status" className="text-slate-700">
          {r.totalRegistros === 1 ? '1 resultado' : `${formatInteiro(r.totalRegistros)} resultados`}
        </p>
      </div>
      {alemDaUltima ? (
        // A page beyond the last (an old link, a typed ?pagina=999) is not an empty search.
        <div className="space-y-3 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          <p>
            A página {filtro.pagina} não existe: esta busca tem{' '}
            {r.totalPaginas === 1 ? '1 página' : `${r.totalPaginas} páginas`}.
          </p>
          <Button variant="outline" onClick={() => onIr(r.totalPaginas)}>
            Ir para a página {r.totalPaginas}
          </Button>
        </div>
      ) : cartoes.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          Nenhum prestador encontrado
        </p>
      ) : (
        <ul className={atualizando ? 'grid gap-3 opacity-60 xl:grid-cols-2' : 'grid gap-3 xl:grid-cols-2'}>
          {cartoes.slice(0, mostrados).map(({ especialidade, prestador }) => (
            <PrestadorCard
              key={`${especialidade}-${prestador.codigo}`}
              prestador={prestador}
              especialidade={especialidade}
              onDetalhes={(origem) => {
                setDetalhe({ prestador, especialidade, origem });
                setAberto(true);
              }}
            />
          ))}
        </ul>
      )}
      {alemDaUltima ? null : <Paginacao pagina={filtro.pagina} totalPaginas={r.totalPaginas} onIr={onIr} />}
      <DetalhesDialog detalhe={detalhe} aberto={aberto} onClose={() => setAberto(false)} />
    </section>
  );
}

/** Cards in a page's first commit, and in each one after it. */
const PRIMEIROS_CARTOES = 12;
const CARTOES_POR_VEZ = 22;

/**
 * How many of a result's `total` cards to show: the first screenful at once, then the rest a slice
 * per commit, each a transition after the last. React already renders a page's 100 cards in slices
 * (useDeferredValue), but puts them in the document in one commit — ~3 000 elements, then their
 * style and layout: the longest task of the Guia on a slow phone (~210 ms at 4× CPU,
 * bench:lighthouse, issue 19). Another result (`de`) starts again from the first screenful.
 */
function useAosPoucos(de: unknown, total: number): number {
  const [estado, setEstado] = useState({ de, n: PRIMEIROS_CARTOES });
  const atual = estado.de === de ? estado : { de, n: PRIMEIROS_CARTOES };
  if (atual !== estado) setEstado(atual);
  useEffect(() => {
    if (atual.n >= total) return;
    startTransition(() => setEstado((e) => (e.de === de ? { de, n: e.n + CARTOES_POR_VEZ } : e)));
  }, [atual.n, de, total]);
  return Math.min(atual.n, total);
}
