import type { Db, Queryable } from '../db/db';
import { SCHEMA_LOCK } from '../db/migrate';
import { importarArquivoDemo } from './arquivos';
import { inserirGerados, PRESTADORES_POR_BLOCO, semChavesEstrangeiras, SERIE_CARGA } from './guia-medico-gerador';
import type { SeedContexto, SeedPart } from './part';

/**
 * The demo operator's provider network (shared/demo-data.md 'Provider network'): 8 cities in 5
 * states, 23 specialties (6 dental), the seals, the providers the authorisations name and a
 * network around them that gives São Paulo well over 200 providers (drawn once from
 * guia-medico-gerador.ts, SERIE_DEMO), and the published network changes (RN 585/2023) — all
 * import files of operadora/demo/dados, loaded by the importer in this order (decision 0022).
 */
export const ARQUIVOS_GUIA = [
  '10-municipios.csv',
  '11-especialidades.csv',
  '12-selos.csv',
  '13-prestadores.csv',
  '14-substituicoes.csv',
];

/** The demo network (seed part 0003). */
export const guiaMedico: SeedPart = {
  id: '0003_guia_medico',
  async run(tx: Queryable, _prepared: void, contexto: SeedContexto) {
    for (const arquivo of ARQUIVOS_GUIA) await importarArquivoDemo(tx, arquivo, contexto);
  },
};

/**
 * SEED_PROVIDERS=N: makes the load-test providers exactly N (generated, SERIE_CARGA), adding the
 * missing ones or removing the extra ones, then rebuilds the search views once. Nothing happens
 * when the database already holds N, so a restart with the same N costs one indexed lookup.
 * Runs under the schema lock in one transaction: two instances starting together load once.
 * Returns the providers added (negative: removed), 0 when nothing changed.
 */
export async function carregarPrestadoresGerados(db: Db, n: number): Promise<number> {
  const primeiro = SERIE_CARGA.primeiroPrestador;
  const atual = async (q: Queryable) =>
    (
      await q.query<{ n: number }>(
        'select coalesce(max(codigo) - $1 + 1, 0)::int as n from prestadores where codigo >= $1',
        [primeiro],
      )
    )[0]?.n ?? 0;
  if ((await atual(db)) === n) return 0;
  const mudou = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    const existentes = await atual(tx);
    if (existentes === n) return 0;
    if (existentes > n) {
      await tx.query('delete from prestadores where codigo >= $1', [primeiro + n]);
      await tx.query('delete from estabelecimentos where codigo >= $1', [
        SERIE_CARGA.primeiroEstabelecimento + Math.ceil(n / PRESTADORES_POR_BLOCO),
      ]);
    } else {
      await semChavesEstrangeiras(
        tx,
        ['estabelecimentos', 'prestador_especialidades', 'prestador_selos', 'locais_atendimento'],
        () => inserirGerados(tx, SERIE_CARGA, existentes, n),
      );
    }
    await tx.query('select guia_atualizar()');
    return n - existentes;
  });
  // Marks the views' pages all-visible, so paging reads the ordered index alone (index-only
  // scans); PGlite has no autovacuum to do it later. Outside the transaction, as VACUUM must be.
  if (mudou) await db.exec('vacuum guia_busca, guia_listagem, guia_contagem, guia_fichas');
  return mudou;
}
