/**
 * The seam between the app and OpenTelemetry (issue 32, decision 0066). The app's code calls these
 * functions and never imports an OpenTelemetry package: with OTEL_EXPORTER_OTLP_ENDPOINT unset
 * nothing installs a tracer, every call here runs the work directly, and no OpenTelemetry module is
 * ever loaded. src/otel.ts installs the real one before the app is imported.
 *
 * The tracer lives on a global symbol, not in this module: the server's bundle and otel's bundle
 * (apps/api/build.mjs) each carry their own copy of this file.
 */

/** Attribute values a span may carry: never personal data (names, CPFs, keys, raw URLs). */
export type Atributos = Record<string, string | number | boolean>;

export interface Rastreador {
  /** Runs `fn` inside a span named `nome` (a child of the active one); the span ends with it. */
  emSpan<T>(nome: string, atributos: Atributos, fn: () => Promise<T>): Promise<T>;
  /** A span already over (a phase measured by its marks), a child of the active one. */
  registrar(nome: string, inicio: number, fim: number, atributos?: Atributos): void;
  /** The active span's ids, for the log line (undefined outside any span). */
  ids(): { trace_id: string; span_id: string } | undefined;
  /** Exports what is still buffered and stops (the server's shutdown). */
  encerrar(): Promise<void>;
}

const CHAVE = Symbol.for('portal-beneficiario.rastreador');
type ComRastreador = typeof globalThis & { [CHAVE]?: Rastreador };

/** The installed tracer, or undefined (tracing off). */
export function rastreador(): Rastreador | undefined {
  return (globalThis as ComRastreador)[CHAVE];
}

/** src/otel.ts installs its tracer here; tests remove it with undefined. */
export function instalarRastreador(r: Rastreador | undefined): void {
  (globalThis as ComRastreador)[CHAVE] = r;
}

/** `fn` in a span when tracing is on; `fn` alone otherwise. */
export function emSpan<T>(nome: string, atributos: Atributos, fn: () => Promise<T>): Promise<T> {
  const r = rastreador();
  return r ? r.emSpan(nome, atributos, fn) : fn();
}

/**
 * SQL as a span may show it: the statement only (values travel as parameters, never in the span),
 * and any quoted literal or long run of digits masked — a CPF can never reach a collector even if a
 * statement one day carried one inline.
 */
export function sqlSemDados(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/\d{3}\.\d{3}\.\d{3}-\d{2}/g, '?')
    .replace(/\d{6,}/g, '?')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 2000);
}
