import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, DestinationStream } from 'pino';
import type { Config } from '../config';
import { rastreador } from '../lib/rastreamento';

// Personal data and secrets never reach the logs, wherever they appear in a log object.
const SENSITIVE = [
  'cpf',
  'senha',
  'password',
  'token',
  'codigo',
  'tokenSMS',
  'tokenEmail',
  'confirmacaoSenha',
  'email',
  'celular',
];
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SENSITIVE,
  ...SENSITIVE.map((k) => `*.${k}`),
  ...SENSITIVE.map((k) => `*.*.${k}`),
];

/** Errors keep type, message, code and stack only: driver errors carry row values in `detail`. */
function errSerializer(err: Error & { code?: unknown; statusCode?: unknown }) {
  return { type: err.name, message: err.message, code: err.code, statusCode: err.statusCode, stack: err.stack };
}

export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  // Tracing on (src/otel.ts installed before the app was built): every line written inside a
  // request's span carries its trace_id and span_id (issue 32, decision 0066). Off: no mixin at all.
  const r = rastreador();
  const semIds = {};
  return {
    level: config.logLevel,
    ...(r ? { mixin: () => r.ids() ?? semIds } : {}),
    redact: { paths: REDACT, censor: '[oculto]' },
    serializers: {
      err: errSerializer,
      // Paths only: a query string may one day carry personal data.
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        reqId: req.id,
      }),
    },
    ...(stream ? { stream } : {}),
  } as FastifyServerOptions['logger'];
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

type Metodo = (...args: unknown[]) => void;
interface ComNivel {
  isLevelEnabled(level: string): boolean;
}

/**
 * The logger a request gets until it logs: the parent, its bindings and options, nothing built.
 * Methods live on the prototype, so making one is one small object per request (0006, 0035).
 */
class LoggerPreguicoso {
  private real?: FastifyBaseLogger;
  constructor(
    private readonly pai: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {}
  private filho(): FastifyBaseLogger {
    return (this.real ??= this.pai.child(this.bindings, this.opts));
  }
  private log(level: Level, args: unknown[]): void {
    if (!(this.pai as unknown as ComNivel).isLevelEnabled(level)) return;
    (this.filho()[level] as Metodo)(...args);
  }
  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  silent() {}
  child(bindings: Bindings, opts?: ChildLoggerOptions) {
    return this.filho().child(bindings, opts);
  }
  get level(): string {
    return (this.real ?? this.pai).level;
  }
  set level(v: string) {
    this.filho().level = v;
  }
}

/**
 * Fastify gives every request a child logger; with redaction, building one costs more than the
 * whole session check (0006). This one is built on the first line the request actually logs, so
 * requests that log nothing at the configured level never pay for it.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LoggerPreguicoso(logger, bindings, opts) as unknown as FastifyBaseLogger;
}
