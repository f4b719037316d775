import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../src/db/migrate';
import { openPg } from '../src/db/pg';
import { seedDemo } from '../src/seed';
import { HOJE, seedKey } from './seed-key';

/**
 * PostgreSQL's counterpart of the seeded PGlite snapshot (helper.ts): one migrated and seeded
 * template database per seed key, `portal_tpl_<key>`, and a `create database … template …` per
 * startApp instead of migrating and seeding the whole demo again: 0.3–0.5 s for a startApp instead of
 * 1.3–1.8 s on a quiet machine (more on CI's busy cores).
 *
 * Workers of one run, and runs of other checkouts on the same server, meet on an advisory lock of
 * the admin database: exclusive to build or drop a template, shared to clone one. A template is
 * built under another name and renamed when complete, so a run that died half-way leaves nothing
 * that looks usable; it does not allow connections, since PostgreSQL refuses to clone a database
 * someone is connected to.
 */

const TEMPLATE_PREFIX = 'portal_tpl_';
/** The throwaway databases of startApp: `portal_test_<run>_<random>`. */
const TEST_PREFIX = 'portal_test_';
/** pg_advisory_lock key of the templates (the schema lock of migrate.ts is 4_201_911). */
const TEMPLATE_LOCK = 4_201_912;

export const templateName = (key = seedKey()) => `${TEMPLATE_PREFIX}${key}`;

/** A run's tag, so that its global teardown drops its own databases and no other run's. */
export const newRunTag = () => randomBytes(4).toString('hex');
export const testDatabasePrefix = (run: string) => `${TEST_PREFIX}${run}_`;

async function admin(adminUrl: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  return c;
}

async function templateReady(c: pg.Client, name: string): Promise<boolean> {
  const r = await c.query('select 1 from pg_database where datname = $1 and datistemplate', [name]);
  return r.rowCount === 1;
}

/** Migrates and seeds the template (the caller holds the exclusive lock). */
async function buildTemplate(c: pg.Client, adminUrl: string, name: string): Promise<void> {
  // Under the exclusive lock nobody else builds: a database of this name, or of the building name,
  // is what a run that died left behind (or not ours at all); neither is trusted.
  const building = `${name}_building`;
  for (const stale of [name, building]) {
    await c.query(`alter database ${stale} is_template false`).catch(() => undefined);
    await c.query(`drop database if exists ${stale} with (force)`);
  }
  await c.query(`create database ${building}`);
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const db = openPg(url.toString(), 2);
  try {
    await migrate(db);
    await seedDemo(db, undefined, { hoje: new Date(HOJE) });
  } finally {
    await db.close();
  }
  // Renaming waits (up to 5 s) for the pool's backends to be gone.
  await c.query(`alter database ${building} rename to ${name}`);
  await c.query(`alter database ${name} with is_template true allow_connections false`);
}

/**
 * The template of the current seed key, built if missing. With `dropOthers`, the templates of other
 * keys (older checkouts) are dropped too: the global setup does it once per run, never a clone, so
 * two runs of different keys at once rebuild each other's template at most once.
 */
export async function ensureTemplate(adminUrl: string, opts: { dropOthers?: boolean } = {}): Promise<string> {
  const name = templateName();
  const c = await admin(adminUrl);
  try {
    if (!opts.dropOthers) {
      await c.query('select pg_advisory_lock_shared($1)', [TEMPLATE_LOCK]);
      if (await templateReady(c, name)) return name;
      await c.query('select pg_advisory_unlock_shared($1)', [TEMPLATE_LOCK]);
    }
    await c.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    if (!(await templateReady(c, name))) await buildTemplate(c, adminUrl, name);
    if (opts.dropOthers) {
      const others = await c.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1) and datname <> $2',
        [TEMPLATE_PREFIX, name],
      );
      for (const { datname } of others.rows) {
        await c.query(`alter database ${datname} is_template false`);
        await c.query(`drop database if exists ${datname} with (force)`);
      }
    }
    return name;
  } finally {
    await c.end(); // ends the session, and its advisory locks with it
  }
}

/**
 * A new database `name` for a test: with `seeded`, a copy of the template (taken under the shared
 * lock, so that no template is dropped or rebuilt meanwhile); otherwise empty. Its commits do not
 * wait for the WAL flush: a throwaway database needs no durability, and the API tests commit often.
 */
export async function createTestDatabase(adminUrl: string, name: string, seeded: boolean): Promise<void> {
  const template = templateName();
  const c = await admin(adminUrl);
  try {
    if (seeded) {
      await c.query('select pg_advisory_lock_shared($1)', [TEMPLATE_LOCK]);
      if (!(await templateReady(c, template))) {
        // No global setup ran (another config), or a run of another key dropped it: build it.
        await c.query('select pg_advisory_unlock_shared($1)', [TEMPLATE_LOCK]);
        await ensureTemplate(adminUrl);
        await c.query('select pg_advisory_lock_shared($1)', [TEMPLATE_LOCK]);
        if (!(await templateReady(c, template))) throw new Error(`template ${template} vanished`);
      }
      await c.query(`create database ${name} template ${template}`);
    } else await c.query(`create database ${name}`);
    await c.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await c.end();
  }
}

/**
 * Drops the databases of one run whatever their state (the run's global teardown). A drop that a
 * worker started before it ended may still be running: each failure is retried once.
 */
export async function dropRunDatabases(adminUrl: string, run: string): Promise<number> {
  const c = await admin(adminUrl);
  try {
    const r = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
      testDatabasePrefix(run),
    ]);
    for (const { datname } of r.rows) {
      const drop = () => c.query(`drop database if exists ${datname} with (force)`);
      await drop().catch(async () => {
        await new Promise((ok) => setTimeout(ok, 1000));
        await drop();
      });
    }
    return r.rows.length;
  } finally {
    await c.end();
  }
}
