import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { CodeFlow } from './use-fluxo-do-codigo';
import { WaitNote } from './aviso-de-espera';

interface SendButtonProps {
  flow: CodeFlow;
  /** The flow's own reasons (no contact picked yet). */
  disabled?: boolean;
  /** 'submit' inside the flow's form; otherwise `onClick`. */
  type?: 'button' | 'submit';
  onClick?: () => void;
  icon?: ReactNode;
  children: ReactNode;
}

/**
 * The contact step's send button: 'Enviando...' while the call runs, and blocked with the time
 * left while sending would only be refused (the wait runs and this browser holds no open code).
 */
export function SendButton({ flow, disabled = false, type = 'button', onClick, icon, children }: SendButtonProps) {
  const esperaId = useId();
  const bloqueado = flow.envioBloqueado;
  return (
    <div className="space-y-1">
      <Button
        type={type}
        block
        disabled={disabled || flow.enviando || bloqueado}
        aria-busy={flow.enviando || undefined}
        aria-describedby={bloqueado ? esperaId : undefined}
        onClick={onClick}
      >
        {icon}
        {flow.enviando ? 'Enviando...' : children}
      </Button>
      {bloqueado ? <WaitNote flow={flow} id={esperaId} /> : null}
    </div>
  );
}
