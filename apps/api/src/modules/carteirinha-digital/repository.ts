import type { Queryable } from '../../db/db';

/** What a verification may learn about the card behind a QR token: enough to judge it, name and plan to show. */
export interface CartaoDoQr {
  codigoBeneficiario: string;
  expiraEm: Date;
  cpf: string;
  nome: string;
  nomeSocial: string | null;
  plano: string;
  registroAnsPlano: string | null;
  ativo: boolean;
  /** ISO calendar days. */
  dataContratacao: string;
  dataCancelamento: string | null;
}

interface Row {
  codigo_beneficiario: string;
  expira_em: Date | string;
  cpf: string;
  nome: string;
  nome_social: string | null;
  plano: string;
  registro_ans: string | null;
  ativo: boolean;
  data_contratacao: string;
  data_cancelamento: string | null;
}

/**
 * The QR tokens handed out (migration 0010). Issuing goes through the member's visible cards
 * (CarteirinhaRepository, scoped to the contract in SQL); a verification is public and reads only
 * the card its genuine token names.
 */
export class CarteirinhaDigitalRepository {
  constructor(private readonly db: Queryable) {}

  /** False when the jti is already taken (the caller draws another). */
  async registrar(q: {
    jti: string;
    codigoBeneficiario: string;
    codigoSessao: number;
    emitidoEm: Date;
    expiraEm: Date;
  }): Promise<boolean> {
    const rows = await this.db.query(
      `insert into carteirinha_qr (jti, codigo_beneficiario, codigo_sessao, emitido_em, expira_em)
       values ($1, $2, $3, $4, $5) on conflict (jti) do nothing returning jti`,
      [q.jti, q.codigoBeneficiario, q.codigoSessao, q.emitidoEm, q.expiraEm],
    );
    return rows.length === 1;
  }

  async porJti(jti: string): Promise<CartaoDoQr | null> {
    const [r] = await this.db.query<Row>(
      `select q.codigo_beneficiario, q.expira_em, p.cpf, p.nome, nullif(btrim(p.nome_social), '') as nome_social,
              pl.nome as plano, nullif(btrim(pl.registro_ans), '') as registro_ans, b.ativo,
              to_char(b.data_inclusao, 'YYYY-MM-DD') as data_contratacao,
              to_char(least(ct.data_cancelamento, b.data_exclusao), 'YYYY-MM-DD') as data_cancelamento
         from carteirinha_qr q
         join beneficiarios b on b.codigo_beneficiario = q.codigo_beneficiario
         join pessoas p on p.cpf = b.cpf
         join contratos ct on ct.codigo_contrato = b.codigo_contrato
         join planos pl on pl.codigo_plano = ct.codigo_plano
        where q.jti = $1`,
      [jti],
    );
    if (!r) return null;
    return {
      codigoBeneficiario: r.codigo_beneficiario,
      expiraEm: new Date(r.expira_em),
      cpf: r.cpf,
      nome: r.nome,
      nomeSocial: r.nome_social,
      plano: r.plano,
      registroAnsPlano: r.registro_ans,
      ativo: r.ativo,
      dataContratacao: r.data_contratacao,
      dataCancelamento: r.data_cancelamento,
    };
  }
}
