import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { diaEmSaoPaulo } from '@portal/br';
import { NODE_DO_PORTAL, waitReady } from './support/server';

const root = join(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data directory; each test file serves a copy of it. */
    seedDir: string;
    /**
     * The São Paulo day (AAAA-MM-DD) the demo was seeded: its protocol numbers and dates count from
     * it, and a run that crosses midnight must not compute them from the day the test runs.
     */
    seedDia: string;
  }
}

/**
 * Migrates and seeds one PGlite data directory with the demo operator, once per run. Each journey
 * file then starts its own server on a copy (support/server.ts), so files never see each other's
 * writes and their order stops mattering.
 */
export default async function setup(project: TestProject) {
  if (!existsSync('/usr/bin/chromium')) throw new Error('e2e: /usr/bin/chromium missing (apt-get install chromium)');
  for (const f of ['apps/web/dist/index.html', 'apps/api/dist/server.js']) {
    if (!existsSync(join(root, f))) throw new Error(`e2e: ${f} missing — run \`npm run build\` first`);
  }
  const seedDir = mkdtempSync(join(tmpdir(), 'portal-e2e-seed-'));
  const seedDia = diaEmSaoPaulo(Date.now());
  const server = spawn(process.execPath, [...NODE_DO_PORTAL, join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: seedDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED: 'demo',
      DATABASE_URL: '',
      REDIS_URL: '',
      PRUNE_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Migrating and seeding from nothing: ~15 s alone, over a minute beside the PostgreSQL run of lane 2 on
  // two busy cores. A guard against hangs, not a speed check; the server is not left behind.
  await waitReady(server, 240_000).catch((err: unknown) => {
    server.kill('SIGKILL');
    rmSync(seedDir, { recursive: true, force: true });
    throw err;
  });
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
  project.provide('seedDir', seedDir);
  project.provide('seedDia', seedDia);
  return () => rmSync(seedDir, { recursive: true, force: true });
}
