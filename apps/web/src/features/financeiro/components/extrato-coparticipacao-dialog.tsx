import type { CompetenciaCoParticipacao } from '@portal/contract';
import { formatBRL, formatDate } from '@portal/br';
import { useId, useState } from 'react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useListarExtratoCoParticipacao } from '../api/listar-extrato-coparticipacao';
import { BaixarExtrato } from './baixar-extrato';
import { competenciaPorExtenso } from './formatos';
import { CabecalhoValores, RodapeTotal } from './tabela-valores';

/** docs/produto/financeiro.md "Screens": the co-participation statement dialog — items table (description and value), 'Nenhum item encontrado.' */
export function ExtratoCoparticipacaoDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCloseAutoFocus?: (e: Event) => void;
}) {
  const lista = useListarExtratoCoParticipacao(open);
  const [escolhida, setEscolhida] = useState<string | null>(null);
  const id = useId();
  const competencias = lista.data ?? [];
  const atual = competencias.find((c) => c.competencia === escolhida) ?? competencias[0];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Extrato de Coparticipação</DialogTitle>
        <DialogDescription>Utilizações com coparticipação cobradas em cada competência.</DialogDescription>
        <div className="mt-4 space-y-4">
          {lista.isPending ? (
            <Carregando label="Carregando extrato..." />
          ) : lista.isError ? (
            <FalhaAoCarregar onTentarNovamente={() => void lista.refetch()} />
          ) : atual ? (
            <>
              <div className="space-y-1.5">
                <Label htmlFor={id}>Competência</Label>
                <select
                  id={id}
                  value={atual.competencia}
                  onChange={(e) => setEscolhida(e.target.value)}
                  className="h-12 w-full rounded-lg border-2 border-slate-400 bg-white px-3 text-base text-slate-900 sm:w-72"
                >
                  {competencias.map((c) => (
                    <option key={c.competencia} value={c.competencia}>
                      {competenciaPorExtenso(c.mesCompetencia, c.anoCompetencia)}
                    </option>
                  ))}
                </select>
              </div>
              <TabelaItens competencia={atual} />
              <BaixarExtrato competencia={atual} />
            </>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function TabelaItens({ competencia: c }: { competencia: CompetenciaCoParticipacao }) {
  if (c.itens.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-center text-slate-700">
        Nenhum item encontrado.
      </p>
    );
  }
  return (
    <table className="w-full border-collapse text-left text-[15px]">
      <caption className="sr-only">
        Itens de coparticipação de {competenciaPorExtenso(c.mesCompetencia, c.anoCompetencia)}
      </caption>
      <CabecalhoValores colunas={['Descrição', 'Valor']} />
      <tbody>
        {c.itens.map((i, n) => (
          <tr key={n} className="border-b border-slate-200 align-top">
            <td className="py-2 pr-3">
              <span className="block text-slate-900">{i.descricao}</span>
              <span className="block text-sm text-slate-700">
                {i.beneficiario} · {formatDate(i.data)} · {i.prestador}
              </span>
            </td>
            <td className="whitespace-nowrap py-2 text-right tabular-nums text-slate-900">{formatBRL(i.valor)}</td>
          </tr>
        ))}
      </tbody>
      <RodapeTotal colunas={2} total={c.total} />
    </table>
  );
}
