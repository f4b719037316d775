// Writes the demo operator's files (operadora/demo/dados/NN-<entidade>.csv, LEIA-ME.md there) back
// from a database seeded with them on their anchor day: the seed reads these files through the
// importer, so the output is the files themselves — a check that the exporter's SQL
// (modules/importacao/demo.ts) and the layouts agree, and the way to re-read the files after a
// change made with SQL on a seeded database (edit, then run this to write the change into the files).
//
//   node --import tsx scripts/importacao-demo.ts [pasta]   # default: operadora/demo/dados
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../apps/api/src/db/migrate';
import { openPglite } from '../apps/api/src/db/pglite';
import { seedDemo } from '../apps/api/src/seed';
import { ANCORA_DEMO } from '../apps/api/src/seed/arquivos';
import { EXPORTACAO_DEMO } from '../apps/api/src/modules/importacao/demo';

const destino = process.argv[2] ?? join(import.meta.dirname, '../operadora/demo/dados');
mkdirSync(destino, { recursive: true });
const db = await openPglite();
await migrate(db);
await seedDemo(db, undefined, { hoje: new Date(`${ANCORA_DEMO}T12:00:00-03:00`) });
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
