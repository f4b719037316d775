import { onlyDigits } from '@portal/br';
import { ArrowLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { StepHeading } from '@/components/step-heading';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatarContagem } from '@/lib/use-countdown';

interface PassoVerificacaoProps {
  destino: string;
  confirmando: boolean;
  onVoltar: () => void;
  onConfirmar: (codigo: string) => void;
  /** The confirm button's label (the cancellation says 'Confirmar Cancelamento'). */
  rotuloConfirmar?: string;
  /** 'Reenviar código', blocked while `segundos` count down (as the sign-in code screens do). */
  reenvio: { segundos: number; enviando: boolean; onReenviar: () => void };
}

/**
 * docs/produto/comercial.md "Screens" step 2: the 6-digit SMS code (at most 6 characters; confirming needs 6), Voltar, 'Confirmar
 * Contratação'. The step of every confirmation by SMS code: add-on contracting and cancellation.
 */
export function PassoVerificacao({
  destino,
  confirmando,
  onVoltar,
  onConfirmar,
  rotuloConfirmar = 'Confirmar Contratação',
  reenvio,
}: PassoVerificacaoProps) {
  const id = useId();
  const [codigo, setCodigo] = useState('');
  const completo = codigo.length === 6;
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (completo && !confirmando) onConfirmar(codigo);
  };
  return (
    <form noValidate onSubmit={enviar} className="max-w-lg space-y-5">
      <StepHeading as="h2" focusOnMount>
        Verificação
      </StepHeading>
      <p id={`${id}-dica`} className="text-slate-800">
        Digite o código de 6 dígitos enviado por SMS para <span className="font-semibold">{destino}</span>.
      </p>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-codigo`}>Código de verificação</Label>
        <Input
          id={`${id}-codigo`}
          aria-describedby={`${id}-dica`}
          value={codigo}
          onChange={(e) => setCodigo(onlyDigits(e.target.value).slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          className="text-center text-xl tracking-[0.5em]"
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onVoltar} disabled={confirmando}>
          <ArrowLeft aria-hidden="true" />
          Voltar
        </Button>
        <Button type="submit" disabled={!completo || confirmando} aria-busy={confirmando || undefined}>
          {confirmando ? 'Confirmando...' : rotuloConfirmar}
        </Button>
      </div>
      <div className="space-y-1 border-t border-slate-200 pt-4 text-center">
        <Button
          variant="link"
          onClick={reenvio.onReenviar}
          disabled={reenvio.segundos > 0 || reenvio.enviando || confirmando}
          aria-describedby={`${id}-espera`}
          aria-busy={reenvio.enviando || undefined}
        >
          {reenvio.enviando ? 'Enviando...' : 'Reenviar código'}
        </Button>
        <p id={`${id}-espera`} className="text-sm text-slate-700">
          {reenvio.segundos > 0 ? (
            <>
              Novo envio possível em <span className="whitespace-nowrap">{formatarContagem(reenvio.segundos)}</span>.
            </>
          ) : (
            'Não recebeu o código? Peça um novo.'
          )}
        </p>
      </div>
    </form>
  );
}
