import type { Queryable } from '../db/db';

/**
 * One part of the demo data, usually one area's (one file each). Parts run once, in order, and are
 * recorded in seed_parts like migrations, so a demo database created before an area existed gains
 * that area's data on the next start.
 */
export interface SeedPart<P = void> {
  id: string;
  /** Slow work done before the transaction (password hashing), its result passed to run. */
  prepare?: () => Promise<P>;
  run(tx: Queryable, prepared: P, contexto: SeedContexto): Promise<void>;
  /** For parts that predate seed_parts: true when the database already holds them. */
  alreadyThere?: (q: Queryable) => Promise<boolean>;
}

/**
 * What a part may depend on besides the database: the day the demo data is loaded. Data that
 * demo-data.md fixes relative to "now" (the last 12 installments, the two open ones) is laid out
 * from it, so the app passes its clock and the API tests their fixed date.
 */
export interface SeedContexto {
  hoje: Date;
  /** The operator's ANS registration, the head of protocol numbers (the demo operator's when absent). */
  registroAns?: string;
}
