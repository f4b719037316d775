import { createReadStream, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diaEmSaoPaulo } from '@portal/br';
// The seed is a client of the importer like the CLI (decision 0022, "The demo operator's files"):
// eslint.config.js lets seed/ reach modules/importacao/index.ts, and nothing else of an area.
import { importarNaTransacao, LAYOUTS, type Entidade, type Relatorio } from '../modules/importacao/index';
import type { Queryable } from '../db/db';
import { ANCORA_DEMO, deslocarMeses, mesesDesdeAncoraDemo } from './demo';
import type { SeedContexto } from './part';

export { ANCORA_DEMO, deslocarMeses };

/**
 * The demo operator's data as import files (operadora/demo/dados/NN-<entidade>.csv, LEIA-ME.md there),
 * loaded by the importer's own engine inside the seed part's transaction.
 *
 * The files hold real dates as they were on ANCORA_DEMO. The movement (installments,
 * co-participations, authorizations, usage) is moved by the whole months between that day and the
 * day the demo is loaded, so the demo is always current: the two most recent installments are
 * this month's and last month's, wherever the clock is. The register (products, contracts,
 * beneficiaries, the reimbursement table) is loaded as written: a birth date or a contract's start
 * does not age. Only the demo is moved: an operator's file goes through the importer untouched.
 * The anchor (ANCORA_DEMO) and the move live in @portal/operadora/demo, where e2e journeys read them.
 */

/** The entities whose dates move with the day the demo is loaded. */
const MOVIMENTO = new Set<Entidade>(['mensalidades', 'coparticipacoes', 'autorizacoes', 'utilizacao']);
/** Dates of things that happened: never after the day the demo is loaded. */
const ACONTECIDOS = new Set(['dataAtendimento', 'dataSolicitacao', 'dataPagamento']);
/** The layouts' date types (campos.ts: data, dataHora, competencia). */
const TIPOS_DE_DATA = new Set(['data', 'data e hora', 'AAAA-MM']);

/** operadora/demo/dados, found upwards from this file (src/seed in development, dist/ when bundled). */
function pastaDosDados(): string {
  for (let d = dirname(fileURLToPath(import.meta.url)); ; d = dirname(d)) {
    const p = join(d, 'operadora/demo/dados');
    if (existsSync(p)) return p;
    if (dirname(d) === d) throw new Error('operadora/demo/dados não encontrado');
  }
}

export const DADOS_DEMO_DIR = pastaDosDados();

/** Whole months from the anchor's month to the São Paulo month of `hoje`. */
export function mesesDesdeAncora(hoje: Date): number {
  return mesesDesdeAncoraDemo(diaEmSaoPaulo(hoje.getTime()));
}

/** The transform in front of the importer for one demo file (none for the register). */
export function transformacaoDemo(
  entidade: Entidade,
  hoje: Date,
): ((v: Record<string, string | undefined>) => Record<string, string | undefined>) | undefined {
  const meses = mesesDesdeAncora(hoje);
  if (!MOVIMENTO.has(entidade) || meses === 0) return undefined;
  const dia = diaEmSaoPaulo(hoje.getTime());
  const colunas = LAYOUTS[entidade].colunas.filter((c) => TIPOS_DE_DATA.has(c.tipo)).map((c) => c.nome);
  return (valores) => {
    const r = { ...valores };
    for (const c of colunas) {
      const v = r[c]?.trim();
      if (!v) continue;
      let novo = deslocarMeses(v, meses);
      // A care given on the 20th of the anchor's month, moved to a month whose 20th is still ahead.
      if (ACONTECIDOS.has(c) && novo.slice(0, 10) > dia) novo = dia + novo.slice(10);
      r[c] = novo;
    }
    return r;
  };
}

/** `arquivo` (e.g. '04-mensalidades.csv') through the importer, in the seed part's transaction. */
export async function importarArquivoDemo(
  tx: Queryable,
  arquivo: string,
  { hoje }: SeedContexto,
  dir = DADOS_DEMO_DIR,
): Promise<Relatorio> {
  const m = /^\d\d-([a-z-]+)\.(csv|jsonl)$/.exec(arquivo);
  if (!m || !(m[1]! in LAYOUTS)) throw new Error(`arquivo de demonstração sem layout: ${arquivo}`);
  const entidade = m[1] as Entidade;
  return importarNaTransacao(tx, createReadStream(join(dir, arquivo)), {
    entidade,
    formato: m[2] as 'csv' | 'jsonl',
    modo: 'incremental',
    transformarLinha: transformacaoDemo(entidade, hoje),
  });
}
