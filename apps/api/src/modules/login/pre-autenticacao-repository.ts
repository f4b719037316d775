import type { Queryable } from '../../db/db';

/** The rows of `pre_autenticacoes` (the proofs of PreAutenticacao; the rules live there). */
export class PreAutenticacoesRepository {
  constructor(private readonly db: Queryable) {}

  async inserir(p: { tokenHash: string; cpf: string; senhaHmac: string; criadoEm: Date; expiraEm: Date }) {
    await this.db.query(
      `insert into pre_autenticacoes (token_hash, cpf, senha_hmac, criado_em, expira_em) values ($1, $2, $3, $4, $5)`,
      [p.tokenHash, p.cpf, p.senhaHmac, p.criadoEm, p.expiraEm],
    );
  }

  /** Marks the unused, unexpired proof of this token and CPF used; its password HMAC, if there was one. */
  async usar(tokenHash: string, cpf: string, agora: Date): Promise<string | undefined> {
    const [row] = await this.db.query<{ senha_hmac: string }>(
      `update pre_autenticacoes set usado_em = $3
        where token_hash = $1 and cpf = $2 and usado_em is null and expira_em > $3
       returning senha_hmac`,
      [tokenHash, cpf, agora],
    );
    return row?.senha_hmac;
  }

  async apagarDe(cpf: string): Promise<void> {
    await this.db.query('delete from pre_autenticacoes where cpf = $1', [cpf]);
  }
}
