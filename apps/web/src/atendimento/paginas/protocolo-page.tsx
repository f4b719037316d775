import { ROTULOS_CANAL_PROTOCOLO, ROTULOS_TIPO_PROTOCOLO } from '@portal/contract/protocolos';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useProtocolo } from '../api/protocolo';
import { Cabecalho } from '../components/cabecalho';
import { AcoesDoProtocolo } from '../components/acoes-do-protocolo';
import { ContextoDoMembro } from '../components/contexto-do-membro';
import { SeloPrazo, SeloSituacao } from '../components/selos-prazo';
import { dataDoDia, dataHora, numeroLegivel } from '../lib/formatos';

function Secao({ titulo, children }: { titulo: string; children: React.ReactNode }) {
  return (
    <section aria-label={titulo} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{titulo}</h2>
      {children}
    </section>
  );
}

/** /atendimento/protocolos/:numero — the request, its history, the member's context and the actions. */
export function ProtocoloPage() {
  const { numero = '' } = useParams();
  const q = useProtocolo(numero);
  const voltar = (
    <Link to="/atendimento" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline">
      <ArrowLeft aria-hidden="true" className="size-5" />
      Voltar à fila
    </Link>
  );

  if (q.isPending) return <Spinner className="py-10" label="Carregando o protocolo..." />;
  if (q.isError)
    return (
      <>
        <Cabecalho titulo="Protocolo">{voltar}</Cabecalho>
        <Alert variant="error">
          {isApiError(q.error) && q.error.status === 404
            ? 'Protocolo não encontrado.'
            : 'Não foi possível carregar o protocolo. Tente novamente.'}
        </Alert>
      </>
    );

  const p = q.data;
  const aberto = p.situacao === 'ABERTO' || p.situacao === 'EM_ANALISE';
  return (
    <>
      <Cabecalho titulo={`Protocolo ${numeroLegivel(p.protocolo)}`}>{voltar}</Cabecalho>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <SeloSituacao situacao={p.situacao} />
        <SeloPrazo atrasado={p.atrasado} venceHoje={p.venceHoje} />
        <span className="text-slate-800">
          Prazo: <strong>{dataDoDia(p.prazoResposta)}</strong> — {p.prazoDescricao}
        </span>
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <Secao titulo="Pedido">
            <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
              <dt className="font-semibold text-slate-700">Tipo</dt>
              <dd>{ROTULOS_TIPO_PROTOCOLO[p.tipo]}</dd>
              <dt className="font-semibold text-slate-700">Assunto</dt>
              <dd>{p.assunto}</dd>
              <dt className="font-semibold text-slate-700">Solicitante</dt>
              <dd>{p.solicitante}</dd>
              <dt className="font-semibold text-slate-700">Beneficiário</dt>
              <dd>{p.beneficiario ?? '—'}</dd>
              <dt className="font-semibold text-slate-700">Aberto em</dt>
              <dd>
                {dataHora(p.criadoEm)} ({ROTULOS_CANAL_PROTOCOLO[p.canal] ?? p.canal})
              </dd>
              {p.pedido
                .filter((c) => c.rotulo !== 'Assunto')
                .map((c) => (
                  <div key={c.rotulo} className="contents">
                    <dt className="font-semibold text-slate-700">{c.rotulo}</dt>
                    <dd className="whitespace-pre-wrap">{c.valor}</dd>
                  </div>
                ))}
            </dl>
          </Secao>

          {p.resposta ? (
            <Secao titulo="Resposta">
              <p className="whitespace-pre-wrap">{p.resposta}</p>
              <p className="mt-2 text-sm text-slate-700">
                {p.respondidoPor ? `Respondido por ${p.respondidoPor}` : 'Respondido'}
                {p.respondidoEm ? ` em ${dataHora(p.respondidoEm)}` : ''}
                {p.anexoDaOperadora ? ' — com PDF anexado.' : '.'}
              </p>
            </Secao>
          ) : null}

          {aberto ? <AcoesDoProtocolo protocolo={p} /> : null}

          <Secao titulo="Histórico">
            <ol className="space-y-2">
              {p.historico.map((h, i) => (
                <li key={`${h.em}-${i}`} className="border-l-4 border-brand-200 pl-3">
                  <span className="block text-sm text-slate-700">{dataHora(h.em)}</span>
                  <span className="flex flex-wrap items-center gap-2">
                    <SeloSituacao situacao={h.situacao} />
                    {h.descricao}
                  </span>
                </li>
              ))}
            </ol>
          </Secao>
        </div>
        <ContextoDoMembro contexto={p.contexto} atual={p.protocolo} />
      </div>
    </>
  );
}
