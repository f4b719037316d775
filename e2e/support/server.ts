import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * Node's flags for the portal's processes in the journeys (its server and its command-line tools):
 * PGlite's PostgreSQL, a WebAssembly module, compiled by V8's baseline compiler only. Each process
 * compiles it anew and lives for one file at most, too short for the optimizing compiler's work on
 * the hot functions to pay back: the servers of six journey files used 27 CPU-s instead of 38, the
 * seeding of the demo 8 instead of 10 (.ci/README.md). Production runs without it.
 */
export const NODE_DO_PORTAL = ['--liftoff-only'];

/** Waits for the server's "listening" log line; answers its base URL. */
export function waitReady(server: ChildProcess, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`e2e: server not ready in ${timeoutMs} ms\n${output}`)), timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1].replace('127.0.0.1', 'localhost'));
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`e2e: server exited (${code})\n${output}`));
    });
  });
}

export interface Portal {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The built portal on a private copy of the seeded database, on a free port. */
export async function startPortal(seedDir: string, env: Record<string, string> = {}): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  cpSync(seedDir, dataDir, { recursive: true });
  const server = spawn(process.execPath, [...NODE_DO_PORTAL, join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED: 'demo',
      DATABASE_URL: '',
      REDIS_URL: '',
      PRUNE_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await waitReady(server).catch((err: unknown) => {
    // Not left running (and holding its copy) when the file gives up on it.
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  // Keep draining the log so the pipe never fills; show warnings and errors in the test output.
  server.stdout?.on('data', (d: Buffer) => {
    for (const line of String(d).split('\n')) if (/"level":[4-6]\d/.test(line)) console.warn(line);
  });
  return {
    baseUrl,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built portal on a data directory the caller prepared (not a copy of the seeded one), with
 * SEED=none: for journeys that start from an empty database, like the operator's first import
 * (e2e/importacao.test.ts). The directory is left to the caller.
 */
export async function startPortalVazio(dataDir: string, env: Record<string, string> = {}): Promise<Portal> {
  const server = spawn(process.execPath, [...NODE_DO_PORTAL, join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED: 'none',
      DATABASE_URL: '',
      REDIS_URL: '',
      PRUNE_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await waitReady(server);
  server.stdout?.on('data', (d: Buffer) => {
    for (const line of String(d).split('\n')) if (/"level":[4-6]\d/.test(line)) console.warn(line);
  });
  server.stderr?.on('data', () => undefined);
  return {
    baseUrl,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
    },
  };
}
