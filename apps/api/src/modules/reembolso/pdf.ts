import { formatBRL, formatCnpj, formatCpf, formatDate, formatDateTime } from '@portal/br';
import {
  type Operadora,
  ROTULOS_DOCUMENTO_REEMBOLSO,
  ROTULOS_SITUACAO_REEMBOLSO,
  ROTULOS_TIPO_REEMBOLSO,
  type ReembolsoDetalhe,
} from '@portal/contract';
import { cabecalhoOperadora, campos, criarDocumento, paragrafo, tabela, titulo } from '../../lib/pdf/documento';
import type { ReembolsoRow } from './repository';

export interface DadosDemonstrativo {
  operadora: Operadora;
  emitidoEm: Date;
  reembolso: ReembolsoRow;
  detalhe: ReembolsoDetalhe;
}

const reais = (c: number | null) => (c === null ? '-' : formatBRL(c / 100));

/**
 * The 'Demonstrativo de reembolso' (issue 18) with decision 0010's builder: who received the care
 * and who is paid, the receipt, the amounts (paid, estimated, approved), the status with the legal
 * deadline, the attachments and the history.
 */
export async function gerarDemonstrativo(d: DadosDemonstrativo): Promise<Buffer> {
  const r = d.reembolso;
  const doc = criarDocumento({
    titulo: `Demonstrativo de reembolso - protocolo ${r.protocolo} - ${d.operadora.nome}`,
    assunto: `Demonstrativo do reembolso ${r.protocolo}, contrato ${r.codigoContrato}`,
    operadora: d.operadora,
    emitidoEm: d.emitidoEm,
  });
  cabecalhoOperadora(doc);
  titulo(doc, 'Demonstrativo de reembolso');
  const prestadorDoc =
    r.prestadorDocumento.length === 11
      ? `CPF ${formatCpf(r.prestadorDocumento)}`
      : `CNPJ ${formatCnpj(r.prestadorDocumento)}`;
  campos(doc, [
    ['Protocolo', r.protocolo],
    ['Situação', ROTULOS_SITUACAO_REEMBOLSO[r.situacao]],
    ['Beneficiário atendido', `${r.beneficiario} · CPF ${formatCpf(r.cpfBeneficiario)}`],
    ['Titular (recebe o reembolso)', `${r.nomeTitular} · CPF ${formatCpf(r.cpfTitular)}`],
    ['Contrato', `${r.codigoContrato} · ${r.plano}`],
    [
      'Atendimento',
      `${ROTULOS_TIPO_REEMBOLSO[r.tipo]} em ${formatDate(r.dataAtendimento)}${r.codigoTuss ? ` · TUSS ${r.codigoTuss}` : ''}`,
    ],
    ['Prestador', `${r.prestador} · ${prestadorDoc}${r.conselho ? ` · ${r.conselho}` : ''}`],
    ['Recibo / nota fiscal', r.numeroRecibo],
    ['Pedido recebido em', `${formatDateTime(new Date(r.criadoEm).toISOString())} (horário de Brasília)`],
    ['Crédito em', d.detalhe.pagamento],
  ]);
  titulo(doc, 'Valores', 'H2');
  campos(doc, [
    ['Valor pago ao prestador', reais(r.valorPagoCentavos)],
    ['Prévia mostrada no pedido (estimativa)', reais(r.valorPreviaCentavos)],
    ['Valor aprovado', reais(r.valorAprovadoCentavos)],
    ...(r.previsaoPagamento
      ? ([['Pagamento previsto para', formatDate(r.previsaoPagamento)]] as [string, string][])
      : []),
    ...(r.pagoEm ? ([['Pago em', formatDate(r.pagoEm)]] as [string, string][]) : []),
    ...(r.motivoNegativa ? ([['Motivo da negativa', r.motivoNegativa]] as [string, string][]) : []),
  ]);
  paragrafo(
    doc,
    r.prazoPagamento
      ? `Prazo legal para pagamento: ${formatDate(r.prazoPagamento)} (30 dias da documentação completa, Lei nº 9.656/98, art. 12, VI).`
      : 'Prazo legal para pagamento: suspenso até o envio dos documentos pendentes (Lei nº 9.656/98, art. 12, VI).',
    { tamanho: 10 },
  );
  if (d.detalhe.anexos.length) {
    titulo(doc, 'Documentos enviados', 'H2');
    tabela(
      doc,
      [
        { titulo: 'Documento', largura: 170 },
        { titulo: 'Arquivo', largura: '*' },
      ],
      d.detalhe.anexos.map((a) => [ROTULOS_DOCUMENTO_REEMBOLSO[a.documento], a.nomeArquivo]),
    );
  }
  titulo(doc, 'Histórico', 'H2');
  tabela(
    doc,
    [
      { titulo: 'Quando', largura: 110 },
      { titulo: 'Situação', largura: 80 },
      { titulo: 'Descrição', largura: '*' },
    ],
    d.detalhe.historico.map((e) => [formatDateTime(e.em), ROTULOS_SITUACAO_REEMBOLSO[e.situacao], e.descricao]),
  );
  paragrafo(
    doc,
    `Os valores de reembolso pagos entram no informe de IRPF do titular (Financeiro). Dúvidas: Central de Atendimento ${d.operadora.centralAtendimento}.`,
    { tamanho: 9.5 },
  );
  return doc.finalizar();
}
