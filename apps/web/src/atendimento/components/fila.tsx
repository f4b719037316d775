import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { dataHora, numeroLegivel } from '../lib/formatos';

/** Moves the focus to the next (1) or previous (-1) item link (a[data-protocolo]) of the queue. */
function mover(tabela: HTMLElement | null, delta: number) {
  const todos = [...(tabela?.querySelectorAll<HTMLAnchorElement>('a[data-protocolo]') ?? [])];
  if (!todos.length) return;
  const atual = todos.findIndex((a) => a === document.activeElement);
  const proximo = atual < 0 ? 0 : Math.min(todos.length - 1, Math.max(0, atual + delta));
  todos[proximo]?.focus();
}

/** Typing in a field is not a shortcut. */
const digitando = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** Keyboard navigation of a queue: j / k anywhere on the page (not while typing), arrows inside the rows. */
function useNavegacaoFila() {
  const linhas = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    const tecla = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || digitando(e.target)) return;
      if (e.key === 'j') mover(linhas.current, 1);
      else if (e.key === 'k') mover(linhas.current, -1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, []);

  const setas = (e: ReactKeyboardEvent) => {
    if (e.key === 'ArrowDown') mover(linhas.current, 1);
    else if (e.key === 'ArrowUp') mover(linhas.current, -1);
    else return;
    e.preventDefault();
  };

  return { linhas, setas };
}

/**
 * The shortcuts line of a queue's header; the table points at it by id. Shown only where there is
 * a fine pointer (a mouse, so most likely a keyboard too): on a phone or tablet it would be noise.
 */
export function AtalhosDaFila({ id }: { id: string }) {
  return (
    <p className="hidden text-sm text-slate-700 pointer-fine:block" id={id}>
      Atalhos: <kbd className="rounded border px-1">j</kbd>/<kbd className="rounded border px-1">k</kbd> ou setas para
      mover, <kbd className="rounded border px-1">Enter</kbd> para abrir.
    </p>
  );
}

/** The counts above a queue ('–' while loading). */
export function TotaisDaFila({ rotulo, totais }: { rotulo: string; totais: [string, number | undefined][] }) {
  return (
    <dl className="mb-5 grid grid-cols-3 gap-3" aria-label={rotulo}>
      {totais.map(([nome, n]) => (
        <div key={nome} className="rounded-xl border border-slate-200 bg-white p-3">
          <dt className="text-sm font-semibold text-slate-700">{nome}</dt>
          <dd className="text-2xl font-bold text-slate-900">{n ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A queue's table, navigable from the keyboard (j/k, arrows, Enter on the focused link); cards on a phone. */
export function TabelaDaFila({
  rotulo,
  legenda,
  atalhos,
  colunas,
  cabecalhoSemQuebra = false,
  children,
}: {
  /** The scrolling region's name. */
  rotulo: string;
  /** The table's caption (screen readers). */
  legenda: string;
  /** The id of the shortcuts line (AtalhosDaFila). */
  atalhos: string;
  colunas: string[];
  cabecalhoSemQuebra?: boolean;
  children: ReactNode;
}) {
  const { linhas, setas } = useNavegacaoFila();
  return (
    <div
      role="region"
      aria-label={rotulo}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      {/* Below 1024 px each row is a card (index.css): nothing scrolls sideways on a phone or tablet. */}
      <table className="tabela-empilhada w-full text-left text-[15px]" aria-describedby={atalhos}>
        <caption className="sr-only">{legenda}</caption>
        <thead className="bg-slate-100 text-sm text-slate-800">
          <tr>
            {colunas.map((c) => (
              <th key={c} scope="col" className={cn('px-3 py-2', cabecalhoSemQuebra && 'whitespace-nowrap')}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={linhas} onKeyDown={setas}>
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** A queue row: red when late, amber when due today; a click anywhere opens the item. */
export function LinhaDaFila({
  destino,
  atrasado,
  venceHoje,
  children,
}: {
  destino: string;
  atrasado: boolean;
  venceHoje: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <tr
      className={cn(
        'border-t border-slate-200 focus-within:bg-brand-50',
        atrasado ? 'bg-red-50' : venceHoje ? 'bg-amber-50' : '',
      )}
      onClick={(e) => {
        // A link, a button or a row's checkbox does its own thing: only a click elsewhere opens the item.
        if (e.target instanceof Element && e.target.closest('a, button, input, select, textarea, label')) return;
        void navigate(destino);
      }}
    >
      {children}
    </tr>
  );
}

/** The item's link (the j/k target) with its contract under it. */
export function ProtocoloDaFila({
  destino,
  protocolo,
  codigoContrato,
  abertoEm,
}: {
  destino: string;
  protocolo: string;
  codigoContrato: string;
  /** When the protocol was opened (ISO instant): 'Aberto em …' under the contract. */
  abertoEm?: string;
}) {
  return (
    <td className="px-3 py-2 align-top">
      <Link
        to={destino}
        data-protocolo={protocolo}
        className="whitespace-nowrap font-mono font-semibold text-brand-800 underline underline-offset-4"
      >
        {numeroLegivel(protocolo)}
      </Link>
      <span className="block text-sm text-slate-700">Contrato {codigoContrato}</span>
      {abertoEm ? <span className="block text-sm text-slate-700">Aberto em {dataHora(abertoEm)}</span> : null}
    </td>
  );
}
