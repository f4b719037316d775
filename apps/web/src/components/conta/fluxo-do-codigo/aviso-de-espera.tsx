import { AGUARDE_REENVIO } from '@/lib/conta/envio-codigo';
import { formatarContagem } from '@/lib/use-countdown';
import type { CodeFlow } from './use-fluxo-do-codigo';

/**
 * The time left while sending is on hold. Under 'Reenviar código' during the 2-minute wait it is
 * 'Aguarde 2 minutos para reenviar o código.' (docs/produto/acesso.md, "Recovery steps") plus the time left; anywhere else (an
 * hourly cap, or a send button whose error above already says why) only when sending reopens.
 */
export function WaitNote({ flow, id, reenvio = false }: { flow: CodeFlow; id: string; reenvio?: boolean }) {
  const resta = formatarContagem(flow.espera.segundos);
  return (
    <p id={id} className="text-center text-sm text-slate-700">
      {reenvio && flow.espera.motivo === 'reenvio' ? (
        <>
          {AGUARDE_REENVIO} <span className="whitespace-nowrap">Faltam {resta}.</span>
        </>
      ) : (
        <>
          Novo envio possível em <span className="whitespace-nowrap">{resta}</span>.
        </>
      )}
    </p>
  );
}
