import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/helper';
import { executarSelagem } from '../cli/selagem';
import { loadConfig } from '../config';
import { Cofre, type Selagem, selagemDe } from '../lib/selagem';
import { prepararSelagem } from './selagem';

// Issue 30, defect 6: the key that seals the staff's TOTP secrets and the webhook secrets lived in the
// database beside them (server_secrets), so two SELECTs on a dump opened every second factor. Now it
// comes from the environment (CHAVE_DE_SELAGEM), a dump alone opens nothing, a database of before
// moves off its keys at its first start with one, and `npm run selagem -- rotacionar` changes it.

const H = { headers: { 'x-portal-equipe': '1' }, auth: false } as const;
const b64 = (k: Buffer) => k.toString('base64');

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An app whose sealing key is `chave`, from the environment as in production. */
async function appCom(chave: Buffer): Promise<TestApp> {
  t = await startApp({ env: { CHAVE_DE_SELAGEM: b64(chave), WEBHOOKS_WORKER: 'false' } });
  return t;
}

let n = 0;
/** What is sealed, in clear: a staff account's TOTP secret, a webhook endpoint's secret and previous one. */
interface EmClaro {
  contaId: string;
  email: string;
  senha: string;
  totp: string;
  endpointId: string;
  segredo: string;
  anterior: string;
}

async function valoresSelados(a: TestApp): Promise<EmClaro> {
  n++;
  const conta = await a.app.services.equipe.criarConta({
    email: `selagem${n}@operadora.exemplo`,
    nome: 'Pessoa da Equipe',
    papel: 'atendente',
  });
  if (!conta) throw new Error('account not created');
  const ep = await a.app.services.webhooks.criarEndpoint({
    url: 'http://127.0.0.1:9/webhooks',
    eventos: ['protocolo.criado'],
  });
  const rot = await a.app.services.webhooks.rotacionarSegredo(ep.id);
  return {
    contaId: conta.conta.id,
    email: conta.conta.email,
    senha: conta.senha,
    totp: conta.segredo,
    endpointId: ep.id,
    segredo: rot.segredo,
    anterior: ep.segredo,
  };
}

/** The sealed columns as the database holds them. */
async function selados(a: TestApp, v: EmClaro) {
  const [conta] = await a.db.query<{ totp_segredo: string }>('select totp_segredo from equipe_contas where id = $1', [
    v.contaId,
  ]);
  const [ep] = await a.db.query<{ segredo: string; segredo_anterior: string }>(
    'select segredo, segredo_anterior from webhook_endpoints where id = $1',
    [v.endpointId],
  );
  return { totp: conta!.totp_segredo, segredo: ep!.segredo, anterior: ep!.segredo_anterior };
}

/** Each sealed value opened with `s`, null where it does not open. */
async function abertos(a: TestApp, v: EmClaro, s: Pick<Selagem, 'webhooks' | 'totp'>) {
  const x = await selados(a, v);
  return {
    totp: s.totp.tentarAbrir(x.totp),
    segredo: s.webhooks.tentarAbrir(x.segredo),
    anterior: s.webhooks.tentarAbrir(x.anterior),
  };
}
const nadaAberto = { totp: null, segredo: null, anterior: null };
const emClaro = (v: EmClaro) => ({ totp: v.totp, segredo: v.segredo, anterior: v.anterior });

/** Every base table of the schema, for reading the whole database as a dump would. */
async function tabelas(a: TestApp): Promise<string[]> {
  const linhas = await a.db.query<{ nome: string }>(
    `select table_name as nome from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  return linhas.map((l) => l.nome);
}

describe('the sealing key lives outside the database', () => {
  it('with CHAVE_DE_SELAGEM set, no table holds key material: no sealing key in server_secrets, the key in no row', async () => {
    const chave = randomBytes(32);
    const a = await appCom(chave);
    await valoresSelados(a);
    const nomes = await a.db.query<{ name: string }>('select name from server_secrets order by name');
    // What used to hold it (webhooks_secret, equipe_secret) and the development key: gone.
    expect(nomes.map((l) => l.name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(webhooks_secret|equipe_secret|chave_de_selagem)$/)]),
    );
    // The key itself, in any spelling, in no column of any table (each row read as text).
    const grafias = [chave.toString('base64'), chave.toString('base64url'), chave.toString('hex')];
    const achados: string[] = [];
    for (const tabela of await tabelas(a))
      for (const g of grafias) {
        const [r] = await a.db.query<{ n: number }>(
          `select count(*)::int as n from "${tabela}" as linha where strpos(linha::text, $1) > 0`,
          [g],
        );
        if (r!.n) achados.push(`${tabela}: ${r!.n}`);
      }
    expect(achados).toEqual([]);
  });

  it('a value sealed under the environment key opens with nothing the database holds (a dump alone opens nothing)', async () => {
    const chave = randomBytes(32);
    const a = await appCom(chave);
    const v = await valoresSelados(a);
    // Every server secret tried as the sealing of before (SHA-256 of it) and as a key of its own.
    const segredos = await a.db.query<{ value: string }>('select value from server_secrets');
    expect(segredos.length).toBeGreaterThan(0);
    for (const { value } of segredos) {
      const legado = Cofre.legado(value);
      expect(await abertos(a, v, { webhooks: legado, totp: legado })).toEqual(nadaAberto);
      const bytes = Buffer.from(value, 'base64');
      if (bytes.length === 32) expect(await abertos(a, v, selagemDe([bytes]))).toEqual(nadaAberto);
    }
    // The environment's key does open them: the values are there, sealed.
    expect(await abertos(a, v, selagemDe([chave]))).toEqual(emClaro(v));
  });
});

describe('a database of before issue 30, its keys in server_secrets', () => {
  it("moves to the environment's key at its first start with one: re-sealed, its keys deleted, the staff's TOTP still works", async () => {
    const chave = randomBytes(32);
    const a = await appCom(chave);
    const v = await valoresSelados(a);
    // As it was before: the values sealed under keys kept in the database.
    const webhooksSecret = randomBytes(48).toString('base64url');
    const equipeSecret = randomBytes(48).toString('base64url');
    await a.db.query("insert into server_secrets (name, value) values ('webhooks_secret', $1), ('equipe_secret', $2)", [
      webhooksSecret,
      equipeSecret,
    ]);
    await a.db.query('update equipe_contas set totp_segredo = $2 where id = $1', [
      v.contaId,
      Cofre.legado(equipeSecret).selar(v.totp),
    ]);
    await a.db.query('update webhook_endpoints set segredo = $2, segredo_anterior = $3 where id = $1', [
      v.endpointId,
      Cofre.legado(webhooksSecret).selar(v.segredo),
      Cofre.legado(webhooksSecret).selar(v.anterior),
    ]);
    expect(await abertos(a, v, selagemDe([chave]))).toEqual(nadaAberto);

    // The start (app.ts runs this before anything is served).
    const r = await prepararSelagem(a.db, a.config);
    expect(r.migracao).toMatchObject({ ilegiveis: [] });
    expect(r.migracao!.chavesApagadas.sort()).toEqual(['equipe_secret', 'webhooks_secret']);
    expect(r.migracao!.resselados).toBeGreaterThanOrEqual(3);
    expect(
      await a.db.query("select name from server_secrets where name in ('webhooks_secret', 'equipe_secret')"),
    ).toEqual([]);
    expect(await abertos(a, v, selagemDe([chave]))).toEqual(emClaro(v));
    // The console opens the migrated TOTP secret: the first sign-in shows it for enrolment.
    const entrada = await a
      .client()
      .post<{ etapa: string; segredo: string }>('/api/atendimento/entrar', { email: v.email, senha: v.senha }, H);
    expect(entrada.status).toBe(200);
    expect(entrada.body).toMatchObject({ etapa: 'cadastrar-totp', segredo: v.totp });
    // A second start finds nothing left to move.
    expect((await prepararSelagem(a.db, a.config)).migracao).toBeNull();
  });
});

describe('npm run selagem -- rotacionar', () => {
  const rodar = async (a: TestApp, env: Record<string, string>) => {
    const linhas: string[] = [];
    const status = await executarSelagem(
      ['rotacionar'],
      { config: () => loadConfig({ NODE_ENV: 'test', ...env }), comBanco: (fn) => fn(a.db) },
      (l) => linhas.push(l),
    );
    return { status, saida: linhas.join('\n') };
  };

  it('re-seals every value under the new key in one go; the previous key then opens nothing', async () => {
    const antiga = randomBytes(32);
    const nova = randomBytes(32);
    const a = await appCom(antiga);
    const v = await valoresSelados(a);
    const r = await rodar(a, { CHAVE_DE_SELAGEM: b64(nova), CHAVE_DE_SELAGEM_ANTERIOR: b64(antiga) });
    expect(r).toMatchObject({ status: 0, saida: expect.stringContaining('selado(s) de novo sob a chave nova') });
    expect(await abertos(a, v, selagemDe([nova]))).toEqual(emClaro(v));
    expect(await abertos(a, v, selagemDe([antiga]))).toEqual(nadaAberto);
  });

  it('a value neither key opens stops it: exit 1, its name said, nothing re-sealed', async () => {
    const antiga = randomBytes(32);
    const a = await appCom(antiga);
    const v = await valoresSelados(a);
    await a.db.query('update equipe_contas set totp_segredo = $2 where id = $1', [
      v.contaId,
      selagemDe([randomBytes(32)]).totp.selar(v.totp),
    ]);
    const antes = await selados(a, v);
    const nova = randomBytes(32);
    const r = await rodar(a, { CHAVE_DE_SELAGEM: b64(nova), CHAVE_DE_SELAGEM_ANTERIOR: b64(antiga) });
    expect(r).toEqual({
      status: 1,
      saida: `equipe_contas.totp_segredo de ${v.contaId} não abre com nenhuma das chaves informadas: nada foi alterado.`,
    });
    expect(await selados(a, v)).toEqual(antes);
  });

  it('without both keys it is a usage error, before touching the database', async () => {
    const a = await appCom(randomBytes(32));
    await expect(rodar(a, { CHAVE_DE_SELAGEM: b64(randomBytes(32)) })).rejects.toThrow(
      /Defina CHAVE_DE_SELAGEM com a chave nova e CHAVE_DE_SELAGEM_ANTERIOR com a atual/,
    );
  });
});
