import type { ReembolsoAtendimento } from '@portal/contract';
import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { SituacaoReembolsoBadge } from '@/components/situacao';
import { dataHora, numeroLegivel } from '../lib/formatos';

/**
 * 'Possível recibo repetido' (issue 31, decision 0056): the other requests with the same receipt
 * (provider CPF/CNPJ, number, day of care), of any member, each a link to it; and whether the member
 * was warned and confirmed it is another care. Nothing when the receipt was sent once.
 */
export function ReciboRepetido({ r }: { r: ReembolsoAtendimento }) {
  const { outros, confirmadoPeloBeneficiario } = r.reciboRepetido;
  if (!outros.length && !confirmadoPeloBeneficiario) return null;
  return (
    <section
      aria-labelledby="recibo-repetido"
      className="mb-4 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="recibo-repetido" className="mb-2 flex items-center gap-2 text-lg font-bold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        Possível recibo repetido
      </h2>
      {confirmadoPeloBeneficiario ? (
        <p className="mb-2">
          O beneficiário foi avisado de que este recibo já tinha sido enviado e confirmou que é outro atendimento.
        </p>
      ) : null}
      {outros.length ? (
        <>
          <p className="mb-2">
            O mesmo recibo (CPF/CNPJ do prestador, número e data do atendimento) está{' '}
            {outros.length === 1 ? 'em outro pedido' : `em outros ${outros.length} pedidos`}:
          </p>
          <ul className="space-y-2">
            {outros.map((o) => (
              <li key={o.protocolo} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link
                  to={`/atendimento/reembolsos/${o.protocolo}`}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                >
                  Reembolso {numeroLegivel(o.protocolo)}
                </Link>
                <SituacaoReembolsoBadge situacao={o.situacao} />
                <span>
                  {o.beneficiario} · contrato {o.codigoContrato} · enviado em {dataHora(o.criadoEm)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
