import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/helper';
import { systemClock } from '../../clock';
import { openPg } from '../../db/pg';
import type { Db } from '../../db/db';
import { selagemDe } from '../../lib/selagem';
import { WebhooksService } from './service';

/**
 * Two delivery workers (as two instances would run) on one PostgreSQL, each with its own pool:
 * every message reaches the receiver exactly once when nothing fails (`for update skip locked`).
 * Needs TEST_PG_URL (the PostgreSQL run of CI).
 */
const ADMIN = process.env.TEST_PG_URL;

describe.skipIf(!ADMIN)('webhooks: two instances on one PostgreSQL', () => {
  let t: TestApp;
  let outroDb: Db;
  let outro: WebhooksService;
  beforeAll(async () => {
    // Both instances seal and open with one key, from the environment as in production.
    const chave = randomBytes(32);
    t = await startApp({
      env: { WEBHOOKS_INTERVAL_MS: '50', WEBHOOKS_PARALLEL: '4', CHAVE_DE_SELAGEM: chave.toString('base64') },
    });
    const [{ nome }] = (await t.db.query<{ nome: string }>('select current_database() as nome')) as [{ nome: string }];
    const url = new URL(ADMIN!);
    url.pathname = `/${nome}`;
    outroDb = openPg(url.toString(), 5);
    outro = new WebhooksService({
      db: outroDb,
      cofre: selagemDe([chave]).webhooks,
      opcoes: { ...t.config.webhooks, intervaloMs: 50, paralelas: 4, producao: false },
      clock: systemClock,
      log: pino({ level: 'silent' }),
    });
    outro.entregador.iniciar();
  });
  afterAll(async () => {
    await outro?.entregador.parar();
    await outroDb?.close();
    await t?.close();
  });

  it('each of 60 messages is delivered once', async () => {
    const recebidos: string[] = [];
    let segredo = '';
    const server = createServer((req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (p: Buffer) => partes.push(p));
      req.on('end', () => {
        new Webhook(segredo).verify(Buffer.concat(partes).toString(), req.headers as Record<string, string>);
        recebidos.push(String(req.headers['webhook-id']));
        // A little work, so both workers have deliveries in flight at once.
        setTimeout(() => res.end(), 20);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const ep = await t.app.services.webhooks.criarEndpoint({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        eventos: ['protocolo.atualizado'],
      });
      segredo = ep.segredo;
      const ids: string[] = [];
      for (let i = 0; i < 60; i++)
        ids.push(
          await t.db.transaction((tx) =>
            t.app.services.webhooks.registrarEvento(tx, 'protocolo.atualizado', { protocolo: String(i) }),
          ),
        );
      t.app.services.webhooks.depoisDoCommit();
      outro.depoisDoCommit();
      const fim = Date.now() + 20_000;
      while (recebidos.length < ids.length && Date.now() < fim) await new Promise((r) => setTimeout(r, 50));
      // Both instances have looked since and found nothing due: a second copy would have been sent by now.
      await Promise.all([t.app.services.webhooks.entregador.ocioso(), outro.entregador.ocioso()]);
      expect(recebidos.sort()).toEqual(ids.sort());
      const [porInstancia] = await t.db.query<{ n: number }>(
        "select count(*)::int as n from webhook_tentativas where resultado = 'entregue'",
      );
      expect(porInstancia!.n).toBe(60);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
