import { formatBRL } from '@portal/br';
import { Fragment, type ReactNode, useId } from 'react';
import { LinkExterno } from '@/components/link-externo';
import { PageHeader } from '@/components/page-header';
import { cn } from '@/lib/cn';
import { operadora } from '@/lib/operadora';
import { type GrupoCopart, percentualPorExtenso, TABELA_COPART } from './tabela';

const COLUNAS = ['Grupo', 'Subgrupo', 'Forma de Cobrança', 'Percentual', 'Limite de Valor'] as const;

/**
 * docs/produto/informacoes.md "Screens", "Limits". A real table (caption, column headers, each group a row group
 * with its header). Below 768 px each row is drawn as a small card (the group's name, then its
 * subgroup and the three values with their labels); the explicit roles keep it a table for screen
 * readers whatever CSS display it gets. Between 768 px and a wide window it keeps its columns and
 * scrolls sideways inside a labelled region that takes keyboard focus (arrow keys scroll it).
 */
export function TabelaCopartPage() {
  const legenda = useId();
  return (
    <div>
      <PageHeader title="Tabela de Coparticipação">
        <p className="max-w-3xl text-slate-700">
          Quanto você paga de coparticipação ao usar o plano: o percentual sobre o valor de cada procedimento e o limite
          de valor de cada cobrança.
        </p>
      </PageHeader>
      <div
        role="region"
        aria-labelledby={legenda}
        tabIndex={0}
        className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <table role="table" className="w-full border-collapse text-left text-[15px] max-md:block md:min-w-[46rem]">
          <caption id={legenda} className="px-4 pt-4 pb-3 text-left text-lg font-bold text-slate-900 max-md:block">
            Coparticipação por grupo de procedimentos
          </caption>
          <thead role="rowgroup" className="bg-slate-100 text-sm text-slate-800 max-md:sr-only">
            <tr role="row">
              {COLUNAS.map((c) => (
                <th key={c} role="columnheader" scope="col" className="px-4 py-3 font-semibold">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          {TABELA_COPART.map((g) => (
            <Grupo key={g.nome.map((p) => p.texto).join()} grupo={g} />
          ))}
        </table>
      </div>
      <p className="mt-4 max-w-3xl text-sm text-slate-700">
        CH: coeficiente de honorários, a unidade que mede o porte de cada procedimento. Os grupos com link abrem, em
        nova aba, a lista dos procedimentos que fazem parte deles.
      </p>
    </div>
  );
}

/** Below 768 px a value cell shows its column's name above it (the header row is only for screen readers there). */
function Valor({ coluna, children, className }: { coluna: string; children: ReactNode; className?: string }) {
  return (
    <td role="cell" className={cn('px-4 py-3 text-slate-900 max-md:px-0 max-md:py-1', className)}>
      <span aria-hidden="true" className="block text-xs font-medium text-slate-700 md:hidden">
        {coluna}
      </span>
      {children}
    </td>
  );
}

function Grupo({ grupo }: { grupo: GrupoCopart }) {
  const links = operadora().links;
  return (
    <tbody role="rowgroup" className="border-t-2 border-slate-200 max-md:block max-md:pb-2">
      {grupo.linhas.map((l, i) => (
        <tr
          key={l.subgrupo ?? i}
          role="row"
          className="align-top max-md:grid max-md:grid-cols-3 max-md:gap-x-3 max-md:px-4 max-md:py-1"
        >
          {i === 0 ? (
            <th
              role="rowheader"
              scope="rowgroup"
              rowSpan={grupo.linhas.length}
              className="w-[28%] bg-slate-50 px-4 py-3 font-semibold text-slate-900 max-md:col-span-3 max-md:-mx-4 max-md:mb-1 max-md:w-auto"
            >
              {grupo.nome.map((parte, j) => (
                <Fragment key={parte.texto}>
                  {j > 0 ? ', ' : null}
                  {parte.link ? (
                    <LinkExterno
                      href={links[parte.link]}
                      className="text-brand-700 underline underline-offset-4 hover:text-brand-900"
                      aria-label={`${parte.texto}: lista de procedimentos (abre em nova aba)`}
                    >
                      {parte.texto}
                    </LinkExterno>
                  ) : (
                    parte.texto
                  )}
                </Fragment>
              ))}
            </th>
          ) : null}
          <td
            role="cell"
            className={cn(
              'px-4 py-3 text-slate-900 max-md:col-span-3 max-md:px-0 max-md:pt-2 max-md:pb-0 max-md:font-semibold',
              l.subgrupo === null && 'max-md:hidden',
            )}
          >
            {l.subgrupo ?? (
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">Sem subgrupo</span>
              </>
            )}
          </td>
          <Valor coluna="Forma de Cobrança">{l.formaDeCobranca}</Valor>
          <Valor coluna="Percentual" className="tabular-nums">
            {percentualPorExtenso(l.percentual)}
          </Valor>
          <Valor coluna="Limite de Valor" className="whitespace-nowrap font-semibold tabular-nums">
            {formatBRL(l.limite)}
          </Valor>
        </tr>
      ))}
    </tbody>
  );
}
