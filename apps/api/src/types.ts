import type { Operadora } from '@portal/contract';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Membro } from './core/sessao/membro';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: Clock;
    /** The operator configuration, validated at start (operadora.json + OPERADORA_*). */
    operadora: Operadora;
    /** Repositories and services, built once (services.ts). */
    services: Services;
    /** The Prometheus metrics (decision 0051); null when METRICS_TOKEN and METRICS_PORT are unset. */
    metricas: import('./lib/metricas').Metricas | null;
    /** METRICS_PORT's own listener, when configured (started with the app's listen). */
    servidorDeMetricas?: import('node:http').Server;
    /** Every route registered, with its options (schemas included). */
    rotas: import('fastify').RouteOptions[];
  }
  interface FastifyRequest {
    /**
     * The member behind the call. Set by the member group's hook (plugins/membro.ts) before any
     * handler of that group runs; null on the other routes, which must not read it.
     */
    membro: import('./core/sessao/membro').Membro;
  }
}

export type { Membro };
