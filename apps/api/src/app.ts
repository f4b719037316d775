import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDb } from './db/open';
import { comMedicao } from './db/medicao';
import { pgliteComSpans } from './db/rastreio';
import { rastreador } from './lib/rastreamento';
import { serverSecret } from './db/secrets';
import { prepararSelagem, type SelagemPreparada } from './db/selagem';
import { seedDemo } from './seed';
import { carregarPrestadoresGerados } from './seed/guia-medico';
import { PgCounterStore } from './db/counters';
import type { CounterStore } from './lib/counters';
import { closePasswordWorkers } from './lib/password';
import { serializadorCompilado } from './lib/serializacao';
import { RedisCounterStore } from './lib/counters-redis';
import { Metricas, semContadores } from './lib/metricas';
import {
  areasDeDesenvolvimento,
  areasDaEquipe,
  areasDeIntegracao,
  areasDoApp,
  areasDoMembro,
  areasDoParceiro,
  areasPublicas,
} from './modules';
import { registrarDisponibilidade } from './modules/metricas/disponibilidade';
import { fontesDoNegocio, registrarMetricasDeNegocio } from './modules/metricas/negocio';
import { loadOperadora } from './modules/operadora/config';
import { requireApiToken } from './plugins/auth';
import { prazoDaRequisicao } from './plugins/prazo-da-requisicao';
import cookies from './plugins/cookies';
import errors from './plugins/errors';
import health from './plugins/health';
import metricasPlugin from './plugins/metricas';
import hostDoConsole from './plugins/host-do-console';
import { lazyChildLogger, loggerOptions } from './plugins/logger';
import { exigirMembro } from './plugins/membro';
import openapi from './plugins/openapi';
import { pwaRoutes } from './modules/carteirinha-digital/pwa';
import retencao from './core/retencao/agendador';
import security from './plugins/security';
import web from './plugins/web';
import { avisosPostgres, avisosRedis, semAvisos } from './core/sessao/avisos';
import type { Resolvedor } from './core/webhooks/service';
import { createServices } from './services';
import './types';

/**
 * Marks each route in the OpenAPI document with who may call it (the innermost group wins, as its
 * hook runs last): the route test reads this to prove every member route refuses without a session.
 */
function documentar(
  acesso: 'publica' | 'parceiro' | 'app' | 'membro' | 'integracao' | 'atendimento',
  security: Record<string, string[]>[],
) {
  return (route: RouteOptions) => {
    route.schema = { ...route.schema, security, tags: [acesso] };
  };
}

/** What tests (and embedders) may swap: the database, time, counters, the log destination. */
export interface Overrides {
  db?: Db;
  clock?: Clock;
  counters?: CounterStore;
  logStream?: DestinationStream;
  /** How webhook endpoint names are resolved (tests: never a real DNS). */
  resolvedorDeNomes?: Resolvedor;
}

// zod's own messages (types, sizes) in Portuguese; the contract's messages already are.
z.config(z.locales.ptBR());

export async function buildApp(config: Config, overrides: Overrides = {}): Promise<FastifyInstance> {
  // The operator configuration first: a bad value stops the start before anything opens.
  const operadora = loadOperadora(config.operadoraDir, config.env);
  const app = Fastify({
    logger: loggerOptions(config, overrides.logStream),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: config.bodyLimit,
    // A hop count is valid at runtime (proxy-addr) though missing from the types.
    trustProxy: config.trustProxy as boolean | string,
    return503OnClosing: true,
    // The time to receive a whole request is bounded per request (plugins/prazo-da-requisicao: Node
    // reads requestTimeout only when the server is made, and the integration uploads need longer);
    // the headers by Node, checked every second rather than every 30 s.
    http: {
      requestTimeout: 0,
      headersTimeout: config.timeouts.request,
      connectionsCheckingInterval: Math.min(1000, config.timeouts.request || 1000),
    },
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  // Every route declares its zod schemas (packages/contract): validation, types and OpenAPI from one place.
  // The full route table is kept so a test can prove no /api route lacks them (routes.test.ts).
  const rotas: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void rotas.push(route));
  app.decorate('rotas', rotas);
  // Requests: zod itself (its object parsers are generated code, and its messages are the contract's).
  // Answers: the same schemas compiled to fast-json-stringify, naming only the contract's fields (0035).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializadorCompilado({ conferir: config.nodeEnv === 'test' }));
  // Only JSON bodies: text/plain would reach the validators as a string (415 instead).
  app.removeContentTypeParser(['text/plain']);

  const clock = overrides.clock ?? systemClock;
  const aberto =
    overrides.db ?? (await openDb(config, (err) => app.log.warn({ err }, 'idle database connection lost')));
  // Tracing on (decision 0066): PGlite's statements as spans (PostgreSQL's come from the pg instrumentation).
  const rastreado = rastreador() && aberto.kind === 'pglite' ? pgliteComSpans(aberto) : aberto;
  // Metrics (decision 0051): made only when /metrics can be read (METRICS_TOKEN or METRICS_PORT); then
  // every statement is timed, those of the start-up work too.
  const metricas = config.metricas.ativas ? new Metricas({ banco: () => aberto.estado() }) : null;
  const db = metricas ? comMedicao(rastreado, metricas.observarConsulta) : rastreado;
  const ownsDb = !overrides.db;
  // Start-up work runs without the request bounds: the schema lock may be held by another instance
  // migrating, and the seed may scan for longer than a request may wait.
  const inicio = db.semLimites();
  let selagem: SelagemPreparada;
  try {
    const applied = await migrate(inicio);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    // The sealing key (issue 30): the environment's; a database still holding keys moves off them now.
    selagem = await prepararSelagem(inicio, config);
    if (selagem.migracao)
      app.log.warn(
        {
          resselados: selagem.migracao.resselados,
          ilegiveis: selagem.migracao.ilegiveis,
          chavesApagadas: selagem.migracao.chavesApagadas,
        },
        'sealed values moved to the sealing key; its former keys were deleted from the database',
      );
    if (selagem.origem === 'banco')
      app.log.warn('CHAVE_DE_SELAGEM unset: the sealing key is kept in the database (development and demo only)');
    if (config.seed === 'demo') {
      const parts = await seedDemo(inicio, undefined, {
        hoje: new Date(clock.now()),
        registroAns: operadora.registroAns,
      });
      if (parts.length) app.log.info({ parts }, 'demo data loaded');
      // SEED_PROVIDERS: load-test providers around the demo network (Guia Médico, decision 0008).
      const gerados = await carregarPrestadoresGerados(inicio, config.seedProviders);
      if (gerados) app.log.info({ gerados, total: config.seedProviders }, 'generated providers loaded');
    } else if (config.seedProviders) {
      app.log.warn('SEED_PROVIDERS needs SEED=demo (the generated providers use the demo cities): ignored');
    }
  } catch (err) {
    if (ownsDb) await db.close().catch(() => undefined);
    throw err;
  } finally {
    await inicio.close().catch(() => undefined);
  }
  const contadores = metricas ?? semContadores;
  const counters =
    overrides.counters ??
    (config.redisUrl
      ? RedisCounterStore.connect(
          config.redisUrl,
          clock,
          { conectarMs: config.timeouts.redisConnect, comandoMs: config.timeouts.redisCommand },
          (err) => app.log.warn({ err }, 'redis connection error'),
          contadores,
        )
      : new PgCounterStore(db, clock));
  // Sessions ended on one instance are dropped from the others' caches at once (issue 13, 0006).
  const avisosDeSessao = config.redisUrl
    ? await avisosRedis(config.redisUrl, app.log)
    : db.kind === 'pg' && config.databaseUrl
      ? await avisosPostgres(
          config.databaseUrl,
          (canal, texto) => db.query('select pg_notify($1, $2)', [canal, texto]),
          app.log,
        )
      : semAvisos;
  const services = createServices({
    db,
    config,
    clock,
    counters,
    log: app.log,
    operadora,
    tokenSecret: await serverSecret(db, 'token_secret', config.tokenSecret),
    codeSecret: await serverSecret(db, 'code_secret', config.codeSecret),
    clubeSecret: await serverSecret(db, 'clube_secret', config.clubeSecret),
    carteirinhaSecret: await serverSecret(db, 'carteirinha_secret', config.carteirinhaSecret),
    selagem: selagem.selagem,
    avisosDeSessao,
    resolvedorDeNomes: overrides.resolvedorDeNomes,
    contadores,
  });
  if (metricas) {
    const opcoes = { clock, cacheMs: config.metricas.cacheSegundos * 1000, log: app.log };
    registrarMetricasDeNegocio(metricas.registro, fontesDoNegocio(db, services), opcoes);
    // Redis's PING where the counters live there (as /readyz asks); PostgreSQL's counters have none.
    const loja: CounterStore = counters;
    const ping = loja.ping?.bind(loja);
    registrarDisponibilidade(
      metricas.registro,
      { banco: () => db.query('select 1'), ...(ping ? { redis: ping } : {}) },
      opcoes,
    );
  }

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('operadora', operadora);
  app.decorate('services', services);
  app.decorate('metricas', metricas);
  app.decorateRequest('membro', null as never);

  // Webhooks out (decision 0029): the delivery worker runs beside the requests, in every instance
  // unless WEBHOOKS_WORKER=false; closing waits for the deliveries in flight.
  if (config.webhooks.worker) app.addHook('onReady', async () => services.webhooks.entregador.iniciar());
  app.addHook('onClose', async () => {
    await services.webhooks.entregador.parar();
    await services.notifier.drain();
    await closePasswordWorkers();
    await services.sessoes.close();
    if (!overrides.counters) await counters.close();
    if (ownsDb) await db.close();
  });

  // First: its onRoute hook binds every route registered after it to its own observer.
  await app.register(metricasPlugin);
  await app.register(cookies);
  await app.register(security);
  await app.register(errors);
  // CONSOLE_HOST: the staff console on its own host, the members' routes off it (decision 0033).
  await app.register(hostDoConsole);
  await app.register(prazoDaRequisicao, { ms: config.timeouts.request });
  await app.register(openapi);
  await app.register(health, { counters });
  await app.register(retencao);

  await app.register(
    async (api) => {
      api.addHook('onRoute', documentar('publica', []));
      for (const area of areasPublicas) await api.register(area);
      if (config.outboxEnabled) for (const area of areasDeDesenvolvimento) await api.register(area);
      await api.register(async (parceiro) => {
        parceiro.addHook('onRoute', documentar('parceiro', [{ segredoDoParceiro: [] }]));
        for (const area of areasDoParceiro) await parceiro.register(area);
      });
      // The operator's systems, with their own keys (issue 16): neither the API token nor a session.
      await api.register(
        async (integracao) => {
          integracao.addHook('onRoute', documentar('integracao', [{ chaveDeIntegracao: [] }]));
          for (const area of areasDeIntegracao) await integracao.register(area);
        },
        { prefix: '/integracao/v1' },
      );
      // The staff console (issue 17, decision 0033): its own cookie (pb_equipe) and nothing else.
      await api.register(
        async (equipe) => {
          equipe.addHook('onRoute', documentar('atendimento', [{ cookieDaEquipe: [] }]));
          for (const area of areasDaEquipe) await equipe.register(area);
        },
        { prefix: '/atendimento' },
      );
      await api.register(async (comToken) => {
        comToken.addHook('onRequest', requireApiToken);
        comToken.addHook('onRoute', documentar('app', [{ tokenDoAplicativo: [] }]));
        for (const area of areasDoApp) await comToken.register(area);
        await comToken.register(async (membro) => {
          membro.addHook('preValidation', exigirMembro);
          membro.addHook('onRoute', documentar('membro', [{ tokenDoAplicativo: [], cookieDaSessao: [] }]));
          for (const area of areasDoMembro) await membro.register(area);
        });
      });
    },
    { prefix: '/api' },
  );

  // The web app manifest and the service worker (decision 0016), beside the web app that web serves.
  await app.register(pwaRoutes);
  await app.register(web);
  return app;
}
