import type { Queryable } from '../../db/db';
import { beneficiarioVisivel, type Membro } from '../../core/sessao/membro';

export interface BeneficiarioInscricao {
  codigoBeneficiario: string;
  nome: string;
  /** AAAA-MM-DD, or null when not on file. */
  dataNascimento: string | null;
}

/** Enrolments in preventive-medicine programmes (0006_servicos.sql). */
export class MedicinaPreventivaRepository {
  constructor(private readonly q: Queryable) {}

  /** The same repository inside the caller's transaction. */
  com(tx: Queryable): MedicinaPreventivaRepository {
    return new MedicinaPreventivaRepository(tx);
  }

  /** The active beneficiary with this CPF, when the member may see it (own contract, docs/produto/comum.md "Who may use it"). */
  async beneficiarioPorCpf(membro: Membro, cpf: string): Promise<BeneficiarioInscricao | null> {
    const params: unknown[] = [cpf];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    const [row] = await this.q.query<BeneficiarioInscricao>(
      `select b.codigo_beneficiario as "codigoBeneficiario", p.nome, p.data_nascimento::text as "dataNascimento"
         from beneficiarios b
         join pessoas p on p.cpf = b.cpf
        where b.cpf = $1 and b.ativo and ${visivel}`,
      params,
    );
    return row ?? null;
  }

  /** The protocol of an enrolment still running for the beneficiary and programme. */
  async inscricaoAtiva(codigoBeneficiario: string, programa: string): Promise<string | null> {
    const [row] = await this.q.query<{ protocolo: string }>(
      `select protocolo from inscricoes_preventivas
        where codigo_beneficiario = $1 and programa = $2 and situacao <> 'ENCERRADA'`,
      [codigoBeneficiario, programa],
    );
    return row?.protocolo ?? null;
  }

  async inserir(i: {
    protocolo: string;
    membro: Membro;
    codigoBeneficiario: string;
    programa: string;
    cidade: string;
    telefone: string;
    at: Date;
  }): Promise<void> {
    await this.q.query(
      `insert into inscricoes_preventivas (protocolo, codigo_contrato, codigo_beneficiario, cpf_solicitante, programa,
         cidade, telefone, criado_em) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        i.protocolo,
        i.membro.codigoContrato,
        i.codigoBeneficiario,
        i.membro.cpf,
        i.programa,
        i.cidade,
        i.telefone,
        i.at,
      ],
    );
  }
}
