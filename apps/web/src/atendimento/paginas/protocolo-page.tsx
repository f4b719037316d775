import { ROTULOS_CANAL_PROTOCOLO, ROTULOS_TIPO_PROTOCOLO } from '@portal/contract/protocolos';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Textarea } from '@/components/ui/textarea';
import { buttonVariants } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { CopiarNumeroProtocolo } from '@/components/protocolo/copiar-numero-protocolo';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useProtocolo } from '../api/protocolo';
import { usePresenca } from '../api/responsavel';
import { Cabecalho } from '../components/cabecalho';
import { Historico, Secao, Voltar } from '../components/detalhe';
import { AcoesDoProtocolo } from '../components/acoes-do-protocolo';
import { ContextoDoMembro } from '../components/contexto-do-membro';
import { AvisoDePresenca, BlocoDoResponsavel } from '../components/responsavel';
import { NotasInternas } from '../components/notas-internas';
import { SituacaoProtocoloBadge } from '@/components/situacao';
import { SeloPrazo } from '../components/selos-prazo';
import { dataDoDia, dataHora, numeroLegivel } from '../lib/formatos';

/** /atendimento/protocolos/:numero — the request, its history, the member's context and the actions. */
export function ProtocoloPage() {
  const { numero = '' } = useParams();
  const q = useProtocolo(numero);
  const presentes = usePresenca(numero, q.isSuccess);
  // The text being written outlives a reload of the protocol (a 409, decision 0055).
  const [texto, setTexto] = useState('');
  const voltar = <Voltar para="/atendimento">Voltar à fila</Voltar>;

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
        <CopiarNumeroProtocolo numero={p.protocolo} />
        <SituacaoProtocoloBadge situacao={p.situacao} situacaoReembolso={p.situacaoReembolso} />
        <SeloPrazo atrasado={p.atrasado} venceHoje={p.venceHoje} faixa={p.faixa} />
        <span className="text-slate-800">
          Prazo: <strong>{dataDoDia(p.prazoResposta)}</strong> — {p.prazoDescricao}
        </span>
      </div>

      <AvisoDePresenca presentes={presentes ?? p.presentes} />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <BlocoDoResponsavel protocolo={p} aberto={aberto} />
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

          {p.tipo === 'REEMBOLSO' ? (
            // A reimbursement is decided by its own steps (analysis, documents, approval, payment or
            // denial) on its own screen; the server refuses a plain answer to it (decision 0034).
            <Secao titulo="Ações">
              <p className="mb-3 text-slate-800">
                Este protocolo é um pedido de reembolso: a análise, o pedido de documentos, a aprovação, a negativa e o
                pagamento ficam na tela do reembolso.
              </p>
              <Link to={`/atendimento/reembolsos/${p.protocolo}`} className={buttonVariants()}>
                Abrir o reembolso
              </Link>
            </Secao>
          ) : aberto ? (
            <AcoesDoProtocolo protocolo={p} texto={texto} setTexto={setTexto} recarregar={() => q.refetch()} />
          ) : texto.trim() ? (
            <Secao titulo="Seu texto não enviado">
              <p className="mb-2 text-slate-800">
                Este protocolo já foi respondido ou cancelado e não aceita mais ações. O texto que você escreveu está
                abaixo, para copiar se precisar.
              </p>
              <Textarea aria-label="Seu texto não enviado" readOnly rows={6} value={texto} />
            </Secao>
          ) : null}

          <Historico
            passos={p.historico.map((e) => ({ ...e, situacao: e }))}
            selo={(e) => <SituacaoProtocoloBadge situacao={e.situacao} situacaoReembolso={e.situacaoReembolso} />}
          />
          <NotasInternas protocolo={p.protocolo} />
        </div>
        <ContextoDoMembro contexto={p.contexto} atual={p.protocolo} />
      </div>
    </>
  );
}
