import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import type { ChamadaAuditada, Contagens } from './auditoria';

/** A row of chaves_integracao (the rules of the keys live in chaves.ts). */
export interface LinhaDeChave {
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

/** chaves_integracao: the SQL of the operator's keys. */
export class ChavesRepository {
  constructor(private readonly db: Queryable) {}

  async inserir(c: {
    id: string;
    nome: string;
    escopos: string[];
    segredoHash: string;
    chamadasPorMinuto: number | null;
    criadaEm: Date;
    expiraEm: Date | null;
  }): Promise<LinhaDeChave> {
    const [linha] = await this.db.query<LinhaDeChave>(
      `insert into chaves_integracao (id, nome, escopos, segredo_hash, chamadas_por_minuto, criada_em, expira_em)
       values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [c.id, c.nome, c.escopos, c.segredoHash, c.chamadasPorMinuto, c.criadaEm, c.expiraEm],
    );
    if (!linha) throw new Error('insert into chaves_integracao returned nothing');
    return linha;
  }

  listar(): Promise<LinhaDeChave[]> {
    return this.db.query<LinhaDeChave>('select * from chaves_integracao order by criada_em, id');
  }

  /** false: no such key, or revoked already. */
  async revogar(id: string, em: Date): Promise<boolean> {
    const linhas = await this.db.query(
      'update chaves_integracao set revogada_em = $2 where id = $1 and revogada_em is null returning id',
      [id, em],
    );
    return linhas.length > 0;
  }

  /** The current secret becomes the previous one (valid until `anteriorValidoAte`); undefined: no such active key. */
  async rotacionar(r: {
    id: string;
    segredoHash: string;
    anteriorValidoAte: Date;
    agora: Date;
  }): Promise<LinhaDeChave | undefined> {
    const [linha] = await this.db.query<LinhaDeChave>(
      `update chaves_integracao
          set segredo_anterior_hash = segredo_hash, anterior_valido_ate = $3,
              segredo_hash = $2, rotacionada_em = $4
        where id = $1 and revogada_em is null
        returning *`,
      [r.id, r.segredoHash, r.anteriorValidoAte, r.agora],
    );
    return linha;
  }

  async porId(id: string): Promise<LinhaDeChave | undefined> {
    const [l] = await this.db.query<LinhaDeChave>('select * from chaves_integracao where id = $1', [id]);
    return l;
  }

  /** Writes the last use unless it was written after `desde` (by another instance). */
  async tocar(id: string, agora: Date, desde: Date): Promise<void> {
    await this.db.query(
      `update chaves_integracao set ultimo_uso_em = $2
        where id = $1 and (ultimo_uso_em is null or ultimo_uso_em <= $3)`,
      [id, agora, desde],
    );
  }
}

/** Refused calls of one client IP are counted on one audit row per this window (an hour). */
export const JANELA_DAS_RECUSAS_MS = 3_600_000;

/** auditoria_integracao: who called what, with which key, from where, and with what result. */
export class AuditoriaIntegracaoRepository {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async registrar(c: ChamadaAuditada): Promise<void> {
    await this.db.query(
      `insert into auditoria_integracao (em, chave_id, ip, metodo, rota, entidade, importacao_id, status, contagens)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        new Date(this.clock.now()),
        c.chaveId,
        c.ip.slice(0, 100),
        c.metodo.slice(0, 10),
        c.rota.slice(0, 200),
        c.entidade,
        c.importacaoId,
        c.status,
        c.contagens ? JSON.stringify(c.contagens) : null,
      ],
    );
  }

  /**
   * A call refused before any key was recognised (issue 30, defect 8): counted on one row per client
   * IP and hour — `tentativas`, first (`em`) and last (`ultima_em`) — with the last presented key id
   * (made up or not), the last one's route, and the highest status (429 once the client was throttled
   * that hour: the audit writes run after the answers, so "the last status" would depend on which of two
   * overlapping writes commits last). So made-up keys from one client add one row an hour, not one a call.
   */
  async registrarRecusa(c: Pick<ChamadaAuditada, 'chaveId' | 'ip' | 'metodo' | 'rota' | 'status'>): Promise<void> {
    const agora = this.clock.now();
    await this.db.query(
      `insert into auditoria_integracao (em, ultima_em, janela, tentativas, chave_id, ip, metodo, rota, status)
       values ($1, $1, $2, 1, $3, $4, $5, $6, $7)
       on conflict (ip, janela) where janela is not null do update
         set tentativas = auditoria_integracao.tentativas + 1, ultima_em = excluded.ultima_em,
             chave_id = coalesce(excluded.chave_id, auditoria_integracao.chave_id), metodo = excluded.metodo, rota = excluded.rota,
             status = greatest(auditoria_integracao.status, excluded.status)`,
      [
        new Date(agora),
        new Date(agora - (agora % JANELA_DAS_RECUSAS_MS)),
        c.chaveId,
        c.ip.slice(0, 100),
        c.metodo.slice(0, 10),
        c.rota.slice(0, 200),
        c.status,
      ],
    );
  }

  /** The final counts of an upload, once its import ends (the call itself answered 202 before). */
  async concluirEnvio(importacaoId: string, contagens: Contagens): Promise<void> {
    await this.db.query(
      `update auditoria_integracao set contagens = $2
                          where importacao_id = $1 and metodo = 'POST' and rota not like '%/desfazer'`,
      [importacaoId, JSON.stringify(contagens)],
    );
  }
}
