import { formatDate, formatDateTime } from '@portal/br';
import type { CancelamentoConcluido } from '@portal/contract';
import { formatarNumeroProtocolo } from '@portal/contract/protocolos';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { ProtocoloInfo } from '@/components/membro/protocolo-info';
import { CopiarNumeroProtocolo } from '@/components/protocolo/copiar-numero-protocolo';
import { NumeroProtocolo } from '@/components/protocolo/numero-protocolo';
import { StepHeading } from '@/components/step-heading';
import { Button, buttonVariants } from '@/components/ui/button';
import { useBaixarComprovante } from '../api/comprovante';

function BaixarComprovante({ protocolo }: { protocolo: string }) {
  const baixar = useBaixarComprovante();
  return (
    <Button
      onClick={() => baixar.mutate(protocolo)}
      disabled={baixar.isPending}
      aria-busy={baixar.isPending || undefined}
    >
      <Download aria-hidden="true" />
      {baixar.isPending ? 'Gerando comprovante...' : 'Baixar comprovante'}
    </Button>
  );
}

/** Step 4: what was cancelled, when, the protocol and the proof. */
export function PassoSucesso({ resultado }: { resultado: CancelamentoConcluido }) {
  const contrato = resultado.abrangencia === 'CONTRATO';
  return (
    <div className="max-w-2xl space-y-5">
      <StepHeading as="h2" focusOnMount>
        {contrato ? 'Plano cancelado' : 'Dependente(s) excluído(s)'}
      </StepHeading>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-700">Pedido recebido em</dt>
          <dd className="text-lg font-bold tabular-nums text-slate-900">{formatDateTime(resultado.solicitadoEm)}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-700">Fim da cobertura</dt>
          <dd className="text-lg font-bold tabular-nums text-slate-900">{formatDate(resultado.dataCancelamento)}</dd>
        </div>
      </dl>
      <div>
        <p className="font-semibold text-slate-900">
          {contrato ? 'Beneficiários do contrato cancelado' : 'Beneficiários excluídos'}
        </p>
        <ul className="mt-1 list-disc pl-5 text-slate-800">
          {resultado.beneficiariosCancelados.map((b) => (
            <li key={b.codigoBeneficiario}>{b.nome}</li>
          ))}
        </ul>
      </div>
      <ProtocoloInfo protocolo={resultado.protocolo} />
      <p className="text-slate-800">
        Enviamos o comprovante para o seu e-mail. Faturas, recibos e informes de Imposto de Renda continuam em
        Financeiro.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <BaixarComprovante protocolo={resultado.protocolo} />
        <Link to="/financeiro" className={buttonVariants({ variant: 'outline' })}>
          Ir para Financeiro
        </Link>
      </div>
    </div>
  );
}

/** Proofs of earlier cancellations of the contract: available afterwards too. */
export function ComprovantesAnteriores({ cancelamentos }: { cancelamentos: CancelamentoConcluido[] }) {
  if (cancelamentos.length === 0) return null;
  return (
    <section aria-labelledby="comprovantes-anteriores" className="space-y-3">
      <h2 id="comprovantes-anteriores" className="text-lg font-bold text-slate-900">
        Comprovantes de cancelamento
      </h2>
      <ul className="space-y-3">
        {cancelamentos.map((c) => (
          <li key={c.protocolo} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">
              {c.abrangencia === 'CONTRATO' ? 'Cancelamento do contrato' : 'Exclusão de dependente(s)'} em{' '}
              {formatDateTime(c.solicitadoEm)}
            </p>
            <p className="text-slate-800">
              Protocolo <NumeroProtocolo numero={c.protocolo} />
            </p>
            <p className="text-slate-800">{c.beneficiariosCancelados.map((b) => b.nome).join(', ')}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <BaixarComprovante protocolo={c.protocolo} />
              <CopiarNumeroProtocolo
                numero={c.protocolo}
                rotulo={`Copiar número do protocolo ${formatarNumeroProtocolo(c.protocolo)}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
