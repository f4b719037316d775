import { expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { base } from './base';
import { DEMO_PARTS, seedDemo, type SeedPart } from './index';

it('parts run once, in order, and are recorded; a second run applies nothing', async () => {
  const db = await openPglite();
  try {
    await migrate(db);
    const ids = DEMO_PARTS.map((p) => p.id);
    expect(await seedDemo(db)).toEqual(ids);
    expect(await seedDemo(db)).toEqual([]);
    const rows = await db.query<{ id: string }>('select id from seed_parts order by id');
    expect(rows.map((r) => r.id)).toEqual([...ids].sort());
  } finally {
    await db.close();
  }
});

it('a demo database from before seed_parts keeps its people and gains the parts added later', async () => {
  const db = await openPglite();
  try {
    await migrate(db);
    // As the old seed left it: the base data, no record of parts.
    await seedDemo(db, [base]);
    await db.query('delete from seed_parts');
    let ranNovo = 0;
    const novo: SeedPart = {
      id: '9999_area_nova',
      async run(tx) {
        ranNovo++;
        await tx.query("insert into server_secrets (name, value) values ('marca_da_area_nova', 'x')");
      },
    };
    expect(await seedDemo(db, [base, novo])).toEqual(['9999_area_nova']);
    expect(ranNovo).toBe(1);
    const [pessoas] = await db.query<{ n: number }>('select count(*)::int as n from pessoas');
    expect(pessoas?.n).toBeGreaterThan(0);
    // The base part was recognised, not loaded twice (the primary keys would have refused it).
    const done = await db.query<{ id: string }>('select id from seed_parts order by id');
    expect(done.map((r) => r.id)).toEqual(['0001_base', '9999_area_nova']);
  } finally {
    await db.close();
  }
});
