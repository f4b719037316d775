import { formatDate } from '@portal/br';
import type { ReembolsoDetalhe } from '@portal/contract';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { type Etapa, etapasDoReembolso, proximoPasso } from './etapas';

/** Said after the step's name to a screen reader; the current one is told by aria-current. */
const ESTADO_EM_PALAVRAS: Record<Etapa['estado'], string | null> = {
  feita: 'concluída',
  atual: null,
  futura: 'a seguir',
};

/**
 * Where the request is (issue 31): its steps as an ordered list, each reached one with its day, the
 * current one marked (aria-current="step", and in words, never by colour alone), then what comes next.
 * A column on a phone, a row from 640 px.
 */
export function EtapasDoReembolso({ r }: { r: ReembolsoDetalhe }) {
  const etapas = etapasDoReembolso(r);
  return (
    <section
      aria-labelledby="etapas-reembolso"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="etapas-reembolso" className="text-xl font-bold text-slate-900">
        Andamento do pedido
      </h2>
      <ol className="mt-4 grid gap-3 sm:flex sm:gap-2">
        {etapas.map((e) => {
          const negado = e.situacao === 'negado';
          return (
            <li
              key={e.situacao}
              aria-current={e.estado === 'atual' ? 'step' : undefined}
              className={cn(
                'flex items-start gap-3 sm:flex-1 sm:flex-col sm:gap-2 sm:border-t-4 sm:pt-3',
                e.estado === 'futura' ? 'sm:border-slate-200' : negado ? 'sm:border-red-700' : 'sm:border-brand-700',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2',
                  e.estado === 'feita' && 'border-brand-700 bg-brand-700 text-white',
                  e.estado === 'atual' && (negado ? 'border-red-700 bg-white' : 'border-brand-700 bg-white'),
                  e.estado === 'futura' && 'border-slate-400 bg-white',
                )}
              >
                {e.estado === 'feita' ? <Check className="size-4" strokeWidth={3} /> : null}
                {e.estado === 'atual' ? (
                  <span className={cn('size-2.5 rounded-full', negado ? 'bg-red-700' : 'bg-brand-700')} />
                ) : null}
              </span>
              <span className="min-w-0">
                <span
                  className={cn(
                    'block',
                    e.estado === 'atual' ? 'font-bold text-slate-900' : 'font-semibold text-slate-800',
                  )}
                >
                  {e.rotulo}
                  {ESTADO_EM_PALAVRAS[e.estado] ? (
                    <span className="sr-only">, {ESTADO_EM_PALAVRAS[e.estado]}</span>
                  ) : null}
                </span>{' '}
                {e.dia ? (
                  <time dateTime={e.dia} className="block text-sm text-slate-700">
                    {formatDate(e.dia)}
                  </time>
                ) : null}{' '}
                {e.estado === 'atual' ? (
                  <span aria-hidden="true" className="block text-sm font-semibold text-slate-900">
                    Agora
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-900">
        <strong className="font-semibold">
          {r.situacao === 'pago' || r.situacao === 'negado' ? 'Situação: ' : 'Próximo passo: '}
        </strong>
        {proximoPasso(r)}
      </p>
    </section>
  );
}
