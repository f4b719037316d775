import type { ContextoDoMembro as Contexto } from '@portal/contract';
import { ROTULOS_TIPO_PROTOCOLO } from '@portal/contract/protocolos';
import { Link } from 'react-router';
import { dataHora, numeroLegivel } from '../lib/formatos';
import { SituacaoProtocoloBadge } from '@/components/situacao';
import { AvisosEnviados, MensalidadesEmAberto, ReembolsosAnteriores } from './contexto-360';

/**
 * The member at a glance (issue 31, decision 0057): the contract, its beneficiaries, earlier
 * protocols and reimbursements, the notices sent and the unpaid invoices — read-only, the contract's
 * only, and every read audited with what it showed.
 */
export function ContextoDoMembro({ contexto, atual }: { contexto: Contexto; atual: string }) {
  const { contrato, beneficiarios, protocolosAnteriores } = contexto;
  return (
    <aside aria-label="Contexto do beneficiário" className="space-y-4">
      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="mb-1 text-lg font-bold text-slate-900">Contrato {contrato.codigo}</h2>
        <p className="mb-3 text-sm text-slate-700">Somente leitura. Este acesso fica registrado na auditoria.</p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold text-slate-700">Plano</dt>
          <dd>{contrato.plano}</dd>
          <dt className="font-semibold text-slate-700">Situação</dt>
          <dd>{contrato.situacao}</dd>
        </dl>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="mb-3 text-lg font-bold text-slate-900">Beneficiários</h2>
        <ul className="divide-y divide-slate-200">
          {beneficiarios.map((b) => (
            <li key={b.codigo} className="py-2">
              <span className="block font-semibold">{b.nome}</span>
              <span className="block text-sm text-slate-700">
                {b.parentesco} · {b.situacao} · código {b.codigo} · CPF {b.cpf}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="mb-3 text-lg font-bold text-slate-900">Protocolos anteriores</h2>
        {protocolosAnteriores.length === 0 ? (
          <p>Nenhum outro protocolo deste contrato.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {protocolosAnteriores
              .filter((p) => p.protocolo !== atual)
              .map((p) => (
                <li key={p.protocolo} className="py-2">
                  <Link
                    to={`/atendimento/protocolos/${p.protocolo}`}
                    className="font-mono font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {numeroLegivel(p.protocolo)}
                  </Link>
                  <span className="block text-sm">
                    {ROTULOS_TIPO_PROTOCOLO[p.tipo]} — {p.assunto}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    Aberto em {dataHora(p.criadoEm)} <SituacaoProtocoloBadge situacao={p.situacao} />
                  </span>
                </li>
              ))}
          </ul>
        )}
      </section>
      <ReembolsosAnteriores reembolsos={contexto.reembolsosAnteriores.filter((r) => r.protocolo !== atual)} />
      <MensalidadesEmAberto mensalidades={contexto.mensalidadesEmAberto} />
      <AvisosEnviados avisos={contexto.avisos} />
    </aside>
  );
}
