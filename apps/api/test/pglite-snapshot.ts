import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pack as packTar } from 'tar-stream';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { seedDemo } from '../src/seed';
import { HOJE, seedKey } from './seed-key';

/** In the snapshot's file name: a change to how it is made (ensureSnapshot) makes a new one. */
const FORMATO_DO_SNAPSHOT = 'limpo-1';
const PREFIXO = 'portal-api-test-';
/** This worker's copy of the snapshot, read once. */
let snapshot: Blob | undefined;

/**
 * A migrated and seeded PGlite data directory, made once and shared by every test file (and run)
 * until the migrations or the seed change: loading it takes well under a second where initdb and the
 * seed take ~20 s. It is a tar of a data directory shut down cleanly (not a dump of a running
 * database, which every start would recover and checkpoint first), without template0 (nothing
 * clones it here) and with 32 MB of shared buffers, not 128: a start from it costs ~0.55 CPU-s
 * instead of ~0.95.
 *
 * The API project's global setup makes it before any file starts (apps/api/test/global-setup.ts),
 * as it builds the PostgreSQL template: made inside a file's hook, on a busy machine, the seed ran
 * over the hook's bound (and each worker made its own). Snapshots of other seed keys are removed.
 * Returns the file's path.
 */
export async function ensureSnapshot({ dropOthers = false } = {}): Promise<string> {
  const nome = `${PREFIXO}${seedKey()}-${FORMATO_DO_SNAPSHOT}.tar`;
  const file = join(tmpdir(), nome);
  if (dropOthers) {
    for (const outro of readdirSync(tmpdir())) {
      if (outro.startsWith(PREFIXO) && outro.endsWith('.tar') && outro !== nome) {
        rmSync(join(tmpdir(), outro), { force: true });
      }
    }
  }
  if (existsSync(file)) return file;
  const dir = mkdtempSync(join(tmpdir(), PREFIXO));
  try {
    const db = await openPglite(dir);
    await migrate(db);
    await seedDemo(db, undefined, { hoje: new Date(HOJE) });
    await db.exec('alter database template0 is_template false');
    await db.exec('drop database template0');
    await db.exec("alter system set shared_buffers = '32MB'");
    await db.close(); // a shutdown checkpoint: the copy starts without recovery
    rmSync(join(dir, 'postmaster.pid'), { force: true });
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, await tarDe(dir));
    renameSync(tmp, file); // atomic: parallel runs never read half a file
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return file;
}

/** The snapshot's bytes (made first if missing: a file run without the global setup), read once per worker. */
export async function seededSnapshot(): Promise<Blob> {
  snapshot ??= new Blob([readFileSync(await ensureSnapshot())]);
  return snapshot;
}

/** A directory as an uncompressed tar, paths relative to it (what PGlite's loadDataDir reads). */
async function tarDe(dir: string): Promise<Buffer> {
  const tar = packTar();
  const partes: Buffer[] = [];
  const lido = (async () => {
    for await (const parte of tar) partes.push(parte as Buffer);
  })();
  for (const nome of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const caminho = join(dir, nome);
    const st = statSync(caminho);
    const cabecalho = { name: nome, mode: st.mode & 0o777, mtime: st.mtime };
    if (st.isDirectory()) tar.entry({ ...cabecalho, type: 'directory' });
    else tar.entry(cabecalho, readFileSync(caminho));
  }
  tar.finalize();
  await lido;
  return Buffer.concat(partes);
}
