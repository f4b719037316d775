import type { Beneficiario } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { beneficiarioVisivel, type Membro } from '../sessao/membro';

/**
 * The beneficiaries a member may see (docs/produto/comum.md, "Who may use it"): all of the contract for a holder or the financial
 * responsible, only themself for a dependant. Every area that takes a codigoBeneficiario checks it
 * here, in SQL, so a code of another contract simply is not found.
 */
export class BeneficiariosRepository {
  constructor(private readonly db: Queryable) {}

  private async query(membro: Membro, codigo?: string): Promise<Beneficiario[]> {
    const params: unknown[] = [];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    let filtro = '';
    if (codigo !== undefined) {
      params.push(codigo);
      filtro = `and b.codigo_beneficiario = $${params.length}`;
    }
    return this.db.query<Beneficiario>(
      `select b.codigo_beneficiario as "codigoBeneficiario", p.nome, pl.nome as plano
         from beneficiarios b
         join pessoas p on p.cpf = b.cpf
         join contratos ct on ct.codigo_contrato = b.codigo_contrato
         join planos pl on pl.codigo_plano = ct.codigo_plano
        where ${visivel} ${filtro}
          and (b.ativo or ct.data_cancelamento is not null)
        order by (b.tipo = 'TITULAR') desc, b.data_inclusao, p.data_nascimento, p.nome`,
      params,
    );
  }

  visiveis(membro: Membro): Promise<Beneficiario[]> {
    return this.query(membro);
  }

  /** The beneficiary, when the member may see it; null otherwise (another contract, a relative). */
  async visivel(membro: Membro, codigoBeneficiario: string): Promise<Beneficiario | null> {
    return (await this.query(membro, codigoBeneficiario))[0] ?? null;
  }
}
