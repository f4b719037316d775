import type { Db, Queryable } from '../../db/db';
import type { Entidade, ErroDeLinha } from './layouts';
import type { Contagens, OpcoesImportacao, Relatorio } from './tipos';

/** The history of imports (table importacoes, migrations 0016 and 0032). */

export type StatusImportacao = 'em_andamento' | 'recusado' | 'validado' | 'aplicado' | 'falhou';

export interface Importacao extends Contagens {
  id: string;
  entidade: Entidade;
  modo: 'incremental' | 'completo';
  dryRun: boolean;
  origem: 'cli' | 'api';
  chaveId: string | null;
  status: StatusImportacao;
  iniciadaEm: string;
  /** The heartbeat: every second while it runs (reading and applying); older than 2 minutes while 'em_andamento': its instance died. */
  atualizadaEm: string;
  concluidaEm: string | null;
  /** Refused for the bound of a `completo` file (or a wrong confirmation): the exact number to confirm. */
  confirmacaoExigida: number | null;
  /** When it was undone (decision 0049), and how many records the undo put back. */
  desfeitaEm: string | null;
  restaurados: number | null;
}

interface Row {
  id: string;
  entidade: Entidade;
  modo: 'incremental' | 'completo';
  dry_run: boolean;
  origem: 'cli' | 'api';
  chave_id: string | null;
  status: StatusImportacao;
  linhas: number;
  incluidos: number;
  alterados: number;
  inalterados: number;
  inativados: number;
  erros: ErroDeLinha[] | string;
  erros_omitidos: number;
  iniciada_em: Date | string;
  atualizada_em: Date | string;
  concluida_em: Date | string | null;
  confirmacao_exigida: number | null;
  desfeita_em: Date | string | null;
  restaurados: number | null;
}

const toImportacao = (r: Row): Importacao => ({
  id: r.id,
  entidade: r.entidade,
  modo: r.modo,
  dryRun: r.dry_run,
  origem: r.origem,
  chaveId: r.chave_id,
  status: r.status,
  linhas: r.linhas,
  incluidos: r.incluidos,
  alterados: r.alterados,
  inalterados: r.inalterados,
  inativados: r.inativados,
  erros: typeof r.erros === 'string' ? (JSON.parse(r.erros) as ErroDeLinha[]) : r.erros,
  errosOmitidos: r.erros_omitidos,
  iniciadaEm: new Date(r.iniciada_em).toISOString(),
  atualizadaEm: new Date(r.atualizada_em).toISOString(),
  concluidaEm: r.concluida_em === null ? null : new Date(r.concluida_em).toISOString(),
  confirmacaoExigida: r.confirmacao_exigida,
  desfeitaEm: r.desfeita_em === null ? null : new Date(r.desfeita_em).toISOString(),
  restaurados: r.restaurados,
});

export async function registrarInicio(db: Db, id: string, o: OpcoesImportacao): Promise<void> {
  await db.query(
    `insert into importacoes (id, entidade, modo, dry_run, origem, chave_id, status, iniciada_em, atualizada_em)
     values ($1, $2, $3, $4, $5, $6, 'em_andamento', now(), now())`,
    [id, o.entidade, o.modo, o.dryRun, o.origem, o.chaveId ?? null],
  );
}

/** Progress while it runs (at most once a second), and the heartbeat that tells a live import from a crashed one. */
export async function atualizarProgresso(db: Db, id: string, linhas: number): Promise<void> {
  await db.query(
    `update importacoes set linhas = $2, atualizada_em = now() where id = $1 and status = 'em_andamento'`,
    [id, linhas],
  );
}

/**
 * Whether another import of the entity, started before this one, is running (on any instance). A row left 'em_andamento' by
 * a process that died (no heartbeat for 2 minutes) is marked 'falhou' instead.
 */
export async function outraEmAndamento(db: Db, id: string, entidade: string): Promise<boolean> {
  await db.query(
    `update importacoes set status = 'falhou', concluida_em = now()
      where entidade = $1 and status = 'em_andamento' and atualizada_em < now() - interval '2 minutes'`,
    [entidade],
  );
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from importacoes o
      where o.entidade = $1 and o.status = 'em_andamento'
        and (o.iniciada_em, o.id) < (select iniciada_em, id from importacoes where id = $2)`,
    [entidade, id],
  );
  return (r?.n ?? 0) > 0;
}

/** Whether an import of the entity is running on any instance (its row 'em_andamento' with a heartbeat younger than 2 minutes). */
export async function algumaEmAndamento(db: Db, entidade: string): Promise<boolean> {
  const [r] = await db.query<{ sim: boolean }>(
    `select exists (select 1 from importacoes where entidade = $1 and status = 'em_andamento'
                       and atualizada_em >= now() - interval '2 minutes') as sim`,
    [entidade],
  );
  return r?.sim ?? false;
}

/** The outcome; an applied import writes it in its own transaction too (the row and the changes commit together). */
export async function concluir(db: Queryable, id: string, status: StatusImportacao, r: Relatorio): Promise<void> {
  await db.query(
    `update importacoes set status = $2, linhas = $3, incluidos = $4, alterados = $5, inalterados = $6,
            inativados = $7, erros = $8::jsonb, erros_omitidos = $9, confirmacao_exigida = $10,
            concluida_em = now(), atualizada_em = now()
      where id = $1`,
    [
      id,
      status,
      r.linhas,
      r.incluidos,
      r.alterados,
      r.inalterados,
      r.inativados,
      JSON.stringify(r.erros),
      r.errosOmitidos,
      r.confirmacaoExigida,
    ],
  );
}

const COLUNAS = `id, entidade, modo, dry_run, origem, chave_id, status, linhas, incluidos, alterados, inalterados,
  inativados, erros, erros_omitidos, iniciada_em, atualizada_em, concluida_em, confirmacao_exigida, desfeita_em,
  restaurados`;

/** The latest imports first; `antes`: those after that one in this order (the integration API's pages). */
export async function listarImportacoes(
  db: Db,
  { limite = 50, antes }: { limite?: number; antes?: string } = {},
): Promise<Importacao[]> {
  const rows = await db.query<Row>(
    `select ${COLUNAS} from importacoes
      where $2::text is null or (iniciada_em, id) < (select iniciada_em, id from importacoes where id = $2)
      order by iniciada_em desc, id desc limit $1`,
    [Math.min(Math.max(1, limite), 501), antes ?? null],
  );
  return rows.map(toImportacao);
}

export async function obterImportacao(db: Db, id: string): Promise<Importacao | null> {
  const [r] = await db.query<Row>(`select ${COLUNAS} from importacoes where id = $1`, [id]);
  return r ? toImportacao(r) : null;
}

/** How an entity's last import ended, as the metrics tell it (decision 0051): never a dry run. */
export type ResultadoDaImportacao = 'aplicado' | 'recusado' | 'falhou';

/**
 * For the metrics (issue 32): each entity's last import that is over — a row left 'em_andamento'
 * without a heartbeat for 2 minutes counts as 'falhou', as outraEmAndamento marks it — and how many
 * run now. Dry runs are left out: a refused dry run is a file checked, not an import that failed.
 */
export async function resumoParaMetricas(
  db: Queryable,
): Promise<{ ultimas: { entidade: string; resultado: ResultadoDaImportacao }[]; emAndamento: number }> {
  const [ultimas, [andamento]] = await Promise.all([
    db.query<{ entidade: string; resultado: ResultadoDaImportacao }>(
      `select distinct on (entidade) entidade,
              case when status = 'em_andamento' then 'falhou' else status end as resultado
         from importacoes
        where not dry_run
          and (status in ('aplicado', 'recusado', 'falhou')
               or (status = 'em_andamento' and atualizada_em < now() - interval '2 minutes'))
        order by entidade, iniciada_em desc, id desc`,
    ),
    db.query<{ n: number }>(
      `select count(*)::int as n from importacoes
        where status = 'em_andamento' and atualizada_em >= now() - interval '2 minutes'`,
    ),
  ]);
  return { ultimas, emAndamento: andamento?.n ?? 0 };
}
