import { formatBRL } from '@portal/br';
import type { ReembolsoAtendimento } from '@portal/contract';
import { useRef, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { linhasDePagamento } from './dados-de-pagamento';

export interface DinheiroAConfirmar {
  titulo: string;
  /** What the confirm button says ('Aprovar R$ 320,00'). */
  botao: string;
  valor: number;
  /** The date of the action, labelled ('Pagamento previsto para', 'Pago em'). */
  data: { rotulo: string; dia: string };
  /** A sentence on what follows (four eyes), when there is one. */
  aviso?: ReactNode;
}

/**
 * Before money moves (approve, confirm an approval, mark as paid): the amount, the member and where
 * the money goes, once more, in a dialog. Enter confirms (the confirm button has the focus), Escape
 * or 'Cancelar' closes it and gives the focus back to the action's button (`voltarPara`).
 */
export function ConfirmarDinheiro({
  reembolso,
  pedido,
  enviando,
  confirmar,
  fechar,
  voltarPara,
}: {
  reembolso: ReembolsoAtendimento;
  pedido: DinheiroAConfirmar | null;
  enviando: boolean;
  confirmar: () => void;
  fechar: () => void;
  voltarPara: React.RefObject<HTMLButtonElement | null>;
}) {
  const confirmarRef = useRef<HTMLButtonElement>(null);
  const p = pedido;
  return (
    <Dialog open={pedido !== null} onOpenChange={(aberto) => !aberto && !enviando && fechar()}>
      {p ? (
        <DialogContent
          className="max-w-xl"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            confirmarRef.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            voltarPara.current?.focus();
          }}
        >
          <DialogTitle>{p.titulo}</DialogTitle>
          <DialogDescription>Confira os dados antes de confirmar.</DialogDescription>
          <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 sm:grid-cols-[15rem_1fr]">
            <dt className="font-semibold text-slate-700">Valor</dt>
            <dd className="text-xl font-bold text-slate-900">{formatBRL(p.valor)}</dd>
            <dt className="font-semibold text-slate-700">{p.data.rotulo}</dt>
            <dd>{p.data.dia.split('-').reverse().join('/')}</dd>
            <dt className="font-semibold text-slate-700">Beneficiário</dt>
            <dd className="break-words">{reembolso.beneficiario}</dd>
            <dt className="font-semibold text-slate-700">CPF</dt>
            <dd>{reembolso.cpfBeneficiario}</dd>
          </dl>
          <h3 className="mt-4 mb-2 font-bold text-slate-900">Dados para pagamento</h3>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 sm:grid-cols-[15rem_1fr]">
            {linhasDePagamento(reembolso.dadosPagamento).map(([rotulo, valor]) => (
              <div key={rotulo} className="contents">
                <dt className="font-semibold text-slate-700">{rotulo}</dt>
                <dd className="break-words">{valor}</dd>
              </div>
            ))}
          </dl>
          {p.aviso ? (
            <Alert variant="info" className="mt-4">
              {p.aviso}
            </Alert>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={enviando}>
                Cancelar
              </Button>
            </DialogClose>
            <Button ref={confirmarRef} onClick={confirmar} disabled={enviando}>
              {enviando ? 'Enviando…' : p.botao}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
