import { finished, type Readable, Transform } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';

/**
 * Reads an import file as a stream of rows — never the whole file in memory. CSV: `;`, a header
 * row, UTF-8 or ISO-8859-1. JSON Lines: one object per line. Every value comes out as text (a
 * JSON number or boolean as its literal): the layout's zod schema reads text only. Bytes that are
 * not valid UTF-8 become U+FFFD, which the schema reports as a wrong encoding, with line and column.
 * A record (a CSV record, a JSON line) longer than MAX_REGISTRO stops the file where it passes the
 * limit (issue 30): it is never held whole, and a file without line breaks costs no more than 64 KiB.
 */

/** The largest record (a CSV record or a JSON line) of an import file, in bytes: 64 KiB. */
export const MAX_REGISTRO = 64 * 1024;
export const MENSAGEM_REGISTRO_GRANDE = `Registro maior que ${MAX_REGISTRO / 1024} KiB: confira se as linhas do arquivo terminam com quebra de linha (um registro por linha).`;

/** Whether a record's text passes MAX_REGISTRO bytes in UTF-8 (at most 3 bytes per UTF-16 unit: no count below a third). */
export const passaDoLimite = (texto: string): boolean =>
  texto.length > MAX_REGISTRO || (texto.length * 3 > MAX_REGISTRO && Buffer.byteLength(texto) > MAX_REGISTRO);

/**
 * A file that is not text at all (a gzip, a spreadsheet, a PDF…): `motivo` says what it looks like.
 * Found in its first bytes, before anything is parsed: one clear refusal instead of a header whose
 * every column is missing.
 */
export class ArquivoNaoTexto extends Error {
  constructor(readonly motivo: string) {
    super(`import file is not text: ${motivo}`);
  }
}

const comeca = (b: Buffer, ...bytes: number[]) => bytes.every((x, i) => b[i] === x);
/** Control bytes (not tab, line feed, form feed, carriage return) above this share of the first bytes: not text. */
const CONTROLES_DE_BINARIO = 1 / 16;

/** What the first bytes of a file say it is, when it is not text; null when it may be. */
export function naoETexto(inicio: Buffer): string | null {
  const b = inicio.subarray(0, 4096);
  if (comeca(b, 0x1f, 0x8b)) return 'ele está compactado com gzip (descompacte-o e envie o arquivo de texto)';
  if (
    comeca(b, 0x42, 0x5a, 0x68) ||
    comeca(b, 0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00) ||
    comeca(b, 0x28, 0xb5, 0x2f, 0xfd) ||
    comeca(b, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)
  )
    return 'ele está compactado (descompacte-o e envie o arquivo de texto)';
  if (comeca(b, 0x50, 0x4b, 0x03, 0x04))
    return 'ele é um arquivo ZIP ou uma planilha (.xlsx, .ods): exporte a planilha como CSV';
  if (comeca(b, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))
    return 'ele é uma planilha do Excel (.xls): exporte-a como CSV';
  if (comeca(b, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'ele é um PDF';
  if (comeca(b, 0xff, 0xfe) || comeca(b, 0xfe, 0xff)) return 'ele está em UTF-16 (salve-o em UTF-8 ou ISO-8859-1)';
  let controles = 0;
  for (const x of b) if (x < 0x20 && x !== 0x09 && x !== 0x0a && x !== 0x0c && x !== 0x0d) controles++;
  if (controles >= 4 && controles > b.length * CONTROLES_DE_BINARIO)
    return 'ele tem bytes de controle demais para um texto (parece um arquivo binário)';
  return null;
}

export interface Linha {
  linha: number;
  valores: Record<string, string | undefined>;
}

/** A problem with the file as a whole (bad header, bad JSON on a line). */
export interface ProblemaDeArquivo {
  linha: number;
  coluna: string;
  valor: string;
  mensagem: string;
}

export interface Leitura {
  /** The header of a CSV (null for JSON Lines). */
  cabecalho(): Promise<string[] | null>;
  linhas: AsyncIterable<Linha | ProblemaDeArquivo>;
  bytes(): number;
}

/**
 * The file's bytes as text in its encoding, counting the bytes read (both readers: `ler` and the
 * COPY path's `lerParaCopia`). An error of the upload reaches the text stream; so does
 * ArquivoNaoTexto when the first bytes are not text.
 */
export function textoDoArquivo(
  origem: Readable,
  codificacao: 'utf-8' | 'iso-8859-1',
): { texto: Transform; bytes: () => number } {
  let bytes = 0;
  const contador = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const motivo = bytes === 0 ? naoETexto(chunk) : null;
      bytes += chunk.length;
      if (motivo) done(new ArquivoNaoTexto(motivo));
      else done(null, chunk);
    },
  });
  // finished(), not on('error'): the upload may have failed before the engine got here (the
  // integration API's byte limit, a client gone), and a destroyed stream emits nothing more — the
  // import would wait for it forever, holding its entity's lock (seen on Node 24).
  finished(origem, (e) => {
    if (e) contador.destroy(e);
  });
  const texto = origem
    .pipe(contador)
    .pipe(iconv.decodeStream(codificacao === 'iso-8859-1' ? 'latin1' : 'utf8') as Transform);
  contador.on('error', (e) => texto.destroy(e));
  // The reader's iterator may start later (the JSON Lines reader after the staging table is made):
  // a destroyed stream keeps its error for it, and meanwhile it is no unhandled 'error' event.
  texto.on('error', () => undefined);
  return { texto, bytes: () => bytes };
}

export function ler(
  origem: Readable,
  formato: 'csv' | 'jsonl',
  codificacao: 'utf-8' | 'iso-8859-1' = 'utf-8',
): Leitura {
  const { texto, bytes } = textoDoArquivo(origem, codificacao);

  if (formato === 'jsonl') {
    async function* linhas(): AsyncGenerator<Linha | ProblemaDeArquivo> {
      for await (const item of linhasDoTexto(texto)) {
        const { n, l } = item;
        if (l === null) {
          origem.unpipe();
          origem.resume();
          yield { linha: n, coluna: '', valor: '', mensagem: MENSAGEM_REGISTRO_GRANDE };
          return;
        }
        if (l.trim() === '') continue;
        let obj: unknown;
        try {
          obj = JSON.parse(l);
        } catch {
          yield { linha: n, coluna: '', valor: l.slice(0, 80), mensagem: 'Linha não é um JSON válido.' };
          continue;
        }
        if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
          yield { linha: n, coluna: '', valor: l.slice(0, 80), mensagem: 'Cada linha deve ser um objeto JSON.' };
          continue;
        }
        const valores: Record<string, string | undefined> = {};
        let problema: ProblemaDeArquivo | undefined;
        for (const [k, v] of Object.entries(obj)) {
          if (v === null || v === undefined) valores[k] = undefined;
          else if (typeof v === 'string') valores[k] = v;
          else if (typeof v === 'number' || typeof v === 'boolean') valores[k] = String(v);
          else
            problema ??= {
              linha: n,
              coluna: k,
              valor: JSON.stringify(v).slice(0, 80),
              mensagem: 'Valor deve ser texto ou número.',
            };
        }
        yield problema ?? { linha: n, valores };
      }
    }
    return { cabecalho: async () => null, linhas: linhas(), bytes };
  }

  const parser = texto.pipe(
    // No `trim` here (20 % of the parse time): the layout's schema trims each value it reads.
    parse({
      delimiter: ';',
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Stops at the limit (CSV_MAX_RECORD_SIZE, with its line): a record is never held past it.
      max_record_size: MAX_REGISTRO,
    }),
  );
  texto.on('error', (e) => parser.destroy(e));
  const it = (parser as AsyncIterable<{ record: string[]; info: { lines: number } }>)[Symbol.asyncIterator]();
  let header: string[] | null = null;
  const cabecalho = async () => {
    if (header) return header;
    const first = await it.next();
    header = first.done ? [] : first.value.record.map((h) => h.trim());
    return header;
  };
  async function* linhas(): AsyncGenerator<Linha | ProblemaDeArquivo> {
    const h = await cabecalho();
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      const { record, info } = r.value;
      if (record.length !== h.length) {
        yield {
          linha: info.lines,
          coluna: '',
          valor: record.join(';').slice(0, 80),
          mensagem: `A linha tem ${record.length} colunas; o cabeçalho tem ${h.length}.`,
        };
        continue;
      }
      const valores: Record<string, string | undefined> = {};
      for (let i = 0; i < h.length; i++) valores[h[i]!] = record[i];
      yield { linha: info.lines, valores };
    }
  }
  return { cabecalho, linhas: linhas(), bytes };
}

/**
 * The lines of a text stream (`\n` or `\r\n`), numbered from 1; a line that passes MAX_REGISTRO is
 * given as `l: null` at once — what came of it is not kept — and ends the lines.
 */
export async function* linhasDoTexto(texto: AsyncIterable<string>): AsyncGenerator<{ n: number; l: string | null }> {
  let partes: string[] = [];
  let tamanho = 0;
  let n = 1;
  const pendente = () => {
    const l = partes.length === 1 ? partes[0]! : partes.join('');
    partes = [];
    tamanho = 0;
    return l;
  };
  for await (const pedaco of texto) {
    let ini = 0;
    for (let fim = pedaco.indexOf('\n'); fim >= 0; fim = pedaco.indexOf('\n', ini)) {
      partes.push(pedaco.slice(ini, fim));
      let l = pendente();
      if (passaDoLimite(l)) {
        yield { n, l: null };
        return;
      }
      if (l.endsWith('\r')) l = l.slice(0, -1);
      yield { n, l };
      n++;
      ini = fim + 1;
    }
    if (ini < pedaco.length) {
      partes.push(ini ? pedaco.slice(ini) : pedaco);
      tamanho += pedaco.length - ini;
      if (tamanho * 3 > MAX_REGISTRO) {
        const l = pendente();
        if (passaDoLimite(l)) {
          yield { n, l: null };
          return;
        }
        partes.push(l);
        tamanho = l.length;
      }
    }
  }
  if (partes.length) {
    const l = pendente();
    yield passaDoLimite(l) ? { n, l: null } : { n, l: l.endsWith('\r') ? l.slice(0, -1) : l };
  }
}
