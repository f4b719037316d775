import type { Autorizacao } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { beneficiarioVisivel, type Membro } from '../../core/sessao/membro';

interface Row {
  numero_transacao: string;
  data_solicitacao: Date | string;
  prestador_solicitante: string;
  status: string;
  procedimentos: { codigoProcedimento: string; descricaoProcedimento: string }[];
}

export class AutorizacoesRepository {
  constructor(private readonly db: Queryable) {}

  /** One beneficiary's authorisations, newest first; the contract and visibility are in the SQL. */
  async listar(membro: Membro, codigoBeneficiario: string): Promise<Autorizacao[]> {
    const params: unknown[] = [codigoBeneficiario];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    const rows = await this.db.query<Row>(
      `select a.numero_transacao, a.data_solicitacao, a.prestador_solicitante, a.status,
              coalesce((select json_agg(json_build_object('codigoProcedimento', p.codigo_procedimento,
                                                          'descricaoProcedimento', p.descricao) order by p.ordem)
                          from autorizacao_procedimentos p where p.numero_transacao = a.numero_transacao),
                       '[]'::json) as procedimentos
         from autorizacoes a
         join beneficiarios b on b.codigo_beneficiario = a.codigo_beneficiario
        where a.codigo_beneficiario = $1 and ${visivel}
        order by a.data_solicitacao desc, a.numero_transacao desc`,
      params,
    );
    return rows.map((r) => ({
      dataSolicitacao: new Date(r.data_solicitacao).toISOString(),
      prestadorSolicitante: r.prestador_solicitante,
      statusProcedimento: r.status,
      procedimentos: typeof r.procedimentos === 'string' ? JSON.parse(r.procedimentos) : r.procedimentos,
      numeroTransacao: r.numero_transacao,
    }));
  }
}
