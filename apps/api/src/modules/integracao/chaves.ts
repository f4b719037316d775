import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';

/**
 * Operator keys of the integration API (issue 16, decision 0024): `pbk_<id>_<secret>`. The id is
 * public (it names the key in the CLI, the audit and the import history); the secret is 32 bytes
 * from the CSPRNG, base64url, shown once and kept only as its SHA-256 — a high-entropy secret needs
 * no slow hash, and the comparison is constant-time.
 */

/** Scopes a key may carry: `protocolos` and `webhooks` are issue 17's (answers back, webhook endpoints). */
export const ESCOPOS = ['importar', 'leitura', 'protocolos', 'webhooks'] as const;
export type Escopo = (typeof ESCOPOS)[number];
export const escopoSchema = z.enum(ESCOPOS);

/** How long the previous secret keeps working after a rotation, unless the CLI says otherwise. */
export const SOBREPOSICAO_PADRAO_HORAS = 24;
/** `ultimo_uso_em` is written at most this often per key (not on every call). */
export const TOQUE_MS = 60_000;

const FORMATO = /^pbk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface ChaveApresentada {
  id: string;
  segredo: string;
}

/** Splits a presented key; null when it is not the key format at all. */
export function lerChave(valor: string | undefined): ChaveApresentada | null {
  const m = valor ? FORMATO.exec(valor) : null;
  return m?.[1] && m[2] ? { id: m[1], segredo: m[2] } : null;
}

export function hashDoSegredo(segredo: string): string {
  return createHash('sha256').update(segredo).digest('hex');
}

function novoSegredo(): string {
  return randomBytes(32).toString('base64url');
}

function mesmoHash(a: string, b: string | null): boolean {
  if (!b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** What the CLI lists: never the secret nor its hash. */
export interface ChaveResumo {
  id: string;
  nome: string;
  escopos: Escopo[];
  chamadasPorMinuto: number | null;
  criadaEm: Date;
  expiraEm: Date | null;
  rotacionadaEm: Date | null;
  anteriorValidoAte: Date | null;
  revogadaEm: Date | null;
  ultimoUsoEm: Date | null;
}

/** Why a presented key was refused. */
export type Recusa = 'invalida' | 'revogada' | 'expirada';

/** The key behind an authenticated call (request.integracao.chave). */
export interface ChaveAutenticada {
  id: string;
  nome: string;
  escopos: Escopo[];
  chamadasPorMinuto: number | null;
}

interface Linha {
  id: string;
  nome: string;
  escopos: string[];
  segredo_hash: string;
  segredo_anterior_hash: string | null;
  anterior_valido_ate: Date | string | null;
  chamadas_por_minuto: number | null;
  criada_em: Date | string;
  expira_em: Date | string | null;
  rotacionada_em: Date | string | null;
  revogada_em: Date | string | null;
  ultimo_uso_em: Date | string | null;
}

const data = (v: Date | string | null) => (v === null ? null : new Date(v));

function resumo(l: Linha): ChaveResumo {
  return {
    id: l.id,
    nome: l.nome,
    escopos: l.escopos as Escopo[],
    chamadasPorMinuto: l.chamadas_por_minuto,
    criadaEm: new Date(l.criada_em),
    expiraEm: data(l.expira_em),
    rotacionadaEm: data(l.rotacionada_em),
    anteriorValidoAte: data(l.anterior_valido_ate),
    revogadaEm: data(l.revogada_em),
    ultimoUsoEm: data(l.ultimo_uso_em),
  };
}

export interface NovaChave {
  nome: string;
  escopos: Escopo[];
  expiraEm?: Date | null;
  chamadasPorMinuto?: number | null;
}

/** chaves_integracao: creation, listing, revocation, rotation (CLI) and the check of each call. */
export class ChavesRepository {
  /** Per instance: when this instance last wrote ultimo_uso_em of a key. */
  private readonly tocadas = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  /** A new key; the returned `chave` is the only time its secret exists outside the caller. */
  async criar(nova: NovaChave): Promise<{ chave: string; resumo: ChaveResumo }> {
    const id = randomBytes(8).toString('hex');
    const segredo = novoSegredo();
    const [linha] = await this.db.query<Linha>(
      `insert into chaves_integracao (id, nome, escopos, segredo_hash, chamadas_por_minuto, criada_em, expira_em)
       values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [
        id,
        nova.nome,
        nova.escopos,
        hashDoSegredo(segredo),
        nova.chamadasPorMinuto ?? null,
        new Date(this.clock.now()),
        nova.expiraEm ?? null,
      ],
    );
    if (!linha) throw new Error('insert into chaves_integracao returned nothing');
    return { chave: `pbk_${id}_${segredo}`, resumo: resumo(linha) };
  }

  async listar(): Promise<ChaveResumo[]> {
    const linhas = await this.db.query<Linha>('select * from chaves_integracao order by criada_em, id');
    return linhas.map(resumo);
  }

  /** false: no such key, or revoked already. */
  async revogar(id: string): Promise<boolean> {
    const linhas = await this.db.query(
      'update chaves_integracao set revogada_em = $2 where id = $1 and revogada_em is null returning id',
      [id, new Date(this.clock.now())],
    );
    return linhas.length > 0;
  }

  /**
   * A new secret for the same key id; the current one keeps working for `sobreposicaoHoras` (the
   * operator's systems switch meanwhile), then is refused. A second rotation within the overlap
   * ends the first overlap: only the newest previous secret is kept. null: no such active key.
   */
  async rotacionar(
    id: string,
    sobreposicaoHoras = SOBREPOSICAO_PADRAO_HORAS,
  ): Promise<{ chave: string; resumo: ChaveResumo } | null> {
    const segredo = novoSegredo();
    const agora = this.clock.now();
    const [linha] = await this.db.query<Linha>(
      `update chaves_integracao
          set segredo_anterior_hash = segredo_hash, anterior_valido_ate = $3,
              segredo_hash = $2, rotacionada_em = $4
        where id = $1 and revogada_em is null
        returning *`,
      [id, hashDoSegredo(segredo), new Date(agora + sobreposicaoHoras * 3_600_000), new Date(agora)],
    );
    return linha ? { chave: `pbk_${id}_${segredo}`, resumo: resumo(linha) } : null;
  }

  /**
   * The key a call presents, if it is valid now: known id, secret matching the current one (or the
   * previous one within its overlap), not revoked, not expired. One indexed read per call, no
   * cache, so a revocation holds from the next call on every instance.
   */
  async autenticar(apresentada: ChaveApresentada): Promise<ChaveAutenticada | Recusa> {
    const [l] = await this.db.query<Linha>('select * from chaves_integracao where id = $1', [apresentada.id]);
    if (!l) return 'invalida';
    const agora = this.clock.now();
    const hash = hashDoSegredo(apresentada.segredo);
    const atual = mesmoHash(hash, l.segredo_hash);
    const anterior =
      l.anterior_valido_ate !== null &&
      new Date(l.anterior_valido_ate).getTime() > agora &&
      mesmoHash(hash, l.segredo_anterior_hash);
    // Whether a key was revoked or expired is said only to whoever holds its secret.
    if (!atual && !anterior) return 'invalida';
    if (l.revogada_em !== null) return 'revogada';
    if (l.expira_em !== null && new Date(l.expira_em).getTime() <= agora) return 'expirada';
    return { id: l.id, nome: l.nome, escopos: l.escopos as Escopo[], chamadasPorMinuto: l.chamadas_por_minuto };
  }

  /** Last use, written at most once a minute per key and instance (and guarded in SQL across instances). */
  async tocar(id: string): Promise<void> {
    const agora = this.clock.now();
    const antes = this.tocadas.get(id);
    if (antes !== undefined && agora - antes < TOQUE_MS) return;
    this.tocadas.set(id, agora);
    if (this.tocadas.size > 10_000) this.tocadas.clear();
    await this.db.query(
      `update chaves_integracao set ultimo_uso_em = $2
        where id = $1 and (ultimo_uso_em is null or ultimo_uso_em <= $3)`,
      [id, new Date(agora), new Date(agora - TOQUE_MS)],
    );
  }
}
