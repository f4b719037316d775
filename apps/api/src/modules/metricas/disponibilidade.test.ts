import pino from 'pino';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { registrarDisponibilidade, type Sondas } from './disponibilidade';

const CACHE_MS = 15_000;
const log = pino({ level: 'silent' });

/** A registry with the availability gauges over these probes, and a way to read one value. */
function comSondas(sondas: Sondas, limiteMs = 50) {
  const registro = new Registry();
  const clock = manualClock(Date.UTC(2026, 2, 10, 12));
  registrarDisponibilidade(registro, sondas, { clock, cacheMs: CACHE_MS, log, limiteMs });
  const valor = async (nome: string) => {
    const texto = await registro.metrics();
    const linha = texto.split('\n').find((l) => l.startsWith(`${nome} `));
    return linha === undefined ? undefined : Number(linha.slice(nome.length + 1));
  };
  return { clock, valor, registro };
}

const responde = () => Promise.resolve();
const recusa = () => Promise.reject(new Error('connect ECONNREFUSED'));
const nuncaResponde = () => new Promise<void>(() => undefined);

describe('availability gauges (database, Redis)', () => {
  it('a database that answers is 1', async () => {
    expect(await comSondas({ banco: responde }).valor('portal_banco_disponivel')).toBe(1);
  });

  it('a database that refuses the connection is 0', async () => {
    expect(await comSondas({ banco: recusa }).valor('portal_banco_disponivel')).toBe(0);
  });

  it('a database that never answers is 0 once the probe bound has passed (the scrape still answers)', async () => {
    expect(await comSondas({ banco: nuncaResponde }).valor('portal_banco_disponivel')).toBe(0);
  });

  it('a Redis that fails its PING is 0 while the database is 1', async () => {
    const { valor } = comSondas({ banco: responde, redis: recusa });
    expect([await valor('portal_banco_disponivel'), await valor('portal_redis_disponivel')]).toEqual([1, 0]);
  });

  it('without Redis (no REDIS_URL) there is no Redis series', async () => {
    expect(await comSondas({ banco: responde }).valor('portal_redis_disponivel')).toBeUndefined();
  });

  it('probes once per interval however many scrapes, and again after it', async () => {
    let chamadas = 0;
    let disponivel = true;
    const banco = () => {
      chamadas++;
      return disponivel ? Promise.resolve() : Promise.reject(new Error('down'));
    };
    const { clock, valor } = comSondas({ banco });
    await valor('portal_banco_disponivel');
    disponivel = false;
    clock.advance(CACHE_MS - 1);
    expect(await valor('portal_banco_disponivel')).toBe(1);
    expect(chamadas).toBe(1);
    clock.advance(1);
    expect(await valor('portal_banco_disponivel')).toBe(0);
    expect(chamadas).toBe(2);
  });
});
