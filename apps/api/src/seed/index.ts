import type { Db, Queryable } from '../db/db';
import { SCHEMA_LOCK } from '../db/migrate';
import { autorizacoes } from './autorizacoes';
import { base } from './base';
import { cancelamento } from './cancelamento';
import { carteirinha } from './carteirinha';
import { servicos } from './servicos';
import { utilizacao } from './utilizacao';
import { financeiro } from './financeiro';
import { guiaMedico } from './guia-medico';
import type { SeedContexto, SeedPart } from './part';
import { protocolos } from './protocolos';
import { reembolso } from './reembolso';

export type { SeedContexto, SeedPart } from './part';

/** The demo operator, part by part. A new area appends its part here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const DEMO_PARTS: SeedPart<any>[] = [
  base,
  autorizacoes,
  carteirinha,
  servicos,
  utilizacao,
  financeiro,
  guiaMedico,
  protocolos,
  cancelamento,
  reembolso,
];

async function done(q: Queryable): Promise<Set<string>> {
  return new Set((await q.query<{ id: string }>('select id from seed_parts')).map((r) => r.id));
}

/**
 * Applies the pending demo parts, each in its own transaction under the schema lock (another
 * instance starting at the same time waits, then finds the part done). Returns the ids applied.
 */
export async function seedDemo(
  db: Db,
  parts = DEMO_PARTS,
  contexto: SeedContexto = { hoje: new Date() },
): Promise<string[]> {
  const applied: string[] = [];
  for (const part of parts) {
    if ((await done(db)).has(part.id)) continue;
    const prepared = part.prepare ? await part.prepare() : undefined;
    const ran = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      if ((await done(tx)).has(part.id)) return false;
      const legacy = part.alreadyThere ? await part.alreadyThere(tx) : false;
      if (!legacy) await part.run(tx, prepared, contexto);
      await tx.query('insert into seed_parts (id) values ($1)', [part.id]);
      return !legacy;
    });
    if (ran) applied.push(part.id);
  }
  return applied;
}
