import { formatDate } from '@portal/br';
import type { SolicitarReembolsoResponse } from '@portal/contract';
import { agruparNumerosDeProtocolo } from '@portal/contract/protocolos';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ProtocoloInfo } from '@/components/membro/protocolo-info';
import { buttonVariants } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

/** What replaces the form once the request is sent: the protocol and the payment deadline; it takes the focus. */
export function ReembolsoEnviado({ feito }: { feito: SolicitarReembolsoResponse }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [feito]);

  return (
    <div ref={ref} tabIndex={-1} className="max-w-3xl space-y-4 outline-none">
      <Alert variant="success" title="Solicitação de reembolso enviada">
        {/* The server's sentence carries the 20 digits: written here as everywhere else (issue 31). */}
        <p>{agruparNumerosDeProtocolo(feito.mensagem)}</p>
        <ProtocoloInfo protocolo={feito.protocolo} className="mt-3 bg-white" />
        <p className="mt-3">
          Prazo para pagamento: até <strong>{formatDate(feito.prazoPagamento)}</strong> (30 dias a partir da
          documentação completa, Lei 9.656/98).
        </p>
      </Alert>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={`/reembolso/${feito.protocolo}`} className={buttonVariants()}>
          Acompanhar solicitação
        </Link>
        <Link to="/reembolso" className={buttonVariants({ variant: 'outline' })}>
          Ver meus reembolsos
        </Link>
      </div>
    </div>
  );
}
