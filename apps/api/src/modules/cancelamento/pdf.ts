import { formatCpf, formatDate, formatDateTime } from '@portal/br';
import type { Operadora } from '@portal/contract';
import { cabecalhoOperadora, campos, criarDocumento, paragrafo, tabela, titulo } from '../../lib/pdf/documento';
import type { CancelamentoRow } from './repository';

export interface DadosComprovante {
  operadora: Operadora;
  emitidoEm: Date;
  codigoContrato: string;
  plano: string;
  cancelamento: CancelamentoRow;
}

/**
 * The proof (comprovante) of a cancellation asked for in the portal (RN 561/2022; decision 0018),
 * with decision 0010's builder: tagged PDF/UA, operator header, who asked, the contract, who was
 * cancelled, when, the protocol and the consequences exactly as they were shown.
 */
export async function gerarComprovanteCancelamento(d: DadosComprovante): Promise<Buffer> {
  const c = d.cancelamento;
  const contrato = c.abrangencia === 'CONTRATO';
  const doc = criarDocumento({
    titulo: `Comprovante de cancelamento - protocolo ${c.protocolo} - ${d.operadora.nome}`,
    assunto: `Comprovante do pedido de ${contrato ? 'cancelamento do contrato' : 'exclusão de dependentes'} ${d.codigoContrato}`,
    operadora: d.operadora,
    emitidoEm: d.emitidoEm,
  });
  cabecalhoOperadora(doc);
  titulo(doc, 'Comprovante de cancelamento');
  paragrafo(
    doc,
    `Recebemos o pedido de ${contrato ? 'cancelamento do contrato' : 'exclusão de dependente(s)'} feito pelo portal. ` +
      'O pedido tem efeito imediato, a partir do momento em que foi recebido (RN nº 561/2022 da ANS).',
    { tamanho: 10.5 },
  );
  campos(doc, [
    ['Protocolo', c.protocolo],
    ['Solicitante (titular)', `${c.nome_solicitante} · CPF ${formatCpf(c.cpf_solicitante)}`],
    ['Contrato', `${d.codigoContrato} · ${d.plano}`],
    ['O que foi cancelado', contrato ? 'O contrato inteiro (todos os beneficiários)' : 'Dependente(s) escolhido(s)'],
    ['Pedido recebido em', `${formatDateTime(new Date(c.solicitado_em).toISOString())} (horário de Brasília)`],
    ['Fim da cobertura', formatDate(c.data_cancelamento)],
  ]);
  titulo(doc, 'Beneficiários cancelados', 'H2');
  tabela(
    doc,
    [
      { titulo: 'Carteirinha', largura: 130 },
      { titulo: 'Nome', largura: '*' },
    ],
    c.beneficiarios.map((b) => [b.codigoBeneficiario, b.nome]),
  );
  titulo(doc, 'Consequências informadas antes do pedido', 'H2');
  for (const texto of c.consequencias) paragrafo(doc, `• ${texto}`, { tamanho: 10 });
  paragrafo(doc, `Dúvidas: Central de Atendimento ${d.operadora.centralAtendimento}. Guarde este comprovante.`, {
    tamanho: 9.5,
  });
  return doc.finalizar();
}
