import { formatBRL } from '@portal/br';
import type { PreviaReembolsoResponse } from '@portal/contract';
import { Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { EstimativaEmPalavras } from '@/components/reembolso/estimativa-em-palavras';
import { AvisoReciboRepetido } from './aviso-recibo-repetido';

/**
 * 'Prévia do reembolso': the estimate for the data as they are now, how it was reached, and
 * 'Enviar solicitação' (held back by a repeated receipt until the member confirms another care).
 * It takes the focus each time a new estimate is shown.
 */
export function PreviaDoReembolso({
  previa,
  avisoRepetido,
  outroAtendimento,
  onConfirmarOutroAtendimento,
  enviando,
  onEnviar,
}: {
  previa: PreviaReembolsoResponse;
  /** The server's words about a receipt already sent by the contract (decision 0056), if any. */
  avisoRepetido: string | null;
  outroAtendimento: boolean;
  onConfirmarOutroAtendimento: (v: boolean) => void;
  enviando: boolean;
  onEnviar: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [previa]);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="reembolso-previa"
      className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-5 outline-none sm:p-6"
    >
      <h2 id="reembolso-previa" className="text-lg font-bold text-slate-900">
        Prévia do reembolso
      </h2>
      <p className="mt-1 text-sm font-semibold uppercase tracking-wide text-brand-900">Estimativa, não garantia</p>
      <p className="mt-3 text-3xl font-bold tabular-nums text-slate-900">{formatBRL(previa.valorEstimado)}</p>
      <p className="mt-1 text-[15px] text-slate-800">
        Valor pago: <span className="font-semibold">{formatBRL(previa.valorPago)}</span>
      </p>
      <h3 className="mt-4 text-base font-bold text-slate-900">Como chegamos a este valor</h3>
      <div className="mt-2 rounded-xl bg-white p-4">
        <EstimativaEmPalavras estimativa={previa} />
      </div>
      <p className="mt-3 text-slate-800">{previa.mensagem}</p>
      {avisoRepetido ? (
        <AvisoReciboRepetido
          mensagem={avisoRepetido}
          confirmado={outroAtendimento}
          onConfirmar={onConfirmarOutroAtendimento}
          desabilitado={enviando}
        />
      ) : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button
          onClick={onEnviar}
          disabled={enviando || (avisoRepetido !== null && !outroAtendimento)}
          aria-busy={enviando || undefined}
        >
          <Send aria-hidden="true" />
          {enviando ? 'Enviando...' : 'Enviar solicitação'}
        </Button>
      </div>
    </section>
  );
}
