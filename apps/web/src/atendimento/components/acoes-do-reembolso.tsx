import { formatBRL } from '@portal/br';
import type { DocumentoUsual, PapelEquipe, ReembolsoAtendimento, SituacaoReembolso } from '@portal/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAcaoReembolso, type AcaoReembolso } from '../api/reembolsos';
import { mensagemDeErro } from '../lib/cliente';
import { dataDoDia, dataHora, diaEmSaoPaulo } from '../lib/formatos';
import { useConta } from '../lib/sessao';
import { CaixaDeAcoes } from './acoes';
import { Secao } from './detalhe';
import { ConfirmarDinheiro, type DinheiroAConfirmar } from './confirmar-dinheiro';
import { ListaDeDocumentos, PreviaDoPedido } from './pedir-documentos';
import { AprovacaoRecusada, RecusarAprovacao } from './recusar-aprovacao';

type Acao = AcaoReembolso['acao'];

interface OpcaoDeAcao {
  acao: Acao;
  rotulo: string;
  botao: string;
  feito: string;
  de: SituacaoReembolso[];
}

const ACOES: OpcaoDeAcao[] = [
  {
    acao: 'analise',
    rotulo: 'Iniciar análise',
    botao: 'Iniciar análise',
    feito: 'Reembolso em análise.',
    de: ['recebido'],
  },
  {
    acao: 'pendencia',
    rotulo: 'Pedir documentos',
    botao: 'Pedir documentos',
    feito: 'Pedido de documentos enviado ao beneficiário.',
    de: ['recebido', 'em_analise'],
  },
  {
    acao: 'aprovacao',
    rotulo: 'Aprovar',
    botao: 'Aprovar reembolso',
    feito: 'Reembolso aprovado.',
    de: ['recebido', 'em_analise'],
  },
  {
    acao: 'confirmacao',
    rotulo: 'Confirmar aprovação',
    botao: 'Confirmar aprovação',
    feito: 'Aprovação confirmada.',
    de: ['recebido', 'em_analise'],
  },
  {
    acao: 'negativa',
    rotulo: 'Negar',
    botao: 'Negar reembolso',
    feito: 'Reembolso negado.',
    de: ['recebido', 'em_analise', 'pendente'],
  },
  {
    acao: 'pagamento',
    rotulo: 'Marcar como pago',
    botao: 'Marcar como pago',
    feito: 'Reembolso marcado como pago.',
    de: ['aprovado'],
  },
];

const SUPERVISAO: readonly PapelEquipe[] = ['supervisor', 'administrador'];

/** '240,50' or '240.50' → 240.5; null when it is not an amount. */
function lerValor(texto: string): number | null {
  const limpo = texto.replace(/[R$\s]/g, '');
  const normal = limpo.includes(',') ? limpo.replace(/\./g, '').replace(',', '.') : limpo;
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  return Number(normal);
}

/** What the request's situation and the approval awaiting confirmation allow this account to do. */
function acoesPossiveis(r: ReembolsoAtendimento, conta: { id: string; papel: PapelEquipe }): OpcaoDeAcao[] {
  const pendente = r.aprovacaoPendente;
  return ACOES.filter((a) => {
    if (!a.de.includes(r.situacao)) return false;
    if (a.acao === 'aprovacao') return !pendente;
    if (a.acao === 'confirmacao') return !!pendente && SUPERVISAO.includes(conta.papel) && pendente.por.id !== conta.id;
    return true;
  });
}

/** The approval awaiting a second person (four eyes, decision 0053), and who may confirm it. */
function AprovacaoPendente({
  r,
  conta,
  recarregar,
}: {
  r: ReembolsoAtendimento;
  conta: { id: string; papel: PapelEquipe };
  recarregar: () => Promise<unknown>;
}) {
  const p = r.aprovacaoPendente;
  if (!p) return null;
  const supervisorQueNaoAprovou = p.por.id !== conta.id && SUPERVISAO.includes(conta.papel);
  const quem =
    p.por.id === conta.id
      ? 'Você fez esta aprovação: a confirmação cabe a um supervisor que não a fez.'
      : supervisorQueNaoAprovou
        ? 'Confira e confirme em Ações, ou recuse com o motivo.'
        : 'Um supervisor precisa confirmar.';
  return (
    <Alert variant="warning" title="Aprovação aguardando confirmação">
      Aprovado por {p.por.nome} em {dataHora(p.em)}: <strong>{formatBRL(p.valor)}</strong>, pagamento previsto para{' '}
      {dataDoDia(p.previsaoPagamento)}. Acima de {formatBRL(r.quatroOlhosAcima)}, um supervisor que não aprovou
      confirma; até lá o beneficiário não é avisado. {quem}
      {supervisorQueNaoAprovou ? <RecusarAprovacao reembolso={r} recarregar={recarregar} /> : null}
    </Alert>
  );
}

/**
 * The status changes the request's situation allows, each with what it needs; money is confirmed in
 * a dialog. Each carries the version the screen shows; the text typed lives in the page (`texto`),
 * so a 409 'changed since you opened it' and the reload that follows never lose it (decision 0055).
 */
export function AcoesDoReembolso({
  reembolso,
  texto,
  setTexto,
  recarregar,
}: {
  reembolso: ReembolsoAtendimento;
  texto: string;
  setTexto: (t: string) => void;
  /** Reads the request again (its current version); resolves when the screen shows it. */
  recarregar: () => Promise<unknown>;
}) {
  const conta = useConta();
  const possiveis = acoesPossiveis(reembolso, conta);
  const [acao, setAcao] = useState<Acao | null>(null);
  const [desatualizado, setDesatualizado] = useState(false);
  const [recarregando, setRecarregando] = useState(false);
  const [documentos, setDocumentos] = useState<DocumentoUsual[]>([]);
  const [valor, setValor] = useState('');
  const [previsao, setPrevisao] = useState(reembolso.proximoPagamento);
  const [pagoEm, setPagoEm] = useState(reembolso.pagoEmSugerido ?? '');
  const [erro, setErro] = useState<string | null>(null);
  const [aConfirmar, setAConfirmar] = useState<{ pedido: AcaoReembolso; dialogo: DinheiroAConfirmar } | null>(null);
  const botao = useRef<HTMLButtonElement>(null);
  const mutacao = useAcaoReembolso(reembolso.protocolo);
  const escolhida = possiveis.find((a) => a.acao === acao) ?? possiveis[0];
  const pendente = reembolso.aprovacaoPendente;
  const aviso = (
    <>
      <AprovacaoRecusada reembolso={reembolso} contaId={conta.id} />
      <AprovacaoPendente r={reembolso} conta={conta} recarregar={recarregar} />
    </>
  );
  // A text typed for an action the request no longer allows (it changed meanwhile): shown to copy.
  const naoEnviado =
    texto.trim() && !possiveis.some((a) => a.acao === 'pendencia' || a.acao === 'negativa') ? (
      <TextoNaoEnviado texto={texto} />
    ) : null;
  if (!escolhida)
    return (
      <>
        {aviso}
        {naoEnviado}
      </>
    );

  async function recarregarDados() {
    setRecarregando(true);
    try {
      await recarregar();
      setErro(null);
      setDesatualizado(false);
      toast.success('Reembolso recarregado. Confira o histórico antes de enviar de novo.');
    } finally {
      setRecarregando(false);
    }
  }

  function executar(pedido: AcaoReembolso, feito: string) {
    setDesatualizado(false);
    mutacao.mutate(
      { ...pedido, versao: reembolso.versao },
      {
        onSuccess: (r) => {
          setAConfirmar(null);
          toast.success(
            pedido.acao === 'aprovacao' && r.aprovacaoPendente
              ? 'Aprovação registrada. Aguarda a confirmação de um supervisor.'
              : feito,
          );
          setTexto('');
          setDocumentos([]);
          setValor('');
          setPrevisao(r.proximoPagamento);
          setPagoEm(r.pagoEmSugerido ?? '');
          setAcao(null);
        },
        onError: (err) => {
          setAConfirmar(null);
          setDesatualizado(err instanceof ApiError && err.code === 'VERSAO_DESATUALIZADA');
          setErro(mensagemDeErro(err));
        },
      },
    );
  }

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (!escolhida) return;
    setErro(null);
    switch (escolhida.acao) {
      case 'analise':
        return executar({ acao: 'analise' }, escolhida.feito);
      case 'pendencia':
        if (!texto.trim() && documentos.length === 0)
          return setErro('Marque os documentos ou escreva o que falta para o beneficiário.');
        return executar(
          {
            acao: 'pendencia',
            corpo: { pergunta: texto.trim(), ...(documentos.length ? { documentos } : {}) },
          },
          escolhida.feito,
        );
      case 'negativa':
        if (!texto.trim()) return setErro('Informe o motivo da negativa.');
        return executar({ acao: 'negativa', corpo: { motivo: texto.trim() } }, escolhida.feito);
      case 'aprovacao': {
        const v = lerValor(valor);
        if (v === null || v <= 0) return setErro('Informe o valor aprovado, em reais (por exemplo, 240,00).');
        if (v > reembolso.valorPago) return setErro('O valor aprovado não pode passar do valor pago.');
        if (!previsao) return setErro('Informe a data prevista de pagamento.');
        const acima = v > reembolso.quatroOlhosAcima;
        return setAConfirmar({
          pedido: { acao: 'aprovacao', corpo: { valor: v, previsaoPagamento: previsao } },
          dialogo: {
            titulo: 'Confirmar aprovação',
            botao: `Aprovar ${formatBRL(v)}`,
            valor: v,
            data: { rotulo: 'Pagamento previsto para', dia: previsao },
            aviso: acima
              ? `Acima de ${formatBRL(reembolso.quatroOlhosAcima)}: a aprovação fica aguardando a confirmação de um supervisor que não a fez, e o beneficiário só é avisado depois dela.`
              : undefined,
          },
        });
      }
      case 'confirmacao': {
        if (!pendente) return;
        if (!previsao) return setErro('Informe a data prevista de pagamento.');
        return setAConfirmar({
          pedido: { acao: 'confirmacao', corpo: { previsaoPagamento: previsao } },
          dialogo: {
            titulo: 'Confirmar a aprovação',
            botao: `Confirmar ${formatBRL(pendente.valor)}`,
            valor: pendente.valor,
            data: { rotulo: 'Pagamento previsto para', dia: previsao },
            aviso: `Aprovado por ${pendente.por.nome}. Ao confirmar, o reembolso passa a aprovado e o beneficiário é avisado.`,
          },
        });
      }
      case 'pagamento': {
        const dia = pagoEm || diaEmSaoPaulo();
        return setAConfirmar({
          pedido: { acao: 'pagamento', corpo: { pagoEm: dia } },
          dialogo: {
            titulo: 'Confirmar pagamento',
            botao: 'Confirmar pagamento',
            valor: reembolso.valorAprovado ?? 0,
            data: { rotulo: 'Pago em', dia },
          },
        });
      }
    }
  }

  return (
    <>
      {aviso}
      {naoEnviado}
      <CaixaDeAcoes
        id="acoes-reembolso"
        acoes={possiveis}
        escolhida={escolhida.acao}
        escolher={(a) => {
          setAcao(a);
          // The confirmation starts from the date proposed (or the next run, if it has passed).
          if (a === 'confirmacao' && pendente)
            setPrevisao(
              pendente.previsaoPagamento >= diaEmSaoPaulo() ? pendente.previsaoPagamento : reembolso.proximoPagamento,
            );
          if (a === 'aprovacao') setPrevisao(reembolso.proximoPagamento);
        }}
        enviar={enviar}
        limparErro={() => {
          if (!desatualizado) setErro(null);
        }}
        erro={erro}
        aposErro={
          desatualizado ? (
            <Button variant="outline" size="sm" disabled={recarregando} onClick={() => void recarregarDados()}>
              {recarregando ? 'Recarregando…' : 'Recarregar o reembolso'}
            </Button>
          ) : null
        }
        enviando={mutacao.isPending}
        botao={escolhida.botao}
        botaoRef={botao}
        destrutiva={escolhida.acao === 'negativa'}
      >
        {escolhida.acao === 'pendencia' ? <ListaDeDocumentos marcados={documentos} mudar={setDocumentos} /> : null}
        {escolhida.acao === 'pendencia' || escolhida.acao === 'negativa' ? (
          <FormField
            label={
              escolhida.acao === 'pendencia'
                ? 'Documentos que faltam (o beneficiário lê)'
                : 'Motivo da negativa (o beneficiário lê)'
            }
            hint={
              escolhida.acao === 'pendencia'
                ? 'Texto livre, opcional com documentos marcados acima. O prazo de 30 dias para pagar fica parado até o beneficiário enviar os documentos; volta a contar do início quando a documentação estiver completa.'
                : undefined
            }
          >
            {(c) => (
              <Textarea
                {...c}
                name="texto"
                maxLength={1000}
                rows={4}
                value={texto}
                onChange={(e) => setTexto(e.target.value)}
              />
            )}
          </FormField>
        ) : null}

        {escolhida.acao === 'pendencia' ? <PreviaDoPedido marcados={documentos} texto={texto} /> : null}

        {escolhida.acao === 'aprovacao' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              label="Valor aprovado (R$)"
              hint={`Até o valor pago, ${formatBRL(reembolso.valorPago)}.${
                reembolso.valorPrevia !== null ? ` Prévia mostrada: ${formatBRL(reembolso.valorPrevia)}.` : ''
              } Acima de ${formatBRL(reembolso.quatroOlhosAcima)}, um supervisor confirma.`}
            >
              {(c) => <Input {...c} inputMode="decimal" value={valor} onChange={(e) => setValor(e.target.value)} />}
            </FormField>
            <DataPrevista valor={previsao} mudar={setPrevisao} proxima={reembolso.proximoPagamento} />
          </div>
        ) : null}

        {escolhida.acao === 'confirmacao' ? (
          <DataPrevista valor={previsao} mudar={setPrevisao} proxima={reembolso.proximoPagamento} />
        ) : null}

        {escolhida.acao === 'pagamento' ? (
          <FormField
            label="Pago em"
            hint={
              reembolso.pagoEmSugerido
                ? 'Sugerida: a rodada de pagamento seguinte à aprovação (ou hoje, se ela ainda não chegou).'
                : 'Deixe em branco para hoje.'
            }
          >
            {(c) => (
              <Input
                {...c}
                type="date"
                max={diaEmSaoPaulo()}
                value={pagoEm}
                onChange={(e) => setPagoEm(e.target.value)}
                className="max-w-56"
              />
            )}
          </FormField>
        ) : null}
      </CaixaDeAcoes>
      <ConfirmarDinheiro
        reembolso={reembolso}
        pedido={aConfirmar?.dialogo ?? null}
        enviando={mutacao.isPending}
        confirmar={() => aConfirmar && executar(aConfirmar.pedido, escolhida.feito)}
        fechar={() => setAConfirmar(null)}
        voltarPara={botao}
      />
    </>
  );
}

function TextoNaoEnviado({ texto }: { texto: string }) {
  return (
    <Secao titulo="Seu texto não enviado">
      <p className="mb-2 text-slate-800">
        Este reembolso mudou e não aceita mais a ação para a qual você escreveu. O texto está abaixo, para copiar se
        precisar.
      </p>
      <Textarea aria-label="Seu texto não enviado" readOnly rows={4} value={texto} />
    </Secao>
  );
}

function DataPrevista({ valor, mudar, proxima }: { valor: string; mudar: (v: string) => void; proxima: string }) {
  return (
    <FormField label="Data prevista de pagamento" hint={`Próxima rodada de pagamento: ${dataDoDia(proxima)}.`}>
      {(c) => <Input {...c} type="date" min={diaEmSaoPaulo()} value={valor} onChange={(e) => mudar(e.target.value)} />}
    </FormField>
  );
}
