import { randomBytes } from 'node:crypto';
import type { Queryable } from './db';

/**
 * A secret from the environment, or one generated once and kept in server_secrets so that every
 * instance and every restart agree (0002).
 */
export async function serverSecret(db: Queryable, name: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('select value from server_secrets where name = $1', [name]);
  if (!row) throw new Error(`server secret ${name} missing`);
  return row.value;
}
