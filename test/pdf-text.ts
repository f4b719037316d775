import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a test reads of a PDF: its text layer page by page, metadata and the tagged structure. */
export interface PdfLido {
  paginas: string[];
  /** Every page's text, any run of white space (line breaks included) made one plain space. */
  texto: string;
  titulo: string | null;
  idioma: string | null;
  /** Tagged PDF: the catalog marks it and every page has a structure tree. */
  marcado: boolean;
  /** Structure roles in document order ('Document', 'H1', 'P', 'Table', 'TH', 'Figure'…). */
  papeis: string[];
  /** Alternative texts of the structure (figures). */
  alternativos: string[];
}

interface No {
  role?: string;
  alt?: string;
  children?: No[];
}

function percorrer(n: No | null, papeis: string[], alternativos: string[]) {
  if (!n) return;
  if (n.role) papeis.push(n.role);
  if (n.alt) alternativos.push(n.alt);
  for (const c of n.children ?? []) percorrer(c, papeis, alternativos);
}

/** Reads a PDF with pdf.js (as a browser's viewer or a screen reader's text layer would). */
export async function lerPdf(bytes: Uint8Array | ArrayBuffer): Promise<PdfLido> {
  const data = bytes instanceof Uint8Array ? new Uint8Array(bytes) : new Uint8Array(bytes);
  const pdf = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const paginas: string[] = [];
    const papeis: string[] = [];
    const alternativos: string[] = [];
    let marcado = (await pdf.getMarkInfo())?.Marked === true;
    for (let i = 1; i <= pdf.numPages; i++) {
      const page = await pdf.getPage(i);
      const conteudo = await page.getTextContent();
      paginas.push(
        conteudo.items
          .map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : ''))
          .join('')
          .replace(/\u00a0/g, ' '),
      );
      const arvore = (await page.getStructTree()) as No | null;
      if (!arvore) marcado = false;
      percorrer(arvore, papeis, alternativos);
    }
    const meta = await pdf.getMetadata();
    const info = meta.info as { Title?: string; Language?: string };
    return {
      paginas,
      texto: paginas.join(' ').replace(/\s+/g, ' '),
      titulo: info.Title ?? null,
      idioma: info.Language ?? null,
      marcado,
      papeis,
      alternativos,
    };
  } finally {
    await pdf.destroy();
  }
}
