import type { Carencia, Carteirinha } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { beneficiarioVisivel, type Membro } from '../../core/sessao/membro';

interface Row {
  codigo_beneficiario: string;
  cns: string | null;
  acomodacao: string;
  produto: string;
  tipo_contratacao: string;
  nome_mae: string | null;
  estado_civil: string | null;
  sexo: string | null;
  rg: string | null;
  orgao_emissor_rg: string | null;
  titulo_eleitor: string | null;
  profissao: string | null;
  pis_pasep: string | null;
  codigo_contrato: string;
  data_contratacao: string;
  segmentacao: string;
  cpf: string;
  nome: string;
  data_nascimento: string | null;
  registro_ans: string | null;
  data_final_cpt: string | null;
  nome_social: string | null;
  data_cancelamento: string | null;
  carencias: Carencia[] | string;
}

/** Text the operator left blank is "not informed" (null), like a missing value. */
const texto = (coluna: string) => `nullif(btrim(${coluna}), '')`;
/** Calendar days as ISO text in SQL: a Date object would shift with the server's time zone. */
const dia = (coluna: string) => `to_char(${coluna}, 'YYYY-MM-DD')`;

export class CarteirinhaRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The card data of the beneficiaries the member may see (the contract and visibility are in the
   * SQL, as for every member query), the member's own card first, then the holder, then by joining
   * date and age. Beneficiaries of a cancelled contract stay visible to its former members.
   */
  async listar(membro: Membro): Promise<Carteirinha[]> {
    const params: unknown[] = [membro.codigoBeneficiario];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    const rows = await this.db.query<Row>(
      `select b.codigo_beneficiario, ${texto('p.cns')} as cns, pl.acomodacao, pl.nome as produto,
              ct.tipo_contratacao, ${texto('p.nome_mae')} as nome_mae, p.estado_civil, p.sexo,
              ${texto('p.rg')} as rg, ${texto('p.orgao_emissor_rg')} as orgao_emissor_rg,
              ${texto('p.titulo_eleitor')} as titulo_eleitor, ${texto('p.profissao')} as profissao,
              ${texto('p.pis_pasep')} as pis_pasep, b.codigo_contrato,
              ${dia('b.data_inclusao')} as data_contratacao, pl.segmentacao, p.cpf, p.nome,
              ${dia('p.data_nascimento')} as data_nascimento, ${texto('pl.registro_ans')} as registro_ans,
              ${dia('b.data_final_cpt')} as data_final_cpt, ${texto('p.nome_social')} as nome_social,
              ${dia('least(ct.data_cancelamento, b.data_exclusao)')} as data_cancelamento,
              coalesce((select json_agg(json_build_object('descricao', c.descricao, 'dataFim', ${dia('c.data_fim')})
                                        order by c.ordem)
                          from carencias c where c.codigo_beneficiario = b.codigo_beneficiario),
                       '[]'::json) as carencias
         from beneficiarios b
         join pessoas p on p.cpf = b.cpf
         join contratos ct on ct.codigo_contrato = b.codigo_contrato
         join planos pl on pl.codigo_plano = ct.codigo_plano
        where ${visivel}
          and (b.ativo or ct.data_cancelamento is not null)
        order by coalesce(b.codigo_beneficiario = $1::text, false) desc, (b.tipo = 'TITULAR') desc,
                 b.data_inclusao, p.data_nascimento, p.nome`,
      params,
    );
    return rows.map((r) => ({
      cns: r.cns,
      acomodacao: r.acomodacao,
      produto: r.produto,
      tipoContrato: r.tipo_contratacao,
      nomeMae: r.nome_mae,
      estadoCivil: r.estado_civil,
      sexo: r.sexo,
      rg: r.rg,
      orgaoExpeditor: r.orgao_emissor_rg,
      tituloEleitor: r.titulo_eleitor,
      profissao: r.profissao,
      pisPasep: r.pis_pasep,
      codigoContrato: r.codigo_contrato,
      numeroCarteirinha: r.codigo_beneficiario,
      dataContratacao: r.data_contratacao,
      segmentacaoAssistencial: r.segmentacao,
      cpf: r.cpf,
      nome: r.nome,
      dataNascimento: r.data_nascimento,
      registroAns: r.registro_ans,
      carencias: typeof r.carencias === 'string' ? (JSON.parse(r.carencias) as Carencia[]) : r.carencias,
      dataFinalCPT: r.data_final_cpt,
      nomeSocial: r.nome_social,
      dataCancelamento: r.data_cancelamento,
    }));
  }
}
