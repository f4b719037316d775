import { createInterface } from 'node:readline';
import { finished, PassThrough, type Readable, type Transform } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';

/**
 * Reads an import file as a stream of rows — never the whole file in memory. CSV: `;`, a header
 * row, UTF-8 or ISO-8859-1. JSON Lines: one object per line. Every value comes out as text (a
 * JSON number or boolean as its literal): the layout's zod schema reads text only. Bytes that are
 * not valid UTF-8 become U+FFFD, which the schema reports as a wrong encoding, with line and column.
 */

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
 * COPY path's `lerParaCopia`). An error of the upload reaches the text stream.
 */
export function textoDoArquivo(
  origem: Readable,
  codificacao: 'utf-8' | 'iso-8859-1',
): { texto: Transform; bytes: () => number } {
  let bytes = 0;
  const contador = new PassThrough();
  contador.on('data', (c: Buffer) => void (bytes += c.length));
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
      let n = 0;
      for await (const l of createInterface({ input: texto, crlfDelay: Infinity })) {
        n++;
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
    parse({ delimiter: ';', bom: true, info: true, relax_column_count: true, skip_empty_lines: true }),
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
