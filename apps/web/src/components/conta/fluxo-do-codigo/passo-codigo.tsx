import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { CodeForm } from '@/components/conta/codigo-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { instrucaoCodigo } from '@/lib/conta/envio-codigo';
import type { CodeFlow } from './use-fluxo-do-codigo';
import { WaitNote } from './aviso-de-espera';

/**
 * The code step of every sign-in flow: where the code went, why no new one was sent (when a send
 * was refused), the code field (6 digits, 'Validar Código'), the error, and 'Reenviar código',
 * blocked with 'Aguarde 2 minutos para reenviar o código.' (docs/produto/acesso.md, "Recovery steps")
 * while the wait runs.
 */
export function CodeStep({ flow }: { flow: CodeFlow }) {
  const esperaId = useId();
  return (
    <div className="space-y-5">
      <p className="text-slate-700">{instrucaoCodigo(flow.destino)}</p>
      {flow.aviso ? (
        <Alert variant="info" title="Código já enviado">
          {flow.aviso}
        </Alert>
      ) : null}
      <CodeForm busy={flow.validando} disableWhenEmpty={flow.exigeCodigo} onSubmit={(c) => void flow.validar(c)} />
      {flow.erro ? (
        <Alert variant="error" title={flow.erro.title}>
          {flow.erro.description}
        </Alert>
      ) : null}
      <div className="space-y-1 text-center">
        <Button
          variant="ghost"
          disabled={flow.espera.ativo || flow.reenviando}
          aria-busy={flow.reenviando || undefined}
          aria-describedby={flow.espera.ativo ? esperaId : undefined}
          onClick={() => void flow.reenviar()}
        >
          <RotateCcw aria-hidden="true" />
          {flow.reenviando ? 'Reenviando...' : 'Reenviar código'}
        </Button>
        {flow.espera.ativo ? <WaitNote flow={flow} id={esperaId} reenvio /> : null}
      </div>
    </div>
  );
}
