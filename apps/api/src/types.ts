import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import type { CounterStore } from './lib/counters';
import type { Throttle } from './lib/throttle';
import type { AuditRepository } from './modules/audit/repository';
import type { Notifier } from './modules/notificacoes/service';
import type { TokenService } from './modules/token/service';
import type { SessaoAtiva } from './plugins/session';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: Clock;
    counters: CounterStore;
    throttle: Throttle;
    notifier: Notifier;
    audit: AuditRepository;
    tokens: TokenService;
    /** HMAC key of verification codes (CODE_SECRET or the stored one). */
    codeSecret: string;
    /**
     * The member behind a call: resolves body.perfilAutenticado (or PerfilAutenticado) together
     * with the pb_sessao cookie; 401 SESSAO_INVALIDA otherwise. Every member area uses it.
     */
    requireSession(request: FastifyRequest): Promise<SessaoAtiva>;
  }
}

export {};
