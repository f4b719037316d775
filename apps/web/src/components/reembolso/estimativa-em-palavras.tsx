import { formatBRL } from '@portal/br';
import type { EstimativaReembolso } from '@portal/contract';

/**
 * A reimbursement estimate in plain words (issue 31): the sum in order — what the table pays, the
 * plan's multiple, the co-participation subtracted, the cap of the amount paid — each part with the
 * amount and the sentence the API wrote, then the estimate. Shared by the form's preview, the
 * request's detail and Meus Protocolos: the browser computes nothing.
 */
export function EstimativaEmPalavras({ estimativa }: { estimativa: EstimativaReembolso }) {
  return (
    <div className="text-[15px] text-slate-900">
      <ol className="divide-y divide-slate-200" aria-label="Como a estimativa é calculada">
        {estimativa.partes.map((p) => (
          <li key={p.parte} className="py-2 first:pt-0">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold">{p.titulo}</span>{' '}
              <span className="whitespace-nowrap font-semibold tabular-nums">{p.valor}</span>
            </p>
            <p className="mt-0.5 text-slate-800">{p.explicacao}</p>
          </li>
        ))}
      </ol>
      <p className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 border-t-2 border-slate-300 pt-2 font-bold">
        <span>Estimativa</span>{' '}
        <span className="whitespace-nowrap tabular-nums">{formatBRL(estimativa.valorEstimado)}</span>
      </p>
    </div>
  );
}
