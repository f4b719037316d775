import { diaEmSaoPaulo } from '@portal/br';
import { expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { DEMO_PARTS, seedDemo } from './index';
import { DIAS_UTEIS_ATRAS, diasUteisAntes, protocolos } from './protocolos';

it('the demo protocols take the next free number of their day in a database that already had requests', async () => {
  const db = await openPglite();
  try {
    await migrate(db);
    const hoje = new Date('2026-03-10T12:00:00Z');
    await seedDemo(
      db,
      DEMO_PARTS.filter((p) => p !== protocolos),
      { hoje },
    );
    const dia = diasUteisAntes(diaEmSaoPaulo(hoje.getTime()), DIAS_UTEIS_ATRAS.respondido).replaceAll('-', '');
    // Someone used the portal that day, before the demo protocols existed.
    await db.query('insert into protocolo_sequencias (dia, ultimo) values ($1, 3)', [dia]);
    expect(await seedDemo(db, DEMO_PARTS, { hoje, registroAns: '123456' })).toEqual(['0009_protocolos']);
    const rows = await db.query<{ numero: string; situacao: string }>(
      'select numero, situacao from protocolos where numero like $1 order by numero',
      [`123456${dia}%`],
    );
    expect(rows).toEqual([{ numero: `123456${dia}000004`, situacao: 'CONCLUIDO' }]);
    const [seq] = await db.query<{ ultimo: number }>('select ultimo from protocolo_sequencias where dia = $1', [dia]);
    expect(seq?.ultimo).toBe(4);
  } finally {
    await db.close();
  }
});
