import { tracingChannel } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import FastifyOtelInstrumentation from '@fastify/otel';
import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as ExportadorJson } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ExportadorProtobuf } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type ReadableSpan,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { instalarRastreador, type Rastreador, sqlSemDados } from './lib/rastreamento';

/**
 * OpenTelemetry traces (issue 32, decision 0066). Loaded by src/server.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and before the app: pg's modules must be required after the
 * pg instrumentation is on (its hooks catch pg's own `require`s); Fastify, undici and ioredis
 * publish on diagnostics channels and need no such order.
 *
 * What a span may carry is decided in one place, `semDadosPessoais`, for every span whatever made it.
 */

/** The name of paths no route matched (as the metrics label them, lib/metricas.ts). */
const SEM_ROTA = '(sem rota)';

/** Attributes that identify a person or their device: never exported. */
const DESCARTADOS = new Set([
  'client.address',
  'client.port',
  'network.peer.address',
  'network.peer.port',
  'net.peer.ip',
  'net.peer.port',
  'net.sock.peer.addr',
  'net.sock.peer.port',
  'http.client_ip',
  'user_agent.original',
  'http.user_agent',
  'url.query',
  'db.query.parameter',
]);

/** Digits that could be a CPF (formatted or not), a card number or a phone: masked in any text attribute. */
const mascarar = (s: string) => s.replace(/\d{3}\.\d{3}\.\d{3}-\d{2}/g, '?').replace(/\d{11,}/g, '?');

/** A URL without its query string and fragment (a webhook's may carry a token). */
function semConsulta(url: string): string {
  try {
    const u = new URL(url);
    return mascarar(`${u.origin}${u.pathname}`);
  } catch {
    return mascarar(url.split(/[?#]/)[0] ?? '');
  }
}

/**
 * Rewrites a finished span's attributes before it is exported: a request's spans name its route
 * template, never the path asked (it may hold a protocol number); client spans keep the address
 * without its query; SQL keeps the statement with its literals masked; peers' addresses and user
 * agents are dropped; any other text has CPF-like digits masked. Exported for its test.
 */
export function semDadosPessoais(attrs: Record<string, unknown>, cliente: boolean): void {
  const rota = typeof attrs['http.route'] === 'string' ? attrs['http.route'] : SEM_ROTA;
  const servidor = !cliente;
  for (const chave of Object.keys(attrs)) {
    const v = attrs[chave];
    if (DESCARTADOS.has(chave) || chave.startsWith('http.request.header.') || chave.startsWith('db.query.parameter.'))
      delete attrs[chave];
    else if (chave === 'url.path' || chave === 'http.target')
      attrs[chave] = cliente && rota === SEM_ROTA ? semConsulta(String(v)) : rota;
    else if (chave === 'url.full' || chave === 'http.url')
      if (servidor) delete attrs[chave];
      else attrs[chave] = semConsulta(String(v));
    else if (chave === 'db.statement' || chave === 'db.query.text') attrs[chave] = sqlSemDados(String(v));
    else if (typeof v === 'string') attrs[chave] = mascarar(v);
  }
}

/** The processor every span passes on its way to the exporter. */
class Higienizador implements SpanProcessor {
  constructor(private readonly seguinte: SpanProcessor) {}
  onStart(span: Parameters<SpanProcessor['onStart']>[0], ctx: Parameters<SpanProcessor['onStart']>[1]): void {
    this.seguinte.onStart(span, ctx);
  }
  onEnd(span: ReadableSpan): void {
    semDadosPessoais(span.attributes as Record<string, unknown>, span.kind === SpanKind.CLIENT);
    for (const e of span.events) if (e.attributes) semDadosPessoais(e.attributes as Record<string, unknown>, false);
    this.seguinte.onEnd(span);
  }
  forceFlush() {
    return this.seguinte.forceFlush();
  }
  shutdown() {
    return this.seguinte.shutdown();
  }
}

/** OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL: http/protobuf (the default) or http/json. */
function exportador(env: NodeJS.ProcessEnv): SpanExporter {
  const protocolo = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  if (protocolo === 'http/json') return new ExportadorJson();
  if (protocolo !== 'http/protobuf')
    console.warn(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocolo} não é aceito aqui: usando http/protobuf.`);
  return new ExportadorProtobuf();
}

/** ioredis ≥ 6 publishes each command on `ioredis:command`: a span per command, never its arguments (keys may hold a CPF). */
function rastrearRedis(tracer: ReturnType<typeof trace.getTracer>): void {
  const spans = new WeakMap<object, Span>();
  tracingChannel<string, { command: string; database: number; serverAddress: string; serverPort?: number }>(
    'ioredis:command',
  ).subscribe({
    start(ctx) {
      // As the pg instrumentation's requireParentSpan: commands outside a request or import make none.
      if (!trace.getActiveSpan()) return;
      spans.set(
        ctx,
        tracer.startSpan(`redis ${ctx.command.toUpperCase()}`, {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'redis',
            'db.operation.name': ctx.command.toUpperCase(),
            'db.namespace': String(ctx.database),
            'server.address': ctx.serverAddress,
            ...(ctx.serverPort ? { 'server.port': ctx.serverPort } : {}),
          },
        }),
      );
    },
    end() {},
    asyncStart() {},
    asyncEnd(ctx) {
      spans.get(ctx)?.end();
    },
    error(ctx) {
      const e = (ctx as { error?: unknown }).error;
      spans.get(ctx)?.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.name : 'erro' });
    },
  });
}

function versao(): string {
  try {
    return (createRequire(import.meta.url)('../package.json') as { version: string }).version;
  } catch {
    return 'desconhecida';
  }
}

/**
 * Starts tracing: the provider (service name and version as resource attributes, OTEL_SERVICE_NAME
 * and OTEL_RESOURCE_ATTRIBUTES win), the instrumentations, and the app's seam (lib/rastreamento.ts).
 */
export function iniciarRastreamento(env: NodeJS.ProcessEnv = process.env): Rastreador {
  const resource = resourceFromAttributes({
    'service.name': 'portal-beneficiario',
    'service.version': versao(),
  }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new Higienizador(new BatchSpanProcessor(exportador(env)))],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // The server span of each request: active from its first log line to its last. Outgoing
      // node:http is not traced (the exporter itself speaks it; webhooks go through undici).
      new HttpInstrumentation({
        disableOutgoingRequestInstrumentation: true,
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? ''),
      }),
      // The request's span, named by the route template. Hook and handler spans are off: one per
      // plugin hook, named by the plugin chain (or the handler's source text), they outnumbered the rest.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        instrumentHandler: false,
        ignorePaths: (o: { url: string }) => /^\/(healthz|readyz|metrics)(\?|$)/.test(o.url),
        requestHook: (span: Span, request: { method: string; routeOptions: { url?: string } }) => {
          const rota = request.routeOptions.url ?? SEM_ROTA;
          span.updateName(`${request.method} ${rota}`);
        },
      }),
      // Statements only, never their values (enhancedDatabaseReporting stays off).
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      // Outgoing webhooks (undici's fetch).
      new UndiciInstrumentation(),
    ],
  });
  const tracer = trace.getTracer('portal-beneficiario', versao());
  rastrearRedis(tracer);

  const r: Rastreador = {
    emSpan(nome, atributos, fn) {
      return tracer.startActiveSpan(nome, { attributes: atributos }, async (span) => {
        try {
          return await fn();
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'erro' });
          throw err;
        } finally {
          span.end();
        }
      });
    },
    registrar(nome, inicio, fim, atributos) {
      tracer.startSpan(nome, { startTime: inicio, attributes: atributos }, context.active()).end(fim);
    },
    ids() {
      const c = trace.getActiveSpan()?.spanContext();
      return c ? { trace_id: c.traceId, span_id: c.spanId } : undefined;
    },
    encerrar: () => provider.shutdown(),
  };
  instalarRastreador(r);
  return r;
}
