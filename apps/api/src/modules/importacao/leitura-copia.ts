import { Readable } from 'node:stream';
import { setImmediate as aVez } from 'node:timers/promises';
import { MAX_REGISTRO, passaDoLimite, type ProblemaDeArquivo, textoDoArquivo } from './leitura';

/**
 * The CSV reader of the PostgreSQL import that stages the raw file by COPY (decision 0037). It does
 * not parse values: it finds where each record ends, counts its fields and its line the way
 * `csv-parse` does (`;`, `"` doubled inside quotes, `\n`, `\r\n` or `\r` as the header line ends,
 * empty lines skipped), and hands PostgreSQL's COPY (csv, `;`) each record with the header's number of
 * fields, prefixed with its line number. A record with another number of fields is reported as
 * `ler` reports it; a quote where csv-parse refuses one stops the file as malformed at that line.
 * Never a whole file in memory: only the record being read is kept, and a record that passes
 * MAX_REGISTRO stops the file at its line (`grande`), as csv-parse's max_record_size does in `ler`.
 */

const ASPA = 34;
const PV = 59;
const LF = 10;
const CR = 13;

export interface Registro {
  /** The record as it came, without its line end. */
  texto: string;
  campos: number;
  linha: number;
  /** A line break outside quotes that is not the file's record end (COPY needs it quoted). */
  quebraSolta: boolean;
}

/** Splits a record the scanner accepted into its values (quotes removed, `""` as `"`). */
export function valoresDe(texto: string): string[] {
  const out: string[] = [];
  let v = '';
  let aspas = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i]!;
    if (aspas) {
      if (c === '"') {
        if (texto[i + 1] === '"') {
          v += '"';
          i++;
        } else aspas = false;
      } else v += c;
    } else if (c === '"') aspas = true;
    else if (c === ';') {
      out.push(v);
      v = '';
    } else v += c;
  }
  out.push(v);
  return out;
}

/** The record as COPY reads it: as it came, or every value quoted when a line break is loose in it. */
const paraCopy = (r: Registro) =>
  r.quebraSolta
    ? valoresDe(r.texto)
        .map((v) => `"${v.replace(/"/g, '""')}"`)
        .join(';')
    : r.texto;

/** The state machine, fed text chunk by chunk (tested against csv-parse on the same inputs). */
export class Varredor {
  /** The line csv-parse would name: of the record's end, or of the problem. */
  linha = 1;
  /** Set when the file is malformed (a quote where csv-parse refuses one, or never closed): its line. */
  malformado: number | null = null;
  /** With `malformado`: the record passed MAX_REGISTRO (`malformado` is the line it starts on). */
  grande = false;
  /** The line the record being read starts on. */
  private linhaDoRegistro = 1;
  private buf = '';
  private pos = 0;
  private ini = 0;
  private emAspas = false;
  private inicioCampo = true;
  private aposAspas = false;
  private campos = 1;
  private quebraSolta = false;
  private fimDeRegistro: 'lf' | 'crlf' | 'cr' | null = null;
  private primeiro = true;

  constructor(private readonly aoRegistro: (r: Registro) => void) {}

  push(chunk: string): void {
    if (this.malformado !== null) return;
    if (this.primeiro) {
      this.primeiro = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    // Only the record being read is kept (bounded by MAX_REGISTRO below): without the bound, a line
    // that never ended was copied whole again with every chunk (8 MB: seconds of a blocked server).
    this.buf = this.buf.slice(this.ini) + chunk;
    this.pos -= this.ini;
    this.ini = 0;
    this.varrer(false);
    if (this.malformado === null && (this.buf.length - this.ini) * 3 > MAX_REGISTRO)
      this.limitar(this.buf.slice(this.ini));
  }

  /** Stops the file when the record `texto` (or what came of it so far) passes MAX_REGISTRO. */
  private limitar(texto: string): boolean {
    if (!passaDoLimite(texto)) return false;
    this.malformado = this.linhaDoRegistro;
    this.grande = true;
    return true;
  }

  end(): void {
    if (this.malformado !== null) return;
    this.varrer(true);
    if (this.malformado !== null) return;
    if (this.emAspas) {
      this.malformado = this.linha;
      return;
    }
    if (this.ini < this.buf.length && !this.emitir(this.buf.length)) return;
    this.buf = '';
  }

  private emitir(fim: number): boolean {
    const texto = this.buf.slice(this.ini, fim);
    if (this.limitar(texto)) return false;
    if (texto !== '') this.aoRegistro({ texto, campos: this.campos, linha: this.linha, quebraSolta: this.quebraSolta });
    this.campos = 1;
    this.inicioCampo = true;
    this.aposAspas = false;
    this.quebraSolta = false;
    return true;
  }

  private varrer(fim: boolean) {
    const s = this.buf;
    let i = this.pos;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      // A line break at the end of the text read so far waits for the next chunk: csv-parse does not
      // count one that ends the file (unless it ends a record).
      const ultimo = i + 1 >= s.length;
      if (ultimo && !fim && (c === LF || c === CR)) break;
      if (this.emAspas) {
        if (c === ASPA) {
          if (i + 1 >= s.length && !fim) break;
          if (s.charCodeAt(i + 1) === ASPA) i++;
          else {
            this.emAspas = false;
            this.aposAspas = true;
          }
        } else if ((c === LF || c === CR) && !ultimo) this.linha++;
        continue;
      }
      if (c === LF || c === CR) {
        const seguinte = ultimo ? -1 : s.charCodeAt(i + 1);
        this.fimDeRegistro ??= c === LF ? 'lf' : seguinte === LF ? 'crlf' : 'cr';
        const tamanho =
          this.fimDeRegistro === 'crlf'
            ? c === CR && seguinte === LF
              ? 2
              : 0
            : (this.fimDeRegistro === 'lf') === (c === LF)
              ? 1
              : 0;
        if (tamanho) {
          if (!this.emitir(i)) return;
          this.linha++;
          this.linhaDoRegistro = this.linha;
          i += tamanho - 1;
          this.ini = i + 1;
        } else {
          if (this.aposAspas) return this.parar(i);
          if (!ultimo) this.linha++;
          this.quebraSolta = true;
          this.inicioCampo = false;
        }
        continue;
      }
      if (this.aposAspas && c !== PV) return this.parar(i);
      if (c === ASPA) {
        if (!this.inicioCampo) return this.parar(i);
        this.emAspas = true;
        this.inicioCampo = false;
        continue;
      }
      if (c === PV) {
        this.campos++;
        this.inicioCampo = true;
        this.aposAspas = false;
        continue;
      }
      this.inicioCampo = false;
    }
    this.pos = i;
  }

  private parar(i: number) {
    this.malformado = this.linha;
    this.pos = i;
  }
}

export interface LeituraParaCopia {
  /** The header's names, trimmed ([] for an empty file); null when the header itself is malformed. */
  cabecalho(): Promise<string[] | null>;
  /**
   * The records after the header as COPY text (`linha;record\n`): those with the header's number of
   * fields. Others go to `aoProblema`, as `ler` reports them.
   */
  registros(aoProblema: (p: ProblemaDeArquivo) => void, aoLer?: () => Promise<void>): Readable;
  /** Records read after the header (every one, good or not). */
  linhas(): number;
  /** The line where the file is malformed, if it is (or where its record passed MAX_REGISTRO: `grande`). */
  malformado(): number | null;
  grande(): boolean;
  /**
   * Whether a record had a character the free-text rules refuse (a control character, a
   * bidirectional control): only then are the rows checked for them in SQL. A NUL, which COPY
   * cannot carry, goes as U+0001, refused by the same rule.
   */
  controles(): boolean;
  bytes(): number;
}

/** What `textoLivre`'s rules refuse in a value (campos.ts), NUL included: the rows with it are checked in SQL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function lerParaCopia(origem: Readable, codificacao: 'utf-8' | 'iso-8859-1' = 'utf-8'): LeituraParaCopia {
  const { texto, bytes } = textoDoArquivo(origem, codificacao);
  const it = (texto as AsyncIterable<string>)[Symbol.asyncIterator]();

  let pendentes: Registro[] = [];
  const varredor = new Varredor((r) => pendentes.push(r));
  let acabou = false;
  let linhas = 0;
  let controles = false;
  const ler = async (): Promise<boolean> => {
    if (acabou) return false;
    const r = await it.next();
    if (r.done) {
      acabou = true;
      varredor.end();
    } else varredor.push(r.value);
    return true;
  };

  let header: string[] | null | undefined;
  const cabecalho = async () => {
    if (header !== undefined) return header;
    while (pendentes.length === 0 && varredor.malformado === null && (await ler()));
    const primeiro = pendentes.shift();
    header = primeiro ? valoresDe(primeiro.texto).map((h) => h.trim()) : varredor.malformado === null ? [] : null;
    return header;
  };

  function registros(aoProblema: (p: ProblemaDeArquivo) => void, aoLer?: () => Promise<void>): Readable {
    async function* gerar() {
      const h = (await cabecalho()) ?? [];
      for (;;) {
        let out = '';
        for (const r of pendentes) {
          linhas++;
          if (r.campos !== h.length) {
            aoProblema({
              linha: r.linha,
              coluna: '',
              valor: valoresDe(r.texto).join(';').slice(0, 80),
              mensagem: `A linha tem ${r.campos} colunas; o cabeçalho tem ${h.length}.`,
            });
            continue;
          }
          out += `${r.linha};${paraCopy(r)}\n`;
        }
        pendentes = [];
        if (CONTROLE.test(out)) {
          controles = true;
          out = out.replaceAll('\0', '\u0001');
        }
        if (out) yield out;
        await aoLer?.();
        // The event loop's turn between two chunks: other requests are answered while a file is read.
        await aVez();
        if (varredor.malformado !== null || !(await ler())) break;
      }
    }
    return Readable.from(gerar(), { objectMode: false });
  }

  return {
    cabecalho,
    registros,
    linhas: () => linhas,
    malformado: () => varredor.malformado,
    grande: () => varredor.grande,
    controles: () => controles,
    bytes,
  };
}
