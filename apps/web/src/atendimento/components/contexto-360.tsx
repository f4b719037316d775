import { formatBRL } from '@portal/br';
import { type ContextoDoMembro, ROTULOS_TIPO_REEMBOLSO } from '@portal/contract';
import { Mail, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SituacaoReembolsoBadge } from '@/components/situacao';
import { dataDoDia, dataHora, numeroLegivel } from '../lib/formatos';

/** A box of the member's context, named by its heading. */
function Caixa({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section aria-label={titulo} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{titulo}</h2>
      {children}
    </section>
  );
}

export function ReembolsosAnteriores({ reembolsos }: { reembolsos: ContextoDoMembro['reembolsosAnteriores'] }) {
  return (
    <Caixa titulo="Reembolsos anteriores">
      {reembolsos.length === 0 ? (
        <p>Nenhum outro reembolso deste contrato.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {reembolsos.map((r) => (
            <li key={r.protocolo} className="py-2">
              <Link
                to={`/atendimento/reembolsos/${r.protocolo}`}
                className="font-mono font-semibold text-brand-800 underline underline-offset-4"
              >
                {numeroLegivel(r.protocolo)}
              </Link>
              <span className="block text-sm">
                {ROTULOS_TIPO_REEMBOLSO[r.tipo]} de {r.beneficiario} — {formatBRL(r.valorPago)}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                {dataHora(r.criadoEm)} <SituacaoReembolsoBadge situacao={r.situacao} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Caixa>
  );
}

const SITUACAO_MENSALIDADE = { em_aberto: 'Em aberto', vencida: 'Vencida' } as const;

export function MensalidadesEmAberto({ mensalidades }: { mensalidades: ContextoDoMembro['mensalidadesEmAberto'] }) {
  return (
    <Caixa titulo="Mensalidades em aberto">
      {mensalidades.length === 0 ? (
        <p>Nenhuma mensalidade em aberto.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Mensalidades não pagas do contrato</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-2 font-semibold">
                Vencimento
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-semibold">
                Valor
              </th>
              <th scope="col" className="py-1 font-semibold">
                Situação
              </th>
            </tr>
          </thead>
          <tbody>
            {mensalidades.map((m) => (
              <tr key={m.competencia} className="border-b border-slate-200 last:border-0">
                <td className="py-1 pr-2">{dataDoDia(m.vencimento)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{formatBRL(m.valor)}</td>
                <td className={`py-1 ${m.situacao === 'vencida' ? 'font-semibold text-red-800' : ''}`}>
                  {SITUACAO_MENSALIDADE[m.situacao]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Caixa>
  );
}

const ENTREGA = { enviado: 'Enviado', falhou: 'Falhou', na_fila: 'Na fila' } as const;

export function AvisosEnviados({ avisos }: { avisos: ContextoDoMembro['avisos'] }) {
  return (
    <Caixa titulo="Avisos enviados">
      <p className="mb-2 text-sm text-slate-700">
        SMS e e-mails aos contatos do contrato. Textos e códigos não aparecem.
      </p>
      {avisos.length === 0 ? (
        <p>Nenhum aviso enviado.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {avisos.map((a, i) => (
            <li key={`${a.em}-${i}`} className="flex gap-2 py-2">
              {a.canal === 'email' ? (
                <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
              ) : (
                <MessageSquare aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
              )}
              <span className="min-w-0">
                <span className="block break-words">{a.assunto}</span>
                <span className="block text-sm break-words text-slate-700">
                  {a.canal === 'email' ? 'E-mail' : 'SMS'} para {a.destino} · {dataHora(a.em)} · {ENTREGA[a.entrega]}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Caixa>
  );
}
