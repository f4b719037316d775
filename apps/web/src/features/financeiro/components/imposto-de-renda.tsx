import { formatBRL } from '@portal/br';
import type { ItemIrpf } from '@portal/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useExtratoIrpf } from '../api/extrato-irpf';
import { useListarExtratoIrpf } from '../api/listar-extrato-irpf';
import { useAbrirDocumento } from '@/components/documentos';
import { nomesDeArquivo } from './formatos';
import { SeletorDeAno } from './seletor-de-ano';
import { CabecalhoValores, RodapeTotal } from './tabela-valores';

/** docs/produto/financeiro.md "IRPF tab": a download button carrying the year, and the list of description, year and value. */
export function ImpostoDeRenda() {
  const [ano, setAno] = useState<number | null>(null);
  const lista = useListarExtratoIrpf(ano, true);
  const informe = useExtratoIrpf();
  const abrir = useAbrirDocumento();
  const anos = lista.data?.anos ?? [];
  // docs/produto/financeiro.md "Limits": the previous calendar year by default (else the newest year that has data).
  const anterior = new Date().getFullYear() - 1;
  const selecionado = ano ?? (anos.includes(anterior) ? anterior : (anos[0] ?? null));
  const itens = lista.data?.dados ?? [];
  const total = itens.reduce((s, i) => s + i.valor, 0);
  const reembolsos = lista.data?.reembolsos ?? [];

  const baixar = (a: number) =>
    informe.mutate(a, {
      onSuccess: (blob) => {
        abrir(blob, nomesDeArquivo.irpf(a));
        toast.success('Informe de IRPF Gerado');
      },
    });

  return (
    <section aria-labelledby="titulo-irpf" className="space-y-5">
      <div>
        <h2 id="titulo-irpf" className="text-xl font-bold text-slate-900">
          Imposto de Renda
        </h2>
        <p className="text-slate-700">Valores pagos ao plano no ano, para a sua declaração de IRPF.</p>
      </div>
      {lista.isPending ? (
        <Carregando label="Carregando informe..." />
      ) : lista.isError ? (
        <FalhaAoCarregar onTentarNovamente={() => void lista.refetch()} />
      ) : selecionado === null ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          Nenhum informe de IRPF disponível.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <SeletorDeAno rotulo="Ano-calendário" anos={anos} valor={selecionado} onChange={setAno} />
            <Button
              onClick={() => baixar(selecionado)}
              disabled={informe.isPending}
              aria-busy={informe.isPending || undefined}
              className="w-full sm:w-auto"
            >
              <Download aria-hidden="true" />
              {informe.isPending ? 'Gerando...' : `Baixar Informe ${selecionado}`}
            </Button>
          </div>
          <div
            className="overflow-x-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
            aria-busy={lista.isFetching || undefined}
          >
            <table className="w-full border-collapse text-left text-[15px]">
              <caption className="mb-2 text-left text-lg font-bold text-slate-900">Pagamentos de {selecionado}</caption>
              <CabecalhoValores colunas={['Descrição', 'Ano', 'Valor']} />
              <tbody>
                {itens.length === 0 ? (
                  <tr>
                    <td colSpan={3} className="py-4 text-center text-slate-700">
                      Nenhum item encontrado.
                    </td>
                  </tr>
                ) : (
                  itens.map((i) => <LinhaDoInforme key={i.descricao} item={i} />)
                )}
              </tbody>
              {itens.length > 0 ? <RodapeTotal colunas={3} total={Math.round(total * 100) / 100} /> : null}
            </table>
          </div>
          {reembolsos.length > 0 ? (
            // Issue 18: reimbursements paid in the year are not plan payments (not in the total above);
            // the member subtracts them from the expense with the provider declared.
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <table className="w-full border-collapse text-left text-[15px]">
                <caption className="mb-2 text-left text-lg font-bold text-slate-900">
                  Reembolsos recebidos em {selecionado}
                </caption>
                <CabecalhoValores colunas={['Descrição', 'Ano', 'Valor']} />
                <tbody>
                  {reembolsos.map((i) => (
                    <LinhaDoInforme key={i.descricao} item={i} />
                  ))}
                </tbody>
              </table>
              <p className="mt-3 text-slate-700">
                Na declaração, informe a despesa com o prestador descontando o valor reembolsado pelo plano.
              </p>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** A row of the statement's tables: description, year, amount. */
function LinhaDoInforme({ item }: { item: ItemIrpf }) {
  return (
    <tr className="border-b border-slate-200 align-top">
      <td className="py-2 pr-3 text-slate-900">{item.descricao}</td>
      <td className="py-2 pr-3 tabular-nums text-slate-900">{item.ano}</td>
      <td className="whitespace-nowrap py-2 text-right tabular-nums text-slate-900">{formatBRL(item.valor)}</td>
    </tr>
  );
}
