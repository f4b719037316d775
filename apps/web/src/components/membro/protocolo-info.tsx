import { formatDate } from '@portal/br';
import { CopiarNumeroProtocolo } from '@/components/protocolo/copiar-numero-protocolo';
import { NumeroProtocolo } from '@/components/protocolo/numero-protocolo';
import { cn } from '@/lib/cn';

/**
 * The protocol of a request the member sent (RN 623/2024), shown beside the success text of its
 * area's page in docs/produto ("Messages"),
 * never in its place, with the button that copies it (issue 31). `prazoResposta` only for requests
 * that still wait for an answer.
 */
export function ProtocoloInfo({
  protocolo,
  prazoResposta,
  className,
}: {
  protocolo: string;
  prazoResposta?: string | undefined;
  className?: string;
}) {
  return (
    <div className={cn('rounded-xl border border-brand-200 bg-brand-50 p-4 text-left', className)}>
      <p className="text-sm font-semibold text-brand-900">Número de protocolo</p>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="text-lg font-bold text-slate-900">
          <NumeroProtocolo numero={protocolo} />
        </p>
        <CopiarNumeroProtocolo numero={protocolo} className="bg-white" />
      </div>
      {prazoResposta ? (
        <p className="mt-1 text-sm text-slate-800">Prazo para resposta: até {formatDate(prazoResposta)}.</p>
      ) : null}
      <p className="mt-1 text-sm text-slate-800">Guarde este número para acompanhar sua solicitação.</p>
    </div>
  );
}
