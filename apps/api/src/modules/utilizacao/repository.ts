import type { ItemUtilizacao } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { beneficiarioVisivel, type Membro } from '../../core/sessao/membro';

interface Row {
  categoria: string | null;
  valor: string | number;
  prestador: string;
  local: string;
  data: Date | string;
  codigo_procedimento: string;
  descricao: string;
  quantidade: number;
  ja_avaliado: boolean;
  protocolo_avaliacao: string | null;
}

export interface AtendimentoRow {
  id: string;
  prestador: string;
  descricao: string;
  data: Date | string;
  ja_avaliado: boolean;
}

/** Cares and their ratings (0008_utilizacao.sql); the member's contract and visibility are in the SQL. */
export class UtilizacaoRepository {
  constructor(private readonly q: Queryable) {}

  /** The same repository inside the caller's transaction. */
  com(tx: Queryable): UtilizacaoRepository {
    return new UtilizacaoRepository(tx);
  }

  /** One beneficiary's cares, newest first. */
  async listar(membro: Membro, codigoBeneficiario: string): Promise<ItemUtilizacao[]> {
    const params: unknown[] = [codigoBeneficiario];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    const rows = await this.q.query<Row>(
      `select a.categoria, a.valor, a.prestador, a.local, a.data, a.codigo_procedimento, a.descricao, a.quantidade,
              (av.atendimento_id is not null) as ja_avaliado, av.protocolo as protocolo_avaliacao
         from atendimentos a
         join beneficiarios b on b.codigo_beneficiario = a.codigo_beneficiario
         left join avaliacoes_atendimento av on av.atendimento_id = a.id
        where a.codigo_beneficiario = $1 and ${visivel}
        order by a.data desc, a.id desc`,
      params,
    );
    return rows.map((r) => ({
      categoria: r.categoria,
      valor: Number(r.valor),
      fantasia: r.prestador,
      local: r.local,
      data: new Date(r.data).toISOString(),
      procedimento: r.codigo_procedimento,
      descricao: r.descricao,
      quantidade: r.quantidade,
      jaAvaliado: r.ja_avaliado,
      protocoloAvaliacao: r.protocolo_avaliacao,
    }));
  }

  /** The care named by beneficiary, procedure code and instant (docs/produto/utilizacao.md, "Data"), when the member may see it. */
  async atendimento(
    membro: Membro,
    codigoBeneficiario: string,
    codigoProcedimento: string,
    data: string,
  ): Promise<AtendimentoRow | null> {
    const params: unknown[] = [codigoBeneficiario, codigoProcedimento, data];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    const [row] = await this.q.query<AtendimentoRow>(
      `select a.id::text as id, a.prestador, a.descricao, a.data,
              exists (select 1 from avaliacoes_atendimento av where av.atendimento_id = a.id) as ja_avaliado
         from atendimentos a
         join beneficiarios b on b.codigo_beneficiario = a.codigo_beneficiario
        where a.codigo_beneficiario = $1 and a.codigo_procedimento = $2 and a.data = $3::timestamptz and ${visivel}`,
      params,
    );
    return row ?? null;
  }

  async inserirAvaliacao(a: {
    atendimentoId: string;
    protocolo: string;
    cpf: string;
    nota: number;
    comentario: string | null;
    at: Date;
  }): Promise<void> {
    await this.q.query(
      `insert into avaliacoes_atendimento (atendimento_id, protocolo, cpf, nota, comentario, criado_em)
       values ($1, $2, $3, $4, $5, $6)`,
      [a.atendimentoId, a.protocolo, a.cpf, a.nota, a.comentario, a.at],
    );
  }
}
