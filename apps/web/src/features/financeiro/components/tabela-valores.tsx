import { formatBRL } from '@portal/br';

/** The head of a finance table of amounts: the columns in order, the last one (Valor) to the right. */
export function CabecalhoValores({ colunas }: { colunas: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b-2 border-slate-300">
        {colunas.map((coluna, i) => (
          <th
            key={coluna}
            scope="col"
            className={
              i === colunas.length - 1
                ? 'py-2 text-right font-semibold text-slate-800'
                : 'py-2 pr-3 font-semibold text-slate-800'
            }
          >
            {coluna}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The 'Total' row under a finance table; `colunas` is how many columns the table has. */
export function RodapeTotal({ colunas, total }: { colunas: number; total: number }) {
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={colunas > 2 ? colunas - 1 : undefined} className="py-2 pr-3 font-bold text-slate-900">
          Total
        </th>
        <td className="whitespace-nowrap py-2 text-right font-bold tabular-nums text-slate-900">{formatBRL(total)}</td>
      </tr>
    </tfoot>
  );
}
