import { formatCns, formatDate } from '@portal/br';
import { type Carteirinha, carenciasEmCurso, cptEmCurso, type Operadora } from '@portal/contract';
import {
  artefato,
  cabecalhoOperadora,
  campos,
  COR_SUAVE,
  COR_TEXTO,
  criarDocumento,
  MARGEM,
  paragrafo,
  tabela,
  titulo,
} from '../../lib/pdf/documento';

export interface DadosCarteirinhaPdf {
  operadora: Operadora;
  emitidoEm: Date;
  /** The day in São Paulo (AAAA-MM-DD): which waiting periods still run. */
  hoje: string;
  cartao: Carteirinha;
}

/** The card number in groups, as the card prints it ('1100 2340 01'). */
export function numeroAgrupado(numero: string): string {
  return numero.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The digital card as a document (decision 0016, with decision 0010's builder): the card itself in
 * the operator's colour — every line real, tagged text, the box an artifact — then what a provider
 * asks for at the desk. No QR code: a printed one would expire within minutes.
 */
export async function gerarCarteirinhaPdf(d: DadosCarteirinhaPdf): Promise<Buffer> {
  const { cartao: c, operadora: op } = d;
  const doc = criarDocumento({
    titulo: `Carteirinha digital - ${c.nome} - ${op.nome}`,
    assunto: `Carteirinha do beneficiário ${c.numeroCarteirinha}, contrato ${c.codigoContrato}`,
    operadora: op,
    emitidoEm: d.emitidoEm,
  });
  const { doc: pdf, raiz } = doc;
  cabecalhoOperadora(doc);
  titulo(doc, 'Carteirinha digital');

  // The card: 85.6 × 54 mm scaled up, rounded, in the brand colour; the text on it is white.
  const largura = 400;
  const altura = 252;
  const x = MARGEM;
  const y = pdf.y;
  artefato(pdf, () => {
    pdf.save().roundedRect(x, y, largura, altura, 14).fill(doc.cor).restore();
  });
  const interno = largura - 40;
  const linha = (texto: string, tamanho: number, negrito = false, espaco = 4) => {
    raiz.add(
      pdf.struct('P', {}, () => {
        pdf
          .font(negrito ? 'negrito' : 'normal')
          .fontSize(tamanho)
          .fillColor('#ffffff')
          .text(texto, x + 20, pdf.y, { width: interno, lineBreak: true });
      }),
    );
    pdf.y += espaco;
  };
  pdf.y = y + 18;
  linha(`${op.nome} · ANS nº ${op.registroAns}`, 10, true, 14);
  if (c.nomeSocial) {
    linha(c.nomeSocial, 16, true, 0);
    linha(`Nome civil: ${c.nome}`, 9.5, false, 10);
  } else {
    linha(c.nome, 16, true, 10);
  }
  linha(`Carteirinha nº ${numeroAgrupado(c.numeroCarteirinha)}`, 13, true, 8);
  linha(c.produto, 10.5, true, 2);
  if (c.registroAns) linha(`Registro ANS do produto nº ${c.registroAns}`, 9.5, false, 2);
  linha(`${c.segmentacaoAssistencial} · ${c.acomodacao}`, 9.5);
  pdf.y = y + altura - 34;
  linha(`Central de Atendimento ${op.centralAtendimento}`, 9.5);
  pdf.x = MARGEM;
  pdf.y = y + altura + 18;
  pdf.fillColor(COR_TEXTO);

  titulo(doc, 'Dados da carteirinha', 'H2');
  const pares: [string, string][] = [
    ['Nome', c.nome],
    ...(c.nomeSocial ? ([['Nome social', c.nomeSocial]] as [string, string][]) : []),
    ['Nº da carteirinha', c.numeroCarteirinha],
    ['CNS', c.cns ? formatCns(c.cns) : 'Não informado'],
    ['Plano', c.produto],
    ['Registro ANS do produto', c.registroAns ?? 'Não informado'],
    ['Segmentação', c.segmentacaoAssistencial],
    ['Acomodação', c.acomodacao],
    ['Início da cobertura', formatDate(c.dataContratacao)],
    ['Contrato', `${c.codigoContrato} (${c.tipoContrato})`],
  ];
  if (c.dataCancelamento) pares.push(['Cobertura encerrada em', formatDate(c.dataCancelamento)]);
  campos(doc, pares);

  titulo(doc, 'Carências e cobertura parcial temporária', 'H2');
  const emCurso = carenciasEmCurso(c.carencias, d.hoje);
  if (emCurso.length === 0) {
    paragrafo(doc, `Nenhuma carência a cumprir em ${formatDate(d.hoje)}.`);
  } else {
    tabela(
      doc,
      [
        { titulo: 'Carência a cumprir', largura: '*' },
        { titulo: 'Até', largura: 110, alinhar: 'right' },
      ],
      emCurso.map((x) => [x.descricao, formatDate(x.dataFim)]),
    );
  }
  paragrafo(
    doc,
    cptEmCurso(c.dataFinalCPT, d.hoje)
      ? `Cobertura parcial temporária (CPT) para doenças ou lesões preexistentes até ${formatDate(c.dataFinalCPT)}.`
      : 'Sem cobertura parcial temporária (CPT) em curso.',
  );

  titulo(doc, 'Operadora', 'H2');
  campos(doc, [
    ['Operadora', op.nome],
    ['Registro ANS', op.registroAns],
    ['Central de Atendimento', op.centralAtendimento],
    ['Disque ANS', op.disqueAns],
  ]);
  paragrafo(
    doc,
    'Para conferir se a carteirinha está válida hoje, a clínica lê o QR Code da carteirinha digital, ' +
      'aberta no portal do beneficiário, ou digita o código de verificação mostrado ao lado dele.',
    { tamanho: 9, cor: COR_SUAVE },
  );
  return doc.finalizar();
}
