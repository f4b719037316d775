import { formatBRL, formatCnpj, formatCpf } from '@portal/br';
import { ROTULOS_TIPO_REEMBOLSO, type SituacaoReembolso } from '@portal/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { CopiarNumeroProtocolo } from '@/components/protocolo/copiar-numero-protocolo';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useReembolso } from '../api/reembolsos';
import { usePresenca } from '../api/responsavel';
import { Anexos } from '../components/anexos-do-reembolso';
import { AcoesDoReembolso } from '../components/acoes-do-reembolso';
import { Cabecalho } from '../components/cabecalho';
import { ContextoDoMembro } from '../components/contexto-do-membro';
import { linhasDePagamento } from '../components/dados-de-pagamento';
import { NotasInternas } from '../components/notas-internas';
import { ReciboRepetido } from '../components/recibo-repetido';
import { AvisoDePresenca, BlocoDoResponsavel } from '../components/responsavel';
import { Historico, Secao, Voltar } from '../components/detalhe';
import { SituacaoReembolsoBadge } from '@/components/situacao';
import { SeloPrazo } from '../components/selos-prazo';
import { dataDoDia, dataHora, numeroLegivel } from '../lib/formatos';

/** Until it is paid or denied, a request may be taken (its protocol is still open). */
const ABERTAS: readonly SituacaoReembolso[] = ['recebido', 'em_analise', 'pendente', 'aprovado'];

function Campos({ linhas }: { linhas: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {linhas.map(([rotulo, valor]) => (
        <div key={rotulo} className="contents">
          <dt className="font-semibold text-slate-700">{rotulo}</dt>
          <dd className="break-words">{valor}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /atendimento/reembolsos/:protocolo — the request, its attachments, the history and the actions. */
export function ReembolsoPage() {
  const { protocolo = '' } = useParams();
  const q = useReembolso(protocolo);
  // Its owner and presence are its protocol's (decision 0055): the same heartbeat as a case screen.
  const presentes = usePresenca(protocolo, q.isSuccess);
  // The text being written outlives a reload of the request (a 409, decision 0055).
  const [texto, setTexto] = useState('');
  const voltar = <Voltar para="/atendimento/reembolsos">Voltar aos reembolsos</Voltar>;

  if (q.isPending) return <Spinner className="py-10" label="Carregando o reembolso..." />;
  if (q.isError)
    return (
      <>
        <Cabecalho titulo="Reembolso">{voltar}</Cabecalho>
        <Alert variant="error">
          {isApiError(q.error) && (q.error.status === 404 || q.error.status === 400)
            ? 'Reembolso não encontrado.'
            : 'Não foi possível carregar o reembolso. Tente novamente.'}
        </Alert>
      </>
    );

  const r = q.data;
  const pagamento = linhasDePagamento(r.dadosPagamento);
  return (
    <>
      <Cabecalho titulo={`Reembolso ${numeroLegivel(r.protocolo)}`}>{voltar}</Cabecalho>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <CopiarNumeroProtocolo numero={r.protocolo} />
        <SituacaoReembolsoBadge situacao={r.situacao} />
        <SeloPrazo atrasado={r.atrasado} venceHoje={r.venceHoje} />
        <span className="text-slate-800">
          {r.prazoPagamento ? (
            <>
              Prazo de pagamento: <strong>{dataDoDia(r.prazoPagamento)}</strong> — 30 dias da documentação completa (Lei
              9.656/98, art. 12, VI)
            </>
          ) : r.situacao === 'pendente' ? (
            'Prazo parado até o beneficiário enviar os documentos.'
          ) : null}
        </span>
      </div>
      <AvisoDePresenca presentes={presentes ?? r.presentes} objeto="reembolso" />
      <ReciboRepetido r={r} />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <BlocoDoResponsavel protocolo={r} aberto={ABERTAS.includes(r.situacao)} objeto="reembolso" />
          <Secao titulo="Pedido">
            <Campos
              linhas={[
                ['Tipo', ROTULOS_TIPO_REEMBOLSO[r.tipo]],
                ['Beneficiário', r.beneficiario],
                ['CPF do beneficiário', r.cpfBeneficiario],
                ['Contrato', r.codigoContrato],
                ['Código do beneficiário', r.codigoBeneficiario],
                ['Atendimento em', dataDoDia(r.dataAtendimento)],
                ...(r.codigoTuss ? [['Código TUSS', r.codigoTuss] as [string, string]] : []),
                ['Recibo / nota fiscal', r.numeroRecibo],
                ['Enviado em', dataHora(r.criadoEm)],
              ]}
            />
          </Secao>

          <Secao titulo="Prestador">
            <Campos
              linhas={[
                ['Nome', r.prestador],
                [
                  r.prestadorDocumento.length === 14 ? 'CNPJ' : 'CPF',
                  r.prestadorDocumento.length === 14
                    ? formatCnpj(r.prestadorDocumento)
                    : formatCpf(r.prestadorDocumento),
                ],
                ...(r.conselho ? [['Conselho', r.conselho] as [string, string]] : []),
              ]}
            />
          </Secao>

          <Secao titulo="Anexos">
            <Anexos r={r} />
          </Secao>

          {r.pergunta ? (
            <Secao titulo="Documentos pedidos">
              <p className="whitespace-pre-wrap">{r.pergunta}</p>
            </Secao>
          ) : null}
          {r.motivoNegativa ? (
            <Secao titulo="Motivo da negativa">
              <p className="whitespace-pre-wrap">{r.motivoNegativa}</p>
            </Secao>
          ) : null}

          <AcoesDoReembolso reembolso={r} texto={texto} setTexto={setTexto} recarregar={() => q.refetch()} />

          <Historico passos={r.historico} selo={(s) => <SituacaoReembolsoBadge situacao={s} />} />
          <NotasInternas protocolo={r.protocolo} />
        </div>
        <div className="space-y-4">
          <Secao titulo="Valores">
            <Campos
              linhas={[
                ['Valor pago', formatBRL(r.valorPago)],
                [
                  'Prévia mostrada ao beneficiário',
                  r.valorPrevia !== null ? `${formatBRL(r.valorPrevia)} (estimativa)` : '—',
                ],
                ['Valor aprovado', r.valorAprovado !== null ? formatBRL(r.valorAprovado) : '—'],
                ['Pagamento previsto', r.previsaoPagamento ? dataDoDia(r.previsaoPagamento) : '—'],
                ['Pago em', r.pagoEm ? dataDoDia(r.pagoEm) : '—'],
              ]}
            />
          </Secao>
          <Secao titulo="Dados para pagamento">
            <Campos linhas={pagamento} />
            <p className="mt-2 text-sm text-slate-700">Conta ou chave PIX do titular, informada no pedido.</p>
          </Secao>
          <ContextoDoMembro contexto={r.contexto} atual={r.protocolo} />
        </div>
      </div>
    </>
  );
}
