import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dataHora } from '../lib/formatos';

/** A box of a console detail page, named by its heading. */
export function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section aria-label={titulo} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{titulo}</h2>
      {children}
    </section>
  );
}

/** The link back to the queue, beside the page's heading. */
export function Voltar({ para, children }: { para: string; children: ReactNode }) {
  return (
    <Link to={para} className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline">
      <ArrowLeft aria-hidden="true" className="size-5" />
      {children}
    </Link>
  );
}

/** The 'Histórico' box: each step with its time, its situation badge and what happened. */
export function Historico<S>({
  passos,
  selo,
}: {
  passos: readonly { em: string; situacao: S; descricao: string }[];
  selo: (situacao: S) => ReactNode;
}) {
  return (
    <Secao titulo="Histórico">
      <ol className="space-y-2">
        {passos.map((h, i) => (
          <li key={`${h.em}-${i}`} className="border-l-4 border-brand-200 pl-3">
            <span className="block text-sm text-slate-700">{dataHora(h.em)}</span>
            <span className="flex flex-wrap items-center gap-2">
              {selo(h.situacao)}
              {h.descricao}
            </span>
          </li>
        ))}
      </ol>
    </Secao>
  );
}
