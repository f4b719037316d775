// Writes the demo operator's register as import files (issue 16, the start of SEED=none + files):
// operadora/demo/dados/NN-<entidade>.csv in the layouts of docs/integracao/, exported from a freshly
// seeded in-memory database. So far the entities whose demo data has fixed dates: produtos,
// contratos, beneficiarios. Invoices, authorizations and usage are laid out by the seed relative to
// today (overdue installments, recent authorizations), so fixed files would age; they wait for a
// date convention (see the helper's report).
//
//   node --import tsx scripts/importacao-demo.ts
//
// importacao.test.ts imports these files onto the seeded database and expects every row unchanged:
// the files and the seed say the same thing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../apps/api/src/db/migrate';
import { openPglite } from '../apps/api/src/db/pglite';
import { seedDemo } from '../apps/api/src/db/seed';
import { EXPORTACAO_DEMO } from '../apps/api/src/modules/importacao/demo';

const destino = join(import.meta.dirname, '../operadora/demo/dados');
mkdirSync(destino, { recursive: true });
const db = await openPglite();
await migrate(db);
await seedDemo(db);
for (const [arquivo, sql] of EXPORTACAO_DEMO) {
  const linhas = await db.query<Record<string, string | null>>(sql);
  writeFileSync(join(destino, arquivo), csv(linhas));
  console.log(`${arquivo}: ${linhas.length} linhas`);
}
await db.close();

function csv(linhas: Record<string, string | null>[]): string {
  const q = (v: string | null) => (v === null ? '' : /[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const cab = Object.keys(linhas[0] ?? {});
  return [cab.join(';'), ...linhas.map((l) => cab.map((c) => q(l[c] ?? null)).join(';'))].join('\n') + '\n';
}
