import { formatBRL } from '@portal/br';
import type { ReembolsoAtendimento, SituacaoReembolso } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useAcaoReembolso, type AcaoReembolso } from '../api/reembolsos';
import { mensagemDeErro } from '../lib/cliente';
import { diaEmSaoPaulo } from '../lib/formatos';
import { CaixaDeAcoes } from './acoes';

type Acao = AcaoReembolso['acao'];

const ACOES: { acao: Acao; rotulo: string; botao: string; feito: string; de: SituacaoReembolso[] }[] = [
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

/** '240,50' or '240.50' → 240.5; null when it is not an amount. */
function lerValor(texto: string): number | null {
  const limpo = texto.replace(/[R$\s]/g, '');
  const normal = limpo.includes(',') ? limpo.replace(/\./g, '').replace(',', '.') : limpo;
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  return Number(normal);
}

/** The status changes the request's situation allows, each with what it needs. */
export function AcoesDoReembolso({ reembolso }: { reembolso: ReembolsoAtendimento }) {
  const possiveis = ACOES.filter((a) => a.de.includes(reembolso.situacao));
  const [acao, setAcao] = useState<Acao | null>(null);
  const [texto, setTexto] = useState('');
  const [valor, setValor] = useState('');
  const [data, setData] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const mutacao = useAcaoReembolso(reembolso.protocolo);
  const escolhida = possiveis.find((a) => a.acao === acao) ?? possiveis[0];
  if (!escolhida) return null;

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (!escolhida) return;
    setErro(null);
    let pedido: AcaoReembolso;
    switch (escolhida.acao) {
      case 'analise':
        pedido = { acao: 'analise' };
        break;
      case 'pendencia':
        if (!texto.trim()) return setErro('Escreva o que falta para o beneficiário.');
        pedido = { acao: 'pendencia', corpo: { pergunta: texto.trim() } };
        break;
      case 'negativa':
        if (!texto.trim()) return setErro('Informe o motivo da negativa.');
        pedido = { acao: 'negativa', corpo: { motivo: texto.trim() } };
        break;
      case 'aprovacao': {
        const v = lerValor(valor);
        if (v === null || v <= 0) return setErro('Informe o valor aprovado, em reais (por exemplo, 240,00).');
        if (!data) return setErro('Informe a data prevista de pagamento.');
        pedido = { acao: 'aprovacao', corpo: { valor: v, previsaoPagamento: data } };
        break;
      }
      case 'pagamento':
        pedido = { acao: 'pagamento', corpo: data ? { pagoEm: data } : {} };
        break;
    }
    mutacao.mutate(pedido, {
      onSuccess: () => {
        toast.success(escolhida.feito);
        setTexto('');
        setValor('');
        setData('');
        setAcao(null);
      },
      onError: (err) => setErro(mensagemDeErro(err)),
    });
  }

  return (
    <CaixaDeAcoes
      id="acoes-reembolso"
      acoes={possiveis}
      escolhida={escolhida.acao}
      escolher={setAcao}
      enviar={enviar}
      limparErro={() => setErro(null)}
      erro={erro}
      enviando={mutacao.isPending}
      botao={escolhida.botao}
      destrutiva={escolhida.acao === 'negativa'}
    >
      {escolhida.acao === 'pendencia' || escolhida.acao === 'negativa' ? (
        <FormField
          label={
            escolhida.acao === 'pendencia'
              ? 'Documentos que faltam (o beneficiário lê)'
              : 'Motivo da negativa (o beneficiário lê)'
          }
          hint={
            escolhida.acao === 'pendencia'
              ? 'O prazo de 30 dias para até o beneficiário enviar os documentos.'
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

      {escolhida.acao === 'aprovacao' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="Valor aprovado (R$)"
            hint={`Até o valor pago, ${formatBRL(reembolso.valorPago)}.${
              reembolso.valorPrevia !== null ? ` Prévia mostrada: ${formatBRL(reembolso.valorPrevia)}.` : ''
            }`}
          >
            {(c) => <Input {...c} inputMode="decimal" value={valor} onChange={(e) => setValor(e.target.value)} />}
          </FormField>
          <FormField label="Data prevista de pagamento">
            {(c) => (
              <Input {...c} type="date" min={diaEmSaoPaulo()} value={data} onChange={(e) => setData(e.target.value)} />
            )}
          </FormField>
        </div>
      ) : null}

      {escolhida.acao === 'pagamento' ? (
        <FormField label="Pago em" hint="Deixe em branco para hoje.">
          {(c) => (
            <Input
              {...c}
              type="date"
              max={diaEmSaoPaulo()}
              value={data}
              onChange={(e) => setData(e.target.value)}
              className="max-w-56"
            />
          )}
        </FormField>
      ) : null}
    </CaixaDeAcoes>
  );
}
