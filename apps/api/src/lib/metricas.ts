import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 32, decision 0051): one registry per app, made only when
 * metrics are on (METRICS_TOKEN or METRICS_PORT). Labels never carry what a request sent: the route
 * is its template (`/api/Protocolos/:numero`), the status its class, and a login its outcome.
 */

export type ResultadoDoLogin = 'ok' | 'recusado' | 'bloqueado';

/** What the services count; a no-op when metrics are off. */
export interface Contadores {
  login(resultado: ResultadoDoLogin): void;
  erroDoRedis(): void;
}

export const semContadores: Contadores = { login: () => undefined, erroDoRedis: () => undefined };

/** The one label value of every request no route matched (404s, the web app's fallback). */
export const SEM_ROTA = '(sem rota)';

const CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** 0 for 1xx … 4 for 5xx (anything else is counted with its nearest class). */
const indiceDaClasse = (status: number) => Math.min(Math.max((status / 100) | 0, 1), 5) - 1;

/** Seconds: a member call takes milliseconds; an import or a PDF may take seconds. */
const FAIXAS_DE_DURACAO = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Counts one answer of a route: its status code and its duration in seconds. */
export type Observador = (status: number, segundos: number) => void;

/** The state of the database connections, read at each scrape (db/db.ts). */
export interface EstadoDoBanco {
  emUso: number;
  ociosas: number;
  aguardando: number;
  maximo: number;
}

export class Metricas implements Contadores {
  readonly registro = new Registry();
  private readonly http: Histogram<'rota' | 'metodo' | 'classe'>;
  private readonly logins: Counter<'resultado'>;
  private readonly falhasDoRedis: Counter;

  constructor(opcoes: { banco?: () => EstadoDoBanco | undefined } = {}) {
    // Event-loop lag, heap, GC, handles, CPU: the names every Node dashboard knows.
    collectDefaultMetrics({ register: this.registro });
    this.http = new Histogram({
      name: 'portal_http_requisicoes_segundos',
      help: 'Duração das respostas HTTP, por modelo de rota, método e classe do status (a contagem é o total de requisições).',
      labelNames: ['rota', 'metodo', 'classe'],
      buckets: FAIXAS_DE_DURACAO,
      registers: [this.registro],
    });
    this.logins = new Counter({
      name: 'portal_logins_total',
      help: 'Tentativas de login por resultado: ok, recusado (senha ou perfil errado), bloqueado (espera ou bloqueio do CPF).',
      labelNames: ['resultado'],
      registers: [this.registro],
    });
    for (const r of ['ok', 'recusado', 'bloqueado'] as const) this.logins.inc({ resultado: r }, 0);
    this.falhasDoRedis = new Counter({
      name: 'portal_redis_erros_total',
      help: 'Comandos ao Redis que falharam ou passaram do prazo (REDIS_URL).',
      registers: [this.registro],
    });
    const banco = opcoes.banco;
    if (banco) {
      const medida = (name: string, help: string, campo: keyof EstadoDoBanco) =>
        new Gauge({
          name,
          help,
          registers: [this.registro],
          collect() {
            const e = banco();
            if (e) this.set(e[campo]);
          },
        });
      medida('portal_banco_conexoes_em_uso', 'Conexões do banco ocupadas por uma consulta ou transação.', 'emUso');
      medida('portal_banco_conexoes_ociosas', 'Conexões do banco abertas e livres.', 'ociosas');
      medida('portal_banco_conexoes_aguardando', 'Consultas esperando uma conexão livre do banco.', 'aguardando');
      medida(
        'portal_banco_conexoes_maximo',
        'Máximo de conexões desta instância (DATABASE_POOL_MAX; PGlite: 1).',
        'maximo',
      );
    }
  }

  login(resultado: ResultadoDoLogin): void {
    this.logins.inc({ resultado });
  }

  erroDoRedis(): void {
    this.falhasDoRedis.inc();
  }

  /**
   * The observer of one route, bound when the route is registered: the template and method are
   * fixed, the five status classes pre-labelled, so an answer does one lookup and one observe. A
   * series appears with its first answer (zeroing every route would publish thousands of lines).
   */
  observador(rota: string, metodo: string): Observador {
    const filhos = CLASSES.map((c) => this.http.labels({ rota, metodo, classe: c }));
    return (status, segundos) => filhos[indiceDaClasse(status)]?.observe(segundos);
  }

  /** The text Prometheus reads, and its content type. */
  async texto(): Promise<{ corpo: string; tipo: string }> {
    return { corpo: await this.registro.metrics(), tipo: this.registro.contentType };
  }
}
