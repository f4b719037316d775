import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadMigrations } from '../src/db/migrate';
import { DADOS_DEMO_DIR } from '../src/seed/arquivos';

/** The fixed "now" of every API test: the app's clock starts here and the demo seed is laid out from it. */
export const HOJE = Date.parse('2026-03-10T12:00:00Z');

const SRC = join(import.meta.dirname, '../src/db');
const IMPORTACAO = join(import.meta.dirname, '../src/modules/importacao');
const SEED = join(import.meta.dirname, '../src/seed');

/**
 * A hash of everything a migrated and seeded demo database is made from: the PGlite snapshot and
 * the PostgreSQL template are named after it, so a changed migration or seed builds a new one.
 */
export function seedKey(): string {
  const sources = [
    ...loadMigrations().map((m) => m.sql),
    ...readdirSync(SEED)
      .sort()
      .map((f) => readFileSync(join(SEED, f), 'utf8')),
    readFileSync(join(SRC, 'migrate.ts'), 'utf8'),
    // The demo people and dates the seed writes live in the operator package.
    readFileSync(join(import.meta.dirname, '../../../packages/operadora/src/demo.ts'), 'utf8'),
    // The seed loads the demo's files through the importer: both are part of what it writes
    // (the importer's layouts are a folder of their own: read below it too).
    ...[DADOS_DEMO_DIR, IMPORTACAO].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => !f.endsWith('.test.ts') && statSync(join(dir, f)).isFile())
        .sort()
        .map((f) => readFileSync(join(dir, f), 'utf8')),
    ),
    String(HOJE),
  ];
  return createHash('sha256').update(sources.join('\0')).digest('hex').slice(0, 16);
}
