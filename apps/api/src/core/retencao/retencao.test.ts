import { afterAll, beforeAll, expect, it } from 'vitest';
import { CPF, startApp, type TestApp } from '../../../test/helper';
import { PRUNE_LOCK } from './repository';

let t: TestApp;
beforeAll(async () => {
  t = await startApp({ env: { AUDIT_RETENTION_DAYS: '365', OUTBOX_RETENTION_DAYS: '30' } });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

it('removes what can no longer be used and keeps what can, audit rows for the configured period', async () => {
  const service = t.app.services.retencao;
  const c = t.client();
  await c.login(CPF.roberto); // a session, audit rows, a throttling window (password check in flight)
  await c.post('/api/Login/RecuperarSenha', { cpf: CPF.maria, tipoSolicitacao: 'email' }); // a code, an outbox row
  // An operator system's call (issue 16), audited like a member's.
  await t.db.query(
    `insert into auditoria_integracao (em, chave_id, ip, metodo, rota, status) values ($1, 'k1', '10.0.0.1', 'GET', '/api/integracao/v1/chave', 200)`,
    [new Date(t.clock.now())],
  );
  const before = {
    sessions: await count('sessions'),
    codes: await count('verification_codes'),
    outbox: await count('outbox'),
    audit: await count('audit_log'),
  };
  expect(Object.values(before).every((n) => n > 0)).toBe(true);

  // Nothing is due yet.
  expect(await service.prune()).toMatchObject({ sessions: 0, verification_codes: 0, outbox: 0, audit_log: 0 });

  // Two days later: the idle session and the expired code are gone; the outbox copy stays (30 days).
  t.clock.advance(2 * DAY);
  const r = await service.prune();
  expect(r).toMatchObject({ sessions: before.sessions, verification_codes: before.codes, outbox: 0, audit_log: 0 });
  expect(r!.rate_counters).toBeGreaterThan(0);
  expect(await count('outbox')).toBe(before.outbox);

  // After 31 days the outbox copy goes; after a year and a day the audit rows too.
  t.clock.advance(29 * DAY);
  expect((await service.prune())!.outbox).toBe(before.outbox);
  expect(await count('audit_log')).toBeGreaterThanOrEqual(before.audit);
  expect(await count('auditoria_integracao')).toBe(1);
  t.clock.advance(335 * DAY);
  const anoDepois = await service.prune();
  expect(anoDepois!.audit_log).toBeGreaterThanOrEqual(before.audit);
  expect(anoDepois!.auditoria_integracao).toBe(1);
  expect(await count('audit_log')).toBe(0);
});

// PGlite runs one transaction at a time, so there the question cannot arise; PostgreSQL (CI) proves it.
it.skipIf(!process.env.TEST_PG_URL)('while another instance prunes, this one skips its turn', async () => {
  const service = t.app.services.retencao;
  await t.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [PRUNE_LOCK]);
    expect(await service.prune()).toBeNull();
  });
  expect(await service.prune()).not.toBeNull();
});
