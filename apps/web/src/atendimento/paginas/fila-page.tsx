import { ROTULOS_TIPO_PROTOCOLO, TIPOS_PROTOCOLO, type TipoProtocolo } from '@portal/contract/protocolos';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useFila, type FiltrosFila } from '../api/fila';
import { Cabecalho } from '../components/cabecalho';
import { SeloPrazo, SeloSituacao } from '../components/selos-prazo';
import { dataDoDia, diaEmSaoPaulo, numeroLegivel } from '../lib/formatos';

const PRAZOS = [
  { valor: '', rotulo: 'Qualquer prazo', dias: null },
  { valor: 'hoje', rotulo: 'Atrasados e que vencem hoje', dias: 0 },
  { valor: '3', rotulo: 'Vencem em até 3 dias', dias: 3 },
  { valor: '7', rotulo: 'Vencem em até 7 dias', dias: 7 },
] as const;

/** Moves the focus to the next (1) or previous (-1) protocol link of the queue. */
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

/** /atendimento: the queue of protocols by deadline, with filters, counts and j/k navigation. */
export function FilaPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tipo = params.get('tipo') ?? '';
  const situacao = params.get('situacao') === 'todos' ? 'todos' : 'abertos';
  const prazo = PRAZOS.find((p) => p.valor === (params.get('prazo') ?? '')) ?? PRAZOS[0];
  const busca = params.get('busca') ?? '';
  const filtros: FiltrosFila = {
    situacao,
    tipo: (TIPOS_PROTOCOLO as readonly string[]).includes(tipo) ? (tipo as TipoProtocolo) : undefined,
    venceAte: prazo.dias === null ? undefined : diaEmSaoPaulo(prazo.dias),
    busca: busca.trim() || undefined,
  };
  const fila = useFila(filtros);
  const linhas = useRef<HTMLTableSectionElement>(null);
  // What is typed in 'Buscar' goes to the address (and the server) once typing pauses.
  const [digitado, setDigitado] = useState(busca);

  const mudar = (nome: string, valor: string) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (valor) n.set(nome, valor);
        else n.delete(nome);
        return n;
      },
      { replace: true },
    );

  useEffect(() => {
    if (digitado === busca) return;
    const t = window.setTimeout(() => mudar('busca', digitado), 300);
    return () => window.clearTimeout(t);
  });

  // j / k anywhere on the page (not while typing) move through the queue; Enter opens the focused one.
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

  const totais = fila.data?.totais;
  const itens = fila.data?.itens ?? [];

  return (
    <>
      <Cabecalho titulo="Fila de protocolos">
        <p className="text-sm text-slate-700" id="atalhos">
          Atalhos: <kbd className="rounded border px-1">j</kbd>/<kbd className="rounded border px-1">k</kbd> ou setas
          para mover, <kbd className="rounded border px-1">Enter</kbd> para abrir.
        </p>
      </Cabecalho>

      <dl className="mb-5 grid grid-cols-3 gap-3" aria-label="Totais da fila">
        {[
          ['Abertos', totais?.abertos],
          ['Atrasados', totais?.atrasados],
          ['Vencem hoje', totais?.vencemHoje],
        ].map(([rotulo, n]) => (
          <div key={rotulo} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-sm font-semibold text-slate-700">{rotulo}</dt>
            <dd className="text-2xl font-bold text-slate-900">{n ?? '–'}</dd>
          </div>
        ))}
      </dl>

      <form
        role="search"
        aria-label="Filtrar a fila"
        className="mb-5 grid gap-3 md:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <FormField label="Tipo">
          {(c) => (
            <NativeSelect {...c} value={filtros.tipo ?? ''} onChange={(e) => mudar('tipo', e.target.value)}>
              <option value="">Todos os tipos</option>
              {TIPOS_PROTOCOLO.map((t) => (
                <option key={t} value={t}>
                  {ROTULOS_TIPO_PROTOCOLO[t]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Situação">
          {(c) => (
            <NativeSelect
              {...c}
              value={situacao}
              onChange={(e) => mudar('situacao', e.target.value === 'todos' ? 'todos' : '')}
            >
              <option value="abertos">Abertos e em análise</option>
              <option value="todos">Todos, inclusive respondidos</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Prazo">
          {(c) => (
            <NativeSelect {...c} value={prazo.valor} onChange={(e) => mudar('prazo', e.target.value)}>
              {PRAZOS.map((p) => (
                <option key={p.valor} value={p.valor}>
                  {p.rotulo}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Buscar">
          {(c) => (
            <Input
              {...c}
              type="search"
              placeholder="Protocolo, contrato ou nome"
              value={digitado}
              onChange={(e) => setDigitado(e.target.value)}
            />
          )}
        </FormField>
      </form>

      {fila.isPending ? (
        <Spinner className="py-10" label="Carregando a fila..." />
      ) : fila.isError ? (
        <Alert variant="error">Não foi possível carregar a fila. Tente novamente.</Alert>
      ) : itens.length === 0 ? (
        <Alert>Nenhum protocolo com esses filtros.</Alert>
      ) : (
        <div
          role="region"
          aria-label="Protocolos da fila"
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
        >
          <table className="w-full text-left text-[15px]" aria-describedby="atalhos">
            <caption className="sr-only">Protocolos por prazo de resposta, os atrasados primeiro</caption>
            <thead className="bg-slate-100 text-sm text-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Prazo
                </th>
                <th scope="col" className="px-3 py-2">
                  Protocolo
                </th>
                <th scope="col" className="px-3 py-2">
                  Tipo e assunto
                </th>
                <th scope="col" className="px-3 py-2">
                  Beneficiário
                </th>
                <th scope="col" className="px-3 py-2">
                  Situação
                </th>
              </tr>
            </thead>
            <tbody ref={linhas} onKeyDown={setas}>
              {itens.map((p) => (
                <tr
                  key={p.protocolo}
                  className={cn(
                    'border-t border-slate-200 focus-within:bg-brand-50',
                    p.atrasado ? 'bg-red-50' : p.venceHoje ? 'bg-amber-50' : '',
                  )}
                  onClick={(e) => {
                    if (!(e.target instanceof HTMLAnchorElement))
                      void navigate(`/atendimento/protocolos/${p.protocolo}`);
                  }}
                >
                  <td className="px-3 py-2 align-top">
                    <span className="block whitespace-nowrap font-semibold">{dataDoDia(p.prazoResposta)}</span>
                    <SeloPrazo atrasado={p.atrasado} venceHoje={p.venceHoje} />
                  </td>
                  <td className="px-3 py-2 align-top">
                    <Link
                      to={`/atendimento/protocolos/${p.protocolo}`}
                      data-protocolo={p.protocolo}
                      className="whitespace-nowrap font-mono font-semibold text-brand-800 underline underline-offset-4"
                    >
                      {numeroLegivel(p.protocolo)}
                    </Link>
                    <span className="block text-sm text-slate-700">Contrato {p.codigoContrato}</span>
                  </td>
                  <td className="px-3 py-2 align-top">
                    <span className="block font-semibold">{ROTULOS_TIPO_PROTOCOLO[p.tipo]}</span>
                    <span className="text-slate-700">{p.assunto}</span>
                  </td>
                  <td className="px-3 py-2 align-top">{p.beneficiario ?? '—'}</td>
                  <td className="px-3 py-2 align-top">
                    <SeloSituacao situacao={p.situacao} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
