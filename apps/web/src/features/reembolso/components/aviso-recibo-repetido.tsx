import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Checkbox } from '@/components/ui/checkbox';

/**
 * The receipt was already sent by the member's contract (decision 0055): the server's words, and the
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
        <Checkbox
          id={`${id}-outro`}
          checked={confirmado}
          disabled={desabilitado}
          onCheckedChange={(v) => onConfirmar(v === true)}
        />
        <label htmlFor={`${id}-outro`} className="cursor-pointer font-medium text-slate-900">
          É outro atendimento: quero enviar este recibo de novo
        </label>
      </div>
    </div>
  );
}
