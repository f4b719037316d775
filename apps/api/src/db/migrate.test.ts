import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { manualClock } from '../clock';
import { loadConfig } from '../config';
import { startApp, type TestApp } from '../../test/helper';
import { loadMigrations, migrate } from './migrate';
import { seedDemo } from '../seed';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

it('migrations are numbered .sql files, applied once', async () => {
  const ids = loadMigrations().map((m) => m.id);
  expect(ids[0]).toBe('0001_inicial');
  {
    expect(await migrate(t.db)).toEqual([]);
    expect(await seedDemo(t.db)).toEqual([]);
    const rows = await t.db.query<{ id: string }>('select id from schema_migrations order by id');
    expect(rows.map((r) => r.id)).toEqual(ids);
    // Exactly the demo accounts, with argon2id hashes.
    const contas = await t.db.query<{ cpf: string; senha_hash: string }>(
      'select cpf, senha_hash from contas order by cpf',
    );
    expect(contas.map((c) => c.cpf)).toEqual(['11144477735', '52998224725', '93541134780']);
    for (const c of contas) expect(c.senha_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  }
});

it('a second instance on the same database agrees on the generated secrets (tokens work across)', async () => {
  {
    const token = await t.client().newToken();
    const second = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), {
      db: t.db,
      clock: manualClock(t.clock.now()),
    });
    try {
      expect(await second.services.tokens.verify(token)).toBe(true);
      // Same code secret too: a code sent through one instance is confirmed on the other.
      const [row] = await t.db.query<{ n: number }>(
        "select count(*)::int as n from server_secrets where name in ('token_secret', 'code_secret')",
      );
      expect(row?.n).toBe(2);
    } finally {
      await second.close();
    }
  }
});

it('every CPF in the demo data has valid check digits', async () => {
  const { isValidCpf } = await import('@portal/br');
  {
    const rows = await t.db.query<{ cpf: string }>('select cpf from pessoas');
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const r of rows) expect(isValidCpf(r.cpf), r.cpf).toBe(true);
  }
});
