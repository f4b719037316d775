import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

type Mensagens = Awaited<ReturnType<PGlite['execProtocolStream']>>;

interface Preparada {
  nome: string;
  /** Parameter type OIDs, as PostgreSQL inferred them when the statement was parsed. */
  tipos: number[];
  /** The row description (or NoData) of the statement, read once: each answer reuses it. */
  descricao: Mensagens;
}

const SEM_SYNC = { syncToFs: false } as const;

/**
 * Named prepared statements for PGlite (decision 0035). `PGlite.query` sends parse, describe,
 * bind, describe, execute and sync through the WebAssembly boundary for every call, and an unnamed
 * statement is planned every time: on the demo data, planning is nearly all of a small query's
 * ~0.4 ms on the single thread. Here each SQL text is parsed and described once per database
 * session; afterwards a call is bind + execute + sync, and PostgreSQL's plan cache keeps a
 * generic plan once it proves as good as the custom ones (after five runs). The SQL texts are the
 * repositories' own (parameters always bound, never spliced), so the set is small; the least used
 * beyond `max` are closed.
 */
export class ConsultasPreparadas {
  private seq = 0;
  private readonly cache: LRUCache<string, Preparada>;
  private readonly aFechar: string[] = [];

  constructor(
    private readonly pg: PGlite,
    max = 500,
  ) {
    this.cache = new LRUCache<string, Preparada>({
      max,
      dispose: (p) => void this.aFechar.push(p.nome),
    });
  }

  /** Rows of `sql` with `params`; the caller holds the single connection (UmaConexao). */
  async consultar<T>(sql: string, params: unknown[]): Promise<T[]> {
    try {
      return await this.executar<T>(sql, params);
    } catch (err) {
      // A table changed under a statement prepared before (a migration, a restore): prepare again.
      if ((err as { code?: string }).code !== '0A000' || !this.cache.delete(sql)) throw err;
      return this.executar<T>(sql, params);
    }
  }

  private executar<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.pg.runExclusive(async () => {
      const mensagens: Mensagens = [];
      try {
        for (let nome = this.aFechar.pop(); nome; nome = this.aFechar.pop())
          await this.pg.execProtocolStream(protocol.serialize.close({ type: 'S', name: nome }), SEM_SYNC);
        const p = this.cache.get(sql) ?? (await this.preparar(sql));
        const values = params.map((v, i) => this.valor(v, p.tipos[i]));
        mensagens.push(...p.descricao);
        mensagens.push(
          ...(await this.pg.execProtocolStream(protocol.serialize.bind({ statement: p.nome, values }), SEM_SYNC)),
        );
        mensagens.push(...(await this.pg.execProtocolStream(protocol.serialize.execute({}), SEM_SYNC)));
      } finally {
        mensagens.push(...(await this.pg.execProtocolStream(protocol.serialize.sync(), SEM_SYNC)));
      }
      await this.pg.syncToFs();
      return (parse.parseResults(mensagens, this.pg.parsers)[0]?.rows ?? []) as T[];
    });
  }

  private async preparar(sql: string): Promise<Preparada> {
    const nome = `portal_${++this.seq}`;
    await this.pg.execProtocolStream(protocol.serialize.parse({ name: nome, text: sql }), SEM_SYNC);
    const descricao = await this.pg.execProtocolStream(
      protocol.serialize.describe({ type: 'S', name: nome }),
      SEM_SYNC,
    );
    const preparada: Preparada = {
      nome,
      tipos: parse.parseDescribeStatementResults(descricao),
      // parseResults reads the fields from the row description; the parameter one is not needed.
      descricao: descricao.filter((m) => m.name === 'rowDescription'),
    };
    this.cache.set(sql, preparada);
    return preparada;
  }

  /** The same conversion PGlite.query applies: by the parameter's type, else its text. */
  private valor(v: unknown, tipo: number | undefined): string | null {
    if (v === null || v === undefined) return null;
    const serializar = tipo === undefined ? undefined : this.pg.serializers[tipo];
    return serializar ? (serializar(v) as string) : String(v);
  }
}
