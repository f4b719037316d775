import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The API and e2e files are CPU-bound: one worker per core this process may use (its affinity, as
// `taskset` sets it), at most two. Two workers on one core only take turns and double every wait.
const trabalhadores = Math.min(2, availableParallelism());

// One runner, three projects: pure units, API over real HTTP on a fresh database per file,
// and browser journeys in Debian's Chromium against the built app.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/console-guard-setup.ts'],
          // The files share their workers' module cache instead of importing everything again each
          // (38 s → 4 s): no file relies on a module state of its own (they pass in any order,
          // --sequence.shuffle.files).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['test/console-guard-setup.ts'],
          // A file's app starts from a seeded snapshot (PGlite) or template (PostgreSQL), made once by the
          // global setup, in well under a second; but some files seed a database of their own (~15 s
          // alone), and CI runs this project beside the journeys and the container build on two shared
          // cores, six busy processes at a time. Guards against hangs, not bounds.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // As the unit project: the files share their workers' module cache instead of loading the
          // whole app again each (the state modules keep is caches that any file may share: common
          // passwords, the argon2 worker pool, parsed fonts — see lib/pdf/documento.test.ts).
          isolate: false,
          pool: 'forks',
          maxWorkers: trabalhadores,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // Each file serves its own copy of the seeded database, so files are independent.
          setupFiles: ['e2e/support/portal-per-file.ts'],
          // A guard against hangs, not a speed check: on two shared cores under load a long journey
          // took over 90 s in CI.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // expect.poll waits for a state of the page (a focus given back, a tab selected): 1 s by default,
          // which a journey beside the API projects on two busy cores can need more than. A guard, not a bound.
          expect: { poll: { timeout: 20_000 } },
          // Two files at a time (each with its own server and database copy), one per core: the
          // journeys are CPU-bound (decisions 0042, 0045), so more would only contend.
          pool: 'forks',
          // The Playwright client's worker allocates in bursts (PDFs parsed, axe results, screenshots):
          // a larger young generation cut its garbage collection from 10.5 to 2.2 s in financeiro alone.
          execArgv: ['--max-semi-space-size=64'],
          maxWorkers: trabalhadores,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
