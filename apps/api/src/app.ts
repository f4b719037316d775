import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDb } from './db/open';
import { serverSecret } from './db/secrets';
import { seedDemo } from './db/seed';
import { type CounterStore, PgCounterStore } from './lib/counters';
import { RedisCounterStore } from './lib/counters-redis';
import { Throttle } from './lib/throttle';
import { AuditRepository } from './modules/audit/repository';
import devRoutes from './modules/dev/routes';
import loginRoutes from './modules/login/routes';
import { OutboxRepository } from './modules/notificacoes/repository';
import { Notifier } from './modules/notificacoes/service';
import registroRoutes from './modules/registro/routes';
import tokenRoutes from './modules/token/routes';
import { TokenService } from './modules/token/service';
import { requireApiToken } from './plugins/auth';
import errors from './plugins/errors';
import health from './plugins/health';
import { loggerOptions } from './plugins/logger';
import security from './plugins/security';
import session from './plugins/session';
import web from './plugins/web';
import './types';

/** What tests (and embedders) may swap: the database, time, counters, the log destination. */
export interface Overrides {
  db?: Db;
  clock?: Clock;
  counters?: CounterStore;
  logStream?: DestinationStream;
}

// zod's own messages (types, sizes) in Portuguese; the contract's messages already are.
z.config(z.locales.ptBR());

export async function buildApp(config: Config, overrides: Overrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, overrides.logStream),
    bodyLimit: config.bodyLimit,
    // A hop count is valid at runtime (proxy-addr) though missing from the types.
    trustProxy: config.trustProxy as boolean | string,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  // Only JSON bodies: text/plain would reach the validators as a string (415 instead).
  app.removeContentTypeParser(['text/plain']);

  const clock = overrides.clock ?? systemClock;
  const db = overrides.db ?? (await openDb(config, (err) => app.log.warn({ err }, 'idle database connection lost')));
  const ownsDb = !overrides.db;
  try {
    const applied = await migrate(db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    if (config.seed === 'demo' && (await seedDemo(db))) app.log.info('demo data loaded');
  } catch (err) {
    if (ownsDb) await db.close().catch(() => undefined);
    throw err;
  }
  const tokenSecret = await serverSecret(db, 'token_secret', config.tokenSecret);
  const codeSecret = await serverSecret(db, 'code_secret', config.codeSecret);
  const counters =
    overrides.counters ??
    (config.redisUrl ? RedisCounterStore.connect(config.redisUrl, clock) : new PgCounterStore(db, clock));
  const notifier = new Notifier(
    new OutboxRepository(db),
    {
      smtpUrl: config.smtpUrl,
      smtpFrom: config.smtpFrom,
      smsWebhookUrl: config.smsWebhookUrl,
      keepCodes: !config.production,
    },
    clock,
    app.log,
  );

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('counters', counters);
  app.decorate('throttle', new Throttle(counters, config.throttle, clock));
  app.decorate('notifier', notifier);
  app.decorate('audit', new AuditRepository(db, clock));
  app.decorate('codeSecret', codeSecret);
  app.decorate(
    'tokens',
    new TokenService(
      tokenSecret,
      { usuario: config.apiClientUser, senha: config.apiClientSecret },
      config.tokenTtlSeconds,
      clock,
    ),
  );

  app.addHook('onClose', async () => {
    await notifier.drain();
    if (!overrides.counters) await counters.close();
    if (ownsDb) await db.close();
  });

  await app.register(cookie);
  await app.register(security);
  await app.register(errors);
  await app.register(session);
  await app.register(health);

  await app.register(
    async (api) => {
      await api.register(tokenRoutes);
      if (config.outboxEnabled) await api.register(devRoutes);
      await api.register(async (membro) => {
        membro.addHook('onRequest', requireApiToken);
        await membro.register(loginRoutes);
        await membro.register(registroRoutes);
      });
    },
    { prefix: '/api' },
  );

  await app.register(web);
  return app;
}
