import type { Autorizacao } from '@portal/contract';
import { formatDateTime } from '@portal/br';
import { StatusBadge } from './status-badge';

export function AutorizacaoCard({ autorizacao: a }: { autorizacao: Autorizacao }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <article aria-labelledby={`autorizacao-${a.numeroTransacao}`} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={`autorizacao-${a.numeroTransacao}`} className="text-lg font-bold text-slate-900">
              {a.prestadorSolicitante}
            </h3>
            <p className="text-slate-700">Solicitada em {formatDateTime(a.dataSolicitacao)}</p>
          </div>
          <StatusBadge status={a.statusProcedimento} />
        </div>
        <div>
          <h4 className="font-semibold text-slate-800">Procedimentos</h4>
          <ul className="mt-1 space-y-1">
            {a.procedimentos.map((p) => (
              <li key={`${p.codigoProcedimento}-${p.descricaoProcedimento}`} className="flex gap-3">
                <span className="shrink-0 font-mono tabular-nums text-slate-800">{p.codigoProcedimento}</span>
                <span className="text-slate-900">{p.descricaoProcedimento}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-slate-700">
          Nº da transação: <span className="font-mono tabular-nums text-slate-900">{a.numeroTransacao}</span>
        </p>
      </article>
    </li>
  );
}
