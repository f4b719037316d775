import type { Queryable } from '../../db/db';
import type { ErroDeLinha, Layout } from './layouts';

/** Advisory lock namespace of imports: (this, hashtext(entidade)). */
const TRAVA_IMPORTACAO = 4_201_916;

/**
 * The SQL of the import engine around the layouts (motor.ts keeps the rules): the staging table of
 * one import — the file's rows as text, loaded batch by batch outside any transaction — and, inside
 * the import's transaction, the entity's lock, the `importacao_stg` view the layouts read and the
 * checks that only the whole file and the database can tell.
 */
export class StagingRepository {
  constructor(
    private readonly q: Queryable,
    readonly tabela: string,
    private readonly colunas: readonly string[],
  ) {}

  /** Unlogged: a copy of the file, not data to keep (dropped at the end, crash or not). */
  async criar(): Promise<void> {
    await this.q.exec(
      `create unlogged table ${this.tabela} (linha int not null, ${this.colunas.map((n) => `"${n}" text`).join(', ')})`,
    );
  }

  /** One batch: the file's line numbers and, per column, the values of those lines. */
  async gravar(linhas: number[], valores: (string | null)[][]): Promise<void> {
    const nomes = this.colunas;
    await this.q.query(
      `insert into ${this.tabela} (linha, ${nomes.map((n) => `"${n}"`).join(', ')})
    select * from unnest($1::int[], ${nomes.map((_, i) => `$${i + 2}::text[]`).join(', ')})`,
      [linhas, ...valores],
    );
  }

  async analisar(): Promise<void> {
    await this.q.exec(`analyze ${this.tabela}`);
  }

  async apagar(): Promise<void> {
    await this.q.exec(`drop table if exists ${this.tabela}`);
  }

  /** One import of an entity at a time, across instances: false when another holds it. */
  static async travarEntidade(tx: Queryable, entidade: string): Promise<boolean> {
    const [trava] = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1, hashtext($2)) as ok', [
      TRAVA_IMPORTACAO,
      entidade,
    ]);
    return trava?.ok ?? false;
  }

  /** The layouts' SQL reads the file as importacao_stg (dropped before commit; a rollback undoes it). */
  async exporNa(tx: Queryable): Promise<void> {
    await tx.exec(`create temp view importacao_stg as select * from ${this.tabela}`);
  }

  static async esconder(tx: Queryable): Promise<void> {
    await tx.exec('drop view importacao_stg');
  }

  /**
   * Repeated keys in the file and the layout's own checks (references…), the first `max` in line
   * order, each with the total count of findings.
   */
  static verificar(
    tx: Queryable,
    layout: Pick<Layout, 'chave' | 'verificacoes'>,
    max: number,
  ): Promise<(ErroDeLinha & { total: number })[]> {
    const chave = layout.chave.map((c) => `"${c}"`).join(', ');
    const verificacoes = [
      `select s.linha, '${layout.chave.join(', ')}' as coluna, concat_ws(', ', ${layout.chave.map((c) => `s."${c}"`).join(', ')}) as valor,
              'Chave repetida no arquivo (também na linha ' || p.primeira || ').' as mensagem
         from (select linha, min(linha) over (partition by ${chave}) as primeira from importacao_stg) p
         join importacao_stg s on s.linha = p.linha where p.linha > p.primeira`,
      ...layout.verificacoes,
    ];
    return tx.query<ErroDeLinha & { total: number }>(
      `select linha, coluna, coalesce(valor, '') as valor, mensagem, (count(*) over ())::int as total
         from (${verificacoes.map((v) => `(${v})`).join(' union all ')}) v(linha, coluna, valor, mensagem)
        order by linha, coluna limit ${max}`,
    );
  }
}
