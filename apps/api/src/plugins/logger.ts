import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
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
