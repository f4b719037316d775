import type { ReactNode } from 'react';
import { Bloco } from '@/components/ui/bloco';

/**
 * Skeletons: the page's shape, drawn at once while its script or its data is on the way (issue 31:
 * a direct link showed a lone spinner for seconds). Each is one status for screen readers, with
 * the label a spinner had; the blocks themselves are hidden from them.
 */
function Esqueleto({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" data-esqueleto="">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** A card like the lists' (title, status, two columns of fields, a button). */
function Cartao() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <Bloco className="h-6 w-2/3 max-w-72" />
        <Bloco className="h-6 w-20 rounded-full" />
      </div>
      <div className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-1.5">
            <Bloco className="h-3.5 w-24" />
            <Bloco className="h-5 w-40 max-w-full" />
          </div>
        ))}
      </div>
      <Bloco className="mt-4 h-10 w-36 rounded-lg" />
    </div>
  );
}

/** Where a list of cards will be (Meus Protocolos, Reembolso). */
export function EsqueletoDeCartoes({ label = 'Carregando...', quantos = 3 }: { label?: string; quantos?: number }) {
  return (
    <Esqueleto label={label}>
      <div className="space-y-4">
        <Bloco className="h-7 w-48" />
        {Array.from({ length: quantos }, (_, i) => (
          <Cartao key={i} />
        ))}
      </div>
    </Esqueleto>
  );
}

/** Where one request's detail will be: its summary card and its history. */
export function EsqueletoDeDetalhe({ label = 'Carregando...' }: { label?: string }) {
  return (
    <Esqueleto label={label}>
      <div className="max-w-3xl space-y-6">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <Bloco className="h-7 w-3/4 max-w-96" />
          <Bloco className="mt-3 h-5 w-1/2 max-w-64" />
          <div className="mt-5 grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className="space-y-1.5">
                <Bloco className="h-3.5 w-28" />
                <Bloco className="h-5 w-44 max-w-full" />
              </div>
            ))}
          </div>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <Bloco className="h-6 w-40" />
          {[0, 1, 2].map((i) => (
            <div key={i} className="mt-4 flex gap-3">
              <Bloco className="size-4 shrink-0 rounded-full" />
              <div className="flex-1 space-y-1.5">
                <Bloco className="h-5 w-36" />
                <Bloco className="h-4 w-52 max-w-full" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </Esqueleto>
  );
}

/**
 * Where a page will be while its script loads (which page is not known yet): a title, a line of
 * text and a few cards. Its h1 says that the page is loading (a screen reader arriving here
 * finds the page's one heading, as on any page).
 */
export function EsqueletoDaPagina() {
  return (
    <Esqueleto label="Carregando a página...">
      <div className="mb-6 space-y-3">
        <h1>
          <span className="sr-only">Carregando a página</span>
          <Bloco className="h-8 w-64 max-w-full sm:h-9" />
        </h1>
        <Bloco className="h-5 w-full max-w-xl" />
      </div>
      <div className="space-y-4">
        <Cartao />
        <Cartao />
      </div>
    </Esqueleto>
  );
}
