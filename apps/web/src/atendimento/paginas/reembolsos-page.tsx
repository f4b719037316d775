import { formatBRL } from '@portal/br';
import { ROTULOS_SITUACAO_REEMBOLSO, ROTULOS_TIPO_REEMBOLSO, SITUACOES_REEMBOLSO } from '@portal/contract';
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useReembolsos } from '../api/reembolsos';
import { Cabecalho } from '../components/cabecalho';
import { SeloPrazo, SeloSituacaoReembolso } from '../components/selos-prazo';
import { dataDoDia, numeroLegivel } from '../lib/formatos';

const SITUACOES = ['abertos', 'todos', ...SITUACOES_REEMBOLSO] as const;
const ROTULO_FILTRO: Record<string, string> = {
  abertos: 'Em aberto (até o pagamento)',
  todos: 'Todos, inclusive pagos e negados',
  ...ROTULOS_SITUACAO_REEMBOLSO,
};

/** Moves the focus to the next (1) or previous (-1) request link of the queue. */
function mover(tabela: HTMLElement | null, delta: number) {
  const todos = [...(tabela?.querySelectorAll<HTMLAnchorElement>('a[data-protocolo]') ?? [])];
  if (!todos.length) return;
  const atual = todos.findIndex((a) => a === document.activeElement);
  const proximo = atual < 0 ? 0 : Math.min(todos.length - 1, Math.max(0, atual + delta));
  todos[proximo]?.focus();
}

const digitando = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** 'Vence em 3 dias', 'Atrasado há 2 dias', 'Prazo parado' (pendente): the deadline in words. */
function prazoEmPalavras(diasRestantes: number | null, situacao: string): string {
  if (diasRestantes === null) return situacao === 'pendente' ? 'Prazo parado até o envio dos documentos' : '—';
  if (diasRestantes === 0) return 'Vence hoje';
  if (diasRestantes < 0) return `Atrasado há ${-diasRestantes} ${diasRestantes === -1 ? 'dia' : 'dias'}`;
  return `Vence em ${diasRestantes} ${diasRestantes === 1 ? 'dia' : 'dias'}`;
}

/** /atendimento/reembolsos: the reimbursement requests by legal payment deadline (RN 623: 30 days). */
export function ReembolsosPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const pedida = params.get('situacao') ?? 'abertos';
  const situacao = (SITUACOES as readonly string[]).includes(pedida) ? pedida : 'abertos';
  const fila = useReembolsos(situacao);
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

  const itens = fila.data?.itens ?? [];
  const atrasados = itens.filter((r) => r.atrasado).length;
  const vencemHoje = itens.filter((r) => r.venceHoje).length;

  return (
    <>
      <Cabecalho titulo="Reembolsos">
        <p className="text-sm text-slate-700" id="atalhos-reembolsos">
          Atalhos: <kbd className="rounded border px-1">j</kbd>/<kbd className="rounded border px-1">k</kbd> ou setas
          para mover, <kbd className="rounded border px-1">Enter</kbd> para abrir.
        </p>
      </Cabecalho>

      <dl className="mb-5 grid grid-cols-3 gap-3" aria-label="Totais dos reembolsos listados">
        {[
          ['Listados', fila.data ? itens.length : undefined],
          ['Atrasados', fila.data ? atrasados : undefined],
          ['Vencem hoje', fila.data ? vencemHoje : undefined],
        ].map(([rotulo, n]) => (
          <div key={rotulo} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-sm font-semibold text-slate-700">{rotulo}</dt>
            <dd className="text-2xl font-bold text-slate-900">{n ?? '–'}</dd>
          </div>
        ))}
      </dl>

      <form
        role="search"
        aria-label="Filtrar os reembolsos"
        className="mb-5 grid gap-3 md:grid-cols-2"
        onSubmit={(e) => e.preventDefault()}
      >
        <FormField label="Situação">
          {(c) => (
            <NativeSelect
              {...c}
              value={situacao}
              onChange={(e) =>
                setParams(e.target.value === 'abertos' ? {} : { situacao: e.target.value }, { replace: true })
              }
            >
              {SITUACOES.map((s) => (
                <option key={s} value={s}>
                  {ROTULO_FILTRO[s]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </form>

      {fila.isPending ? (
        <Spinner className="py-10" label="Carregando os reembolsos..." />
      ) : fila.isError ? (
        <Alert variant="error">Não foi possível carregar os reembolsos. Tente novamente.</Alert>
      ) : itens.length === 0 ? (
        <Alert>Nenhum reembolso nesta situação.</Alert>
      ) : (
        <div
          role="region"
          aria-label="Reembolsos por prazo"
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
        >
          <table className="w-full text-left text-[15px]" aria-describedby="atalhos-reembolsos">
            <caption className="sr-only">
              Reembolsos por prazo legal de pagamento, o mais próximo primeiro; os pendentes por último
            </caption>
            <thead className="bg-slate-100 text-sm text-slate-800">
              <tr>
                {['Prazo de pagamento', 'Protocolo', 'Beneficiário', 'Atendimento', 'Valor pago', 'Situação'].map(
                  (c) => (
                    <th key={c} scope="col" className="px-3 py-2 whitespace-nowrap">
                      {c}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody ref={linhas} onKeyDown={setas}>
              {itens.map((r) => (
                <tr
                  key={r.protocolo}
                  className={cn(
                    'border-t border-slate-200 focus-within:bg-brand-50',
                    r.atrasado ? 'bg-red-50' : r.venceHoje ? 'bg-amber-50' : '',
                  )}
                  onClick={(e) => {
                    if (!(e.target instanceof HTMLAnchorElement))
                      void navigate(`/atendimento/reembolsos/${r.protocolo}`);
                  }}
                >
                  <td className="px-3 py-2 align-top">
                    <span className="block whitespace-nowrap font-semibold">
                      {r.prazoPagamento ? dataDoDia(r.prazoPagamento) : 'Sem prazo correndo'}
                    </span>
                    <SeloPrazo atrasado={r.atrasado} venceHoje={r.venceHoje} />
                    {!r.atrasado && !r.venceHoje ? (
                      <span className="block text-sm text-slate-700">
                        {prazoEmPalavras(r.diasRestantes, r.situacao)}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 align-top">
                    <Link
                      to={`/atendimento/reembolsos/${r.protocolo}`}
                      data-protocolo={r.protocolo}
                      className="whitespace-nowrap font-mono font-semibold text-brand-800 underline underline-offset-4"
                    >
                      {numeroLegivel(r.protocolo)}
                    </Link>
                    <span className="block text-sm text-slate-700">Contrato {r.codigoContrato}</span>
                  </td>
                  <td className="px-3 py-2 align-top">{r.beneficiario}</td>
                  <td className="px-3 py-2 align-top">
                    <span className="block font-semibold">{ROTULOS_TIPO_REEMBOLSO[r.tipo]}</span>
                    <span className="text-slate-700">
                      {dataDoDia(r.dataAtendimento)} · {r.prestador}
                    </span>
                  </td>
                  <td className="px-3 py-2 align-top whitespace-nowrap tabular-nums">{formatBRL(r.valorPago)}</td>
                  <td className="px-3 py-2 align-top">
                    <SeloSituacaoReembolso situacao={r.situacao} />
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
