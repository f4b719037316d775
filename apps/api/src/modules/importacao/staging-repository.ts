import type { Readable } from 'node:stream';
import type { Db, Queryable } from '../../db/db';
import {
  type Coluna,
  CONTROLE_DE_DIRECAO_SQL,
  CONTROLE_SQL,
  ESPACOS_JS,
  lit,
  MENSAGEM_CODIFICACAO,
  MENSAGEM_CONTROLE,
  MENSAGEM_CONTROLE_DE_DIRECAO,
  MENSAGEM_OBRIGATORIO,
} from './campos';
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
    await this.q.exec(`drop table if exists ${this.tabela}, ${this.tabela}_bruta`);
  }

  /**
   * PostgreSQL (decision 0037): the file's records as they came — the line number, then one text
   * column per column of the header, by `copy … from stdin` (an empty value is '', a column the
   * header lacks is null). Unlogged, outside any transaction, like the staging table.
   */
  async copiarBruta(db: Required<Pick<Db, 'copiar'>>, cabecalho: readonly string[], registros: Readable) {
    const bruta = `${this.tabela}_bruta`;
    await this.q.exec(
      `create unlogged table ${bruta} (linha int not null, ${this.colunas.map((n) => `"${n}" text`).join(', ')})`,
    );
    const cols = cabecalho.map((n) => `"${n}"`).join(', ');
    await db.copiar(
      `copy ${bruta} (linha, ${cols}) from stdin with (format csv, delimiter ';', force_not_null (${cols}))`,
      registros,
    );
  }

  /**
   * The layout's row rules over the raw records in one pass (each parser's `sql` twin): the staging
   * table gets every record's normalised values and `erro`, whether any column has a problem.
   * Returns whether one has.
   */
  async normalizarBruta(layout: Pick<Layout, 'colunas'>, controles = true): Promise<boolean> {
    await this.q.exec(
      `create unlogged table ${this.tabela} as
       select linha, ${layout.colunas
         .map((c, k) => `case when t${k} <> '' then ${c.parser.sql!.valor(`p${k}`)} end as "${c.nome}"`)
         .join(', ')},
              ${layout.colunas.map((c, k) => `${mensagemSql(c, k, controles)} is not null`).join(' or ')} as erro
         from (${preparadas(this.tabela, layout)}) p`,
    );
    const [r] = await this.q.query<{ sim: boolean }>(`select exists (select 1 from ${this.tabela} where erro) as sim`);
    return r?.sim ?? false;
  }

  /**
   * The problems of the records `normalizarBruta` marked, as the zod schema reports them (line, then
   * column, the same messages): the first `max`, each with the total count.
   */
  async errosBrutos(
    layout: Pick<Layout, 'colunas'>,
    max: number,
    controles = true,
  ): Promise<(ErroDeLinha & { total: number })[]> {
    return this.q.query<ErroDeLinha & { total: number }>(
      `select linha, coluna, valor, mensagem, (count(*) over ())::int as total
         from (select l.linha, x.ordem, x.coluna, x.valor, x.mensagem
                 from (select linha, ${layout.colunas.map((c, k) => `"${c.nome}", ${mensagemSql(c, k, controles)} as m${k}`).join(', ')}
                         from (${preparadas(this.tabela, layout, `where linha in (select linha from ${this.tabela} where erro)`)}) p) l
                 cross join lateral (values ${layout.colunas
                   .map((c, k) => `(${k}, ${lit(c.nome)}, coalesce(l."${c.nome}", ''), l.m${k})`)
                   .join(', ')}) x(ordem, coluna, valor, mensagem)
                where x.mensagem is not null) e
        order by linha, ordem limit ${max}`,
    );
  }

  /** A file with no problem: the raw records are no longer needed. */
  async apagarBruta(): Promise<void> {
    await this.q.exec(`drop table ${this.tabela}_bruta`);
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
    await tx.exec(
      `create temp view importacao_stg as select linha, ${this.colunas.map((n) => `"${n}"`).join(', ')} from ${this.tabela}`,
    );
  }

  /** One count: `select count(*)::int as n …` (a layout's active records). */
  static async contar(tx: Queryable, sql: string): Promise<number> {
    const [r] = await tx.query<{ n: number }>(sql);
    return r?.n ?? 0;
  }

  /** Where a layout's `completo` writes each record it removes (decision 0049). */
  static async criarRemovidos(tx: Queryable): Promise<void> {
    await tx.exec(
      'create temp table importacao_removidos (chave text primary key, antes jsonb not null, depois jsonb) on commit drop',
    );
  }

  /**
   * The removals of an applied import, kept for its undo in the same transaction; those of the
   * imports past the undo window are pruned.
   */
  static async guardarRemovidos(tx: Queryable, id: string, entidade: string, desfazerDias: number): Promise<void> {
    await tx.query(
      `delete from importacao_alteracoes a using importacoes i
        where i.id = a.importacao_id and i.entidade = $1 and i.concluida_em < now() - make_interval(days => $2)`,
      [entidade, desfazerDias],
    );
    await tx.query(
      `insert into importacao_alteracoes (importacao_id, chave, antes, depois)
       select $1, chave, antes, depois from importacao_removidos`,
      [id],
    );
  }

  static async apagarRemovidos(tx: Queryable): Promise<void> {
    await tx.exec('drop table importacao_removidos');
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

/**
 * The raw records with, per column k, t{k} (trimmed as JavaScript trims) and p{k} (the parser's
 * `preparo` of it), each computed once per row (`offset 0` keeps the subqueries apart).
 */
function preparadas(tabela: string, layout: Pick<Layout, 'colunas'>, onde = ''): string {
  const c = layout.colunas;
  return `select *, ${c.map((col, k) => `${col.parser.sql!.preparo?.(`t${k}`) ?? `t${k}`} as p${k}`).join(', ')}
            from (select *, ${c.map((col, k) => `${aparar(`"${col.nome}"`)} as t${k}`).join(', ')}
                    from ${tabela}_bruta ${onde} offset 0) t offset 0`;
}

/** JavaScript's trim(); btrim only when the first or last character is a white space (most are not). */
const CODIGOS_ESPACOS = [...ESPACOS_JS].map((c) => c.codePointAt(0)).join(', ');
const aparar = (v: string) =>
  `case when ascii(${v}) in (${CODIGOS_ESPACOS}) or ascii(right(${v}, 1)) in (${CODIGOS_ESPACOS})
        then btrim(${v}, ${lit(ESPACOS_JS)}) else ${v} end`;

/**
 * Column k's message, or null: what `esquemaDaLinha` says of the value, in the same order. The
 * free-text rules cost a regular expression per value: checked only when the reader saw a
 * character they refuse somewhere in the file (`controles`; otherwise none can match).
 */
function mensagemSql(col: Coluna, k: number, controles: boolean): string {
  return `case when t${k} is null or t${k} = '' then ${col.obrigatoria ? lit(MENSAGEM_OBRIGATORIO) : 'null'}
               when strpos(t${k}, ${lit('\uFFFD')}) > 0 then ${lit(MENSAGEM_CODIFICACAO)}
               ${
                 controles
                   ? `when t${k} ~ ${CONTROLE_SQL} then ${lit(MENSAGEM_CONTROLE)}
                      when t${k} ~ ${CONTROLE_DE_DIRECAO_SQL} then ${lit(MENSAGEM_CONTROLE_DE_DIRECAO)}`
                   : ''
               }
               else ${col.parser.sql!.erro(`p${k}`)} end`;
}
