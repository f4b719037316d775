import { formatBRL, formatDate } from '@portal/br';
import {
  DOCUMENTOS_REEMBOLSO,
  type DocumentoReembolso,
  documentosAceitosNaResposta,
  type EstimativaReembolso,
  ROTULOS_DOCUMENTO_REEMBOLSO,
  ROTULOS_SITUACAO_REEMBOLSO,
  ROTULOS_TIPO_REEMBOLSO,
  proximoDocumentoPedido,
  type ReembolsoDetalhe,
} from '@portal/contract';
import { ArrowLeft, Download, Eye, Paperclip, Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DocumentosProvider, useAbrirDocumento } from '@/components/documentos';
import { Campo, LinhaDoTempo } from '@/components/linha-do-tempo';
import { EsqueletoDeDetalhe } from '@/components/membro/esqueleto';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { dataHoraDoInstante } from '@portal/br';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { mensagemDoErro } from '@/lib/query-errors';
import {
  useBaixarAnexoReembolso,
  useBaixarDemonstrativo,
  useDetalheReembolso,
  useResponderPendencia,
} from '../api/reembolsos';
import { AvisoDosEnvios, CampoDeAnexos, tamanhoLegivel } from './campo-de-anexos';
import { documentoDoPrestador } from './formatos';
import { SituacaoReembolsoBadge } from '@/components/situacao';
import { useAnexos } from './use-anexos';
import { EtapasDoReembolso } from './etapas-do-reembolso';
import { EstimativaEmPalavras } from '@/components/reembolso/estimativa-em-palavras';
import { CopiarNumeroProtocolo } from '@/components/protocolo/copiar-numero-protocolo';
import { NumeroProtocolo } from '@/components/protocolo/numero-protocolo';

const NAO_ENCONTRADO = 'Reembolso não encontrado.';

export function ReembolsoPage() {
  const perfil = usePerfilAutenticado();
  const { protocolo: bruto = '' } = useParams();
  const protocolo = bruto.replace(/[\s.\-/]/g, '');
  return (
    <div>
      <PageHeader title="Detalhes do reembolso" />
      <div className="space-y-6">
        <Link to="/reembolso" className={buttonVariants({ variant: 'link', size: 'inline' })}>
          <ArrowLeft aria-hidden="true" />
          Voltar para Reembolso
        </Link>
        {!perfil ? (
          <PerfilInvalido />
        ) : /^\d{20}$/.test(protocolo) ? (
          <DocumentosProvider>
            <Reembolso protocolo={protocolo} />
          </DocumentosProvider>
        ) : (
          <Alert variant="error" title={NAO_ENCONTRADO}>
            Confira o número do protocolo na lista de reembolsos.
          </Alert>
        )}
      </div>
    </div>
  );
}

function Reembolso({ protocolo }: { protocolo: string }) {
  const detalhe = useDetalheReembolso(protocolo);
  // The answer to a 'pendente' outlives its form: the refreshed request is 'em análise' by then.
  const [respondido, setRespondido] = useState<string | null>(null);
  if (detalhe.isPending) return <EsqueletoDeDetalhe label="Carregando reembolso..." />;
  if (detalhe.isError) {
    const naoEncontrado = isApiError(detalhe.error) && detalhe.error.status === 404;
    return (
      <Alert variant="error" title={naoEncontrado ? NAO_ENCONTRADO : 'Erro ao carregar reembolso'}>
        <p>
          {naoEncontrado
            ? 'Este protocolo não está entre os reembolsos que você pode ver.'
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
  const r = detalhe.data;
  return (
    <div className="max-w-3xl space-y-6">
      {respondido ? (
        <Alert variant="success" title="Documentos enviados">
          {respondido}
        </Alert>
      ) : null}
      <Resumo r={r} />
      <EtapasDoReembolso r={r} />
      {r.situacao === 'pendente' ? <Pendencia r={r} onRespondido={setRespondido} /> : null}
      {r.estimativa ? <Estimativa estimativa={r.estimativa} /> : null}
      <Demonstrativo r={r} />
      <Anexos r={r} />
      <LinhaDoTempo
        id="historico-reembolso"
        passos={r.historico.map((e) => ({ ...e, rotulo: ROTULOS_SITUACAO_REEMBOLSO[e.situacao] }))}
      />
    </div>
  );
}

function Resumo({ r }: { r: ReembolsoDetalhe }) {
  return (
    <section
      aria-labelledby="resumo-reembolso"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="resumo-reembolso" className="text-xl font-bold text-slate-900">
        {ROTULOS_TIPO_REEMBOLSO[r.tipo]} · {r.prestador}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-800">
        <span>
          Protocolo <NumeroProtocolo numero={r.protocolo} className="text-lg font-bold text-slate-900" />
        </span>
        <CopiarNumeroProtocolo numero={r.protocolo} />
      </p>
      <div className="mt-3">
        <SituacaoReembolsoBadge situacao={r.situacao} />
      </div>
      {r.situacao === 'aprovado' && r.valorAprovado !== null ? (
        <Alert variant="success" title={`Aprovado: ${formatBRL(r.valorAprovado)}`} className="mt-4">
          {r.previsaoPagamento ? <>Pagamento previsto para {formatDate(r.previsaoPagamento)}.</> : null}
        </Alert>
      ) : null}
      {r.situacao === 'pago' && r.valorAprovado !== null ? (
        <Alert variant="success" title={`Pago: ${formatBRL(r.valorAprovado)}`} className="mt-4">
          {r.pagoEm ? <>Pago em {formatDate(r.pagoEm)}.</> : null}
        </Alert>
      ) : null}
      {r.situacao === 'negado' ? (
        <Alert variant="error" title="Reembolso negado" className="mt-4">
          {r.motivoNegativa ?? 'A operadora não informou o motivo.'}
        </Alert>
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-[15px] sm:grid-cols-2">
        <Campo rotulo="Beneficiário">{r.beneficiario}</Campo>
        <Campo rotulo="Data do atendimento">{formatDate(r.dataAtendimento)}</Campo>
        <Campo rotulo="Prestador">
          {r.prestador}
          <span className="block text-sm text-slate-700">
            {documentoDoPrestador(r.prestadorDocumento)}
            {r.conselho ? ` · ${r.conselho}` : ''}
          </span>
        </Campo>
        <Campo rotulo="Recibo ou nota">{r.numeroRecibo}</Campo>
        <Campo rotulo="Valor pago">{formatBRL(r.valorPago)}</Campo>
        {r.valorPrevia !== null ? <Campo rotulo="Estimativa no envio">{formatBRL(r.valorPrevia)}</Campo> : null}
        {r.valorAprovado !== null ? <Campo rotulo="Valor aprovado">{formatBRL(r.valorAprovado)}</Campo> : null}
        <Campo rotulo="Prazo para pagamento">
          {r.prazoPagamento ? `até ${formatDate(r.prazoPagamento)}` : 'Suspenso até o envio dos documentos pedidos'}
        </Campo>
        <Campo rotulo="Pagamento para">{r.pagamento}</Campo>
        <Campo rotulo="Pedido em">{dataHoraDoInstante(r.criadoEm)}</Campo>
      </dl>
    </section>
  );
}

/** The estimate the member saw when sending, in the same words (issue 31). */
function Estimativa({ estimativa }: { estimativa: EstimativaReembolso }) {
  return (
    <section
      aria-labelledby="estimativa-reembolso"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="estimativa-reembolso" className="text-xl font-bold text-slate-900">
        Estimativa no envio
      </h2>
      <p className="mb-3 mt-1 text-sm text-slate-700">
        Calculada pela tabela de reembolso do dia em que o pedido foi enviado. Não é garantia: o valor final é o
        aprovado na análise.
      </p>
      <EstimativaEmPalavras estimativa={estimativa} />
    </section>
  );
}

/** The operator asked for something: the member answers by uploading it (the 30 days restart). */
function Pendencia({ r, onRespondido }: { r: ReembolsoDetalhe; onRespondido: (mensagem: string) => void }) {
  const anexos = useAnexos();
  const responder = useResponderPendencia(r.protocolo);
  const chave = useChaveDeEnvio();
  // Decision 0065: the field starts with the first document the operator ticked that is not among
  // the files chosen yet (it moves on after each file), or empty (a free-text request, or all
  // chosen) for the member to say. A kind the member picks holds until the next file is chosen.
  const sugerido = proximoDocumentoPedido(
    r.documentosPedidos,
    anexos.itens.map((i) => i.documento),
  );
  const [escolha, setEscolha] = useState<{ documento: DocumentoReembolso | ''; arquivos: number } | null>(null);
  const documento = escolha && escolha.arquivos === anexos.itens.length ? escolha.documento : (sugerido ?? '');
  const opcoes = documentosAceitosNaResposta(r.documentosPedidos) ?? DOCUMENTOS_REEMBOLSO;
  const [mensagem, setMensagem] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [erroDocumento, setErroDocumento] = useState<string | null>(null);
  const tipoRef = useRef<HTMLSelectElement>(null);
  const [recusa, setRecusa] = useState<string | null>(null);

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    setRecusa(null);
    if (anexos.enviando) return setErro('Aguarde o fim do envio dos arquivos.');
    if (anexos.aguardandoConexao)
      return setErro('Sem conexão: aguarde a conexão voltar para os arquivos serem enviados.');
    if (anexos.ids.length === 0) return setErro('Anexe os documentos pedidos.');
    setErro(null);
    const corpo = { anexos: anexos.ids, ...(mensagem.trim() ? { mensagem: mensagem.trim() } : {}) };
    responder.mutate(
      { ...corpo, chave: chave.para(corpo) },
      {
        onSuccess: (res) => {
          chave.concluir();
          anexos.limpar();
          onRespondido(res.mensagem);
        },
        onError: (err) => setRecusa(mensagemDoErro(err, 'Não foi possível enviar os documentos. Tente novamente.')),
      },
    );
  };

  return (
    <section
      aria-labelledby="pendencia-reembolso"
      className="rounded-2xl border-2 border-amber-300 bg-amber-50 p-5 sm:p-6"
    >
      <h2 id="pendencia-reembolso" className="text-xl font-bold text-slate-900">
        A operadora pediu documentos
      </h2>
      <p className="mt-2 text-slate-900">{r.pergunta ?? 'Envie os documentos que faltam.'}</p>
      <p className="mt-1 text-sm text-slate-800">
        O prazo de 30 dias para o pagamento volta a contar quando os documentos chegarem.
      </p>
      <form noValidate onSubmit={enviar} className="mt-4 grid gap-4" aria-label="Responder à pendência">
        <FormField
          label="Que documento você vai enviar"
          error={
            erroDocumento ? (
              <>
                <strong className="font-semibold">Campo obrigatório.</strong> {erroDocumento}
              </>
            ) : undefined
          }
        >
          {(ctl) => (
            <NativeSelect
              {...ctl}
              ref={tipoRef}
              value={documento}
              onChange={(e) => {
                setEscolha({ documento: e.target.value as DocumentoReembolso | '', arquivos: anexos.itens.length });
                if (e.target.value) setErroDocumento(null);
              }}
            >
              <option value="">Selecione</option>
              {opcoes.map((d) => (
                <option key={d} value={d}>
                  {ROTULOS_DOCUMENTO_REEMBOLSO[d]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <AvisoDosEnvios anexos={anexos} />
        <CampoDeAnexos
          documento={documento}
          titulo="Documentos pedidos"
          anexos={anexos}
          todosOsDocumentos
          semDocumento={() => {
            setErroDocumento('Selecione que documento você vai enviar antes de escolher o arquivo.');
            tipoRef.current?.focus();
          }}
          erro={
            erro ? (
              <>
                <strong className="font-semibold">Campo obrigatório.</strong> {erro}
              </>
            ) : undefined
          }
        />
        <FormField label="Mensagem para a operadora (opcional)">
          {(ctl) => (
            <Textarea {...ctl} maxLength={1000} value={mensagem} onChange={(e) => setMensagem(e.target.value)} />
          )}
        </FormField>
        {recusa ? (
          <Alert variant="error" title="Não foi possível enviar">
            {recusa}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" disabled={responder.isPending} aria-busy={responder.isPending || undefined}>
            <Send aria-hidden="true" />
            {responder.isPending ? 'Enviando...' : 'Enviar documentos'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Demonstrativo({ r }: { r: ReembolsoDetalhe }) {
  const baixar = useBaixarDemonstrativo();
  const abrir = useAbrirDocumento();
  return (
    <section aria-labelledby="demonstrativo-reembolso" className="space-y-2">
      <h2 id="demonstrativo-reembolso" className="sr-only">
        Demonstrativo
      </h2>
      <Button
        variant="outline"
        onClick={() =>
          baixar.mutate(r.protocolo, {
            onSuccess: (blob) => abrir(blob, `demonstrativo-reembolso-${r.protocolo}.pdf`),
          })
        }
        disabled={baixar.isPending}
        aria-describedby="demonstrativo-dica"
      >
        <Download aria-hidden="true" />
        {baixar.isPending ? 'Gerando documento...' : 'Baixar demonstrativo'}
      </Button>
      <p id="demonstrativo-dica" className="text-sm text-slate-700">
        Demonstrativo de reembolso em PDF: valores, situação e histórico desta solicitação.
      </p>
    </section>
  );
}

function Anexos({ r }: { r: ReembolsoDetalhe }) {
  const baixar = useBaixarAnexoReembolso();
  const abrir = useAbrirDocumento();
  return (
    <section aria-labelledby="anexos-reembolso" className="space-y-3">
      <h2 id="anexos-reembolso" className="text-xl font-bold text-slate-900">
        Documentos enviados
      </h2>
      {r.anexos.length === 0 ? (
        <p className="text-slate-800">Nenhum documento.</p>
      ) : (
        <ul className="grid gap-2">
          {r.anexos.map((a) => (
            <li key={a.id} className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white p-3">
              <Paperclip aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
              <div className="min-w-0 flex-1">
                <p className="break-all font-medium text-slate-900">{a.nomeArquivo}</p>
                <p className="text-sm text-slate-700">
                  {ROTULOS_DOCUMENTO_REEMBOLSO[a.documento]} ·{' '}
                  <span className="whitespace-nowrap">{tamanhoLegivel(a.tamanho)}</span>
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                disabled={baixar.isPending && baixar.variables === a.id}
                onClick={() => baixar.mutate(a.id, { onSuccess: (blob) => abrir(blob, a.nomeArquivo) })}
                aria-label={`Abrir ${a.nomeArquivo}`}
              >
                <Eye aria-hidden="true" />
                Abrir
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
