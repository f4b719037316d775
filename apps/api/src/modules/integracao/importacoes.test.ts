import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type Client, type TestApp } from '../../../test/helper';
import { ChavesDeIntegracao, ChavesRepository, type Escopo } from './index';

// Imports through the integration API (issue 16): upload → 202 → follow until it ends, over real HTTP.
let t: TestApp;
let chaves: ChavesDeIntegracao;
let importar: string;
let ler: string;
const LIMITE = 64 * 1024;

beforeAll(async () => {
  t = await startApp({ env: { INTEGRACAO_BODY_LIMIT: String(LIMITE) } });
  chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
  importar = await nova(['importar']);
  ler = await nova(['leitura']);
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

async function nova(escopos: Escopo[]) {
  return (await chaves.criar({ nome: `ERP ${escopos.join('+')}`, escopos })).chave;
}

const csv = (linhas: string[][]) => linhas.map((l) => l.join(';')).join('\n') + '\n';
const CABECALHO = [
  'codigoPlano',
  'nomePlano',
  'numeroPlanoANS',
  'segmentacao',
  'acomodacao',
  'abrangencia',
  'coparticipativo',
];
const PRODUTOS = csv([
  CABECALHO,
  ['9101', 'Plano API Apartamento', '499101101', 'AMBULATORIAL', 'APARTAMENTO', 'NACIONAL', 'S'],
  ['9102', 'Plano API Enfermaria', '', 'AMBULATORIAL', 'ENFERMARIA', '', 'N'],
]);

interface Enviada {
  id: string;
  status: string;
  local: string;
}
interface Importacao {
  id: string;
  entidade: string;
  status: string;
  origem: string;
  chaveId: string | null;
  linhas: number;
  incluidos: number;
  alterados: number;
  inalterados: number;
  erros: { linha: number; coluna: string; valor: string; mensagem: string }[];
}

const auth = (chave: string) => ({ authorization: `Bearer ${chave}` });

function enviar(c: Client, chave: string, entidade: string, corpo: string, tipo = 'text/csv', query = '') {
  return c.post<Enviada & { code: string; message: string }>(
    `/api/integracao/v1/importacoes/${entidade}${query}`,
    undefined,
    {
      raw: corpo,
      headers: { ...auth(chave), 'content-type': tipo },
    },
  );
}

/** Follows an import until it leaves em_andamento (bounded). */
async function acompanhar(c: Client, chave: string, local: string): Promise<Importacao> {
  for (let i = 0; i < 200; i++) {
    const r = await c.get<Importacao>(local, { headers: auth(chave) });
    expect(r.status).toBe(200);
    if (r.body.status !== 'em_andamento') return r.body;
    await new Promise((s) => setTimeout(s, 50));
  }
  throw new Error(`import ${local} still running`);
}

describe('POST /api/integracao/v1/importacoes/:entidade', () => {
  it('202 with the id and Location; followed until aplicado with its counts; the same file again changes nothing', async () => {
    const c = t.client();
    const r = await enviar(c, importar, 'produtos', PRODUTOS);
    expect(r.status).toBe(202);
    expect(r.body.local).toBe(`/api/integracao/v1/importacoes/${r.body.id}`);
    expect(r.headers.get('location')).toBe(r.body.local);
    const fim = await acompanhar(c, ler, r.body.local);
    expect(fim).toMatchObject({
      entidade: 'produtos',
      status: 'aplicado',
      origem: 'api',
      linhas: 2,
      incluidos: 2,
      erros: [],
    });
    expect(fim.chaveId).toBe(importar.split('_')[1]);
    const [plano] = await t.db.query<{ nome: string }>("select nome from planos where codigo_plano = '9101'");
    expect(plano?.nome).toBe('Plano API Apartamento');

    const de_novo = await enviar(c, importar, 'produtos', PRODUTOS);
    expect(await acompanhar(c, ler, de_novo.body.local)).toMatchObject({
      status: 'aplicado',
      incluidos: 0,
      alterados: 0,
      inalterados: 2,
    });
    // The upload's audit row got the counts once the import ended.
    const [audit] = await t.db.query<{ entidade: string; status: number; contagens: unknown }>(
      `select entidade, status, contagens from auditoria_integracao where importacao_id = $1 and metodo = 'POST'`,
      [r.body.id],
    );
    expect(audit).toMatchObject({ entidade: 'produtos', status: 202 });
    expect(typeof audit?.contagens === 'string' ? JSON.parse(audit.contagens) : audit?.contagens).toMatchObject({
      linhas: 2,
      incluidos: 2,
      erros: 0,
    });
  });

  it('JSON Lines and dryRun: validado, nothing changed', async () => {
    const c = t.client();
    const jsonl =
      JSON.stringify({
        codigoPlano: '9103',
        nomePlano: 'Plano JSON',
        segmentacao: 'AMBULATORIAL',
        acomodacao: 'ENFERMARIA',
        coparticipativo: 'N',
      }) + '\n';
    const r = await enviar(c, importar, 'produtos', jsonl, 'application/x-ndjson', '?dryRun=true');
    expect(r.status).toBe(202);
    expect(await acompanhar(c, importar, r.body.local)).toMatchObject({ status: 'validado', linhas: 1 });
    expect(await t.db.query("select 1 from planos where codigo_plano = '9103'")).toHaveLength(0);
  });

  it('a refused file: its report (line, column, value, message) through GET, and nothing changed', async () => {
    const c = t.client();
    const ruim = csv([CABECALHO, ['9104', 'Plano Ruim', '', 'AMBULATORIAL', 'SUITE', '', 'S']]);
    const r = await enviar(c, importar, 'produtos', ruim);
    expect(r.status).toBe(202);
    const fim = await acompanhar(c, ler, r.body.local);
    expect(fim.status).toBe('recusado');
    expect(fim.erros).toEqual([expect.objectContaining({ linha: 2, coluna: 'acomodacao', valor: 'SUITE' })]);
    expect(fim.erros[0]?.mensagem).toMatch(/\S/);
    expect(await t.db.query("select 1 from planos where codigo_plano = '9104'")).toHaveLength(0);
  });

  it('refuses what is not an import file: 415 for another type, 400 for bad options, 404 for an unknown entity', async () => {
    const c = t.client();
    const json = await enviar(c, importar, 'produtos', '{"a":1}', 'application/json');
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(
      'Formato não suportado. Envie o arquivo como text/csv (CSV com ;) ou application/x-ndjson (JSON Lines).',
    );
    const modo = await enviar(c, importar, 'produtos', PRODUTOS, 'text/csv', '?modo=tudo');
    expect(modo.status).toBe(400);
    expect(modo.body.message).toBe('modo deve ser incremental ou completo.');
    expect((await enviar(c, importar, 'pacientes', PRODUTOS)).status).toBe(404);
    // None of them started an import.
    const [n] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from importacoes where origem = 'api' and status = 'falhou'",
    );
    expect(n?.n).toBe(0);
  });

  it('413 past INTEGRACAO_BODY_LIMIT: by Content-Length before reading, and mid-stream when chunked', async () => {
    const c = t.client();
    const grande = PRODUTOS + 'x'.repeat(LIMITE);
    const r = await enviar(c, importar, 'produtos', grande);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({
      code: 'PAYLOAD_GRANDE',
      message: 'O arquivo passa do limite de 0 MB. Divida-o em partes menores.',
    });

    // Chunked (no Content-Length): counted as it streams; the import started is marked falhou.
    // Valid rows all along, so only the limit can stop it (not the importer refusing a line first).
    const linhas = (de: number) =>
      Array.from({ length: 500 }, (_, i) => `L${de + i};Plano ${de + i};;AMBULATORIAL;ENFERMARIA;;N\n`).join('');
    const partes = [
      Buffer.from(csv([CABECALHO]) + linhas(10_000)),
      Buffer.from(linhas(20_000)),
      Buffer.from(linhas(30_000)),
    ];
    expect(partes.reduce((n, p) => n + p.length, 0)).toBeGreaterThan(LIMITE);
    const corpo = new ReadableStream({
      pull(ctrl) {
        const p = partes.shift();
        if (p) ctrl.enqueue(p);
        else ctrl.close();
      },
    });
    const res = await fetch(`${t.url}/api/integracao/v1/importacoes/produtos`, {
      method: 'POST',
      headers: { ...auth(importar), 'content-type': 'text/csv' },
      body: corpo,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    // The engine marks it once it sees the stream fail (bounded wait: 20 s, for a loaded CI machine).
    const situacao = async () =>
      (
        await t.db.query<{ status: string }>(
          "select status from importacoes where origem = 'api' order by iniciada_em desc limit 1",
        )
      )[0]?.status;
    let depois = await situacao();
    for (let i = 0; i < 200 && depois === 'em_andamento'; i++) {
      await new Promise((s) => setTimeout(s, 100));
      depois = await situacao();
    }
    expect(depois).toBe('falhou');
  });

  it('scopes: leitura cannot send, protocolos cannot read (403 in Portuguese)', async () => {
    const c = t.client();
    const r = await enviar(c, ler, 'produtos', PRODUTOS);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      code: 'SEM_PERMISSAO',
      message: "Esta chave não tem o escopo 'importar' exigido por esta chamada.",
    });
    const protocolos = await nova(['protocolos']);
    const l = await c.get<{ message: string }>('/api/integracao/v1/importacoes', { headers: auth(protocolos) });
    expect(l.status).toBe(403);
    expect(l.body.message).toBe("Esta chave não tem o escopo 'importar' ou 'leitura' exigido por esta chamada.");
    // Audited with the key and the refusal.
    // The row is written once the answer is sent (onResponse): bounded wait for it.
    const id = protocolos.split('_')[1];
    let a: { status: number; chave_id: string } | undefined;
    for (let i = 0; i < 100 && !a; i++) {
      [a] = await t.db.query<{ status: number; chave_id: string }>(
        "select status, chave_id from auditoria_integracao where rota = '/api/integracao/v1/importacoes' and chave_id = $1",
        [id],
      );
      if (!a) await new Promise((r) => setTimeout(r, 20));
    }
    expect(a).toEqual({ status: 403, chave_id: id });
  });
});

describe('POST /api/integracao/v1/importacoes/:entidade while an import of the entity runs', () => {
  const OCUPADA = {
    code: 'IMPORTACAO_EM_ANDAMENTO',
    message: 'Já há uma importação de produtos em andamento. Aguarde o fim dela e envie o arquivo de novo.',
  };
  const importacoesDe = async (entidade: string) =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from importacoes where entidade = $1', [entidade]))[0]
      ?.n ?? 0;
  /** The audit row of a call (written on response: bounded wait). */
  async function auditoria(rota: string, status: number) {
    for (let i = 0; i < 100; i++) {
      const [a] = await t.db.query<{ entidade: string; importacao_id: string | null }>(
        'select entidade, importacao_id from auditoria_integracao where rota = $1 and status = $2',
        [rota, status],
      );
      if (a) return a;
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  }

  it('a second upload is refused at once with 409 (body not read, no import started); the first goes on; then uploads are accepted again', async () => {
    const c = t.client();
    // The first upload: its header and one row now, the rest when the test says so.
    let terminar!: () => void;
    const fim = new Promise<void>((r) => (terminar = r));
    const corpo = new ReadableStream<Uint8Array>({
      async start(ctrl) {
        ctrl.enqueue(Buffer.from(PRODUTOS.split('\n').slice(0, 2).join('\n') + '\n'));
        await fim;
        ctrl.enqueue(Buffer.from(PRODUTOS.split('\n').slice(2).join('\n')));
        ctrl.close();
      },
    });
    const primeira = fetch(`${t.url}/api/integracao/v1/importacoes/produtos`, {
      method: 'POST',
      headers: { ...auth(importar), 'content-type': 'text/csv' },
      body: corpo,
      duplex: 'half',
    } as RequestInit);
    for (let i = 0; i < 200; i++) {
      const [r] = await t.db.query<{ n: number }>(
        "select count(*)::int as n from importacoes where entidade = 'produtos' and status = 'em_andamento'",
      );
      if (r?.n) break;
      await new Promise((s) => setTimeout(s, 20));
    }
    const antes = await importacoesDe('produtos');

    const segunda = await enviar(c, importar, 'produtos', PRODUTOS);
    expect(segunda.status).toBe(409);
    expect(segunda.body).toMatchObject(OCUPADA);
    expect(await importacoesDe('produtos')).toBe(antes);
    expect(await auditoria('/api/integracao/v1/importacoes/produtos', 409)).toEqual({
      entidade: 'produtos',
      importacao_id: null,
    });
    // Another entity is not held up (it is refused by its own content, not by the lock).
    expect((await enviar(c, importar, 'contratos', 'codigoContrato\n')).status).toBe(202);

    terminar();
    const r = await primeira;
    expect(r.status).toBe(202);
    const { local } = (await r.json()) as Enviada;
    expect(await acompanhar(c, ler, local)).toMatchObject({ status: 'aplicado', linhas: 2 });
    const depois = await enviar(c, importar, 'produtos', PRODUTOS);
    expect(depois.status).toBe(202);
    expect(await acompanhar(c, ler, depois.body.local)).toMatchObject({ status: 'aplicado' });
  });

  it('an import running on another instance (its row in importacoes, alive) refuses the upload with 409; a dead one (no heartbeat for 2 minutes) does not', async () => {
    const c = t.client();
    const outraInstancia = (id: string, minutosAtras: number) =>
      t.db.query(
        `insert into importacoes (id, entidade, modo, dry_run, origem, status, iniciada_em, atualizada_em)
         values ($1, 'produtos', 'incremental', false, 'cli', 'em_andamento', now() - interval '10 minutes',
                 now() - make_interval(mins => $2))`,
        [id, minutosAtras],
      );
    // Ids as the engine makes them (the history's pages take a uuid).
    const [viva, morta] = [randomUUID(), randomUUID()];
    await outraInstancia(viva, 0);
    const r = await enviar(c, importar, 'produtos', PRODUTOS);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject(OCUPADA);
    await t.db.query(`update importacoes set status = 'aplicado' where id = $1`, [viva]);

    await outraInstancia(morta, 5);
    const ok = await enviar(c, importar, 'produtos', PRODUTOS);
    expect(ok.status).toBe(202);
    expect(await acompanhar(c, ler, ok.body.local)).toMatchObject({ status: 'aplicado' });
    const [linha] = await t.db.query<{ status: string }>('select status from importacoes where id = $1', [morta]);
    expect(linha?.status).toBe('falhou');
  });
});

describe('GET /api/integracao/v1/importacoes', () => {
  it('404 for an unknown id, in Portuguese', async () => {
    const r = await t
      .client()
      .get<{ code: string; message: string }>('/api/integracao/v1/importacoes/00000000-0000-4000-8000-000000000000', {
        headers: auth(ler),
      });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'NAO_ENCONTRADO', message: 'Importação não encontrada.' });
  });

  it('lists the latest first, page by page (limite, antes → proxima), without the error lists', async () => {
    const c = t.client();
    const todas = await c.get<{ importacoes: (Importacao & { totalErros: number })[]; proxima: string | null }>(
      '/api/integracao/v1/importacoes?limite=100',
      { headers: auth(ler) },
    );
    expect(todas.status).toBe(200);
    expect(todas.body.proxima).toBeNull();
    const ids = todas.body.importacoes.map((i) => i.id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(todas.body.importacoes[0]).not.toHaveProperty('erros');
    expect(todas.body.importacoes.some((i) => i.status === 'recusado' && i.totalErros === 1)).toBe(true);

    const vistos: string[] = [];
    let antes: string | null = null;
    do {
      const q: string = `/api/integracao/v1/importacoes?limite=2${antes ? `&antes=${antes}` : ''}`;
      const p = await c.get<{ importacoes: { id: string }[]; proxima: string | null }>(q, { headers: auth(ler) });
      expect(p.body.importacoes.length).toBeLessThanOrEqual(2);
      vistos.push(...p.body.importacoes.map((i) => i.id));
      antes = p.body.proxima;
    } while (antes);
    expect(vistos).toEqual(ids);

    const ruim = await c.get<{ message: string }>('/api/integracao/v1/importacoes?limite=0', { headers: auth(ler) });
    expect(ruim.status).toBe(400);
    expect(ruim.body.message).toBe('limite deve ser de 1 a 100.');
  });
});
