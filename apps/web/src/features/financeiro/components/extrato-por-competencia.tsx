import { formatBRL } from '@portal/br';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { Alert } from '@/components/ui/alert';
import { useListarExtratoCoParticipacao } from '../api/listar-extrato-coparticipacao';
import { BaixarExtrato } from './baixar-extrato';
import { competenciaPorExtenso } from './formatos';

/** docs/produto/financeiro.md "Who may use it": a profile that is not financial sees the co-participation statements by competence ('Baixar Extrato'). */
export function ExtratoPorCompetencia({ coparticipativo }: { coparticipativo: boolean }) {
  const lista = useListarExtratoCoParticipacao(coparticipativo);
  return (
    <section aria-labelledby="titulo-extrato" className="space-y-4">
      <div>
        <h2 id="titulo-extrato" className="text-xl font-bold text-slate-900">
          Extrato de Coparticipação
        </h2>
        <p className="text-slate-700">Competências dos últimos 12 meses.</p>
      </div>
      {!coparticipativo ? (
        <Alert variant="error" title="Erro">
          Você não possui uma conta coparticipativa.
        </Alert>
      ) : lista.isPending ? (
        <Carregando label="Carregando extrato..." />
      ) : lista.isError ? (
        <FalhaAoCarregar onTentarNovamente={() => void lista.refetch()} />
      ) : (
        <ul className="space-y-3">
          {lista.data.map((c) => {
            const mes = competenciaPorExtenso(c.mesCompetencia, c.anoCompetencia);
            return (
              <li
                key={c.competencia}
                className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-center sm:p-5"
              >
                <div className="space-y-1">
                  <h3 className="text-lg font-bold text-slate-900">{mes}</h3>
                  {c.itens.length === 0 ? (
                    <p className="text-slate-700">Nenhum item encontrado.</p>
                  ) : (
                    <>
                      <ul className="space-y-0.5 text-[15px]">
                        {c.itens.map((i, n) => (
                          <li key={n} className="flex justify-between gap-4">
                            <span className="text-slate-800">{i.descricao}</span>
                            <span className="whitespace-nowrap tabular-nums text-slate-900">{formatBRL(i.valor)}</span>
                          </li>
                        ))}
                      </ul>
                      <p className="font-semibold text-slate-900">
                        Total: <span className="tabular-nums">{formatBRL(c.total)}</span>
                      </p>
                    </>
                  )}
                </div>
                <BaixarExtrato competencia={c} rotuloExtra={`de ${mes}`} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
