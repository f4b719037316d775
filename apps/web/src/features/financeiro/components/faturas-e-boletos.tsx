import type { Parcela } from '@portal/contract';
import { formatBRL, formatDate } from '@portal/br';
import { FileText, Receipt, Wallet } from 'lucide-react';
import { lazy, type Ref, Suspense, useDeferredValue, useRef, useState } from 'react';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useUsuario } from '@/lib/sessao-context';
import { useListarParcelas } from '../api/listar-parcelas';
import { useRecibo } from '../api/recibo';
import { DeclaracaoQuitacao } from './declaracao-quitacao';
import { useAbrirDocumento } from '@/components/documentos';
import { competenciaPorExtenso, nomesDeArquivo } from './formatos';
import { AvisoVencida, estaPaga, StatusParcela } from './status-parcela';

// The dialogs open from a button: their code (and their queries' hooks) loads on the first open,
// not in the page's first render (issue 19: /financeiro's TBT, decision 0040).
const PagarFaturaDialog = lazy(() => import('./pagar-fatura-dialog').then((m) => ({ default: m.PagarFaturaDialog })));
const ExtratoCoparticipacaoDialog = lazy(() =>
  import('./extrato-coparticipacao-dialog').then((m) => ({ default: m.ExtratoCoparticipacaoDialog })),
);

/** docs/produto/financeiro.md "Who may use it": the statement button is enabled only for co-participative profiles; otherwise it says why. */
export function BotaoExtratoCoparticipacao({
  coparticipativo,
  onAbrir,
  ref,
}: {
  coparticipativo: boolean;
  onAbrir: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      ref={ref}
      variant="outline"
      aria-disabled={coparticipativo ? undefined : true}
      className={coparticipativo ? undefined : 'cursor-not-allowed border-slate-400 text-slate-600 hover:bg-white'}
      onClick={() =>
        coparticipativo ? onAbrir() : toast.error('Erro', { description: 'Você não possui uma conta coparticipativa.' })
      }
    >
      <FileText aria-hidden="true" />
      Extrato de Coparticipação
    </Button>
  );
}

/** The first tab of a financial profile: the installments of the last 12 months and their documents. */
export function FaturasEBoletos() {
  const usuario = useUsuario();
  const parcelas = useListarParcelas();
  // The twelve cards render as a deferred update, in slices that leave the main thread free,
  // not as one long task when the answer arrives (issue 19: /financeiro's TBT, decision 0040).
  const lista = useDeferredValue(parcelas.data);
  const [pagar, setPagar] = useState<Parcela | null>(null);
  const [extratoAberto, setExtratoAberto] = useState(false);
  // Mounted from the first open on, so its closing (focus back to the button) runs as before.
  const [extratoUsado, setExtratoUsado] = useState(false);
  const recibo = useRecibo();
  const abrir = useAbrirDocumento();
  // The dialogs open from buttons, not Radix triggers: focus goes back to the button that opened them.
  const origem = useRef<HTMLElement | null>(null);
  const botaoExtrato = useRef<HTMLButtonElement>(null);
  const focarOrigem = (e: Event) => {
    e.preventDefault();
    origem.current?.focus();
  };
  const focarBotaoExtrato = (e: Event) => {
    e.preventDefault();
    botaoExtrato.current?.focus();
  };

  const verRecibo = (p: Parcela) =>
    recibo.mutate(p.codigoMensalidade, {
      onSuccess: (blob) => abrir(blob, nomesDeArquivo.recibo(p.anocompetencia, p.mescompetencia)),
    });

  return (
    <section aria-labelledby="titulo-faturas" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="titulo-faturas" className="text-xl font-bold text-slate-900">
            Faturas e Boletos
          </h2>
          <p className="text-slate-700">Boletos, recibos e extratos do seu contrato.</p>
        </div>
        <BotaoExtratoCoparticipacao
          ref={botaoExtrato}
          coparticipativo={usuario.coparticipativo}
          onAbrir={() => {
            setExtratoUsado(true);
            setExtratoAberto(true);
          }}
        />
      </div>

      <section aria-labelledby="titulo-parcelas" aria-busy={parcelas.isFetching || undefined}>
        <h3 id="titulo-parcelas" className="mb-3 text-lg font-bold text-slate-900">
          Mensalidades dos últimos 12 meses
        </h3>
        {parcelas.isError ? (
          <FalhaAoCarregar onTentarNovamente={() => void parcelas.refetch()} />
        ) : lista === undefined ? (
          <Carregando label="Carregando mensalidades..." />
        ) : lista.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            Nenhuma mensalidade nos últimos 12 meses.
          </p>
        ) : (
          <ul className="space-y-3">
            {lista.map((p) => {
              const paga = estaPaga(p.status);
              const mes = competenciaPorExtenso(p.mescompetencia, p.anocompetencia);
              const gerando = recibo.isPending && recibo.variables === p.codigoMensalidade;
              return (
                <li
                  key={p.codigoMensalidade}
                  className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-center sm:p-5"
                >
                  <div className="space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h4 className="text-lg font-bold text-slate-900">{mes}</h4>
                      <StatusParcela status={p.status} />
                      {!paga && p.vencida ? <AvisoVencida diasAtraso={p.diasAtraso} /> : null}
                    </div>
                    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-[15px]">
                      <div className="flex gap-1.5">
                        <dt className="text-slate-700">Vencimento</dt>
                        <dd className="font-semibold tabular-nums text-slate-900">{formatDate(p.vencimento)}</dd>
                      </div>
                      <div className="flex gap-1.5">
                        <dt className="text-slate-700">Valor</dt>
                        <dd className="font-semibold tabular-nums text-slate-900">{formatBRL(p.valor)}</dd>
                      </div>
                      {p.dataPagamento ? (
                        <div className="flex gap-1.5">
                          <dt className="text-slate-700">Pago em</dt>
                          <dd className="tabular-nums text-slate-900">{formatDate(p.dataPagamento)}</dd>
                        </div>
                      ) : null}
                    </dl>
                  </div>
                  {paga ? (
                    <Button
                      variant="outline"
                      onClick={() => verRecibo(p)}
                      disabled={gerando}
                      aria-busy={gerando || undefined}
                    >
                      <Receipt aria-hidden="true" />
                      {gerando ? 'Gerando...' : 'Ver Recibo'}
                      <span className="sr-only"> de {mes}</span>
                    </Button>
                  ) : (
                    <Button
                      onClick={(e) => {
                        origem.current = e.currentTarget;
                        setPagar(p);
                      }}
                    >
                      <Wallet aria-hidden="true" />
                      Pagar Fatura
                      <span className="sr-only"> de {mes}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <DeclaracaoQuitacao />

      <Suspense fallback={null}>
        {pagar ? (
          <PagarFaturaDialog parcela={pagar} onClose={() => setPagar(null)} onCloseAutoFocus={focarOrigem} />
        ) : null}
        {extratoUsado ? (
          <ExtratoCoparticipacaoDialog
            open={extratoAberto}
            onOpenChange={setExtratoAberto}
            onCloseAutoFocus={focarBotaoExtrato}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
