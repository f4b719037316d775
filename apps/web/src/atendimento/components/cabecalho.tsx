import type { ReactNode } from 'react';
import { operadora } from '@/lib/operadora';

/** The page's one h1 (focus target after navigation) and its <title>. */
export function Cabecalho({ titulo, children }: { titulo: string; children?: ReactNode }) {
  return (
    <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <title>{`${titulo} — Atendimento — ${operadora().nome}`}</title>
      <h1 tabIndex={-1} className="text-2xl font-bold text-slate-900">
        {titulo}
      </h1>
      {children}
    </header>
  );
}
