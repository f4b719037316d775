import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/helper';
import { ChavesRepository } from './index';

// REQUEST_TIMEOUT_MS bounds a whole request; an import file may take longer (envio-longo.ts).
// Node checks that bound every 30 s, so these tests stream for a little more than that.
let t: TestApp;
let chave: string;
beforeAll(async () => {
  t = await startApp({ env: { REQUEST_TIMEOUT_MS: '1000' } });
  chave = (await new ChavesRepository(t.db, t.clock).criar({ nome: 'ERP', escopos: ['importar', 'leitura'] })).chave;
});
afterAll(() => t.close());

const dormir = (ms: number) => new Promise((s) => setTimeout(s, ms));

/** A body that sends `partes` one every `intervaloMs` (then a pause of `pausaMs` before the last, if given). */
function lento(partes: string[], intervaloMs: number, pausaMs = 0): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    async pull(ctrl) {
      if (i >= partes.length) return ctrl.close();
      await dormir(i === partes.length - 1 && pausaMs ? pausaMs : i ? intervaloMs : 0);
      ctrl.enqueue(new TextEncoder().encode(partes[i++]));
    },
  });
}

const post = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  fetch(`${t.url}${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit).then(
    async (r) => ({ status: r.status, body: (await r.json()) as { id?: string; local?: string; erro?: string } }),
    (err: Error) => ({ status: 0, body: { erro: err.message } as { id?: string; local?: string; erro?: string } }),
  );

describe('a long upload', () => {
  it('an import file arriving for longer than REQUEST_TIMEOUT_MS is received; another slow request is still cut off', async () => {
    const linhas = ['codigoPlano;nomePlano;numeroPlanoANS;segmentacao;acomodacao;abrangencia;coparticipativo\n'];
    for (let i = 0; i < 110; i++)
      linhas.push(`95${String(i).padStart(2, '0')};Plano Lento ${i};;AMBULATORIAL;ENFERMARIA;;N\n`);
    const [envio, outro] = await Promise.all([
      post('/api/integracao/v1/importacoes/produtos', lento(linhas, 300), {
        authorization: `Bearer ${chave}`,
        'content-type': 'text/csv',
      }),
      post(
        '/api/Token/GerarToken',
        lento(['{"usuario":"portal-web",', ' '.repeat(10), ' '.repeat(10), '"senha":"x"}'], 11_000),
        {
          'content-type': 'application/json',
        },
      ),
    ]);
    expect(outro.status === 408 || outro.status === 0, JSON.stringify(outro)).toBe(true);
    expect(envio.status).toBe(202);
    for (let i = 0; i < 100; i++) {
      const r = await t.client().get<{ status: string; linhas: number }>(envio.body.local!, {
        headers: { authorization: `Bearer ${chave}` },
      });
      if (r.body.status !== 'em_andamento') {
        expect(r.body).toMatchObject({ status: 'aplicado', linhas: 110 });
        return;
      }
      await dormir(50);
    }
    throw new Error('import did not end');
  }, 60_000);

  it('an upload that stops sending for longer than REQUEST_TIMEOUT_MS is closed, and its import fails', async () => {
    const r = await post(
      '/api/integracao/v1/importacoes/produtos',
      lento(
        [
          'codigoPlano;nomePlano;numeroPlanoANS;segmentacao;acomodacao;abrangencia;coparticipativo\n',
          '9599;X;;A;ENFERMARIA;;N\n',
        ],
        0,
        2500,
      ),
      { authorization: `Bearer ${chave}`, 'content-type': 'text/csv' },
    );
    expect(r.status).toBe(0);
    for (let i = 0; i < 100; i++) {
      const [ultima] = await t.db.query<{ status: string }>(
        'select status from importacoes order by iniciada_em desc limit 1',
      );
      if (ultima?.status !== 'em_andamento') {
        expect(ultima?.status).toBe('falhou');
        return;
      }
      await dormir(50);
    }
    throw new Error('import still running');
  });
});
