import type { TestProject } from 'vitest/node';
import { dropRunDatabases, ensureTemplate, newRunTag } from './pg-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's tag in the names of its PostgreSQL databases (TEST_PG_URL runs only). */
    pgRun: string | undefined;
  }
}

/**
 * On PostgreSQL (TEST_PG_URL), the API project's run: the seeded template is built once before the
 * files start (and the templates of other seed keys dropped), and every database of the run that
 * is left at the end — startApp does not wait for its drops — is dropped.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) {
    project.provide('pgRun', undefined);
    return;
  }
  const run = newRunTag();
  project.provide('pgRun', run);
  await ensureTemplate(adminUrl, { dropOthers: true });
  return async () => {
    await dropRunDatabases(adminUrl, run);
  };
}
