import { formatBRL, formatDate, formatDateTime } from '@portal/br';
import type { ContratacaoConcluida } from '@portal/contract';
import { CheckCircle2, Home } from 'lucide-react';
import { Link } from 'react-router';
import { ProtocoloInfo } from '@/components/membro/protocolo-info';
import { StepHeading } from '@/components/step-heading';
import { buttonVariants } from '@/components/ui/button';

/** docs/produto/comercial.md "Screens" step 3: contract date, validity start, the included beneficiaries, back to /home; plus the protocol. */
export function PassoSucesso({ resultado, nomeServico }: { resultado: ContratacaoConcluida; nomeServico: string }) {
  return (
    <div className="max-w-2xl space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="size-10 shrink-0 text-emerald-700" />
        <div>
          <StepHeading as="h2" focusOnMount>
            Contratação realizada com sucesso!
          </StepHeading>
          <p className="text-slate-700">{nomeServico} contratado.</p>
        </div>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-sm font-medium text-slate-700">Data da contratação</dt>
          <dd className="font-semibold tabular-nums text-slate-900">
            {formatDateTime(resultado.dataConclusaoContratacao)}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-sm font-medium text-slate-700">Início da vigência</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatDate(resultado.dataInicioVigencia)}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3 sm:col-span-2">
          <dt className="text-sm font-medium text-slate-700">Beneficiários incluídos</dt>
          <dd>
            <ul className="mt-1 list-inside list-disc text-slate-900">
              {resultado.beneficiariosContratados.map((nome) => (
                <li key={nome}>{nome}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-sm font-medium text-slate-700">Valor total</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatBRL(resultado.valorTotal)}</dd>
        </div>
      </dl>
      <ProtocoloInfo protocolo={resultado.protocolo} />
      <Link to="/home" className={buttonVariants({ block: true })}>
        <Home aria-hidden="true" />
        Voltar para o início
      </Link>
    </div>
  );
}
