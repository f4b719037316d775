import type { Queryable } from '../../db/db';
import type { Membro } from '../sessao/membro';

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
  ip: string;
  userAgent: string | null;
}

/** Consents (LGPD art. 8) of the member (0006_servicos.sql); 'Meus consentimentos' (issue 8) lists and revokes them. */
export class ClubeRepository {
  constructor(private readonly q: Queryable) {}

  async inserir(c: NovoConsentimento): Promise<void> {
    await this.q.query(
      `insert into consentimentos (protocolo, cpf, codigo_contrato, finalidade, parceiro, dados_compartilhados,
         texto_versao, texto_hash, concedido_em, link_jti, ip, user_agent)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
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
      ],
    );
  }
}
