import { formatDate } from '@portal/br';
import type { DetalheProtocolo } from '@portal/contract';
import {
  normalizarNumeroProtocolo,
  ROTULOS_CANAL_PROTOCOLO,
  rotuloDaSituacao,
  ROTULOS_TIPO_PROTOCOLO,
} from '@portal/contract/protocolos';
import { ROTULOS_DOCUMENTO_REEMBOLSO } from '@portal/contract/reembolso';
import { ArrowLeft, ArrowRight, Download, Paperclip } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DocumentosProvider, useAbrirDocumento } from '@/components/documentos';
import { Campo, LinhaDoTempo } from '@/components/linha-do-tempo';
import { EsqueletoDeDetalhe } from '@/components/membro/esqueleto';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { usePerfilAutenticado } from '@/lib/membro';
import { mensagemDoErro } from '@/lib/query-errors';
import { useBaixarAnexo } from '../api/baixar-anexo';
import { useBaixarResposta } from '../api/baixar-resposta';
import { useDetalheProtocolo } from '../api/detalhe-protocolo';
import { dataHoraDoInstante } from '@portal/br';
import { CopiarNumeroProtocolo } from '@/components/protocolo/copiar-numero-protocolo';
import { NumeroProtocolo } from '@/components/protocolo/numero-protocolo';
import { AtrasadoBadge, SituacaoProtocoloBadge, SituacaoReembolsoBadge } from '@/components/situacao';
import { EstimativaEmPalavras } from '@/components/reembolso/estimativa-em-palavras';

const NAO_ENCONTRADO = 'Protocolo não encontrado.';

export function ProtocoloPage() {
  const perfil = usePerfilAutenticado();
  const { numero = '' } = useParams();
  const protocolo = normalizarNumeroProtocolo(numero);
  return (
    <div>
      <PageHeader title="Detalhes do protocolo" />
      <div className="space-y-6">
        <Voltar />
        {!perfil ? (
          <PerfilInvalido />
        ) : protocolo ? (
          <DocumentosProvider>
            <Protocolo protocolo={protocolo} />
          </DocumentosProvider>
        ) : (
          <Alert variant="error" title={NAO_ENCONTRADO}>
            Confira o número em Meus Protocolos.
          </Alert>
        )}
      </div>
    </div>
  );
}

function Voltar() {
  return (
    <Link to="/protocolos" className={buttonVariants({ variant: 'link', size: 'inline' })}>
      <ArrowLeft aria-hidden="true" />
      Voltar para Meus Protocolos
    </Link>
  );
}

function Protocolo({ protocolo }: { protocolo: string }) {
  const detalhe = useDetalheProtocolo(protocolo);
  if (detalhe.isPending) return <EsqueletoDeDetalhe label="Carregando protocolo..." />;
  if (detalhe.isError) {
    const naoEncontrado = isApiError(detalhe.error) && detalhe.error.status === 404;
    return (
      <Alert variant="error" title={naoEncontrado ? NAO_ENCONTRADO : 'Erro ao carregar protocolo'}>
        <p>
          {naoEncontrado
            ? 'Este número não está entre as solicitações que você pode ver. Confira o número em Meus Protocolos.'
            : mensagemDoErro(detalhe.error)}
        </p>
        {naoEncontrado ? null : (
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void detalhe.refetch()}>
            Tentar novamente
          </Button>
        )}
      </Alert>
    );
  }
  return <Conteudo p={detalhe.data} />;
}

function Conteudo({ p }: { p: DetalheProtocolo }) {
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="resumo-protocolo"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="resumo-protocolo" className="text-xl font-bold text-slate-900">
          {p.assunto}
        </h2>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-800">
          <span>
            Protocolo <NumeroProtocolo numero={p.protocolo} className="text-lg font-bold text-slate-900" />
          </span>
          <CopiarNumeroProtocolo numero={p.protocolo} />
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <SituacaoProtocoloBadge situacao={p.situacao} situacaoReembolso={p.situacaoReembolso} />
          {p.atrasado ? <AtrasadoBadge /> : null}
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-[15px] sm:grid-cols-2">
          <Campo rotulo="Tipo">{ROTULOS_TIPO_PROTOCOLO[p.tipo]}</Campo>
          <Campo rotulo="Pedido em">{dataHoraDoInstante(p.criadoEm)}</Campo>
          <Campo rotulo="Prazo para resposta">
            <span className={p.atrasado ? 'font-semibold text-red-800' : undefined}>
              {formatDate(p.prazoResposta)}
              {p.atrasado ? ' (vencido)' : ''}
            </span>
            <span className="block text-sm text-slate-700">{p.prazoDescricao}</span>
          </Campo>
          <Campo rotulo="Respondido em">
            {p.respondidoEm ? dataHoraDoInstante(p.respondidoEm) : 'Ainda sem resposta'}
          </Campo>
          <Campo rotulo="Pedido por">{p.solicitante}</Campo>
          {p.beneficiario ? <Campo rotulo="Beneficiário">{p.beneficiario}</Campo> : null}
          <Campo rotulo="Canal">{ROTULOS_CANAL_PROTOCOLO[p.canal] ?? p.canal}</Campo>
        </dl>
        {p.atrasado ? (
          <Alert variant="warning" title="Resposta atrasada" className="mt-4">
            O prazo de resposta terminou em {formatDate(p.prazoResposta)}. Você pode cobrar a resposta na Central de
            Atendimento informando este protocolo.
          </Alert>
        ) : null}
      </section>

      {p.reembolso ? <PedidoDeReembolso p={p} reembolso={p.reembolso} /> : null}
      <LinhaDoTempo id="historico-protocolo" passos={p.historico.map((e) => ({ ...e, rotulo: rotuloDaSituacao(e) }))} />
      <Resposta p={p} />
    </div>
  );
}

/**
 * A REEMBOLSO protocol's request (issue 31): its status in Reembolso's words, the estimate in the
 * same plain words as the request's screen, and the way there.
 */
function PedidoDeReembolso({
  p,
  reembolso,
}: {
  p: DetalheProtocolo;
  reembolso: NonNullable<DetalheProtocolo['reembolso']>;
}) {
  return (
    <section
      aria-labelledby="reembolso-do-protocolo"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="reembolso-do-protocolo" className="text-xl font-bold text-slate-900">
        Pedido de reembolso
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-slate-800">
        <span>Situação do reembolso:</span> <SituacaoReembolsoBadge situacao={reembolso.situacao} />
      </div>
      {reembolso.documentosPedidos.length > 0 ? (
        <div className="mt-3">
          <p className="font-semibold text-slate-900">A operadora pediu estes documentos:</p>
          <ul className="mt-1 list-disc pl-6 text-slate-900">
            {reembolso.documentosPedidos.map((d) => (
              <li key={d}>{ROTULOS_DOCUMENTO_REEMBOLSO[d]}</li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-slate-700">Envie pelo pedido de reembolso, no botão abaixo.</p>
        </div>
      ) : null}
      {reembolso.estimativa ? (
        <>
          <h3 className="mt-4 text-lg font-bold text-slate-900">Estimativa no envio</h3>
          <p className="mb-3 mt-1 text-sm text-slate-700">
            Calculada pela tabela de reembolso do dia em que o pedido foi enviado. Não é garantia: o valor final é o
            aprovado na análise.
          </p>
          <EstimativaEmPalavras estimativa={reembolso.estimativa} />
        </>
      ) : null}
      <Link to={`/reembolso/${p.protocolo}`} className={cn(buttonVariants({ variant: 'outline' }), 'mt-4')}>
        Ver o pedido de reembolso
        <ArrowRight aria-hidden="true" />
      </Link>
    </section>
  );
}

function Resposta({ p }: { p: DetalheProtocolo }) {
  const baixar = useBaixarResposta();
  const baixarAnexo = useBaixarAnexo();
  const abrir = useAbrirDocumento();
  return (
    <section aria-labelledby="resposta-protocolo" className="space-y-3">
      <h2 id="resposta-protocolo" className="text-xl font-bold text-slate-900">
        Resposta da operadora
      </h2>
      {p.respostaDisponivel ? (
        <>
          {p.resposta ? (
            <p className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 text-slate-900">{p.resposta}</p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() =>
                baixar.mutate(p.protocolo, { onSuccess: (blob) => abrir(blob, `protocolo-${p.protocolo}.pdf`) })
              }
              disabled={baixar.isPending}
              aria-describedby="baixar-resposta-dica"
            >
              <Download aria-hidden="true" />
              {baixar.isPending ? 'Gerando documento...' : 'Baixar resposta'}
            </Button>
            {p.anexoDisponivel ? (
              <Button
                variant="outline"
                onClick={() =>
                  baixarAnexo.mutate(p.protocolo, {
                    onSuccess: (blob) => abrir(blob, `protocolo-${p.protocolo}-anexo-da-operadora.pdf`),
                  })
                }
                disabled={baixarAnexo.isPending}
                aria-describedby="baixar-anexo-dica"
              >
                <Paperclip aria-hidden="true" />
                {baixarAnexo.isPending ? 'Baixando anexo...' : 'Baixar anexo da operadora'}
              </Button>
            ) : null}
          </div>
          <p id="baixar-resposta-dica" className="text-sm text-slate-700">
            PDF com o protocolo, o histórico e a resposta da operadora.
          </p>
          {p.anexoDisponivel ? (
            <p id="baixar-anexo-dica" className="text-sm text-slate-700">
              Anexo: o documento em PDF que a operadora enviou junto com a resposta.
            </p>
          ) : null}
        </>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-slate-800">
          A operadora ainda não respondeu. A resposta aparecerá aqui e poderá ser baixada em PDF quando a solicitação
          for concluída.
        </p>
      )}
    </section>
  );
}
