import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type TestApp } from '../test/helper';
import { rotasDoDocumento, type JsonSchema } from '../test/rotas';

// Property-based (fast-check) over every request schema of the OpenAPI document: random and
// malformed bodies built around each route's own schema never get a 5xx, always get the one error
// shape when refused, and a refused request changes no stored data. A new route is covered the
// day it appears in the document.

/** Values of the right type, of the wrong type, and the edges in between. */
function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const weird = fc.oneof(
    fc.constant(null),
    fc.constant(''),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom('x'.repeat(5000), '\u0000', '${7*7}', "' or 1=1 --", '<script>', '../../etc/passwd', '١٢٣'),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  );
  if (!schema || depth > 4) return weird;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => arbitraryFor(v, depth + 1)), weird);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), weird);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), weird);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]),
      );
      return fc.oneof({ weight: 4, arbitrary: fc.record(props, { requiredKeys: [] }) }, weird);
    }
    case 'array':
      return fc.oneof(fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 6 }), weird);
    case 'string':
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 300) }),
        fc.stringMatching(/^\d{1,20}$/),
        fc.constantFrom('529.982.247-25', '52998224725', '2026-01-01', '000000', 'email@exemplo.com.br'),
        weird,
      );
    case 'number':
    case 'integer':
      return fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.double({ noNaN: false }), weird);
    case 'boolean':
      return fc.oneof(fc.boolean(), weird);
    default:
      return weird;
  }
}

// Read at collection time, so that each route is a test of its own (bounded by its own runs, not by
// how many routes there are).
const t: TestApp = await startApp({
  env: { THROTTLE_CPF_CHECKS_PER_MINUTE: '1000000', THROTTLE_CODE_CHECKS_PER_10MIN_IP: '1000000' },
});
const routes = (await rotasDoDocumento(t)).rotas.filter((r) => r.method === 'POST');
const c = t.client();
let perfil: { codigoSessao: number };

// Bookkeeping that refusals are meant to change: the audit trail, throttling windows, and the
// attempts counted on a verification code.
// auditoria_integracao: every call to the integration API is audited, refused ones too (issue 16).
const NOT_DATA = new Set([
  'audit_log',
  'auditoria_integracao',
  'rate_counters',
  'verification_codes',
  'schema_migrations',
]);

/** Where statement-level triggers note the tables a statement wrote (insert, update, delete, truncate). */
const ESCRITAS = 'propriedades_escritas';

async function tabelas(): Promise<string[]> {
  const rows = await t.db.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  return rows.map((r) => r.name).filter((n) => !NOT_DATA.has(n) && n !== ESCRITAS);
}

async function hashDe(name: string): Promise<string> {
  const [row] = await t.db.query<{ h: string | null }>(
    `select md5(string_agg(md5(x::text), ',' order by md5(x::text))) as h from "${name}" x`,
  );
  return row?.h ?? '-';
}

/**
 * Every table's hash is kept here and recomputed only for a table that a statement wrote since it was
 * last computed (the triggers note it), or that is new: the same answer as hashing every row of every
 * table before and after each request, without reading ~50 tables (three quarters of the rows the
 * read-only Guia data) twice per request.
 */
const hashes = new Map<string, string>();

async function vigiar(name: string) {
  await t.db.query(
    `create trigger propriedades_escrita after insert or update or delete or truncate on "${name}"
       for each statement execute function propriedades_anotar_escrita()`,
  );
}

async function instalarAnotacao() {
  await t.db.query(`create table ${ESCRITAS} (tabela text primary key)`);
  await t.db.query(
    `create function propriedades_anotar_escrita() returns trigger language plpgsql as $$
     begin
       insert into ${ESCRITAS} (tabela) values (tg_table_name) on conflict do nothing;
       return null;
     end $$`,
  );
}

/** A fingerprint of every stored row of every other table. */
async function fingerprint(): Promise<string> {
  const escritas = await t.db.query<{ tabela: string }>(`delete from ${ESCRITAS} returning tabela`);
  for (const { tabela } of escritas) hashes.delete(tabela);
  const atuais = await tabelas();
  for (const name of [...vigiadas]) {
    if (atuais.includes(name)) continue;
    hashes.delete(name);
    vigiadas.delete(name);
  }
  for (const name of atuais) {
    if (hashes.has(name)) continue;
    if (!vigiadas.has(name)) {
      await vigiar(name);
      vigiadas.add(name);
    }
    hashes.set(name, await hashDe(name));
  }
  return atuais.map((name) => `${name}:${hashes.get(name)}`).join('|');
}
const vigiadas = new Set<string>();

/** The same fingerprint read the slow way, from every row of every table. */
async function fingerprintCompleto(): Promise<string> {
  const parts: string[] = [];
  for (const name of await tabelas()) parts.push(`${name}:${await hashDe(name)}`);
  return parts.join('|');
}

beforeAll(async () => {
  await instalarAnotacao();
  perfil = { codigoSessao: (await c.login(CPF.maria, undefined, CONTRATO.maria)).codigoSessao };
});
afterAll(() => t.close());

describe('every POST route, random bodies around its schema', () => {
  it('covers the routes of the document, and the fingerprint sees a stored change', async () => {
    expect(routes.length).toBeGreaterThan(15);
    const before = await fingerprint();
    expect(before).toBe(await fingerprintCompleto());
    await t.db.query("update pessoas set profissao = 'Astronauta' where cpf = $1", [CPF.maria]);
    const mudou = await fingerprint();
    expect(mudou).not.toBe(before);
    expect(mudou).toBe(await fingerprintCompleto());
    await t.db.query("update pessoas set profissao = 'Professora' where cpf = $1", [CPF.maria]);
    expect(await fingerprint()).toBe(before);
  });

  // Sair would end the session every other member body relies on.
  it.for(routes.filter((r) => r.path !== '/api/Login/Sair'))(
    '$path: never 5xx; refusals have the error shape and change no stored data',
    async (route) => {
      await fc.assert(
        fc.asyncProperty(arbitraryFor(route.schema), fc.boolean(), async (body, comPerfil) => {
          await t.resetCounters();
          const payload =
            route.membro && comPerfil && body && typeof body === 'object' && !Array.isArray(body)
              ? { ...body, perfilAutenticado: perfil, PerfilAutenticado: perfil }
              : body;
          const before = await fingerprint();
          const r = await c.post<Record<string, unknown>>(route.path, payload);
          expect(r.status, `${route.path} ${JSON.stringify(payload).slice(0, 200)}`).toBeLessThan(500);
          if (r.status >= 400) {
            expect(r.body).toMatchObject({ sucesso: false, code: expect.any(String), message: expect.any(String) });
            expect(await fingerprint(), `${route.path} changed data while refusing`).toBe(before);
          }
        }),
        { numRuns: Number(process.env.PROPRIEDADES_RUNS ?? 40), seed: Number(process.env.PROPRIEDADES_SEED ?? 2611) },
      );
    },
  );

  it('the hashes kept between requests never went stale: they are what a full reading gives now', async () => {
    expect(await fingerprint()).toBe(await fingerprintCompleto());
  });
});
