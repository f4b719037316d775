import type { TestProject } from 'vitest/node';
import { dropRunDatabases, ensureTemplate, newRunTag } from './pg-template';
import { ensureSnapshot } from './pglite-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's tag in the names of its PostgreSQL databases (TEST_PG_URL runs only). */
    pgRun: string | undefined;
  }
}

/**
 * The API project's run: the seeded database every file starts from is made once before the files
 * start, so no file's hook waits for a seed — on PGlite the snapshot (and the snapshots of other seed
 * keys removed), on PostgreSQL (TEST_PG_URL) the template (and the templates of other seed keys
 * dropped). There, every database of the run that is left at the end — startApp does not wait for
 * its drops — is dropped.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) {
    project.provide('pgRun', undefined);
    await ensureSnapshot({ dropOthers: true });
    return;
  }
  const run = newRunTag();
  project.provide('pgRun', run);
  await ensureTemplate(adminUrl, { dropOthers: true });
  return async () => {
    await dropRunDatabases(adminUrl, run);
  };
}
