import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { ChavesDeIntegracao, ChavesRepository, type Escopo } from './index';

// The integration API's door (issue 16, decision 0024): operator keys only, over real HTTP.
let t: TestApp;
let logs = '';
const logStream = new Writable({
  write(chunk, _enc, done) {
    logs += String(chunk);
    done();
  },
});
let chaves: ChavesDeIntegracao;

beforeAll(async () => {
  t = await startApp({ logStream, env: { LOG_LEVEL: 'debug', INTEGRACAO_CHAMADAS_POR_MINUTO: '1000' } });
  chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const nova = (
  escopos: Escopo[] = ['importar', 'leitura'],
  extra: { expiraEm?: Date; chamadasPorMinuto?: number } = {},
) => chaves.criar({ nome: 'ERP da operadora', escopos, ...extra });

/** A call with exactly this Authorization (no API token added by the client). */
const comChave = (c: Client, chave: string | undefined, path = '/api/integracao/v1/chave') =>
  c.get<Record<string, unknown>>(
    path,
    chave === undefined ? { auth: false } : { headers: { authorization: `Bearer ${chave}` } },
  );

const segredo = (chave: string) => chave.split('_').slice(2).join('_');

describe('operator keys', () => {
  it('are pbk_<id>_<secret>; only the SHA-256 of the secret is stored', async () => {
    const { chave, resumo } = await nova();
    expect(chave).toMatch(/^pbk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(chave.startsWith(`pbk_${resumo.id}_`)).toBe(true);
    const [linha] = await t.db.query<{ texto: string; segredo_hash: string }>(
      'select row_to_json(c)::text as texto, segredo_hash from chaves_integracao c where id = $1',
      [resumo.id],
    );
    expect(linha?.texto).not.toContain(segredo(chave));
    expect(linha?.segredo_hash).toMatch(/^[0-9a-f]{64}$/);
    // Two keys never share a secret.
    const outra = await nova();
    expect(segredo(outra.chave)).not.toBe(segredo(chave));
  });

  it('a valid key answers GET /chave with its name, scopes and limit, and records its last use once a minute', async () => {
    const { chave, resumo } = await nova(['leitura'], { chamadasPorMinuto: 50 });
    const c = t.client();
    const r = await comChave(c, chave);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: resumo.id, nome: 'ERP da operadora', escopos: ['leitura'], chamadasPorMinuto: 50 });
    const uso = async () =>
      (
        await t.db.query<{ u: string }>('select ultimo_uso_em::text as u from chaves_integracao where id = $1', [
          resumo.id,
        ])
      )[0]?.u;
    const primeiro = await uso();
    expect(primeiro).toBeTruthy();
    t.clock.advance(30_000);
    await comChave(c, chave);
    expect(await uso()).toBe(primeiro);
    t.clock.advance(31_000);
    await comChave(c, chave);
    expect(await uso()).not.toBe(primeiro);
  });
});

describe('401: no key, not a key, or a key that no longer works', () => {
  it('refuses a missing, malformed, unknown or wrong key in Portuguese, with WWW-Authenticate', async () => {
    const { chave, resumo } = await nova();
    const c = t.client();
    const casos: [string | undefined, string][] = [
      [
        undefined,
        'Chave de integração ausente. Envie o cabeçalho Authorization: Bearer pbk_… com uma chave da operadora.',
      ],
      ['pbk_curta', 'Chave de integração inválida.'],
      [`pbk_${'0'.repeat(16)}_${segredo(chave)}`, 'Chave de integração inválida.'],
      [`pbk_${resumo.id}_${'A'.repeat(43)}`, 'Chave de integração inválida.'],
      [chave.slice(0, -1) + (chave.endsWith('A') ? 'B' : 'A'), 'Chave de integração inválida.'],
    ];
    for (const [valor, message] of casos) {
      const r = await comChave(c, valor);
      expect(r.status, String(valor)).toBe(401);
      expect(r.body).toMatchObject({ sucesso: false, code: 'TOKEN_INVALIDO', message });
      expect(r.headers.get('www-authenticate')).toContain('Bearer');
    }
  });

  it('a member session or the app token never opens the integration API', async () => {
    const { c } = await t.membro(CPF.maria, '100234');
    // The browser's own API token (a JWT) with the session cookie: still not an operator key.
    const token = await c.newToken();
    const r = await c.get<{ code: string }>('/api/integracao/v1/chave', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('TOKEN_INVALIDO');
    // The cookie alone.
    expect((await c.get('/api/integracao/v1/chave', { auth: false })).status).toBe(401);
    expect(c.cookies.size).toBeGreaterThan(0);
  });

  it('a key never opens a member or app route', async () => {
    const { chave } = await nova(['importar', 'leitura', 'protocolos']);
    const { c, perfil } = await t.membro(CPF.maria, '100234');
    const authorization = `Bearer ${chave}`;
    // A member route, with the member's own valid session cookie and profile: the key is not the API token.
    const membro = await c.post<{ code: string }>(
      '/api/Carteirinha/ListarCarteirinhas',
      { perfilAutenticado: perfil },
      { headers: { authorization } },
    );
    expect(membro.status).toBe(401);
    expect(membro.body.code).toBe('TOKEN_INVALIDO');
    // An app route.
    const app = await c.post<{ code: string }>(
      '/api/Login/VerificarCPF',
      { cpf: CPF.maria },
      { headers: { authorization } },
    );
    expect(app.status).toBe(401);
    expect(app.body.code).toBe('TOKEN_INVALIDO');
    // The same member call with the app token works: the refusal above was the key's.
    expect((await c.post('/api/Carteirinha/ListarCarteirinhas', { perfilAutenticado: perfil })).status).toBe(200);
  });

  it('a revoked key is refused from the next call on', async () => {
    const { chave, resumo } = await nova();
    const c = t.client();
    expect((await comChave(c, chave)).status).toBe(200);
    expect(await chaves.revogar(resumo.id)).toBe(true);
    const r = await comChave(c, chave);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'TOKEN_INVALIDO', message: 'Chave de integração revogada.' });
    expect(await chaves.revogar(resumo.id)).toBe(false);
    expect(await chaves.rotacionar(resumo.id)).toBeNull();
  });

  it('an expired key is refused', async () => {
    const { chave } = await nova(['leitura'], { expiraEm: new Date(t.clock.now() + 3_600_000) });
    const c = t.client();
    expect((await comChave(c, chave)).status).toBe(200);
    t.clock.advance(3_600_000);
    const r = await comChave(c, chave);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ message: 'Chave de integração expirada.' });
  });

  it('rotation: the new secret works at once, the old one until the overlap ends, then is refused', async () => {
    const { chave: antiga, resumo } = await nova();
    const rot = await chaves.rotacionar(resumo.id, 24);
    if (!rot) throw new Error('rotation refused');
    const c = t.client();
    expect(rot.chave.startsWith(`pbk_${resumo.id}_`)).toBe(true);
    expect(rot.chave).not.toBe(antiga);
    expect((await comChave(c, rot.chave)).status).toBe(200);
    expect((await comChave(c, antiga)).status).toBe(200);
    t.clock.advance(24 * 3_600_000 - 1000);
    expect((await comChave(c, antiga)).status).toBe(200);
    t.clock.advance(1000);
    expect((await comChave(c, antiga)).status).toBe(401);
    expect((await comChave(c, rot.chave)).status).toBe(200);
    // No overlap: the old secret stops at once.
    const sem = await chaves.rotacionar(resumo.id, 0);
    expect((await comChave(c, rot.chave)).status).toBe(401);
    expect((await comChave(c, sem!.chave)).status).toBe(200);
  });
});

describe('limit per key', () => {
  it('429 past the calls per minute of the key, with Retry-After; other keys are not affected', async () => {
    const { chave } = await nova(['leitura'], { chamadasPorMinuto: 3 });
    const { chave: outra } = await nova(['leitura'], { chamadasPorMinuto: 3 });
    const c = t.client();
    for (let i = 0; i < 3; i++) expect((await comChave(c, chave)).status).toBe(200);
    const r = await comChave(c, chave);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({
      code: 'MUITAS_TENTATIVAS',
      message: expect.stringMatching(/^Limite de 3 chamadas por minuto desta chave atingido/),
    });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another IP does not reset it: the limit is the key's.
    expect((await comChave(t.client(), chave)).status).toBe(429);
    expect((await comChave(c, outra)).status).toBe(200);
    t.clock.advance(60_000);
    expect((await comChave(c, chave)).status).toBe(200);
  });
});

describe('audit', () => {
  it('every call leaves a row (key, IP, method, route, status), refused ones counted on one, and no secret anywhere', async () => {
    const { chave, resumo } = await nova(['leitura']);
    const c = t.client('10.9.8.7');
    await comChave(c, chave);
    await comChave(c, `pbk_${resumo.id}_${'x'.repeat(43)}`);
    await comChave(c, undefined);
    // Rows are written once each answer is sent (onResponse): bounded wait for all three calls.
    let linhas: Record<string, unknown>[] = [];
    const chamadas = () => linhas.reduce((n, l) => n + Number(l.tentativas), 0);
    for (let i = 0; i < 100 && chamadas() < 3; i++) {
      linhas = await t.db.query<Record<string, unknown>>(
        `select ip, metodo, rota, status, tentativas, row_to_json(a)::text as texto,
                case when status = 200 then chave_id end as chave_id
           from auditoria_integracao a where ip = '10.9.8.7' order by id`,
      );
      if (chamadas() < 3) await new Promise((r) => setTimeout(r, 20));
    }
    // The call with a key, on its own row; the two refused (a wrong secret, no key: either may
    // answer last), on one row of this IP's hour, with their count (issue 30, defect 8).
    expect(linhas.map(({ texto: _t, ...l }) => l)).toEqual(
      expect.arrayContaining([
        {
          chave_id: resumo.id,
          ip: '10.9.8.7',
          metodo: 'GET',
          rota: '/api/integracao/v1/chave',
          status: 200,
          tentativas: 1,
        },
        { chave_id: null, ip: '10.9.8.7', metodo: 'GET', rota: '/api/integracao/v1/chave', status: 401, tentativas: 2 },
      ]),
    );
    expect(linhas).toHaveLength(2);
    for (const l of linhas) expect(String(l.texto)).not.toContain(segredo(chave));
    // Nor in the logs (debug level: every request line is there).
    expect(logs).toContain('/api/integracao/v1/chave');
    expect(logs).not.toContain(segredo(chave));
  });
});

// Issue 30, defect 8: made-up keys were never throttled and each wrote an audit row kept five years
// (300 calls: 300 × 401 and 300 rows). Now refusals are limited per client IP and counted on one row.
describe('made-up keys: limited per client IP, audited in aggregate', () => {
  const inventada = () => `pbk_${randomBytes(8).toString('hex')}_${randomBytes(32).toString('base64url')}`;
  /** The audit rows of an IP once `chamadas` calls are on them (each is written after its answer). */
  const auditoriaDe = async (ip: string, chamadas: number) => {
    let linhas: { tentativas: number; status: number }[] = [];
    for (let i = 0; i < 200; i++) {
      linhas = await t.db.query<{ tentativas: number; status: number }>(
        'select tentativas, status from auditoria_integracao where ip = $1 order by id',
        [ip],
      );
      if (linhas.reduce((n, l) => n + l.tentativas, 0) >= chamadas) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return linhas;
  };

  it('300 calls with made-up keys: 401 × 20, then 429 with Retry-After; one audit row counts all 300', async () => {
    const c = t.client('10.30.8.1');
    const status: number[] = [];
    let ultima: Awaited<ReturnType<typeof comChave>> | undefined;
    for (let i = 0; i < 300; i++) {
      ultima = await comChave(c, i % 10 === 0 ? undefined : inventada());
      status.push(ultima.status);
    }
    expect(status.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(status.slice(20)).toEqual(Array(280).fill(429));
    expect(ultima!.body).toMatchObject({
      code: 'MUITAS_TENTATIVAS',
      message: expect.stringMatching(/^Muitas chamadas com chave de integração ausente ou inválida deste endereço/),
    });
    const espera = Number(ultima!.headers.get('retry-after'));
    expect(espera).toBeGreaterThan(0);
    expect(espera).toBeLessThanOrEqual(60);
    expect(await auditoriaDe('10.30.8.1', 300)).toEqual([{ tentativas: 300, status: 429 }]);
  });

  it("a valid key from the same IP still answers past the limit, on its own audit row; another IP's refusals are its own", async () => {
    const { chave } = await nova(['leitura']);
    const c = t.client('10.30.8.2');
    for (let i = 0; i < 25; i++) await comChave(c, inventada());
    expect((await comChave(c, inventada())).status).toBe(429);
    expect((await comChave(c, chave)).status).toBe(200);
    expect((await comChave(t.client('10.30.8.3'), inventada())).status).toBe(401);
    const linhas = await auditoriaDe('10.30.8.2', 27);
    expect(linhas).toEqual(
      expect.arrayContaining([
        { tentativas: 26, status: 429 },
        { tentativas: 1, status: 200 },
      ]),
    );
    expect(linhas).toHaveLength(2);
  });

  it('the wait ends with the minute; a new hour starts a new audit row', async () => {
    const c = t.client('10.30.8.4');
    for (let i = 0; i < 21; i++) await comChave(c, inventada());
    expect((await comChave(c, inventada())).status).toBe(429);
    t.clock.advance(3_600_000);
    expect((await comChave(c, inventada())).status).toBe(401);
    expect(await auditoriaDe('10.30.8.4', 23)).toEqual([
      { tentativas: 22, status: 429 },
      { tentativas: 1, status: 401 },
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the integration routes in their own group, with the key as their only credential', async () => {
    const doc = (
      await t.client().get<{
        paths: Record<string, Record<string, { tags: string[]; security: unknown }>>;
        components: { securitySchemes: Record<string, unknown> };
      }>('/api/openapi.json', { auth: false })
    ).body;
    const op = doc.paths['/api/integracao/v1/chave']?.get;
    expect(op?.tags).toEqual(['integracao']);
    expect(op?.security).toEqual([{ chaveDeIntegracao: [] }]);
    expect(doc.components.securitySchemes.chaveDeIntegracao).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, ops] of Object.entries(doc.paths))
      for (const o of Object.values(ops))
        expect(o.tags.includes('integracao'), path).toBe(path.startsWith('/api/integracao/v1/'));
  });
});
