import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { lerChaveDeSelagem } from './lib/selagem';
import type { LimitesDeThrottle } from './lib/tentativas';

/**
 * Environment, read and validated once at start (a bad value stops the process naming the variable).
 *
 * PORT                 3000           HTTP port.
 * HOST                 0.0.0.0        Listen address.
 * NODE_ENV             development    'production' turns on Secure cookies, HSTS and turns off /api/dev/outbox.
 * LOG_LEVEL            info           pino level (fatal|error|warn|info|debug|trace|silent).
 * DATA_DIR             ./.data        PGlite data directory (used when DATABASE_URL is unset).
 * DATABASE_URL         (unset)        postgres://… → PostgreSQL through a node-postgres pool instead of PGlite.
 * DATABASE_POOL_MAX    10             Pool size for DATABASE_URL.
 * Bounded waits on the database and Redis (issue 13): past them the request answers 503 INDISPONIVEL.
 * DATABASE_CONNECT_TIMEOUT_MS        3000   Wait for a pooled connection (pool full, or connecting); PGlite:
 *                                           wait for its single connection.
 * DATABASE_STATEMENT_TIMEOUT_MS      5000   PostgreSQL statement_timeout of request queries.
 * DATABASE_LOCK_TIMEOUT_MS           3000   PostgreSQL lock_timeout (a row or table lock held by someone else).
 * DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS 10000  idle_in_transaction_session_timeout (a stuck transaction ends).
 * DATABASE_QUERY_TIMEOUT_MS          8000   Client-side wait for any answer (an unreachable or silent server).
 * REDIS_CONNECT_TIMEOUT_MS           2000   Wait for a Redis connection.
 * REDIS_COMMAND_TIMEOUT_MS           2000   Wait for a Redis answer.
 * REQUEST_TIMEOUT_MS                 10000  Fastify requestTimeout: time to receive a whole request.
 * SEED                 demo (none in production)   demo: load the demo operator (and later seed parts); none: never.
 *                                     Production never loads the demo people unless SEED=demo is set explicitly.
 * SEED_PROVIDERS       0              Extra generated providers for load tests (Guia Médico benchmark; needs SEED=demo).
 * RELOGIO_INICIO       (unset)        NODE_ENV=test only: the server's clock starts at this instant (ISO 8601) and runs on,
 *                                     for journeys that need "a year later" (e2e/reembolso: the next IRPF informe).
 * GUIA_CACHE_SECONDS   300            How long an instance reuses the result list of a Guia Médico free-text
 *                                     search (count and next pages without a new scan; 0: never, decision 0008).
 * REDIS_URL            (unset)        redis://… → throttling counters in Redis (shared by instances); else PostgreSQL.
 * SMTP_URL             (unset)        smtp(s)://… → e-mails are also sent through nodemailer (always kept in the outbox).
 * SMTP_FROM            (unset)        Sender of those e-mails; unset: the operator's name at nao-responda@ its site's domain.
 * SMS_WEBHOOK_URL      (unset)        https://… → each SMS is POSTed as JSON {to, message}.
 * TOKEN_SECRET         (unset)        HS256 key of the API token (≥ 32 chars); unset: generated once, kept in server_secrets.
 * CODE_SECRET          (unset)        HMAC key of verification codes (≥ 32 chars); unset: same as above.
 * CLUBE_SECRET         (unset)        the benefits-club partner's secret: it redeems link codes (Clube/ResgatarAcesso) (≥ 32 chars);
 *                                     unset: generated once and kept in server_secrets (demo).
 * CARTEIRINHA_SECRET   (unset)        HS256 key of the digital card's QR tokens (≥ 32 chars); unset: same as above.
 * CHAVE_DE_SELAGEM     (unset)        The key that seals the staff's TOTP secrets and the webhook secrets: base64 of 32
 *                                     random bytes (openssl rand -base64 32). REQUIRED in production; never in the
 *                                     database. Unset outside production: one generated once and kept in
 *                                     server_secrets (development and demo only). Issue 30, decision 0030.
 * CHAVE_DE_SELAGEM_ARQUIVO (unset)    Instead: a file holding it (Docker/Kubernetes secret, /run/secrets/…).
 * CHAVE_DE_SELAGEM_ANTERIOR (unset)   During a rotation: the previous key (or …_ANTERIOR_ARQUIVO); it only opens,
 *                                     `npm run selagem -- rotacionar` re-seals everything under the new one.
 * API_CLIENT_USER      portal-web     Client credential accepted by /api/Token/GerarToken.
 * API_CLIENT_SECRET    portal-web-demo
 * TOKEN_TTL_SECONDS    900            Lifetime of the API token.
 * COOKIE_SECURE        true in production, else false   Secure flag of pb_sessao / pb_fluxo.
 * TRUST_PROXY          false          Fastify trustProxy: true|false|hop count|comma-separated addresses/CIDRs.
 * WEB_DIST             apps/web/dist (resolved from the server file)   Built SPA served on '/'.
 * BODY_LIMIT           65536          Largest request body in bytes (413 above it).
 * SESSION_IDLE_SECONDS 1800           Session ends after this long without an authenticated call.
 * SESSION_MAX_SECONDS  43200          Absolute session lifetime (12 h).
 * SESSION_CACHE_SECONDS 5             How long an instance trusts its cached copy of a session (0: never);
 *                                     a logout elsewhere takes effect here within this time (0006).
 * SESSION_TOUCH_SECONDS 60            The idle clock is written at most this often per session.
 * AUDIT_RETENTION_DAYS 1826           Audit rows are kept this long (5 years), then pruned.
 * OUTBOX_RETENTION_DAYS 30            Sent SMS/e-mail copies are kept this long.
 * PRUNE_INTERVAL_SECONDS 3600         How often expired rows are pruned (0: never; one instance at a time).
 * OPERADORA_DIR        operadora/demo (resolved from the server file)   operadora.json and its images.
 * OPERADORA_*          (unset)        Overrides of single operadora.json fields (see README).
 * Webhooks out (issue 17, decision 0029):
 * WEBHOOKS_WORKER      true           false: this instance records events but delivers none (another instance does).
 * WEBHOOKS_INTERVAL_MS 1000           How often an idle delivery worker looks for due deliveries.
 * WEBHOOKS_TIMEOUT_MS  10000          Per POST to an endpoint.
 * WEBHOOKS_RETRY_DELAY_MS     60000   First back-off wait (doubling, ±20 % jitter)…
 * WEBHOOKS_RETRY_DELAY_MAX_MS 21600000 …up to 6 h; with 19 retries about 3 days in all.
 * WEBHOOKS_RETRY_LIMIT 19             Retries after the first attempt, then the delivery is a dead letter.
 * WEBHOOKS_PARALLEL    4              Deliveries in flight per instance.
 * WEBHOOKS_REDES_PERMITIDAS (see right) Comma-separated CIDRs (10.20.0.0/16,fd00::/8) a webhook may be posted to
 *                                     besides public addresses (decision 0048). Unset: none in production;
 *                                     elsewhere the loopback (127.0.0.0/8,::1/128), for local receivers.
 * Throttling (0002 defaults):
 * THROTTLE_WRONG_PASSWORDS_FREE          5                   Wrong passwords per CPF before waits start.
 * THROTTLE_WRONG_PASSWORDS_BACKOFF       30,60,120,240,480   Waits (s) after failure 5, 6, 7, 8, 9.
 * THROTTLE_WRONG_PASSWORDS_LOCK_AT       10                  Failures per CPF that lock it…
 * THROTTLE_WRONG_PASSWORDS_LOCK_SECONDS  900                 …for this long after the last failure.
 * THROTTLE_WRONG_PASSWORDS_PER_HOUR_IP   50                  Wrong passwords per IP per hour.
 * THROTTLE_CPF_CHECKS_PER_MINUTE         60                  VerificarCPF calls per IP per minute.
 * THROTTLE_CODE_RESEND_SECONDS           120                 Gap between sent codes of one CPF, per purpose.
 * THROTTLE_CODE_SENDS_PER_HOUR_CPF       5                   Code sends per CPF per hour.
 * THROTTLE_CODE_SENDS_PER_HOUR_IP        30                  Code sends per IP per hour.
 * THROTTLE_CODE_CHECKS_PER_10MIN_IP      30                  Code checks per IP per 10 minutes.
 * THROTTLE_CARD_CHECKS_PER_MINUTE_IP     30                  Card verifications (/verificar-carteirinha) per IP per minute.
 * Integration API (issue 16, decision 0024):
 * INTEGRACAO_BODY_LIMIT          2147483648   Largest import file sent to /api/integracao/v1/importacoes (bytes, streamed).
 * INTEGRACAO_CHAMADAS_POR_MINUTO 120          Default calls per minute of an operator key (a key may have its own).
 * INTEGRACAO_RECUSAS_POR_MINUTO_IP 20         Refused keys (missing, unknown, wrong, revoked, expired) per client IP per
 *                                             minute; past it 429 with Retry-After (issue 30, defect 8; valid keys still pass).
 * Imports (issue 30, decision 0049): a `completo` file that would cancel, inactivate or delete more than
 * max(PERCENTUAL % of the active records, min(MINIMO, half of them)) is refused unless the operator confirms
 * the exact number (--confirmar-cancelamentos N, or confirmarCancelamentos=N).
 * IMPORTACAO_LIMITE_PERCENTUAL   5            Share of the active records a `completo` file may remove unconfirmed (0–100).
 * IMPORTACAO_LIMITE_MINIMO       10           Records always allowed (small operators), if at most half of the active ones.
 * IMPORTACAO_DESFAZER_DIAS       30           How long an applied import can be undone (npm run importar -- desfazer <id>).
 * INTEGRACAO_ENVIO_CARENCIA_MS   30000        An import upload may be slow this long from its first byte…
 * INTEGRACAO_ENVIO_TAXA_MINIMA   10240        …then it must have averaged this many bytes a second (408 below it,
 *                                             the entity's import lock released; 0: no such bound, only the silence one).
 * EQUIPE_OCIOSIDADE_MINUTOS      15           Staff console session ends after this long unused (decision 0033; at most 10 h in all).
 * CONSOLE_HOST                   (unset)      A host name of the staff console's own (console.operadora.com.br): its pages and
 *                                             /api/atendimento answer only when the Host header is it, and member routes
 *                                             do not answer there (decision 0033). Unset: the console shares the members' host.
 * Metrics (issue 32, decision 0051): Prometheus text at /metrics, never public. Unset METRICS_TOKEN and
 * METRICS_PORT: no /metrics at all, and nothing is measured (no hook, no registry).
 * METRICS_TOKEN        (unset)        Bearer token of GET /metrics on the main port (≥ 32 chars): 404 when unset, 401 when wrong.
 * METRICS_PORT         (unset)        A listener of its own that only answers GET /metrics (the token too, when set);
 *                                     must differ from PORT.
 * METRICS_HOST         127.0.0.1      Listen address of METRICS_PORT (0.0.0.0 only on a private network).
 * METRICS_CACHE_SECONDS 15            The business values that need a query (protocols, reimbursements, webhook queue)
 *                                     are computed at most once per this interval per instance, by a scrape.
 * Reembolso (issue 18, decision 0034):
 * CLAMAV_SOCKET        (unset)        clamd's socket (/run/clamav/clamd.ctl, or host:port): each attachment is scanned (INSTREAM).
 * REEMBOLSO_COTA_MB    200            Attachment bytes stored per member and contract (deduplicated).
 * REEMBOLSO_QUATRO_OLHOS_ACIMA 1000   Reais: a console approval above it waits for a supervisor who is not its author
 *                                     to confirm it (four eyes, issue 31, decision 0053); 0: every approval does.
 * REEMBOLSO_DIAS_DE_PAGAMENTO  5,15,25 Days of the month of the operator's payment runs: the console offers the next one
 *                                     as the expected payment date, and the run after the approval as the day paid
 *                                     (a day past the month's end is its last day).
 */

// Same relative path from src/config.ts (tsx) and from dist/server.js (bundle): apps/api/<dir>/file.
const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const defaultOperadoraDir = fileURLToPath(new URL('../../../operadora/demo/', import.meta.url));

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
// A bounded wait: at least 50 ms (0 would mean "wait forever" to PostgreSQL and node-postgres), at most 10 min.
const ms = (def: number) => int(def, 50).refine((n) => n <= 600_000, 'no máximo 600000');
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const secret = z.string().min(32, 'deve ter pelo menos 32 caracteres').optional();

const envSchema = z.object({
  PORT: int(3000, 0).refine((n) => n <= 65535, 'porta inválida'),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres://')
    .optional(),
  DATABASE_POOL_MAX: int(10, 1),
  DATABASE_CONNECT_TIMEOUT_MS: ms(3000),
  DATABASE_STATEMENT_TIMEOUT_MS: ms(5000),
  DATABASE_LOCK_TIMEOUT_MS: ms(3000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(10_000),
  DATABASE_QUERY_TIMEOUT_MS: ms(8000),
  REDIS_CONNECT_TIMEOUT_MS: ms(2000),
  REDIS_COMMAND_TIMEOUT_MS: ms(2000),
  REQUEST_TIMEOUT_MS: ms(10_000),
  SEED: z.enum(['demo', 'none']).optional(),
  RELOGIO_INICIO: z.iso.datetime({ offset: true }).optional(),
  SEED_PROVIDERS: int(0).refine((n) => n <= 2_000_000, 'no máximo 2000000'),
  GUIA_CACHE_SECONDS: int(300).refine((n) => n <= 86_400, 'no máximo 86400'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'deve começar com redis://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'deve começar com smtp://')
    .optional(),
  SMTP_FROM: z.string().min(3).optional(),
  SMS_WEBHOOK_URL: z.url().optional(),
  TOKEN_SECRET: secret,
  CODE_SECRET: secret,
  CLUBE_SECRET: secret,
  CARTEIRINHA_SECRET: secret,
  CHAVE_DE_SELAGEM: z.string().optional(),
  CHAVE_DE_SELAGEM_ARQUIVO: z.string().min(1).optional(),
  CHAVE_DE_SELAGEM_ANTERIOR: z.string().optional(),
  CHAVE_DE_SELAGEM_ANTERIOR_ARQUIVO: z.string().min(1).optional(),
  API_CLIENT_USER: z.string().min(1).default('portal-web'),
  API_CLIENT_SECRET: z.string().min(1).default('portal-web-demo'),
  TOKEN_TTL_SECONDS: int(900, 60),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().min(1).default(defaultWebDist),
  BODY_LIMIT: int(65536, 1024),
  SESSION_IDLE_SECONDS: int(1800, 60),
  SESSION_MAX_SECONDS: int(43200, 60),
  SESSION_CACHE_SECONDS: int(5).refine((n) => n <= 60, 'no máximo 60'),
  SESSION_TOUCH_SECONDS: int(60, 1).refine((n) => n <= 300, 'no máximo 300'),
  AUDIT_RETENTION_DAYS: int(1826, 1),
  OUTBOX_RETENTION_DAYS: int(30, 1),
  PRUNE_INTERVAL_SECONDS: int(3600),
  OPERADORA_DIR: z.string().min(1).default(defaultOperadoraDir),
  WEBHOOKS_WORKER: bool.default(true),
  WEBHOOKS_INTERVAL_MS: ms(1000),
  WEBHOOKS_TIMEOUT_MS: ms(10_000),
  WEBHOOKS_RETRY_DELAY_MS: int(60_000, 10),
  WEBHOOKS_RETRY_DELAY_MAX_MS: int(21_600_000, 10),
  WEBHOOKS_RETRY_LIMIT: int(19).refine((n) => n <= 100, 'no máximo 100'),
  WEBHOOKS_PARALLEL: int(4, 1).refine((n) => n <= 32, 'no máximo 32'),
  WEBHOOKS_REDES_PERMITIDAS: z
    .string()
    .transform((s, ctx) => {
      const redes = s
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const invalida = redes.find((r) => normalizarRede(r) === null);
      if (invalida === undefined) return redes.map((r) => normalizarRede(r) as string);
      ctx.addIssue({
        code: 'custom',
        message: `'${invalida}' não é uma rede em notação CIDR (ex.: 10.20.0.0/16,fd00::/8)`,
      });
      return z.NEVER;
    })
    .optional(),
  THROTTLE_WRONG_PASSWORDS_FREE: int(5),
  THROTTLE_WRONG_PASSWORDS_BACKOFF: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'lista de segundos separados por vírgula')
    .default('30,60,120,240,480')
    .transform((s) => s.split(',').map(Number)),
  THROTTLE_WRONG_PASSWORDS_LOCK_AT: int(10, 1),
  THROTTLE_WRONG_PASSWORDS_LOCK_SECONDS: int(900, 1),
  THROTTLE_WRONG_PASSWORDS_PER_HOUR_IP: int(50, 1),
  THROTTLE_CPF_CHECKS_PER_MINUTE: int(60, 1),
  THROTTLE_CODE_RESEND_SECONDS: int(120, 0),
  THROTTLE_CODE_SENDS_PER_HOUR_CPF: int(5, 1),
  THROTTLE_CODE_SENDS_PER_HOUR_IP: int(30, 1),
  THROTTLE_CODE_CHECKS_PER_10MIN_IP: int(30, 1),
  THROTTLE_CARD_CHECKS_PER_MINUTE_IP: int(30, 1),
  INTEGRACAO_BODY_LIMIT: int(2 * 1024 ** 3, 1024),
  INTEGRACAO_CHAMADAS_POR_MINUTO: int(120, 1),
  INTEGRACAO_RECUSAS_POR_MINUTO_IP: int(20, 1),
  IMPORTACAO_LIMITE_PERCENTUAL: int(5).refine((n) => n <= 100, 'no máximo 100'),
  IMPORTACAO_LIMITE_MINIMO: int(10),
  IMPORTACAO_DESFAZER_DIAS: int(30, 1).refine((n) => n <= 3650, 'no máximo 3650'),
  INTEGRACAO_ENVIO_CARENCIA_MS: ms(30_000),
  INTEGRACAO_ENVIO_TAXA_MINIMA: int(10 * 1024, 0),
  EQUIPE_OCIOSIDADE_MINUTOS: int(15, 1).refine((n) => n <= 600, 'no máximo 600'),
  CONSOLE_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
      'um nome de host, sem esquema, porta nem caminho (ex.: console.operadora.com.br)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CLAMAV_SOCKET: z.string().min(1).optional(),
  REEMBOLSO_COTA_MB: int(200, 1),
  REEMBOLSO_QUATRO_OLHOS_ACIMA: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'um valor em reais, com ponto decimal (ex.: 1000 ou 1500.50)')
    .default('1000')
    .transform(Number),
  REEMBOLSO_DIAS_DE_PAGAMENTO: z
    .string()
    .regex(/^\s*\d{1,2}(\s*,\s*\d{1,2})*\s*$/, 'dias do mês separados por vírgula (ex.: 5,15,25)')
    .default('5,15,25')
    .transform((s) => [...new Set(s.split(',').map(Number))].sort((a, b) => a - b))
    .refine((dias) => dias.every((d) => d >= 1 && d <= 31), 'dias do mês de 1 a 31'),
  METRICS_TOKEN: secret,
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .refine((n) => n <= 65535, 'porta inválida')
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_CACHE_SECONDS: int(15, 1).refine((n) => n <= 3600, 'no máximo 3600'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  nodeEnv: Env['NODE_ENV'];
  production: boolean;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Bounded waits (ms): past them a request answers 503 INDISPONIVEL instead of hanging. */
  timeouts: {
    dbConnect: number;
    dbStatement: number;
    dbLock: number;
    dbIdleInTransaction: number;
    dbQuery: number;
    redisConnect: number;
    redisCommand: number;
    request: number;
  };
  seed: 'demo' | 'none';
  seedProviders: number;
  /** NODE_ENV=test only (RELOGIO_INICIO): where the server's clock starts, in ms since the epoch. */
  relogioInicio: number | undefined;
  guiaCacheSeconds: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Unset: the operator's name at nao-responda@ its site's domain (notificacoes/service.ts). */
  smtpFrom: string | undefined;
  smsWebhookUrl: string | undefined;
  tokenSecret: string | undefined;
  codeSecret: string | undefined;
  clubeSecret: string | undefined;
  carteirinhaSecret: string | undefined;
  /**
   * The sealing key (issue 30, defect 6): from the environment or a file, never the database; null
   * outside production when unset (then one kept in server_secrets, db/selagem.ts). `anterior`: the
   * previous key during a rotation (opens, never seals).
   */
  selagem: { chave: Buffer | null; anterior: Buffer | null };
  apiClientUser: string;
  apiClientSecret: string;
  tokenTtlSeconds: number;
  cookieSecure: boolean;
  trustProxy: boolean | number | string;
  webDist: string;
  bodyLimit: number;
  outboxEnabled: boolean;
  session: { idleSeconds: number; maxSeconds: number; cacheSeconds: number; touchSeconds: number };
  retention: { auditDays: number; outboxDays: number; pruneIntervalSeconds: number };
  operadoraDir: string;
  /** Webhooks out (decision 0029). */
  webhooks: {
    worker: boolean;
    intervaloMs: number;
    timeoutMs: number;
    esperaBaseMs: number;
    esperaMaxMs: number;
    retentativas: number;
    paralelas: number;
    /** Normalized CIDRs a webhook may be posted to besides public addresses (decision 0048). */
    redesPermitidas: string[];
  };
  /** The environment itself, for OPERADORA_* overrides (read by loadOperadora). */
  env: NodeJS.ProcessEnv;
  throttle: LimitesDeThrottle;
  /**
   * The integration API (issue 16): largest streamed import, default calls per key per minute, and
   * refused keys per client IP per minute (issue 30, defect 8), and the slowest upload taken (issue 30):
   * after `envioCarenciaMs`, at least `envioTaxaMinima` bytes/s on average (0: unbounded).
   */
  integracao: {
    bodyLimit: number;
    chamadasPorMinuto: number;
    recusasPorMinutoIp: number;
    envioCarenciaMs: number;
    envioTaxaMinima: number;
  };
  /**
   * Imports (decision 0049): the bound of what a `completo` file removes unconfirmed, and the undo window.
   */
  importacao: { limitePercentual: number; limiteMinimo: number; desfazerDias: number };
  /**
   * The staff console (decision 0033): idle minutes of a staff session, and its own host name
   * (CONSOLE_HOST, lower case) or null when it shares the members' host.
   */
  equipe: { ociosidadeMinutos: number; host: string | null };
  reembolso: {
    clamavSocket: string | undefined;
    cotaBytes: number;
    /** Four eyes above this approved amount (REEMBOLSO_QUATRO_OLHOS_ACIMA, in cents). */
    quatroOlhosAcimaCentavos: number;
    /** Days of the month of the payment runs (REEMBOLSO_DIAS_DE_PAGAMENTO), ascending. */
    diasDePagamento: number[];
  };
  /**
   * Metrics (decision 0051): the bearer token of /metrics on the main port, the port (and address) of
   * a listener of their own, and how long the query-based values are reused. `ativas`: either is set.
   */
  metricas: {
    ativas: boolean;
    token: string | undefined;
    porta: number | undefined;
    host: string;
    cacheSegundos: number;
  };
}

/**
 * A network as WEBHOOKS_REDES_PERMITIDAS writes it: a CIDR (10.20.0.0/16, fd00::/8) or a single
 * address; IPv4 in four decimal parts only. The normalized CIDR, or null when it is not one.
 */
function normalizarRede(texto: string): string | null {
  const [endereco = '', bits, ...resto] = texto.split('/');
  if (resto.length || endereco.includes('%') || !ipaddr.isValid(endereco)) return null;
  if (!endereco.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(endereco)) return null;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const ip = ipaddr.parse(endereco);
  const max = ip.kind() === 'ipv4' ? 32 : 128;
  const n = bits === undefined ? max : Number(bits);
  return n > max ? null : `${ip.toString()}/${n}`;
}

function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (v === undefined || v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export class ConfigError extends Error {}

const COMO_GERAR = '32 bytes aleatórios em base64 (gere com: openssl rand -base64 32)';

/** A sealing key from its variable or its file variable (one of them); null when neither is set. */
function lerChave(valor: string | undefined, arquivo: string | undefined, nome: string): Buffer | null {
  if (valor !== undefined && arquivo !== undefined)
    throw new ConfigError(`Invalid environment variable ${nome}: defina ${nome} ou ${nome}_ARQUIVO, não as duas`);
  let texto = valor;
  let origem = nome;
  if (arquivo !== undefined) {
    origem = `${nome}_ARQUIVO`;
    try {
      texto = readFileSync(arquivo, 'utf8');
    } catch (err) {
      const codigo = (err as NodeJS.ErrnoException).code ?? 'erro';
      throw new ConfigError(`Invalid environment variable ${origem}: não foi possível ler ${arquivo} (${codigo})`);
    }
  }
  if (texto === undefined) return null;
  const chave = lerChaveDeSelagem(texto);
  if (!chave)
    throw new ConfigError(
      `Invalid environment variable ${origem}: a chave deve ser ${COMO_GERAR}${arquivo !== undefined ? `, e só ela no arquivo` : ''}`,
    );
  return chave;
}

function lerSelagem(e: Env, production: boolean): Config['selagem'] {
  const chave = lerChave(e.CHAVE_DE_SELAGEM, e.CHAVE_DE_SELAGEM_ARQUIVO, 'CHAVE_DE_SELAGEM');
  const anterior = lerChave(
    e.CHAVE_DE_SELAGEM_ANTERIOR,
    e.CHAVE_DE_SELAGEM_ANTERIOR_ARQUIVO,
    'CHAVE_DE_SELAGEM_ANTERIOR',
  );
  if (!chave && production)
    throw new ConfigError(
      'Invalid environment variable CHAVE_DE_SELAGEM: obrigatória com NODE_ENV=production. É a chave que sela os ' +
        'segredos TOTP da equipe e os segredos dos webhooks, e fica fora do banco: defina CHAVE_DE_SELAGEM com ' +
        `${COMO_GERAR}, ou CHAVE_DE_SELAGEM_ARQUIVO com o caminho de um arquivo que a contenha (um secret do ` +
        'Docker ou do Kubernetes, em /run/secrets/…). Guarde-a fora do banco e dos backups dele (README, "Running in production").',
    );
  if (anterior && !chave)
    throw new ConfigError(
      'Invalid environment variable CHAVE_DE_SELAGEM_ANTERIOR: só durante uma troca de chave, junto com a nova CHAVE_DE_SELAGEM',
    );
  if (anterior && chave?.equals(anterior))
    throw new ConfigError('Invalid environment variable CHAVE_DE_SELAGEM_ANTERIOR: é igual à CHAVE_DE_SELAGEM');
  return { chave, anterior };
}

/** Reads the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset" (docker-compose style `FOO=`).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'env');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // A moved clock is a test instrument: anywhere else it would misdate protocols, deadlines and audit.
  if (e.RELOGIO_INICIO && e.NODE_ENV !== 'test')
    throw new ConfigError('Invalid environment variable RELOGIO_INICIO: only with NODE_ENV=test');
  const selagem = lerSelagem(e, production);
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    throw new ConfigError('Invalid environment variable METRICS_PORT: deve ser diferente de PORT');
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    production,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    timeouts: {
      dbConnect: e.DATABASE_CONNECT_TIMEOUT_MS,
      dbStatement: e.DATABASE_STATEMENT_TIMEOUT_MS,
      dbLock: e.DATABASE_LOCK_TIMEOUT_MS,
      dbIdleInTransaction: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      dbQuery: e.DATABASE_QUERY_TIMEOUT_MS,
      redisConnect: e.REDIS_CONNECT_TIMEOUT_MS,
      redisCommand: e.REDIS_COMMAND_TIMEOUT_MS,
      request: e.REQUEST_TIMEOUT_MS,
    },
    // Production never loads the demo people (published password) unless told to.
    seed: e.SEED ?? (production ? 'none' : 'demo'),
    seedProviders: e.SEED_PROVIDERS,
    relogioInicio: e.RELOGIO_INICIO === undefined ? undefined : Date.parse(e.RELOGIO_INICIO),
    guiaCacheSeconds: e.GUIA_CACHE_SECONDS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    tokenSecret: e.TOKEN_SECRET,
    codeSecret: e.CODE_SECRET,
    clubeSecret: e.CLUBE_SECRET,
    carteirinhaSecret: e.CARTEIRINHA_SECRET,
    selagem,
    apiClientUser: e.API_CLIENT_USER,
    apiClientSecret: e.API_CLIENT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    cookieSecure: e.COOKIE_SECURE ?? production,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST,
    bodyLimit: e.BODY_LIMIT,
    outboxEnabled: !production,
    session: {
      idleSeconds: e.SESSION_IDLE_SECONDS,
      maxSeconds: e.SESSION_MAX_SECONDS,
      cacheSeconds: e.SESSION_CACHE_SECONDS,
      touchSeconds: e.SESSION_TOUCH_SECONDS,
    },
    retention: {
      auditDays: e.AUDIT_RETENTION_DAYS,
      outboxDays: e.OUTBOX_RETENTION_DAYS,
      pruneIntervalSeconds: e.PRUNE_INTERVAL_SECONDS,
    },
    operadoraDir: e.OPERADORA_DIR,
    webhooks: {
      worker: e.WEBHOOKS_WORKER,
      intervaloMs: e.WEBHOOKS_INTERVAL_MS,
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      esperaBaseMs: e.WEBHOOKS_RETRY_DELAY_MS,
      esperaMaxMs: e.WEBHOOKS_RETRY_DELAY_MAX_MS,
      retentativas: e.WEBHOOKS_RETRY_LIMIT,
      paralelas: e.WEBHOOKS_PARALLEL,
      redesPermitidas: e.WEBHOOKS_REDES_PERMITIDAS ?? (production ? [] : ['127.0.0.0/8', '::1/128']),
    },
    env: source,
    throttle: {
      loginFree: e.THROTTLE_WRONG_PASSWORDS_FREE,
      loginBackoffSeconds: e.THROTTLE_WRONG_PASSWORDS_BACKOFF,
      loginLockAt: e.THROTTLE_WRONG_PASSWORDS_LOCK_AT,
      loginLockSeconds: e.THROTTLE_WRONG_PASSWORDS_LOCK_SECONDS,
      loginIpPerHour: e.THROTTLE_WRONG_PASSWORDS_PER_HOUR_IP,
      cpfCheckIpPerMinute: e.THROTTLE_CPF_CHECKS_PER_MINUTE,
      codeResendSeconds: e.THROTTLE_CODE_RESEND_SECONDS,
      codeCpfPerHour: e.THROTTLE_CODE_SENDS_PER_HOUR_CPF,
      codeIpPerHour: e.THROTTLE_CODE_SENDS_PER_HOUR_IP,
      codeCheckIpPer10Min: e.THROTTLE_CODE_CHECKS_PER_10MIN_IP,
      cardCheckIpPerMinute: e.THROTTLE_CARD_CHECKS_PER_MINUTE_IP,
    },
    integracao: {
      bodyLimit: e.INTEGRACAO_BODY_LIMIT,
      chamadasPorMinuto: e.INTEGRACAO_CHAMADAS_POR_MINUTO,
      recusasPorMinutoIp: e.INTEGRACAO_RECUSAS_POR_MINUTO_IP,
      envioCarenciaMs: e.INTEGRACAO_ENVIO_CARENCIA_MS,
      envioTaxaMinima: e.INTEGRACAO_ENVIO_TAXA_MINIMA,
    },
    importacao: {
      limitePercentual: e.IMPORTACAO_LIMITE_PERCENTUAL,
      limiteMinimo: e.IMPORTACAO_LIMITE_MINIMO,
      desfazerDias: e.IMPORTACAO_DESFAZER_DIAS,
    },
    equipe: { ociosidadeMinutos: e.EQUIPE_OCIOSIDADE_MINUTOS, host: e.CONSOLE_HOST ?? null },
    reembolso: {
      clamavSocket: e.CLAMAV_SOCKET,
      cotaBytes: e.REEMBOLSO_COTA_MB * 1024 * 1024,
      quatroOlhosAcimaCentavos: Math.round(e.REEMBOLSO_QUATRO_OLHOS_ACIMA * 100),
      diasDePagamento: e.REEMBOLSO_DIAS_DE_PAGAMENTO,
    },
    metricas: {
      ativas: e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined,
      token: e.METRICS_TOKEN,
      porta: e.METRICS_PORT,
      host: e.METRICS_HOST,
      cacheSegundos: e.METRICS_CACHE_SECONDS,
    },
  };
}
