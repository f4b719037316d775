import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DADOS_DEMO_DIR } from '../../seed/arquivos';
import { startApp, type Client, type TestApp } from '../../../test/helper';
import { ChavesDeIntegracao, ChavesRepository } from './index';

// Issue 30 through the integration API (decision 0049): a truncated `completo` upload is refused with
// the count to confirm (confirmarCancelamentos), and POST /importacoes/{id}/desfazer undoes one.
let t: TestApp;
let importar: string;
let ler: string;
beforeAll(async () => {
  t = await startApp();
  const chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
  importar = (await chaves.criar({ nome: 'ERP', escopos: ['importar'] })).chave;
  ler = (await chaves.criar({ nome: 'BI', escopos: ['leitura'] })).chave;
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const [CABECALHO, ...LINHAS] = readFileSync(join(DADOS_DEMO_DIR, '03-beneficiarios.csv'), 'utf8').split('\n');
/** The demo's members file cut to one active member: the other 8 of 9 would be cancelled. */
const UMA_LINHA = [CABECALHO, LINHAS.find((l) => l.startsWith('1100234001;'))].join('\n') + '\n';

const auth = (chave: string) => ({ authorization: `Bearer ${chave}` });
const BASE = '/api/integracao/v1/importacoes';

interface Importacao {
  id: string;
  status: string;
  inativados: number;
  confirmacaoExigida: number | null;
  desfeitaEm: string | null;
  restaurados: number | null;
  erros: { linha: number; mensagem: string }[];
}

/** Sends the file and follows its import until it ends (bounded). */
async function enviarEAcompanhar(c: Client, query: string): Promise<Importacao> {
  const r = await c.post<{ local: string }>(`${BASE}/beneficiarios${query}`, undefined, {
    raw: UMA_LINHA,
    headers: { ...auth(importar), 'content-type': 'text/csv' },
  });
  expect(r.status).toBe(202);
  for (let i = 0; i < 200; i++) {
    const g = await c.get<Importacao>(r.body.local, { headers: auth(ler) });
    if (g.body.status !== 'em_andamento') return g.body;
    await new Promise((s) => setTimeout(s, 50));
  }
  throw new Error('import still running');
}
const desfazer = (c: Client, id: string, chave = importar) =>
  c.post<{ restaurados: number; ignorados: number; code: string; message: string }>(
    `${BASE}/${id}/desfazer`,
    undefined,
    { headers: auth(chave) },
  );
const ativos = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from beneficiarios where ativo'))[0]?.n;

describe('POST /api/integracao/v1/importacoes/beneficiarios?modo=completo', () => {
  it('a truncated file is recusado: GET names the count to confirm in confirmacaoExigida and the message', async () => {
    const fim = await enviarEAcompanhar(t.client(), '?modo=completo');
    expect(fim).toMatchObject({ status: 'recusado', inativados: 8, confirmacaoExigida: 8, desfeitaEm: null });
    expect(fim.erros).toEqual([
      expect.objectContaining({
        linha: 0,
        mensagem: expect.stringMatching(
          /^Este arquivo cancelaria 8 de 9 beneficiários ativos \(89 %\).*confirmarCancelamentos=8$/,
        ),
      }),
    ]);
    expect(await ativos()).toBe(9);
  });

  it('confirmarCancelamentos: 400 with modo incremental or a value that is not a whole number', async () => {
    const c = t.client();
    for (const query of [
      '?confirmarCancelamentos=8',
      '?modo=completo&confirmarCancelamentos=-1',
      '?modo=completo&confirmarCancelamentos=',
    ]) {
      const r = await c.post<{ code: string; message: string }>(`${BASE}/beneficiarios${query}`, undefined, {
        raw: UMA_LINHA,
        headers: { ...auth(importar), 'content-type': 'text/csv' },
      });
      expect(r.status, query).toBe(400);
      expect(r.body.code).toBe('DADOS_INVALIDOS');
    }
  });
});

describe('POST /api/integracao/v1/importacoes/:id/desfazer', () => {
  it('with the exact count the file applies; desfazer restores the members (audited); a second call is 409', async () => {
    const c = t.client();
    const fim = await enviarEAcompanhar(c, '?modo=completo&confirmarCancelamentos=8');
    expect(fim).toMatchObject({ status: 'aplicado', inativados: 8 });
    expect(await ativos()).toBe(1);

    // Scope importar: a read-only key may not undo.
    expect((await desfazer(c, fim.id, ler)).status).toBe(403);
    const r = await desfazer(c, fim.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: fim.id, entidade: 'beneficiarios', restaurados: 8, ignorados: 0 });
    expect(await ativos()).toBe(9);
    const depois = await c.get<Importacao>(`${BASE}/${fim.id}`, { headers: auth(ler) });
    expect(depois.body).toMatchObject({ restaurados: 8, desfeitaEm: expect.any(String) });
    const [audit] = await t.db.query<{ detail: Record<string, unknown> }>(
      `select detail from audit_log where event = 'importacao_desfeita' and detail->>'importacaoId' = $1`,
      [fim.id],
    );
    expect(audit?.detail).toMatchObject({ canal: 'api', chaveId: importar.split('_')[1], restaurados: 8 });
    const [chamada] = await t.db.query<{ status: number; entidade: string }>(
      `select status, entidade from auditoria_integracao where importacao_id = $1 and rota like '%/desfazer' and status = 200`,
      [fim.id],
    );
    expect(chamada).toEqual({ status: 200, entidade: 'beneficiarios' });

    const outra = await desfazer(c, fim.id);
    expect(outra.status).toBe(409);
    expect(outra.body).toMatchObject({ code: 'IMPORTACAO_NAO_DESFAZIVEL' });
    expect(outra.body.message).toMatch(/^Esta importação já foi desfeita em /);
    expect(await ativos()).toBe(9);
  });

  it('404 in Portuguese for an unknown import', async () => {
    const r = await desfazer(t.client(), '00000000-0000-4000-8000-000000000000');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'NAO_ENCONTRADO', message: 'Importação não encontrada.' });
  });

  it('the OpenAPI document has confirmarCancelamentos and the desfazer route', async () => {
    const doc = (
      await t.client().get<{
        paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
      }>('/api/openapi.json', { auth: false })
    ).body;
    expect(doc.paths[`${BASE}/beneficiarios`]?.post?.parameters?.map((p) => p.name)).toContain(
      'confirmarCancelamentos',
    );
    expect(doc.paths[`${BASE}/{id}/desfazer`]?.post).toBeDefined();
  });
});
