import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, DestinationStream } from 'pino';
import type { Config } from '../config';

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
  return {
    level: config.logLevel,
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
const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

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
  let child: FastifyBaseLogger | undefined;
  const real = () => (child ??= logger.child(bindings, opts));
  const lazy = { child: (b: Bindings, o?: ChildLoggerOptions) => real().child(b, o) } as Record<string, unknown>;
  for (const level of LEVELS) {
    lazy[level] = (...args: unknown[]) => {
      if (!(logger as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level)) return;
      (real()[level] as (...a: unknown[]) => void)(...args);
    };
  }
  lazy.silent = () => undefined;
  Object.defineProperty(lazy, 'level', { get: () => (child ?? logger).level, set: (v: string) => (real().level = v) });
  return lazy as unknown as FastifyBaseLogger;
}
