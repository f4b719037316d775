import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { ANCORA_DEMO, deslocarMeses, mesesDesdeAncora, transformacaoDemo } from './arquivos';
import { DEMO_BENEFICIARIO as B, DEMO_CONTRATO } from './demo';
import { seedDemo } from './index';

describe('the demo files move by whole months from their anchor', () => {
  it('moves dates, date-times and competences; the day is kept or is the month’s last', () => {
    expect(deslocarMeses('2026-03-10', 8)).toBe('2026-11-10');
    expect(deslocarMeses('2026-03', 10)).toBe('2027-01');
    expect(deslocarMeses('2025-11-20T09:15:00Z', 8)).toBe('2026-07-20T09:15:00Z');
    expect(deslocarMeses('2026-01-31', 1)).toBe('2026-02-28');
    expect(deslocarMeses('2026-03-10', -3)).toBe('2025-12-10');
    expect(mesesDesdeAncora(new Date(`${ANCORA_DEMO}T12:00:00Z`))).toBe(0);
    // São Paulo's month: 1 December 01:00 UTC is still 30 November there.
    expect(mesesDesdeAncora(new Date('2026-12-01T01:00:00Z'))).toBe(8);
  });

  it('moves only the movement; the register and the anchor day itself pass unchanged', () => {
    const hoje = new Date('2026-11-27T15:00:00Z');
    expect(transformacaoDemo('beneficiarios', hoje)).toBeUndefined();
    expect(transformacaoDemo('mensalidades', new Date(`${ANCORA_DEMO}T15:00:00Z`))).toBeUndefined();
    const t = transformacaoDemo('mensalidades', hoje)!;
    expect(t({ competencia: '2026-03', vencimento: '2026-03-10', dataPagamento: '', valor: '10.00' })).toEqual({
      competencia: '2026-11',
      vencimento: '2026-11-10',
      dataPagamento: '',
      valor: '10.00',
    });
  });

  it('a care the move would put after the seed day happens on the seed day', () => {
    const t = transformacaoDemo('utilizacao', new Date('2026-12-03T15:00:00Z'))!;
    expect(t({ dataAtendimento: '2026-03-08T14:00:00Z' }).dataAtendimento).toBe('2026-12-03T14:00:00Z');
    expect(t({ dataAtendimento: '2026-03-02T14:00:00Z' }).dataAtendimento).toBe('2026-12-02T14:00:00Z');
  });
});

describe('the demo seeded on another day (3 December 2026) through the importer', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await seedDemo(db, undefined, { hoje: new Date('2026-12-03T15:00:00Z') });
  }, 60_000);
  afterAll(() => db.close());

  it('Maria: the two most recent installments are this month’s and last month’s, open; the rest paid', async () => {
    const r = await db.query<{ c: string; pago: boolean }>(
      `select to_char(competencia, 'YYYY-MM') as c, pago_em is not null as pago from mensalidades
        where codigo_contrato = $1 order by competencia desc limit 12`,
      [DEMO_CONTRATO.maria],
    );
    expect(r.slice(0, 3)).toEqual([
      { c: '2026-12', pago: false },
      { c: '2026-11', pago: false },
      { c: '2026-10', pago: true },
    ]);
    expect(r.slice(2).every((x) => x.pago)).toBe(true);
    // Roberto's unpaid one: twelve months back, in the previous calendar year.
    const roberto = await db.query<{ c: string }>(
      `select to_char(competencia, 'YYYY-MM') as c from mensalidades
        where codigo_contrato = $1 and pago_em is null order by competencia`,
      [DEMO_CONTRATO.roberto],
    );
    expect(roberto.map((x) => x.c)).toEqual(['2025-12', '2026-11', '2026-12']);
  });

  it('nothing that happened is after the seed day; Maria’s rating followed her consultation', async () => {
    const [futuro] = await db.query<{ n: number }>(
      `select (select count(*) from atendimentos where data > '2026-12-04')
            + (select count(*) from autorizacoes where data_solicitacao > '2026-12-04')
            + (select count(*) from coparticipacoes where data_atendimento > '2026-12-03')
            + (select count(*) from mensalidades where pago_em > '2026-12-03') as n`,
    );
    expect(Number(futuro?.n)).toBe(0);
    const [a] = await db.query<{ data: string }>(
      `select to_char(a.data at time zone 'UTC', 'YYYY-MM-DD') as data
         from avaliacoes_atendimento v join atendimentos a on a.id = v.atendimento_id where a.codigo_beneficiario = $1`,
      [B.maria],
    );
    expect(a?.data).toBe('2026-11-18');
    const [autorizacao] = await db.query<{ d: string }>(
      `select to_char(data_solicitacao at time zone 'UTC', 'YYYY-MM-DD') as d from autorizacoes where numero_transacao = '2026101898231'`,
    );
    expect(autorizacao?.d).toBe('2026-11-18');
  });
});
