import type { Queryable } from '../../db/db';
import type { Membro } from '../../core/sessao/membro';
import { cancelamentoDoVinculo } from '../../core/solicitacoes/solicitacoes';

export interface Situacao {
  cancelado: boolean;
  desde: string | null;
  perfis: number;
}

/** The session's contract and beneficiary, read by the session's contract only. */
export class SituacaoRepository {
  constructor(private readonly q: Queryable) {}

  /** Whether this profile's coverage ended (the rule every request obeys), and the CPF's profiles. */
  async situacao(membro: Membro): Promise<Situacao | null> {
    const vinculo = await cancelamentoDoVinculo(this.q, membro);
    if (!vinculo) return null;
    const [row] = await this.q.query<{ perfis: number }>(
      'select count(*)::int as perfis from beneficiarios where cpf = $1',
      [membro.cpf],
    );
    return { ...vinculo, perfis: row?.perfis ?? 0 };
  }
}
