import {
  dataHoraDoInstante,
  diaEmSaoPaulo,
  formatarLinhaDigitavel,
  formatBRL,
  formatCnpj,
  formatCpf,
  formatDate,
  itauAgenciaConta,
  itauNossoNumero,
  linhaDigitavel,
  montarCodigoBarras,
} from '@portal/br';
import type { Operadora } from '@portal/contract';
import {
  artefato,
  COR_LINHA,
  COR_SUAVE,
  COR_TEXTO,
  criarDocumento,
  type Documento,
  escrever,
  type Estrutura,
  MARGEM,
} from '../../../lib/pdf/documento';
import { ALTURA_BARRAS_PT, desenharI25, desenharQr } from './graficos';

/** Banks the demo collects with: name and code with its check digit, as the ficha prints them. */
const BANCOS: Record<string, { nome: string; codigo: string }> = {
  '341': { nome: 'Banco Itaú S.A.', codigo: '341-7' },
};

export interface DadosBoleto {
  operadora: Operadora;
  emitidoEm: Date;
  pagador: { nome: string; cpf: string };
  codigoContrato: string;
  codigoMensalidade: string;
  /** 'MM/AAAA' */
  competencia: string;
  /** This boleto's due date and amount: for an updated boleto, today and the total. */
  vencimento: string;
  valorCentavos: number;
  /** An overdue installment's updated boleto: the original due date and amount, fine and interest. */
  atualizacao?: {
    vencimentoOriginal: string;
    valorOriginal: number;
    diasAtraso: number;
    multaPercentual: number;
    multaCentavos: number;
    jurosMensalPercentual: number;
    jurosCentavos: number;
  } | null;
  /** Overdue, and the operator's instruction instead of an updated boleto. */
  instrucaoAtraso?: string | null;
  banco: string;
  campoLivre: string;
  /** What the installment charges (demonstrativo in the payer's receipt). */
  itens: { descricao: string; valorCentavos: number }[];
  /** A static PIX BR Code for the same installment, when the operator has a PIX key. */
  pixCopiaECola: string | null;
}

/** The boleto's digits, from the installment (FEBRABAN, packages/br). */
export function digitosBoleto(d: Pick<DadosBoleto, 'banco' | 'vencimento' | 'valorCentavos' | 'campoLivre'>) {
  const barras = montarCodigoBarras({
    banco: d.banco,
    moeda: '9',
    vencimento: d.vencimento,
    valorCentavos: d.valorCentavos,
    campoLivre: d.campoLivre,
  });
  const linha = linhaDigitavel(barras);
  return { barras, linha, linhaFormatada: formatarLinhaDigitavel(linha) };
}

const reais = (centavos: number) => formatBRL(centavos / 100);
/** 2 → '2%', 0.5 → '0,5%'. */
const pct = (p: number) => `${String(p).replace('.', ',')}%`;

interface Caixa {
  rotulo: string;
  valor: string;
  largura: number;
  alinhar?: 'left' | 'right';
  negrito?: boolean;
}

/** The ficha's instructions: the rule after the due date, or what an updated boleto already holds. */
function instrucoes(b: DadosBoleto, central: string): string {
  const inicio = `Mensalidade do plano de saúde, competência ${b.competencia}, contrato ${b.codigoContrato}. `;
  const { multaPercentual, jurosMensalPercentual } = b.operadora.atraso;
  const a = b.atualizacao;
  if (a) {
    return (
      inicio +
      `Boleto atualizado: vencimento original ${formatDate(a.vencimentoOriginal)}, valor original ` +
      `${formatBRL(a.valorOriginal)}, acrescido de multa de ${pct(a.multaPercentual)} (${reais(a.multaCentavos)}) e juros ` +
      `de mora de ${pct(a.jurosMensalPercentual)} ao mês por ${a.diasAtraso} ${a.diasAtraso === 1 ? 'dia' : 'dias'} ` +
      `(${reais(a.jurosCentavos)}). Não receber após ${formatDate(b.vencimento)}. Dúvidas: ${central}.`
    );
  }
  const regra =
    `Após o vencimento, cobrar multa de ${pct(multaPercentual)} e juros de mora de ` +
    `${pct(jurosMensalPercentual)} ao mês, pro rata die. `;
  if (b.instrucaoAtraso) return `${inicio}${regra}${b.instrucaoAtraso}`;
  return `${inicio}${regra}Não receber após 60 dias do vencimento. Dúvidas: ${central}.`;
}

/** One row of labelled boxes (label small, value below), the grid every boleto is drawn in. */
function linhaDeCaixas(d: Documento, pai: Estrutura, y: number, caixas: Caixa[], altura = 24): number {
  const { doc } = d;
  let x = MARGEM;
  for (const c of caixas) {
    artefato(doc, () => {
      doc.save().lineWidth(0.6).strokeColor(COR_TEXTO).rect(x, y, c.largura, altura).stroke().restore();
    });
    const xi = x;
    pai.add(
      doc.struct('P', {}, () => {
        doc.font('normal').fontSize(6.5).fillColor(COR_SUAVE);
        escrever(doc, `${c.rotulo} `, xi + 3, y + 2.5, c.largura - 6, 'left', true);
        doc
          .font(c.negrito ? 'negrito' : 'normal')
          .fontSize(c.negrito ? 9.5 : 8.5)
          .fillColor(COR_TEXTO);
        escrever(doc, c.valor || ' ', xi + 3, y + 11.5, c.largura - 6, c.alinhar ?? 'left', true);
      }),
    );
    x += c.largura;
  }
  return y + altura;
}

/** Bank name | bank code | typeable line: the header of each part. */
function cabecalhoBanco(d: Documento, pai: Estrutura, y: number, banco: string, direita: string): number {
  const { doc } = d;
  const largura = doc.page.width - 2 * MARGEM;
  const b = BANCOS[banco] ?? { nome: `Banco ${banco}`, codigo: banco };
  pai.add(
    doc.struct('P', {}, () => {
      doc
        .font('negrito')
        .fontSize(11)
        .fillColor(COR_TEXTO)
        .text(b.nome, MARGEM, y + 6, { width: 150, lineBreak: false });
      doc
        .font('negrito')
        .fontSize(14)
        .text(b.codigo, MARGEM + 155, y + 4, { width: 55, align: 'center', lineBreak: false });
      doc
        .font('negrito')
        .fontSize(9.5)
        .text(direita, MARGEM + 215, y + 7, {
          width: largura - 215,
          align: 'right',
          lineBreak: false,
        });
    }),
  );
  artefato(doc, () => {
    doc
      .save()
      .lineWidth(1.5)
      .strokeColor(COR_TEXTO)
      .moveTo(MARGEM + 152, y)
      .lineTo(MARGEM + 152, y + 22)
      .moveTo(MARGEM + 213, y)
      .lineTo(MARGEM + 213, y + 22)
      .moveTo(MARGEM, y + 22)
      .lineTo(MARGEM + largura, y + 22)
      .stroke()
      .restore();
  });
  return y + 22;
}

/**
 * The boleto of an installment, as banks print it: the payer's receipt (recibo do pagador, with
 * what the installment charges and, when the operator has a PIX key, a PIX QR code for the same
 * amount), a cut line, and the ficha de compensação with the typeable line and the Interleaved
 * 2 of 5 barcode (0.254 mm narrow bar, 3:1, 13 mm tall) that bank readers scan.
 */
export async function gerarBoleto(b: DadosBoleto): Promise<Buffer> {
  const d = criarDocumento({
    titulo: `Boleto - mensalidade ${b.competencia} - ${b.operadora.nome}`,
    assunto: `Boleto da mensalidade de competência ${b.competencia}, contrato ${b.codigoContrato}`,
    operadora: b.operadora,
    emitidoEm: b.emitidoEm,
    rodape: false,
  });
  const { doc, raiz, operadora: op } = d;
  const largura = doc.page.width - 2 * MARGEM;
  const { barras, linhaFormatada } = digitosBoleto(b);
  const beneficiario = `${op.razaoSocial} - CNPJ ${formatCnpj(op.cnpj)}`;
  const pagador = `${b.pagador.nome} - CPF ${formatCpf(b.pagador.cpf)}`;
  const nossoNumero = itauNossoNumero(b.campoLivre);
  const agenciaCodigo = itauAgenciaConta(b.campoLivre);
  const valor = reais(b.valorCentavos);
  const vencimento = formatDate(b.vencimento);

  raiz.add(
    doc.struct('H1', {}, () => {
      doc
        .font('negrito')
        .fontSize(14)
        .fillColor(d.cor)
        .text(`${op.nome} - Boleto da mensalidade ${b.competencia}`, MARGEM, MARGEM, {
          width: largura,
        });
    }),
  );
  raiz.add(
    doc.struct('P', {}, () => {
      doc
        .font('normal')
        .fontSize(8.5)
        .fillColor(COR_SUAVE)
        .text(
          `Contrato ${b.codigoContrato} · Registro ANS nº ${op.registroAns} · Central de Atendimento ${op.centralAtendimento} · emitido em ${dataHoraDoInstante(b.emitidoEm)}`,
          {
            width: largura,
          },
        );
    }),
  );

  // Recibo do pagador
  const recibo = doc.struct('Sect');
  raiz.add(recibo);
  let y = doc.y + 10;
  recibo.add(
    doc.struct('H2', {}, () => {
      doc.font('negrito').fontSize(10).fillColor(COR_TEXTO).text('Recibo do Pagador', MARGEM, y, { width: largura });
    }),
  );
  y = doc.y + 2;
  y = cabecalhoBanco(d, recibo, y, b.banco, linhaFormatada);
  const c4 = largura / 4;
  y = linhaDeCaixas(d, recibo, y, [
    { rotulo: 'Beneficiário', valor: beneficiario, largura: c4 * 3 },
    { rotulo: 'Agência / Código do Beneficiário', valor: agenciaCodigo, largura: c4, alinhar: 'right' },
  ]);
  y = linhaDeCaixas(d, recibo, y, [
    { rotulo: 'Pagador', valor: pagador, largura: c4 * 2 },
    { rotulo: 'Nosso Número', valor: nossoNumero, largura: c4 },
    { rotulo: 'Vencimento', valor: vencimento, largura: c4, alinhar: 'right', negrito: true },
  ]);
  y = linhaDeCaixas(d, recibo, y, [
    { rotulo: 'Competência', valor: b.competencia, largura: c4 / 2 },
    { rotulo: 'Contrato', valor: b.codigoContrato, largura: c4 / 2 },
    { rotulo: 'Número do Documento', valor: b.codigoMensalidade, largura: c4 },
    { rotulo: 'Data de Emissão', valor: formatDate(diaEmSaoPaulo(b.emitidoEm.getTime())), largura: c4 },
    { rotulo: '(=) Valor do Documento', valor, largura: c4, alinhar: 'right', negrito: true },
  ]);

  // Demonstrativo and, when configured, the PIX QR code beside it.
  const topoDemonstrativo = y + 8;
  const larguraDemonstrativo = b.pixCopiaECola ? largura - 130 : largura;
  recibo.add(
    doc.struct('H3', {}, () => {
      doc.font('negrito').fontSize(9).fillColor(COR_TEXTO).text('Demonstrativo', MARGEM, topoDemonstrativo, {
        width: larguraDemonstrativo,
      });
    }),
  );
  const lista = doc.struct('L');
  recibo.add(lista);
  const a = b.atualizacao;
  const linhas = a
    ? [
        ...b.itens,
        {
          descricao: `Multa por atraso (${pct(a.multaPercentual)}), vencimento original ${formatDate(a.vencimentoOriginal)}`,
          valorCentavos: a.multaCentavos,
        },
        {
          descricao: `Juros de mora (${pct(a.jurosMensalPercentual)} ao mês, ${a.diasAtraso} ${a.diasAtraso === 1 ? 'dia' : 'dias'})`,
          valorCentavos: a.jurosCentavos,
        },
        { descricao: 'Total atualizado', valorCentavos: b.valorCentavos, negrito: true },
      ]
    : b.itens;
  for (const item of linhas as { descricao: string; valorCentavos: number; negrito?: boolean }[]) {
    lista.add(
      doc.struct('LI', {}, () => {
        const yi = doc.y;
        doc
          .font(item.negrito ? 'negrito' : 'normal')
          .fontSize(8.5)
          .fillColor(COR_TEXTO)
          .text(item.descricao, MARGEM, yi, {
            width: larguraDemonstrativo - 90,
            lineBreak: false,
            ellipsis: true,
          });
        doc.text(reais(item.valorCentavos), MARGEM + larguraDemonstrativo - 90, yi, { width: 90, align: 'right' });
      }),
    );
  }
  lista.end();
  let fimRecibo = doc.y;
  if (b.pixCopiaECola) {
    const lado = 110;
    const xq = MARGEM + largura - lado;
    recibo.add(
      doc.struct('Figure', { alt: `QR Code PIX para pagar ${valor}: ${b.pixCopiaECola}` }, () => {
        desenharQr(doc, b.pixCopiaECola!, xq, topoDemonstrativo, lado);
      }),
    );
    recibo.add(
      doc.struct('P', {}, () => {
        doc
          .font('negrito')
          .fontSize(8)
          .fillColor(COR_TEXTO)
          .text('Pague também com PIX', xq, topoDemonstrativo + lado + 2, {
            width: lado,
            align: 'center',
          });
      }),
    );
    fimRecibo = Math.max(fimRecibo, doc.y);
  }
  recibo.add(
    doc.struct('P', {}, () => {
      doc
        .font('normal')
        .fontSize(7.5)
        .fillColor(COR_SUAVE)
        .text('Autenticação mecânica', MARGEM, fimRecibo + 6, {
          width: largura,
          align: 'right',
        });
    }),
  );
  recibo.end();

  // Cut line
  y = doc.y + 14;
  artefato(doc, () => {
    doc
      .save()
      .lineWidth(0.8)
      .strokeColor(COR_LINHA)
      .dash(3, { space: 3 })
      .moveTo(MARGEM, y)
      .lineTo(MARGEM + largura, y)
      .stroke()
      .undash()
      .restore();
  });
  raiz.add(
    doc.struct('P', {}, () => {
      doc
        .font('normal')
        .fontSize(7)
        .fillColor(COR_SUAVE)
        .text('Corte na linha pontilhada', MARGEM, y + 3, {
          width: largura,
          align: 'right',
        });
    }),
  );

  // Ficha de compensação
  const ficha = doc.struct('Sect');
  raiz.add(ficha);
  y = doc.y + 10;
  ficha.add(
    doc.struct('H2', {}, () => {
      doc.font('negrito').fontSize(10).fillColor(COR_TEXTO).text('Ficha de Compensação', MARGEM, y, { width: largura });
    }),
  );
  y = doc.y + 2;
  y = cabecalhoBanco(d, ficha, y, b.banco, linhaFormatada);
  const direita = 150;
  const esquerda = largura - direita;
  const c5 = esquerda / 5;
  y = linhaDeCaixas(d, ficha, y, [
    {
      rotulo: 'Local de Pagamento',
      valor: a
        ? `Pagável em qualquer banco, correspondente ou aplicativo até ${vencimento}`
        : 'Pagável em qualquer banco, correspondente ou aplicativo até o vencimento',
      largura: esquerda,
    },
    { rotulo: 'Vencimento', valor: vencimento, largura: direita, alinhar: 'right', negrito: true },
  ]);
  y = linhaDeCaixas(d, ficha, y, [
    { rotulo: 'Beneficiário', valor: beneficiario, largura: esquerda },
    { rotulo: 'Agência / Código do Beneficiário', valor: agenciaCodigo, largura: direita, alinhar: 'right' },
  ]);
  y = linhaDeCaixas(d, ficha, y, [
    { rotulo: 'Data do Documento', valor: formatDate(diaEmSaoPaulo(b.emitidoEm.getTime())), largura: c5 },
    { rotulo: 'Nº do Documento', valor: b.codigoMensalidade, largura: c5 },
    { rotulo: 'Espécie Doc.', valor: 'DS', largura: c5 },
    { rotulo: 'Aceite', valor: 'N', largura: c5 },
    { rotulo: 'Data Processamento', valor: formatDate(diaEmSaoPaulo(b.emitidoEm.getTime())), largura: c5 },
    { rotulo: 'Nosso Número', valor: nossoNumero, largura: direita, alinhar: 'right' },
  ]);
  y = linhaDeCaixas(d, ficha, y, [
    { rotulo: 'Uso do Banco', valor: '', largura: c5 },
    { rotulo: 'Carteira', valor: b.campoLivre.slice(0, 3), largura: c5 },
    { rotulo: 'Espécie', valor: 'R$', largura: c5 },
    { rotulo: 'Quantidade', valor: '', largura: c5 },
    { rotulo: 'Valor', valor: '', largura: c5 },
    { rotulo: '(=) Valor do Documento', valor, largura: direita, alinhar: 'right', negrito: true },
  ]);
  // Instructions (left, tall) beside the deductions column.
  const topoInstrucoes = y;
  const alturaInstrucoes = 5 * 20;
  artefato(doc, () => {
    doc
      .save()
      .lineWidth(0.6)
      .strokeColor(COR_TEXTO)
      .rect(MARGEM, topoInstrucoes, esquerda, alturaInstrucoes)
      .stroke()
      .restore();
  });
  ficha.add(
    doc.struct('P', {}, () => {
      doc
        .font('normal')
        .fontSize(6.5)
        .fillColor(COR_SUAVE)
        .text('Instruções (texto de responsabilidade do beneficiário)', MARGEM + 3, topoInstrucoes + 2.5, {
          width: esquerda - 6,
        });
      doc
        .font('normal')
        .fontSize(8.5)
        .fillColor(COR_TEXTO)
        .text(instrucoes(b, op.centralAtendimento), MARGEM + 3, topoInstrucoes + 12, {
          width: esquerda - 6,
          lineGap: 1,
        });
    }),
  );
  let yd = topoInstrucoes;
  for (const rotulo of [
    '(-) Desconto / Abatimento',
    '(-) Outras Deduções',
    '(+) Mora / Multa',
    '(+) Outros Acréscimos',
    '(=) Valor Cobrado',
  ]) {
    artefato(doc, () => {
      doc
        .save()
        .lineWidth(0.6)
        .strokeColor(COR_TEXTO)
        .rect(MARGEM + esquerda, yd, direita, 20)
        .stroke()
        .restore();
    });
    const yr = yd;
    ficha.add(
      doc.struct('P', {}, () => {
        doc
          .font('normal')
          .fontSize(6.5)
          .fillColor(COR_SUAVE)
          .text(rotulo, MARGEM + esquerda + 3, yr + 2.5, {
            width: direita - 6,
            lineBreak: false,
          });
      }),
    );
    yd += 20;
  }
  y = topoInstrucoes + alturaInstrucoes;
  y = linhaDeCaixas(d, ficha, y, [{ rotulo: 'Pagador', valor: pagador, largura }], 24);
  y = linhaDeCaixas(d, ficha, y, [{ rotulo: 'Sacador / Avalista', valor: '', largura }], 20);

  const yBarras = y + 10;
  ficha.add(
    doc.struct('Figure', { alt: `Código de barras do boleto: ${barras}` }, () => {
      desenharI25(doc, barras, MARGEM + 2, yBarras);
    }),
  );
  ficha.add(
    doc.struct('P', {}, () => {
      doc
        .font('normal')
        .fontSize(7.5)
        .fillColor(COR_SUAVE)
        .text('Autenticação mecânica - Ficha de Compensação', MARGEM, yBarras + ALTURA_BARRAS_PT + 6, {
          width: largura,
          align: 'right',
        });
    }),
  );
  ficha.end();
  return d.finalizar();
}
