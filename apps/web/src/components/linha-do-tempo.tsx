import type { ReactNode } from 'react';
import { dataHoraDoInstante } from '@portal/br';

/** A field of a detail card (inside a dl). */
export function Campo({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-700">{rotulo}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** The history as an ordered list, oldest first: a timeline a screen reader reads as steps. */
export function LinhaDoTempo({
  id,
  passos,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  passos: readonly { em: string; rotulo: string; descricao: string }[];
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        Histórico
      </h2>
      <ol className="relative ms-3 border-s-2 border-slate-300">
        {passos.map((e, i) => (
          <li key={`${e.em}-${i}`} className="relative ms-6 pb-5 last:pb-0">
            <span
              aria-hidden="true"
              className="absolute -start-[33px] top-1 size-4 rounded-full border-2 border-white bg-brand-700 ring-2 ring-brand-700"
            />
            <p className="text-sm text-slate-700">
              <time dateTime={e.em}>{dataHoraDoInstante(e.em)}</time>
            </p>
            <p className="font-semibold text-slate-900">{e.rotulo}</p>
            <p className="text-slate-800">{e.descricao}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
