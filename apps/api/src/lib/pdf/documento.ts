import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dataHoraDoInstante, formatCnpj } from '@portal/br';
import type { Operadora } from '@portal/contract';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * The house style of every document the portal hands out (decision 0010): A4, Roboto embedded
 * (subset), tagged PDF/UA — a structure tree with headings, paragraphs and tables, real text in
 * reading order, decorations and page numbers marked as artifacts — and the operator's header.
 */

const require = createRequire(import.meta.url);
// OpenType shaping (fontkit builds a GSUB/GPOS plan for every run: kerning, ligatures) was most
// of the time of each document, and Portuguese in Roboto reads right without it. Runs are laid
// out from the glyphs' own advances instead — the cmap and the hmtx, no shaping — shaped like
// fontkit's GlyphRun (pdfkit scales the positions in place; advanceWidth sums them afterwards).
// Each glyph of a run names the character it was drawn for: pdfkit writes the text layer (the
// ToUnicode map a reader, a search or a copy uses) from `glyph.codePoints`, and fontkit's glyphs are
// shared, cached by the first caller — its subsetter asks for the parts of composite glyphs with no
// character ("." is a part of ":" and "…" in Roboto), so a process whose first document had a
// colon before any period wrote every later document's periods with no text.
function semShaping(font: fontkit.Font): void {
  font.layout = (texto: string) => {
    const glyphs: fontkit.Glyph[] = [];
    for (const caractere of texto) {
      const codigo = caractere.codePointAt(0)!;
      if (seletorDeVariacao(codigo)) continue; // no glyph of its own, as fontkit's glyphsForString
      const { id, advanceWidth } = font.glyphForCodePoint(codigo);
      glyphs.push({ id, advanceWidth, codePoints: [codigo] });
    }
    const positions = glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
    return {
      glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((s, p) => s + p.xAdvance, 0);
      },
    };
  };
}
function seletorDeVariacao(codigo: number): boolean {
  return (codigo >= 0xfe00 && codigo <= 0xfe0f) || (codigo >= 0xe0100 && codigo <= 0xe01ef);
}
function ttf(caminho: string): fontkit.Font {
  const font = fontkit.create(readFileSync(require.resolve(caminho)));
  semShaping(font);
  return font;
}
// Parsed once per process and shared by every document (pdfkit subsets each document's glyphs).
const FONTES = {
  normal: ttf('@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf'),
  negrito: ttf('@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf'),
};

export const MARGEM = 42;
export const COR_TEXTO = '#1e293b';
export const COR_SUAVE = '#475569';
export const COR_LINHA = '#94a3b8';

export type Doc = PDFKit.PDFDocument;
export type Estrutura = PDFKit.PDFStructureElement;

export interface Documento {
  doc: Doc;
  /** The root of the structure tree ('Document'): everything the reader should read goes under it. */
  raiz: Estrutura;
  operadora: Operadora;
  /** Brand colour of the operator. */
  cor: string;
  /** Ends the document: page footers, then the bytes. */
  finalizar(): Promise<Buffer>;
}

export interface OpcoesDocumento {
  titulo: string;
  assunto: string;
  operadora: Operadora;
  /** When the document is issued (the app's clock). */
  emitidoEm: Date;
  /** Page footers 'Página n de N' and the issue time (off for the boleto, whose parts are fixed). */
  rodape?: boolean;
}

export function criarDocumento(o: OpcoesDocumento): Documento {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGEM,
    bufferPages: true,
    autoFirstPage: true,
    pdfVersion: '1.7',
    tagged: true,
    subset: 'PDF/UA',
    lang: 'pt-BR',
    displayTitle: true,
    info: {
      Title: o.titulo,
      Subject: o.assunto,
      Author: o.operadora.razaoSocial,
      Creator: 'Portal do Beneficiário',
      Producer: 'Portal do Beneficiário (PDFKit)',
      CreationDate: o.emitidoEm,
    },
  } as unknown as PDFKit.PDFDocumentOptions);
  doc.registerFont('normal', FONTES.normal as never);
  doc.registerFont('negrito', FONTES.negrito as never);
  // pdfkit restores the font of each table cell (and of a new page) by its source — our Font —
  // which misses its font cache, so every cell got a new embedded font (≈ 1 s for a one-page
  // informe). Handing it back the registered name keeps one embedded font per face and document.
  const nomes = new Map<unknown, string>([
    [FONTES.normal, 'normal'],
    [FONTES.negrito, 'negrito'],
  ]);
  const fonte = doc.font.bind(doc) as (src: unknown, family?: unknown, size?: unknown) => Doc;
  (doc as unknown as { font: typeof fonte }).font = (src, family, size) =>
    nomes.has(src)
      ? fonte(nomes.get(src), undefined, typeof family === 'number' ? family : size)
      : fonte(src, family, size);
  doc.font('normal').fontSize(10).fillColor(COR_TEXTO);
  const chunks: Buffer[] = [];
  const fim = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const raiz = doc.struct('Document');
  doc.addStructure(raiz);
  return {
    doc,
    raiz,
    operadora: o.operadora,
    cor: o.operadora.corPrimaria,
    finalizar() {
      raiz.end();
      if (o.rodape !== false) rodapes(doc, o.emitidoEm, o.operadora);
      doc.end();
      return fim;
    },
  };
}

/** Decorations (rules, boxes, backgrounds) are artifacts: a screen reader skips them. */
export function artefato(doc: Doc, desenhar: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  desenhar();
  doc.endMarkedContent();
}

export function linhaHorizontal(d: Documento, y = d.doc.y, cor = COR_LINHA, largura = 0.75, ate?: number): void {
  const { doc } = d;
  artefato(doc, () => {
    doc
      .save()
      .lineWidth(largura)
      .strokeColor(cor)
      .moveTo(MARGEM, y)
      .lineTo(ate ?? doc.page.width - MARGEM, y)
      .stroke()
      .restore();
  });
}

/** The operator's identification (name, company name, CNPJ, ANS registration, service line). */
export function cabecalhoOperadora(d: Documento): void {
  const { doc, raiz, operadora: op } = d;
  const largura = doc.page.width - 2 * MARGEM;
  raiz.add(
    doc.struct('P', {}, () => {
      doc.font('negrito').fontSize(16).fillColor(d.cor).text(op.nome, MARGEM, MARGEM, { width: largura });
    }),
  );
  raiz.add(
    doc.struct('P', {}, () => {
      doc
        .font('normal')
        .fontSize(9)
        .fillColor(COR_SUAVE)
        .text(`${op.razaoSocial} · CNPJ ${formatCnpj(op.cnpj)} · Registro ANS nº ${op.registroAns}`, {
          width: largura,
        });
    }),
  );
  raiz.add(
    doc.struct('P', {}, () => {
      doc.text(`Central de Atendimento ${op.centralAtendimento} · ${op.site.replace(/^https?:\/\//, '')}`, {
        width: largura,
      });
    }),
  );
  doc.moveDown(0.4);
  linhaHorizontal(d, doc.y, d.cor, 1.5);
  doc.moveDown(0.8);
  doc.fillColor(COR_TEXTO);
}

export function titulo(d: Documento, texto: string, nivel: 'H1' | 'H2' = 'H1'): void {
  const { doc, raiz } = d;
  if (nivel === 'H2') doc.moveDown(0.6);
  raiz.add(
    doc.struct(nivel, {}, () => {
      doc
        .font('negrito')
        .fontSize(nivel === 'H1' ? 15 : 11.5)
        .fillColor(nivel === 'H1' ? COR_TEXTO : d.cor)
        .text(texto, MARGEM, doc.y, { width: doc.page.width - 2 * MARGEM });
    }),
  );
  doc.moveDown(nivel === 'H1' ? 0.5 : 0.3);
  doc.font('normal').fontSize(10).fillColor(COR_TEXTO);
}

export function paragrafo(d: Documento, texto: string, opcoes: { tamanho?: number; cor?: string } = {}): void {
  const { doc, raiz } = d;
  raiz.add(
    doc.struct('P', {}, () => {
      doc
        .font('normal')
        .fontSize(opcoes.tamanho ?? 10)
        .fillColor(opcoes.cor ?? COR_TEXTO)
        .text(texto, MARGEM, doc.y, { width: doc.page.width - 2 * MARGEM, align: 'left', lineGap: 2 });
    }),
  );
  doc.moveDown(0.4);
  doc.fillColor(COR_TEXTO);
}

/** Label–value pairs in two columns, each pair one paragraph ('Contrato: 100234'). */
export function campos(d: Documento, pares: [string, string][]): void {
  const { doc, raiz } = d;
  const coluna = (doc.page.width - 2 * MARGEM) / 2;
  for (let i = 0; i < pares.length; i += 2) {
    const y = doc.y;
    let fundo = y;
    for (const [j, par] of pares.slice(i, i + 2).entries()) {
      const [rotulo, valor] = par;
      const x = MARGEM + j * coluna;
      raiz.add(
        doc.struct('P', {}, () => {
          doc
            .font('negrito')
            .fontSize(9.5)
            .fillColor(COR_SUAVE)
            .text(`${rotulo}: `, x, y, {
              width: coluna - 8,
              continued: true,
            });
          doc.font('normal').fillColor(COR_TEXTO).text(valor);
        }),
      );
      fundo = Math.max(fundo, doc.y);
    }
    doc.x = MARGEM;
    doc.y = fundo + 2;
  }
  doc.moveDown(0.4);
}

export interface Coluna {
  titulo: string;
  largura: number | '*';
  alinhar?: 'left' | 'right' | 'center';
}

const PAD_X = 5;
const PAD_Y = 4;

/**
 * Text in a box `largura` wide. A line that fits is placed directly (aligned by its measured
 * width), skipping pdfkit's line wrapper, the costly part of drawing many short cells; longer
 * text wraps, or with `umaLinha` is cut with an ellipsis.
 */
export function escrever(
  doc: Doc,
  texto: string,
  x: number,
  y: number,
  largura: number,
  alinhar: 'left' | 'right' | 'center' = 'left',
  umaLinha = false,
): void {
  const w = texto ? doc.widthOfString(texto) : 0;
  if (w <= largura) {
    const dx = alinhar === 'right' ? largura - w : alinhar === 'center' ? (largura - w) / 2 : 0;
    doc.text(texto, x + dx, y, { lineBreak: false });
    return;
  }
  doc.text(texto, x, y, {
    width: largura,
    align: alinhar,
    ...(umaLinha ? { height: doc.currentLineHeight(true), ellipsis: true } : {}),
  });
}

/**
 * A data table, tagged Table/TR/TH/TD with column headers (scope Column), continued on the next
 * page when it runs out of space (the header drawn again there as an artifact). `rodape` rows
 * (totals) are set in bold. Drawn here rather than with pdfkit's doc.table(), which measures and
 * styles every cell through deep-merged option objects: 4× slower for a 10-page statement.
 */
export function tabela(d: Documento, colunas: Coluna[], linhas: string[][], rodape: string[][] = []): void {
  const { doc, raiz } = d;
  const largura = doc.page.width - 2 * MARGEM;
  // A fixed column is at least as wide as its widest value (amounts, CPFs, dates never wrap:
  // 'R$ 13.597,1' / '2' misreads); the '*' columns share what is left. Headers may wrap.
  const larguraDoTexto = (t: string, negrito: boolean, tamanho: number) =>
    t
      ? doc
          .font(negrito ? 'negrito' : 'normal')
          .fontSize(tamanho)
          .widthOfString(t) +
        2 * PAD_X +
        0.5
      : 0;
  const medidas = colunas.map((c, i) =>
    c.largura === '*'
      ? ('*' as const)
      : Math.max(
          c.largura,
          ...linhas.map((l) => larguraDoTexto(l[i] ?? '', false, 9)),
          ...rodape.map((l) => larguraDoTexto(l[i] ?? '', true, 9.5)),
        ),
  );
  const fixas = medidas.reduce<number>((s, m) => s + (m === '*' ? 0 : m), 0);
  const estrelas = medidas.filter((m) => m === '*').length || 1;
  const larguras = medidas.map((m) => (m === '*' ? (largura - fixas) / estrelas : m));
  const xs = larguras.map((_, i) => MARGEM + larguras.slice(0, i).reduce((s, w) => s + w, 0));
  const estrutura = doc.struct('Table');
  raiz.add(estrutura);

  const alturaDe = (celulas: string[]) => {
    let h = doc.currentLineHeight(true);
    celulas.forEach((t, i) => {
      const w = larguras[i]! - 2 * PAD_X;
      // One line is the common case: measuring its width is one (cached) layout, wrapping is more.
      if (t && doc.widthOfString(t) > w) h = Math.max(h, doc.heightOfString(t, { width: w }));
    });
    return h + 2 * PAD_Y;
  };

  // The rules of a page are drawn together, as one artifact, when the page is done: one
  // marked-content block per page instead of one per row.
  let reguas: { y: number; h: number; estilo: 'cabecalho' | 'corpo' | 'total' }[] = [];
  const desenharReguas = () => {
    if (reguas.length === 0) return;
    const feitas = reguas;
    reguas = [];
    artefato(doc, () => {
      doc.save();
      for (const r of feitas) {
        const y = r.estilo === 'total' ? r.y : r.y + r.h;
        doc
          .lineWidth(r.estilo === 'corpo' ? 0.5 : 1)
          .strokeColor(r.estilo === 'cabecalho' ? d.cor : r.estilo === 'total' ? COR_TEXTO : COR_LINHA)
          .moveTo(MARGEM, y)
          .lineTo(MARGEM + largura, y)
          .stroke();
      }
      doc.restore();
    });
  };
  const fundoECorte = (y: number, h: number, cabecalho: boolean, total: boolean) => {
    // A header's background goes under its text, so it is drawn now.
    if (cabecalho) artefato(doc, () => doc.save().rect(MARGEM, y, largura, h).fill('#e2e8f0').restore());
    reguas.push({ y, h, estilo: cabecalho ? 'cabecalho' : total ? 'total' : 'corpo' });
  };

  const textos = (celulas: string[], y: number) =>
    celulas.map(
      (t, i) => () =>
        escrever(doc, t, xs[i]! + PAD_X, y + PAD_Y, larguras[i]! - 2 * PAD_X, colunas[i]!.alinhar ?? 'left'),
    );

  const cabecalho = colunas.map((c) => c.titulo);
  const linha = (celulas: string[], tipo: 'TH' | 'TD', estilo: 'cabecalho' | 'corpo' | 'total') => {
    doc.font(estilo === 'corpo' ? 'normal' : 'negrito').fontSize(estilo === 'total' ? 9.5 : 9);
    const h = alturaDe(celulas);
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      desenharReguas();
      doc.addPage();
      doc.fillColor(COR_TEXTO);
      doc.y = doc.page.margins.top;
      if (estilo !== 'cabecalho') {
        // The header again on the new page, for sighted readers only (the tags have it once).
        doc.font('negrito').fontSize(9);
        const hc = alturaDe(cabecalho);
        const yc = doc.y;
        fundoECorte(yc, hc, true, false);
        artefato(doc, () => textos(cabecalho, yc).forEach((f) => f()));
        doc.y = yc + hc;
        doc.font(estilo === 'corpo' ? 'normal' : 'negrito').fontSize(estilo === 'total' ? 9.5 : 9);
      }
    }
    const y = doc.y;
    fundoECorte(y, h, estilo === 'cabecalho', estilo === 'total');
    const tr = doc.struct('TR');
    estrutura.add(tr);
    for (const desenhar of textos(celulas, y)) {
      tr.add(doc.struct(tipo, (tipo === 'TH' ? { scope: 'Column' } : {}) as never, desenhar));
    }
    tr.end();
    doc.x = MARGEM;
    doc.y = y + h;
  };

  doc.fillColor(COR_TEXTO);
  linha(cabecalho, 'TH', 'cabecalho');
  for (const l of linhas) linha(l, 'TD', 'corpo');
  for (const l of rodape) linha(l, 'TD', 'total');
  desenharReguas();
  estrutura.end();
  doc.x = MARGEM;
  doc.moveDown(0.6);
  doc.font('normal').fontSize(10).fillColor(COR_TEXTO);
}

/** 'Emitido em …' and 'Página n de N' on every page, as pagination artifacts. */
function rodapes(doc: Doc, emitidoEm: Date, op: Operadora): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margemInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGEM + 12;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font('normal')
      .fontSize(8)
      .fillColor(COR_SUAVE)
      .text(`${op.nome} · emitido em ${dataHoraDoInstante(emitidoEm)}`, MARGEM, y, { lineBreak: false })
      .text(`Página ${i - start + 1} de ${count}`, MARGEM, y, {
        width: doc.page.width - 2 * MARGEM,
        align: 'right',
        lineBreak: false,
      });
    doc.endMarkedContent();
    doc.page.margins.bottom = margemInferior;
  }
}
