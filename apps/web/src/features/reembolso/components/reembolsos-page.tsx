import { formatBRL, formatDate } from '@portal/br';
import { ROTULOS_TIPO_REEMBOLSO, type ReembolsoResumo } from '@portal/contract';
import { ChevronRight, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { FalhaAoCarregar } from '@/components/membro/carregando';
import { EsqueletoDeCartoes } from '@/components/membro/esqueleto';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { usePerfilAutenticado } from '@/lib/membro';
import { useReembolsos } from '../api/reembolsos';
import { SituacaoReembolsoBadge } from '@/components/situacao';
import { NumeroProtocolo } from '@/components/protocolo/numero-protocolo';

export function ReembolsosPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Reembolso">
        <p className="max-w-3xl text-slate-800">
          Peça o reembolso de consultas, exames e terapias pagos fora da rede e acompanhe cada pedido. A operadora tem
          30 dias, contados da documentação completa, para pagar.
        </p>
      </PageHeader>
      {perfil ? <Lista /> : <PerfilInvalido />}
    </div>
  );
}

function Lista() {
  const lista = useReembolsos();
  return (
    <div className="space-y-6">
      <Link to="/reembolso/novo" className={buttonVariants({ className: 'w-full sm:w-auto' })}>
        <Plus aria-hidden="true" />
        Solicitar reembolso
      </Link>
      {lista.isPending ? (
        <EsqueletoDeCartoes label="Carregando reembolsos..." />
      ) : lista.isError ? (
        <FalhaAoCarregar onTentarNovamente={() => void lista.refetch()} />
      ) : (
        <section aria-labelledby="lista-reembolsos" className="space-y-4">
          <h2 id="lista-reembolsos" className="text-xl font-bold text-slate-900">
            Suas solicitações
          </h2>
          {lista.data.reembolsos.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-800">
              Você ainda não pediu nenhum reembolso.
            </p>
          ) : (
            <ul className="grid gap-3">
              {lista.data.reembolsos.map((r) => (
                <Item key={r.protocolo} r={r} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

function Item({ r }: { r: ReembolsoResumo }) {
  return (
    <li>
      <Link
        to={`/reembolso/${r.protocolo}`}
        className="group flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-700 sm:p-5"
      >
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-bold text-slate-900">
              {ROTULOS_TIPO_REEMBOLSO[r.tipo]} · {r.prestador}
            </span>
            <SituacaoReembolsoBadge situacao={r.situacao} />
          </div>
          <p className="text-sm text-slate-800">
            {r.beneficiario} · atendimento em {formatDate(r.dataAtendimento)}
          </p>
          <p className="text-sm text-slate-800">
            Pago: <strong className="tabular-nums">{formatBRL(r.valorPago)}</strong>
            {r.valorAprovado !== null ? (
              <>
                {' '}
                · Aprovado: <strong className="tabular-nums">{formatBRL(r.valorAprovado)}</strong>
              </>
            ) : null}
            {r.prazoPagamento && (r.situacao === 'recebido' || r.situacao === 'em_analise') ? (
              <> · Prazo: até {formatDate(r.prazoPagamento)}</>
            ) : null}
          </p>
          <p className="text-sm text-slate-700">
            Protocolo <NumeroProtocolo numero={r.protocolo} />
          </p>
        </div>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-600 group-hover:text-brand-700" />
      </Link>
    </li>
  );
}
