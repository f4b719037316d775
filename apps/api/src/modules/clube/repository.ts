import type { Queryable } from '../../db/db';
import type { Membro } from '../../core/sessao/membro';

export interface NovoConsentimento {
  protocolo: string;
  membro: Membro;
  finalidade: string;
  parceiro: string;
  dadosCompartilhados: readonly string[];
  textoVersao: string;
  textoHash: string;
  at: Date;
  linkJti: string;
  /** sha256 of the link's single-use code; the code itself is only in the link. */
  linkCodigoHash: string;
  linkExpiraEm: Date;
  ip: string;
  userAgent: string | null;
}

/** Consents (LGPD art. 8) of the member (0006_servicos.sql); 'Meus consentimentos' (issue 8) lists and revokes them. */
export class ClubeRepository {
  constructor(private readonly q: Queryable) {}

  /** The same repository inside the caller's transaction. */
  com(tx: Queryable): ClubeRepository {
    return new ClubeRepository(tx);
  }

  async inserir(c: NovoConsentimento): Promise<void> {
    await this.q.query(
      `insert into consentimentos (protocolo, cpf, codigo_contrato, finalidade, parceiro, dados_compartilhados,
         texto_versao, texto_hash, concedido_em, link_jti, ip, user_agent, link_codigo_hash, link_expira_em)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        c.protocolo,
        c.membro.cpf,
        c.membro.codigoContrato,
        c.finalidade,
        c.parceiro,
        JSON.stringify(c.dadosCompartilhados),
        c.textoVersao,
        c.textoHash,
        c.at,
        c.linkJti,
        c.ip,
        c.userAgent?.slice(0, 300) ?? null,
        c.linkCodigoHash,
        c.linkExpiraEm,
      ],
    );
  }

  /**
   * Spends a link's code: at most one caller gets the member's name and CPF, and only while the
   * code is unexpired and its consent stands. Otherwise null.
   */
  async resgatar(codigoHash: string, agora: Date): Promise<{ cpf: string; nome: string } | null> {
    const [r] = await this.q.query<{ cpf: string; nome: string }>(
      `with gasto as (
         update consentimentos set link_resgatado_em = $2
          where link_codigo_hash = $1 and link_resgatado_em is null and revogado_em is null and link_expira_em > $2
          returning cpf)
       select g.cpf, p.nome from gasto g join pessoas p on p.cpf = g.cpf`,
      [codigoHash, agora],
    );
    return r ?? null;
  }

  /** What became of a link (for the answers when it cannot be redeemed, and Clube/ValidarLink). */
  async situacao(
    codigoHash: string,
    agora: Date,
  ): Promise<'VALIDO' | 'REVOGADO' | 'EXPIRADO' | 'RESGATADO' | 'INVALIDO'> {
    const [r] = await this.q.query<{ revogado: boolean; resgatado: boolean; expirado: boolean }>(
      `select revogado_em is not null as revogado, link_resgatado_em is not null as resgatado,
              link_expira_em <= $2 as expirado
         from consentimentos where link_codigo_hash = $1`,
      [codigoHash, agora],
    );
    if (!r) return 'INVALIDO';
    if (r.revogado) return 'REVOGADO';
    if (r.resgatado) return 'RESGATADO';
    if (r.expirado) return 'EXPIRADO';
    return 'VALIDO';
  }
}
