import { diaEmSaoPaulo, formatCnpj, formatCpf, formatDate } from '@portal/br';
import type { Operadora } from '@portal/contract';
import {
  cabecalhoOperadora,
  criarDocumento,
  linhaHorizontal,
  MARGEM,
  paragrafo,
  tabela,
  titulo,
} from '../../../lib/pdf/documento';
import { reais } from './comum';

export interface DadosDeclaracaoQuitacao {
  operadora: Operadora;
  emitidoEm: Date;
  ano: number;
  responsavel: { nome: string; cpf: string };
  codigoContrato: string;
  plano: string;
  /** Every installment of the year, all paid, oldest first. */
  mensalidades: { competencia: string; vencimento: string; pagoEm: string; valorCentavos: number }[];
}

const MESES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

function porExtenso(dia: string): string {
  return `${Number(dia.slice(8, 10))} de ${MESES[Number(dia.slice(5, 7)) - 1]} de ${dia.slice(0, 4)}`;
}

/**
 * The annual debt-clearance letter Lei nº 12.007/2009 obliges operators to issue: every
 * installment of a finished year paid. Its art. 4 text (it replaces the monthly receipts of that
 * year and the years before) is part of the letter.
 */
export async function gerarDeclaracaoQuitacao(q: DadosDeclaracaoQuitacao): Promise<Buffer> {
  const d = criarDocumento({
    titulo: `Declaração Anual de Quitação de Débitos - ${q.ano} - ${q.operadora.nome}`,
    assunto: `Declaração de quitação anual de débitos de ${q.ano}, contrato ${q.codigoContrato} (Lei nº 12.007/2009)`,
    operadora: q.operadora,
    emitidoEm: q.emitidoEm,
  });
  const op = q.operadora;
  cabecalhoOperadora(d);
  titulo(d, `Declaração Anual de Quitação de Débitos - ${q.ano}`);
  const primeira = q.mensalidades[0]!;
  const ultima = q.mensalidades[q.mensalidades.length - 1]!;
  const periodo =
    primeira.competencia === `01/${q.ano}` && ultima.competencia === `12/${q.ano}`
      ? `de janeiro a dezembro de ${q.ano}`
      : `de ${primeira.competencia} a ${ultima.competencia}`;
  paragrafo(
    d,
    `Em cumprimento à Lei nº 12.007, de 29 de julho de 2009, ${op.razaoSocial}, inscrita no CNPJ sob o nº ` +
      `${formatCnpj(op.cnpj)}, registro ANS nº ${op.registroAns}, declara que ${q.responsavel.nome}, CPF ` +
      `${formatCpf(q.responsavel.cpf)}, responsável financeiro pelo contrato nº ${q.codigoContrato} (${q.plano}), ` +
      `quitou todas as mensalidades com competência ${periodo}, conforme discriminado abaixo.`,
    { tamanho: 10.5 },
  );
  const total = q.mensalidades.reduce((s, m) => s + m.valorCentavos, 0);
  tabela(
    d,
    [
      { titulo: 'Competência', largura: '*' },
      { titulo: 'Vencimento', largura: 110 },
      { titulo: 'Pago em', largura: 110 },
      { titulo: 'Valor', largura: 110, alinhar: 'right' },
    ],
    q.mensalidades.map((m) => [m.competencia, formatDate(m.vencimento), formatDate(m.pagoEm), reais(m.valorCentavos)]),
    [[`${q.mensalidades.length} mensalidades`, '', '', reais(total)]],
  );
  paragrafo(
    d,
    'Esta declaração substitui, para a comprovação do cumprimento das obrigações do consumidor, as quitações dos ' +
      `faturamentos mensais dos débitos do ano de ${q.ano} e dos anos anteriores (Lei nº 12.007/2009, art. 4º).`,
    { tamanho: 10.5 },
  );
  paragrafo(d, `Emitida em ${porExtenso(diaEmSaoPaulo(q.emitidoEm.getTime()))}.`, { tamanho: 10.5 });
  const { doc } = d;
  doc.moveDown(2.5);
  linhaHorizontal(d, doc.y, '#1e293b', 0.75, MARGEM + 300);
  doc.moveDown(0.3);
  d.raiz.add(
    doc.struct('P', {}, () => {
      doc.font('negrito').fontSize(10).text(op.razaoSocial, MARGEM, doc.y, { width: 300 });
      doc
        .font('normal')
        .fontSize(9)
        .text(`CNPJ ${formatCnpj(op.cnpj)} · Central de Atendimento ${op.centralAtendimento}`);
    }),
  );
  return d.finalizar();
}
