import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

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

interface Serie {
  readonly rotulos: { rota: string; metodo: string; classe: string };
  contagem: number;
  soma: number;
  /** Answers per duration band (not cumulative), the last one above every bound (+Inf). */
  readonly porFaixa: number[];
}

/**
 * The HTTP histogram, kept by hand: prom-client's observe validates and hashes the labels on every
 * call (~0.7 µs here), this one adds to the numbers of a series its route already holds (~tens of
 * ns). prom-client reads it as any metric (registerMetric → get()), in its histogram's format.
 */
class HistogramaHttp {
  readonly name = 'portal_http_requisicoes_segundos';
  readonly help =
    'Duração das respostas HTTP, por modelo de rota, método e classe do status (a contagem é o total de requisições).';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: Serie[] = [];

  serie(rota: string, metodo: string, classe: string): Serie {
    const s: Serie = {
      rotulos: { rota, metodo, classe },
      contagem: 0,
      soma: 0,
      porFaixa: new Array<number>(FAIXAS_DE_DURACAO.length + 1).fill(0),
    };
    this.series.push(s);
    return s;
  }

  async get() {
    const nome = this.name;
    const values = this.series.flatMap((s) => {
      let acumulado = 0;
      const faixas = FAIXAS_DE_DURACAO.map((le, i) => {
        acumulado += s.porFaixa[i] ?? 0;
        return { labels: { ...s.rotulos, le }, value: acumulado, metricName: `${nome}_bucket` };
      });
      return [
        ...faixas,
        { labels: { ...s.rotulos, le: '+Inf' }, value: s.contagem, metricName: `${nome}_bucket` },
        { labels: s.rotulos, value: s.soma, metricName: `${nome}_sum` },
        { labels: s.rotulos, value: s.contagem, metricName: `${nome}_count` },
      ];
    });
    return { name: nome, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset() {
    for (const s of this.series) {
      s.contagem = 0;
      s.soma = 0;
      s.porFaixa.fill(0);
    }
  }
}

export class Metricas implements Contadores {
  readonly registro = new Registry();
  private readonly http = new HistogramaHttp();
  private readonly logins: Counter<'resultado'>;
  private readonly falhasDoRedis: Counter;

  constructor(opcoes: { banco?: () => EstadoDoBanco | undefined } = {}) {
    // Event-loop lag, heap, GC, handles, CPU: the names every Node dashboard knows.
    collectDefaultMetrics({ register: this.registro });
    this.registro.registerMetric(this.http as unknown as Parameters<Registry['registerMetric']>[0]);
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
   * fixed, so an answer only adds to its series. A series appears with its first answer (zeroing
   * every route would publish thousands of lines).
   */
  observador(rota: string, metodo: string): Observador {
    const series: (Serie | undefined)[] = [];
    return (status, segundos) => {
      const i = indiceDaClasse(status);
      const s = (series[i] ??= this.http.serie(rota, metodo, CLASSES[i] ?? '5xx'));
      s.contagem++;
      s.soma += segundos;
      let f = 0;
      while (f < FAIXAS_DE_DURACAO.length && segundos > (FAIXAS_DE_DURACAO[f] ?? Infinity)) f++;
      s.porFaixa[f]!++;
    };
  }

  /** The text Prometheus reads, and its content type. */
  async texto(): Promise<{ corpo: string; tipo: string }> {
    return { corpo: await this.registro.metrics(), tipo: this.registro.contentType };
  }
}
