import { formatCpf, formatDate } from '@portal/br';
import type { Operadora } from '@portal/contract';
import { cabecalhoOperadora, campos, criarDocumento, paragrafo, tabela, titulo } from '../../../lib/pdf/documento';
import { reais } from './comum';

export interface BeneficiarioIrpf {
  nome: string;
  cpf: string;
  dataNascimento: string | null;
  /** 'Titular' or the dependant's relationship ('Dependente - filho(a)'). */
  relacao: string;
  mensalidadesCentavos: number;
  coparticipacaoCentavos: number;
}

export interface DadosInformeIrpf {
  operadora: Operadora;
  emitidoEm: Date;
  ano: number;
  responsavel: { nome: string; cpf: string };
  codigoContrato: string;
  plano: string;
  beneficiarios: BeneficiarioIrpf[];
  /** Each payment of the year, oldest first. */
  pagamentos: { pagoEm: string; competencia: string; valorCentavos: number }[];
  /** Reimbursements the operator paid in the year, per beneficiary (issue 18). */
  reembolsos?: ReembolsoIrpf[];
}

export interface ReembolsoIrpf {
  nome: string;
  cpf: string;
  relacao: string;
  valorCentavos: number;
  quantidade: number;
}

/**
 * The informe of payments for the IRPF: what the financial responsible paid the operator in the
 * calendar year (by payment date), per beneficiary (as the operator reports it to the Receita
 * Federal in the DPS) and payment by payment, with the totals.
 */
export async function gerarInformeIrpf(i: DadosInformeIrpf): Promise<Buffer> {
  const d = criarDocumento({
    titulo: `Informe de pagamentos para o IRPF - ano-calendário ${i.ano} - ${i.operadora.nome}`,
    assunto: `Informe de pagamentos ao plano de saúde em ${i.ano}, contrato ${i.codigoContrato}`,
    operadora: i.operadora,
    emitidoEm: i.emitidoEm,
  });
  cabecalhoOperadora(d);
  titulo(d, `Informe de Pagamentos para o Imposto de Renda - Ano-calendário ${i.ano}`);
  campos(d, [
    ['Responsável financeiro', i.responsavel.nome],
    ['CPF', formatCpf(i.responsavel.cpf)],
    ['Contrato', i.codigoContrato],
    ['Plano', i.plano],
    ['Ano-calendário', String(i.ano)],
    ['Exercício', String(i.ano + 1)],
  ]);
  const total = i.beneficiarios.reduce((s, b) => s + b.mensalidadesCentavos + b.coparticipacaoCentavos, 0);
  titulo(d, 'Valores pagos por beneficiário', 'H2');
  tabela(
    d,
    [
      { titulo: 'Beneficiário', largura: '*' },
      { titulo: 'CPF', largura: 76 },
      { titulo: 'Relação', largura: 106 },
      { titulo: 'Mensalidades', largura: 68, alinhar: 'right' },
      { titulo: 'Coparticipação', largura: 72, alinhar: 'right' },
      { titulo: 'Total', largura: 66, alinhar: 'right' },
    ],
    i.beneficiarios.map((b) => [
      b.nome,
      formatCpf(b.cpf),
      b.relacao,
      reais(b.mensalidadesCentavos),
      reais(b.coparticipacaoCentavos),
      reais(b.mensalidadesCentavos + b.coparticipacaoCentavos),
    ]),
    [
      [
        'Total pago no ano',
        '',
        '',
        reais(i.beneficiarios.reduce((s, b) => s + b.mensalidadesCentavos, 0)),
        reais(i.beneficiarios.reduce((s, b) => s + b.coparticipacaoCentavos, 0)),
        reais(total),
      ],
    ],
  );
  titulo(d, 'Pagamentos no ano', 'H2');
  tabela(
    d,
    [
      { titulo: 'Data do pagamento', largura: '*' },
      { titulo: 'Competência', largura: 150 },
      { titulo: 'Valor pago', largura: 120, alinhar: 'right' },
    ],
    i.pagamentos.map((p) => [formatDate(p.pagoEm), p.competencia, reais(p.valorCentavos)]),
    [[`${i.pagamentos.length} ${i.pagamentos.length === 1 ? 'pagamento' : 'pagamentos'}`, '', reais(total)]],
  );
  const reembolsos = i.reembolsos ?? [];
  if (reembolsos.length) {
    titulo(d, 'Reembolsos de despesas médicas pagos no ano', 'H2');
    tabela(
      d,
      [
        { titulo: 'Beneficiário', largura: '*' },
        { titulo: 'CPF', largura: 76 },
        { titulo: 'Relação', largura: 106 },
        { titulo: 'Pedidos', largura: 50, alinhar: 'right' },
        { titulo: 'Valor reembolsado', largura: 90, alinhar: 'right' },
      ],
      reembolsos.map((r) => [r.nome, formatCpf(r.cpf), r.relacao, String(r.quantidade), reais(r.valorCentavos)]),
      [['Total reembolsado no ano', '', '', '', reais(reembolsos.reduce((s, r) => s + r.valorCentavos, 0))]],
    );
  }
  paragrafo(
    d,
    `Valores pagos a ${i.operadora.razaoSocial} em ${i.ano}, dedutíveis como despesas médicas na declaração de ajuste ` +
      'anual (Lei nº 9.250/1995, art. 8º, II, a) por quem os pagou, em relação a si e a seus dependentes na declaração. ' +
      (reembolsos.length
        ? 'Os reembolsos acima não são pagamentos ao plano: declare a despesa paga ao prestador informando o valor ' +
          'reembolsado, de modo que só a parte não reembolsada seja deduzida. '
        : 'Não houve reembolso de despesas no período. ') +
      'Estes valores também são informados à Receita Federal na Declaração de Planos de Saúde (DPS).',
    { tamanho: 8.5 },
  );
  return d.finalizar();
}
