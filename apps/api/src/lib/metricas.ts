import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { HistogramaFeitoAMao, type SerieDeDuracao } from './histograma';
import { medidasDoArgon2 } from './password';

/**
 * The process's Prometheus metrics (issue 32, decision 0051): one registry per app, made only when
 * metrics are on (METRICS_TOKEN or METRICS_PORT). Labels never carry what a request sent: the route
 * is its template (`/api/Protocolos/:numero`), the status its class, a login its outcome, a statement
 * its first keyword, an import its layout, and a staff action the role and the audit's event code.
 */

export type ResultadoDoLogin = 'ok' | 'recusado' | 'bloqueado';

/** What the services count; a no-op when metrics are off. */
export interface Contadores {
  login(resultado: ResultadoDoLogin): void;
  erroDoRedis(): void;
  entregaDeWebhook(resultado: ResultadoDaEntrega): void;
  /** An import ended: its layout (a bounded set), how, its rows and its seconds. */
  importacao(entidade: string, fim: FimDaImportacao, linhas: number, segundos: number): void;
  /** A staff action written to the console's audit trail: the staff role and the audit's event code. */
  acaoDaEquipe(papel: string, acao: string): void;
}

const nada = () => undefined;
export const semContadores: Contadores = {
  login: nada,
  erroDoRedis: nada,
  entregaDeWebhook: nada,
  importacao: nada,
  acaoDaEquipe: nada,
};

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

type RotulosHttp = { rota: string; metodo: string; classe: string };

/** Seconds: a statement on an index takes well under a millisecond; a report's scan, seconds. */
const FAIXAS_DA_CONSULTA = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The statement kinds of `portal_banco_consultas_segundos` (anything else — with, begin, set, copy — is `outro`). */
const OPERACOES = ['select', 'insert', 'update', 'delete', 'outro'] as const;

/** 0 for select … 3 for delete, 4 for anything else: the statement's first keyword, case aside. */
export function indiceDaOperacao(sql: string): number {
  let i = 0;
  while (i < sql.length && sql.charCodeAt(i) <= 32) i++;
  const p = sql.slice(i, i + 6).toLowerCase();
  return p === 'select' ? 0 : p === 'insert' ? 1 : p === 'update' ? 2 : p === 'delete' ? 3 : 4;
}

/** Where a webhook delivery attempt ended (core/webhooks/entregador.ts). */
export type ResultadoDaEntrega = 'entregue' | 'falhou_nova_tentativa' | 'descartada' | 'desativado' | 'recusado';
const RESULTADOS_DA_ENTREGA: readonly ResultadoDaEntrega[] = [
  'entregue',
  'falhou_nova_tentativa',
  'descartada',
  'desativado',
  'recusado',
];

/** How an import ended: its report's status, or `falhou` when it stopped on an error. */
export type FimDaImportacao = 'aplicado' | 'validado' | 'recusado' | 'falhou';

/** An audit event's code (`equipe_respondeu`): lower case and underscores. */
const CODIGO = /^[a-z][a-z_]{0,59}$/;

/** The registry as prom-client types it, for the hand-kept histograms. */
type MetricaDoRegistro = Parameters<Registry['registerMetric']>[0];

export class Metricas implements Contadores {
  readonly registro = new Registry();
  private readonly http = new HistogramaFeitoAMao<RotulosHttp>(
    'portal_http_requisicoes_segundos',
    'Duração das respostas HTTP, por modelo de rota, método e classe do status (a contagem é o total de requisições).',
    FAIXAS_DE_DURACAO,
  );
  /** Indexed by operation × 2 + (1 on error): every series made at start, no lookup per statement. */
  private readonly consultas: SerieDeDuracao[];
  private readonly logins: Counter<'resultado'>;
  private readonly falhasDoRedis: Counter;
  private readonly entregas: Counter<'resultado'>;
  private readonly linhasImportadas: Counter<'entidade' | 'resultado'>;
  private readonly ritmoDaImportacao: Gauge<'entidade'>;
  private readonly acoesDaEquipe: Counter<'papel' | 'acao'>;

  constructor(opcoes: { banco?: () => EstadoDoBanco | undefined } = {}) {
    // Event-loop lag, heap, GC, handles, CPU: the names every Node dashboard knows.
    collectDefaultMetrics({ register: this.registro });
    this.registro.registerMetric(this.http as unknown as MetricaDoRegistro);
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
    if (opcoes.banco) this.conexoesDoBanco(opcoes.banco);
    this.consultas = this.consultasDoBanco();
    this.argon2();
    this.entregas = new Counter({
      name: 'portal_webhooks_entregas_total',
      help:
        'Tentativas de entrega de webhook desta instância, por resultado: entregue, falhou_nova_tentativa (será tentada de novo), ' +
        'descartada (esgotou as tentativas: dead letter), desativado (410 Gone: endpoint desativado), recusado (destino não permitido).',
      labelNames: ['resultado'],
      registers: [this.registro],
    });
    for (const resultado of RESULTADOS_DA_ENTREGA) this.entregas.inc({ resultado }, 0);
    // Each entity's series appears with its first import here: most operators import a few of them.
    this.linhasImportadas = new Counter({
      name: 'portal_importacao_linhas_total',
      help: 'Linhas lidas pelas importações concluídas nesta instância, por entidade e resultado (aplicado, validado, recusado, falhou); rate() dá linhas/s.',
      labelNames: ['entidade', 'resultado'],
      registers: [this.registro],
    });
    this.ritmoDaImportacao = new Gauge({
      name: 'portal_importacao_linhas_por_segundo',
      help: 'Linhas por segundo da última importação de cada entidade concluída nesta instância (do início ao fim, leitura e aplicação).',
      labelNames: ['entidade'],
      registers: [this.registro],
    });
    this.acoesDaEquipe = new Counter({
      name: 'portal_equipe_acoes_total',
      help: 'Leituras e ações do console de atendimento gravadas na trilha de auditoria, por papel da pessoa da equipe e código do evento.',
      labelNames: ['papel', 'acao'],
      registers: [this.registro],
    });
  }

  /** The connections of the database, read at each scrape. */
  private conexoesDoBanco(banco: () => EstadoDoBanco | undefined): void {
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

  /** Every statement's duration by kind and outcome: ten series, made now. */
  private consultasDoBanco(): SerieDeDuracao[] {
    const h = new HistogramaFeitoAMao<{ operacao: string; resultado: string }>(
      'portal_banco_consultas_segundos',
      'Duração das consultas ao banco desta instância (a espera por uma conexão incluída), pela primeira palavra do comando (select, insert, update, delete, outro) e resultado (ok, erro).',
      FAIXAS_DA_CONSULTA,
    );
    this.registro.registerMetric(h as unknown as MetricaDoRegistro);
    return OPERACOES.flatMap((operacao) => [
      h.serie({ operacao, resultado: 'ok' }),
      h.serie({ operacao, resultado: 'erro' }),
    ]);
  }

  /** The password hashing of this process (lib/password.ts): its queue and its durations. */
  private argon2(): void {
    const h = new HistogramaFeitoAMao(
      'portal_argon2_segundos',
      'Duração de cada hash e verificação de senha (argon2id) deste processo, da chamada ao fim: a espera por uma thread incluída.',
    );
    for (const s of medidasDoArgon2().series) h.incluir(s);
    this.registro.registerMetric(h as unknown as MetricaDoRegistro);
    new Gauge({
      name: 'portal_argon2_em_andamento',
      help: 'Hashes e verificações de senha (argon2id) deste processo em andamento agora: rodando ou esperando uma thread.',
      registers: [this.registro],
      collect() {
        this.set(medidasDoArgon2().emAndamento);
      },
    });
    new Gauge({
      name: 'portal_argon2_aguardando',
      help: 'Hashes e verificações de senha deste processo esperando uma thread livre (todas as threads ocupadas).',
      registers: [this.registro],
      collect() {
        this.set(medidasDoArgon2().aguardando);
      },
    });
  }

  login(resultado: ResultadoDoLogin): void {
    this.logins.inc({ resultado });
  }

  erroDoRedis(): void {
    this.falhasDoRedis.inc();
  }

  entregaDeWebhook(resultado: ResultadoDaEntrega): void {
    this.entregas.inc({ resultado });
  }

  importacao(entidade: string, fim: FimDaImportacao, linhas: number, segundos: number): void {
    this.linhasImportadas.inc({ entidade, resultado: fim }, linhas);
    if (linhas > 0 && segundos > 0) this.ritmoDaImportacao.set({ entidade }, linhas / segundos);
  }

  acaoDaEquipe(papel: string, acao: string): void {
    // Audit events are codes written in the source; anything else is never a label.
    this.acoesDaEquipe.inc({ papel, acao: CODIGO.test(acao) ? acao : 'outro' });
  }

  /** One statement ended (db/medicao.ts): adds to the series of its kind and outcome. */
  readonly observarConsulta = (sql: string, ok: boolean, segundos: number): void => {
    this.consultas[indiceDaOperacao(sql) * 2 + (ok ? 0 : 1)]!.observar(segundos);
  };

  /**
   * The observer of one route, bound when the route is registered: the template and method are
   * fixed, so an answer only adds to its series. A series appears with its first answer (zeroing
   * every route would publish thousands of lines).
   */
  observador(rota: string, metodo: string): Observador {
    const series: (SerieDeDuracao<RotulosHttp> | undefined)[] = [];
    return (status, segundos) => {
      const i = indiceDaClasse(status);
      (series[i] ??= this.http.serie({ rota, metodo, classe: CLASSES[i] ?? '5xx' })).observar(segundos);
    };
  }

  /** The text Prometheus reads, and its content type. */
  async texto(): Promise<{ corpo: string; tipo: string }> {
    return { corpo: await this.registro.metrics(), tipo: this.registro.contentType };
  }
}
