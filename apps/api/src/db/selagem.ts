import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { BYTES_DA_CHAVE, Cofre, type Selagem, selagemDe } from '../lib/selagem';
import type { Db, Queryable } from './db';
import { SCHEMA_LOCK } from './migrate';

/**
 * Where the sealing key lives, and the values sealed with it (issue 30, defect 6; decisions 0030 and
 * 0033). The key comes from the environment (config.selagem); outside production, when it is unset,
 * one is generated once and kept in server_secrets under DEV_KEY — development and the demo only,
 * since whoever holds that database holds the key.
 *
 * Before issue 30 every database held its keys in server_secrets (`webhooks_secret`, `equipe_secret`).
 * prepararSelagem moves such a database to the key of the environment on its first start with one:
 * in one transaction every sealed value is opened (under the new key, or a key found in the
 * database) and sealed again under the new key, then the keys are deleted from the database.
 */
export const CHAVE_DO_BANCO = 'chave_de_selagem';
const LEGADO_WEBHOOKS = 'webhooks_secret';
const LEGADO_EQUIPE = 'equipe_secret';

/** Every sealed column: the table, its id, the column and what sealed it. */
const SELADOS = [
  { tabela: 'webhook_endpoints', coluna: 'segredo', uso: 'webhooks' },
  { tabela: 'webhook_endpoints', coluna: 'segredo_anterior', uso: 'webhooks' },
  { tabela: 'equipe_contas', coluna: 'totp_segredo', uso: 'totp' },
] as const;

export interface Resselagem {
  /** Values sealed again under the new key. */
  resselados: number;
  /** Values no known key opens (left as they were: they were unreadable before too). */
  ilegiveis: { tabela: string; coluna: string; id: string }[];
}

type Cofres = Pick<Selagem, 'webhooks' | 'totp'>;

/**
 * Opens every sealed value with `abrir` and seals it again with `selar`, in the caller's transaction
 * (rows locked). `ilegivel: 'falhar'` throws on the first value no key opens (the transaction rolls
 * back); 'manter' leaves it and counts it.
 */
async function resselar(
  tx: Queryable,
  abrir: Cofres,
  selar: Cofres,
  ilegivel: 'falhar' | 'manter',
): Promise<Resselagem> {
  const r: Resselagem = { resselados: 0, ilegiveis: [] };
  for (const { tabela, coluna, uso } of SELADOS) {
    const linhas = await tx.query<{ id: string; valor: string }>(
      `select id::text as id, ${coluna} as valor from ${tabela} where ${coluna} is not null order by id for update`,
    );
    for (const l of linhas) {
      const aberto = abrir[uso].tentarAbrir(l.valor);
      if (aberto === null) {
        if (ilegivel === 'falhar')
          throw new ErroDeSelagem(
            `${tabela}.${coluna} de ${l.id} não abre com nenhuma das chaves informadas: nada foi alterado.`,
          );
        r.ilegiveis.push({ tabela, coluna, id: l.id });
        continue;
      }
      await tx.query(`update ${tabela} set ${coluna} = $2 where id::text = $1`, [l.id, selar[uso].selar(aberto)]);
      r.resselados++;
    }
  }
  return r;
}

/** A rotation that cannot be done as asked (a value no key opens): the message says why. */
export class ErroDeSelagem extends Error {}

export interface SelagemPreparada {
  selagem: Selagem;
  /** Where the key came from: the environment, or the database (development and demo only). */
  origem: 'ambiente' | 'banco';
  /** Set when this start moved values off keys kept in the database (logged by app.ts). */
  migracao: (Resselagem & { chavesApagadas: string[] }) | null;
}

/**
 * The sealing of this process (app.ts, the CLIs), once the database holds no key when the
 * environment has one. Runs at start, under the schema lock (instances starting together take turns).
 */
export async function prepararSelagem(db: Db, config: Config): Promise<SelagemPreparada> {
  const { chave, anterior } = config.selagem;
  if (!chave && config.production) throw new Error('CHAVE_DE_SELAGEM is required in production'); // config.ts refuses first
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    let mestra = chave;
    if (!mestra) {
      await tx.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
        CHAVE_DO_BANCO,
        randomBytes(BYTES_DA_CHAVE).toString('base64'),
      ]);
      const [l] = await tx.query<{ value: string }>('select value from server_secrets where name = $1', [
        CHAVE_DO_BANCO,
      ]);
      mestra = Buffer.from(l!.value, 'base64');
    }
    const mestras = anterior ? [mestra, anterior] : [mestra];
    const selagem = selagemDe(mestras);
    // Keys a database may still hold: the two of before issue 30, and the development key once the
    // environment has one.
    const nomes = chave ? [LEGADO_WEBHOOKS, LEGADO_EQUIPE, CHAVE_DO_BANCO] : [LEGADO_WEBHOOKS, LEGADO_EQUIPE];
    const noBanco = new Map(
      (
        await tx.query<{ name: string; value: string }>(
          'select name, value from server_secrets where name = any($1::text[]) for update',
          [nomes],
        )
      ).map((l) => [l.name, l.value]),
    );
    if (!noBanco.size) return { selagem, origem: chave ? 'ambiente' : 'banco', migracao: null };

    const doBanco = noBanco.get(CHAVE_DO_BANCO);
    const antigas = doBanco ? [...mestras, Buffer.from(doBanco, 'base64')] : mestras;
    const legado = (nome: string) => {
      const v = noBanco.get(nome);
      return v ? [Cofre.legado(v)] : [];
    };
    const abrir: Cofres = {
      webhooks: Cofre.juntar(Cofre.derivado(antigas, 'webhooks'), ...legado(LEGADO_WEBHOOKS)),
      totp: Cofre.juntar(Cofre.derivado(antigas, 'equipe-totp'), ...legado(LEGADO_EQUIPE)),
    };
    const r = await resselar(tx, abrir, selagem, 'manter');
    await tx.query('delete from server_secrets where name = any($1::text[])', [[...noBanco.keys()]]);
    return { selagem, origem: chave ? 'ambiente' : 'banco', migracao: { ...r, chavesApagadas: [...noBanco.keys()] } };
  });
}

/**
 * `npm run selagem -- rotacionar`: every sealed value opened with the new key or the previous one
 * and sealed under the new key, in one transaction; a value neither opens stops it (nothing changes).
 */
export async function rotacionarSelagem(db: Db, nova: Buffer, anterior: Buffer): Promise<Resselagem> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    return resselar(tx, selagemDe([nova, anterior]), selagemDe([nova]), 'falhar');
  });
}
