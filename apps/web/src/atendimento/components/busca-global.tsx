import { BUSCA_ATENDIMENTO } from '@portal/contract/atendimento';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export const CAMINHO_BUSCA = '/atendimento/busca';

/** Typing in a field is not a shortcut. */
function digitando(alvo: EventTarget | null): boolean {
  const el = alvo as { tagName?: unknown; isContentEditable?: unknown } | null;
  return !!el && (el.isContentEditable === true || /^(INPUT|TEXTAREA|SELECT)$/.test(String(el.tagName)));
}

/** '/' (no modifier, not while typing in a field) goes to the search box, as in most consoles. */
export function ehAtalhoDaBusca(e: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}): boolean {
  return e.key === '/' && !e.altKey && !e.ctrlKey && !e.metaKey && !digitando(e.target);
}

/** Where a search goes: its page, with the text in the address (a link to share, Back to return). */
export const destinoDaBusca = (q: string) => `${CAMINHO_BUSCA}?${new URLSearchParams({ q: q.trim() }).toString()}`;

/**
 * The console's one search box (issue 31 "Find anyone, from anywhere"), in the header of every
 * screen: a CPF, a name, a protocol, card, contract or receipt number; Enter opens the results.
 */
export function BuscaGlobal() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const campo = useRef<HTMLInputElement>(null);
  const naPagina = pathname === CAMINHO_BUSCA;
  const q = naPagina ? (params.get('q') ?? '') : '';
  const [texto, setTexto] = useState(q);
  // The box shows what the results page is showing (Back, a shared link); elsewhere it starts empty.
  const [mostrado, setMostrado] = useState(q);
  if (mostrado !== q) {
    setMostrado(q);
    setTexto(q);
  }

  useEffect(() => {
    const tecla = (e: KeyboardEvent) => {
      if (!ehAtalhoDaBusca(e)) return;
      e.preventDefault();
      campo.current?.focus();
      campo.current?.select();
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, []);

  return (
    <form
      role="search"
      aria-label="Buscar pessoa"
      className="flex w-full gap-2 pb-2 md:w-auto md:min-w-[28rem] md:pt-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (texto.trim()) void navigate(destinoDaBusca(texto));
      }}
    >
      <label htmlFor="busca-global" className="sr-only">
        Buscar pessoa por CPF, nome, protocolo, carteirinha ou recibo (atalho: tecla barra)
      </label>
      <div className="relative min-w-0 flex-1">
        <Input
          ref={campo}
          id="busca-global"
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          maxLength={BUSCA_ATENDIMENTO.maxCaracteres}
          aria-keyshortcuts="/"
          placeholder="CPF, nome ou número"
          className="h-11 pointer-fine:pr-10"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
        />
        {/* The shortcut, as consoles show it (aria-keyshortcuts tells assistive technology); gone once typing,
            and where there is no fine pointer (a phone or tablet: most likely no keyboard either). */}
        {texto ? null : (
          <kbd
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border border-slate-400 px-1.5 text-sm text-slate-700 pointer-fine:block"
          >
            /
          </kbd>
        )}
      </div>
      <Button type="submit" variant="outline" className="h-11">
        <Search aria-hidden="true" />
        Buscar
      </Button>
    </form>
  );
}
