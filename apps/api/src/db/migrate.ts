import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

// './migrations/' is next to this file in src/db and next to dist/server.js after the build
// copies it there, so it resolves from any working directory.
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** One key for every instance: they serialise on it when several start at once. */
export const SCHEMA_LOCK = 4_201_911;

export interface Migration {
  id: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ id: f.replace(/\.sql$/, ''), sql: readFileSync(dir + f, 'utf8') }));
}

/** Applies the pending migrations in one transaction, under an advisory lock. Returns the ids applied. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.exec(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await tx.query<{ id: string }>('select id from schema_migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}
