import { formatDate } from '@portal/br';
import type { Operadora } from '@portal/contract';
import { cabecalhoOperadora, criarDocumento, paragrafo, tabela, titulo } from '../../../lib/pdf/documento';
import { camposDestinatario, type Destinatario, reais } from './comum';

export interface DadosRecibo {
  operadora: Operadora;
  emitidoEm: Date;
  destinatario: Destinatario;
  codigoMensalidade: string;
  /** 'MM/AAAA' */
  competencia: string;
  vencimento: string;
  pagoEm: string;
  /** The billed amount: the sum of the items. */
  valorCentavos: number;
  /** What was received; above valorCentavos when the installment was paid late (fine and interest). */
  valorPagoCentavos: number;
  itens: { beneficiario: string; descricao: string; valorCentavos: number }[];
}

/**
 * Receipt of a paid installment: who paid what, when, item by item, with the total — and, when it
 * was paid late, the fine and interest on top of the billed amount (issue 15).
 */
export async function gerarRecibo(r: DadosRecibo): Promise<Buffer> {
  const encargos = r.valorPagoCentavos - r.valorCentavos;
  const d = criarDocumento({
    titulo: `Recibo de pagamento - mensalidade ${r.competencia} - ${r.operadora.nome}`,
    assunto: `Recibo da mensalidade de competência ${r.competencia}, contrato ${r.destinatario.codigoContrato}`,
    operadora: r.operadora,
    emitidoEm: r.emitidoEm,
  });
  cabecalhoOperadora(d);
  titulo(d, `Recibo de Pagamento - Mensalidade ${r.competencia}`);
  camposDestinatario(d, r.destinatario, [
    ['Nº do documento', r.codigoMensalidade],
    ['Competência', r.competencia],
    ['Vencimento', formatDate(r.vencimento)],
    ['Pago em', formatDate(r.pagoEm)],
  ]);
  paragrafo(
    d,
    `Recebemos de ${r.destinatario.nome} a importância de ${reais(r.valorPagoCentavos)}, referente à mensalidade de ` +
      `competência ${r.competencia} do contrato ${r.destinatario.codigoContrato}, paga em ${formatDate(r.pagoEm)}, ` +
      (encargos > 0
        ? `após o vencimento, com ${reais(encargos)} de multa e juros por atraso, conforme a composição abaixo.`
        : 'conforme a composição abaixo.'),
  );
  titulo(d, 'Composição', 'H2');
  tabela(
    d,
    [
      { titulo: 'Descrição', largura: '*' },
      { titulo: 'Beneficiário', largura: 170 },
      { titulo: 'Valor', largura: 85, alinhar: 'right' },
    ],
    r.itens.map((i) => [i.descricao.replace(/ - .*$/, ''), i.beneficiario, reais(i.valorCentavos)]),
    encargos > 0
      ? [
          ['Valor da mensalidade', '', reais(r.valorCentavos)],
          ['Multa e juros por atraso', '', reais(encargos)],
          ['Total pago', '', reais(r.valorPagoCentavos)],
        ]
      : [['Total pago', '', reais(r.valorCentavos)]],
  );
  paragrafo(d, `${r.operadora.razaoSocial} dá plena quitação do valor acima.`, { tamanho: 9 });
  return d.finalizar();
}
