/**
 * Histograms kept by hand (issue 32, decision 0051): prom-client's observe validates and hashes the
 * labels on every call (~0.7 µs here); a `SerieDeDuracao` is bound once to its labels and an
 * observation only adds to its numbers (~tens of ns). prom-client reads a `HistogramaFeitoAMao` as
 * any metric (registerMetric → get()), in its histogram's format. No prom-client import here: the
 * password workers' module keeps its series without loading it.
 */

/** The durations of one label set: count, sum, and answers per band (not cumulative, last = +Inf). */
export class SerieDeDuracao<R extends Record<string, string> = Record<string, string>> {
  contagem = 0;
  soma = 0;
  readonly porFaixa: number[];

  constructor(
    readonly rotulos: R,
    readonly faixas: readonly number[],
  ) {
    this.porFaixa = new Array<number>(faixas.length + 1).fill(0);
  }

  observar(segundos: number): void {
    this.contagem++;
    this.soma += segundos;
    let f = 0;
    while (f < this.faixas.length && segundos > (this.faixas[f] ?? Infinity)) f++;
    this.porFaixa[f]!++;
  }

  zerar(): void {
    this.contagem = 0;
    this.soma = 0;
    this.porFaixa.fill(0);
  }
}

/** A histogram over series made by `serie` or handed in by `incluir` (kept elsewhere, e.g. per process). */
export class HistogramaFeitoAMao<R extends Record<string, string> = Record<string, string>> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: SerieDeDuracao<R>[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    /** The bands of the series `serie` makes (one handed in keeps its own). */
    private readonly faixas: readonly number[] = [],
  ) {}

  serie(rotulos: R): SerieDeDuracao<R> {
    return this.incluir(new SerieDeDuracao(rotulos, this.faixas));
  }

  incluir(s: SerieDeDuracao<R>): SerieDeDuracao<R> {
    this.series.push(s);
    return s;
  }

  async get() {
    const nome = this.name;
    const values = this.series.flatMap((s) => {
      let acumulado = 0;
      const faixas = s.faixas.map((le, i) => {
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
    for (const s of this.series) s.zerar();
  }
}
