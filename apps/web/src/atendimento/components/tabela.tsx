import { cn } from '@/lib/cn';
import type { ReactNode } from 'react';

/**
 * A plain data table: caption for screen readers, header row, horizontal scroll on narrow screens
 * (on a phone at least 56rem wide: it scrolls sideways instead of squeezing each cell to a word per line).
 * `empilhar`: below 1024 px each row is a card instead (index.css, .tabela-empilhada; give the cells
 * data-rotulo so each line says its column) — nothing scrolls sideways.
 */
export function Tabela({
  legenda,
  colunas,
  empilhar = false,
  children,
}: {
  legenda: string;
  colunas: string[];
  empilhar?: boolean;
  children: ReactNode;
}) {
  return (
    // Focusable, so a table wider than the screen scrolls from the keyboard too.
    <div
      role="region"
      aria-label={legenda}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className={cn('w-full text-left text-[15px]', empilhar ? 'tabela-empilhada' : 'min-w-[56rem] md:min-w-0')}>
        <caption className="sr-only">{legenda}</caption>
        <thead className="bg-slate-100 text-sm text-slate-800">
          <tr>
            {colunas.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 whitespace-nowrap">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&>tr]:border-t [&>tr]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top">
          {children}
        </tbody>
      </table>
    </div>
  );
}
