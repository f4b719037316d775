import type { Queryable } from '../../db/db';
import type { Membro } from '../sessao/membro';

export interface SituacaoRow {
  plano: string;
  data_cancelamento: string | null;
  perfis: number;
}

/** The session's contract and beneficiary, read by the session's contract only. */
export class SituacaoRepository {
  constructor(private readonly q: Queryable) {}

  /**
   * The plan's name and when this profile's coverage ended: the contract's cancellation, or the
   * beneficiary's own exclusion (whichever came first); null while both hold.
   */
  async situacao(membro: Membro): Promise<SituacaoRow | null> {
    const [row] = await this.q.query<SituacaoRow>(
      `select pl.nome as plano,
              (case when b.codigo_beneficiario is null then ct.data_cancelamento
                    else coalesce(least(ct.data_cancelamento, b.data_exclusao), ct.data_cancelamento, b.data_exclusao)
               end)::text as data_cancelamento,
              (select count(*)::int from beneficiarios o where o.cpf = $3) as perfis
         from contratos ct
         join planos pl on pl.codigo_plano = ct.codigo_plano
         left join beneficiarios b on b.codigo_contrato = ct.codigo_contrato and b.codigo_beneficiario = $2
        where ct.codigo_contrato = $1`,
      [membro.codigoContrato, membro.codigoBeneficiario, membro.cpf],
    );
    return row ?? null;
  }
}
