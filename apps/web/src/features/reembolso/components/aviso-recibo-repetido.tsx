import { useId } from 'react';
import { Alert } from '@/components/ui/alert';

/**
 * The receipt was already sent by the member's contract (decision 0056): the server's words, and the
 * confirmation without which 'Enviar solicitação' stays off. Operators flag rather than block: a
 * second care with the same receipt number is possible, and the staff check it.
 */
export function AvisoReciboRepetido({
  mensagem,
  confirmado,
  onConfirmar,
  desabilitado,
}: {
  mensagem: string;
  confirmado: boolean;
  onConfirmar: (v: boolean) => void;
  desabilitado?: boolean;
}) {
  const id = useId();
  return (
    <div className="mt-4 space-y-3">
      <Alert variant="warning" title="Recibo já enviado">
        {mensagem}
      </Alert>
      <div className="flex min-h-11 items-center gap-3">
        {/* A native box (24 px, WCAG 2.2 target size), like the form's radios: no extra script file on /reembolso/novo. */}
        <input
          type="checkbox"
          id={`${id}-outro`}
          checked={confirmado}
          disabled={desabilitado}
          onChange={(e) => onConfirmar(e.target.checked)}
          className="size-6 shrink-0 accent-brand-700"
        />
        <label htmlFor={`${id}-outro`} className="cursor-pointer font-medium text-slate-900">
          É outro atendimento: quero enviar este recibo de novo
        </label>
      </div>
    </div>
  );
}
