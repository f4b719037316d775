import type { AbrangenciaCancelamento, CancelamentoConcluido, ParcelaEmAberto } from '@portal/contract';
import type { Queryable } from '../../db/db';
import type { Membro } from '../../core/sessao/membro';

export interface BeneficiarioContratoRow {
  codigoBeneficiario: string;
  nome: string;
  tipo: 'TITULAR' | 'DEPENDENTE';
  parentesco: string | null;
  ativo: boolean;
}

export interface CienciaRow {
  id: string;
  abrangencia: AbrangenciaCancelamento;
  beneficiarios: string[];
  selecao_hash: string;
  texto_versao: string;
}

export interface CancelamentoRow {
  protocolo: string;
  abrangencia: AbrangenciaCancelamento;
  beneficiarios: { codigoBeneficiario: string; nome: string }[];
  consequencias: string[];
  solicitado_em: Date | string;
  data_cancelamento: string;
  prazo_resposta: string;
  cpf_solicitante: string;
  nome_solicitante: string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The cancellation of the member's contract (0013_cancelamento.sql). Every query carries the
 * session's contract; codes and protocols of another contract match nothing.
 */
export class CancelamentoRepository {
  constructor(private readonly q: Queryable) {}

  /** The same repository inside the caller's transaction. */
  com(tx: Queryable): CancelamentoRepository {
    return new CancelamentoRepository(tx);
  }

  async contrato(membro: Membro): Promise<{ plano: string; dataCancelamento: string | null } | null> {
    const [row] = await this.q.query<{ plano: string; data_cancelamento: string | null }>(
      `select pl.nome as plano, ct.data_cancelamento::text as data_cancelamento
         from contratos ct join planos pl on pl.codigo_plano = ct.codigo_plano
        where ct.codigo_contrato = $1`,
      [membro.codigoContrato],
    );
    return row ? { plano: row.plano, dataCancelamento: row.data_cancelamento } : null;
  }

  /** The day the member's own coverage ended (contract or own link, the earlier), or null. */
  async fimDaCobertura(membro: Membro): Promise<string | null> {
    const [row] = await this.q.query<{ fim: string | null }>(
      `select least(ct.data_cancelamento, case when b.ativo then null else b.data_exclusao end)::text as fim
         from contratos ct
         left join beneficiarios b on b.codigo_contrato = ct.codigo_contrato and b.codigo_beneficiario = $2
        where ct.codigo_contrato = $1`,
      [membro.codigoContrato, membro.codigoBeneficiario],
    );
    return row?.fim ?? null;
  }

  /** Every beneficiary of the contract (active or not), the holder first. */
  beneficiarios(membro: Membro): Promise<BeneficiarioContratoRow[]> {
    return this.q.query<BeneficiarioContratoRow>(
      `select b.codigo_beneficiario as "codigoBeneficiario", p.nome, b.tipo, b.parentesco, b.ativo
         from beneficiarios b join pessoas p on p.cpf = b.cpf
        where b.codigo_contrato = $1
        order by (b.tipo = 'TITULAR') desc, b.data_inclusao, p.data_nascimento, p.nome`,
      [membro.codigoContrato],
    );
  }

  /** Installments of the contract not paid yet (finance data), oldest first. */
  async parcelasEmAberto(membro: Membro): Promise<ParcelaEmAberto[]> {
    const rows = await this.q.query<{ codigo: string; competencia: string; vencimento: string; centavos: number }>(
      `select codigo_mensalidade as codigo, to_char(competencia, 'MM/YYYY') as competencia,
              vencimento::text as vencimento, valor_centavos::int as centavos
         from mensalidades where codigo_contrato = $1 and pago_em is null
        order by mensalidades.competencia`,
      [membro.codigoContrato],
    );
    return rows.map((r) => ({
      codigoMensalidade: r.codigo,
      competencia: r.competencia,
      vencimento: r.vencimento,
      valor: r.centavos / 100,
    }));
  }

  async inserirCiencia(c: {
    membro: Membro;
    abrangencia: AbrangenciaCancelamento;
    beneficiarios: string[];
    selecaoHash: string;
    textoVersao: string;
    textoHash: string;
    at: Date;
    ip: string;
    userAgent: string | null;
  }): Promise<void> {
    await this.q.query(
      `insert into cancelamento_ciencias (codigo_sessao, cpf, codigo_contrato, abrangencia, beneficiarios, selecao_hash,
         texto_versao, texto_hash, ciente_em, ip, user_agent)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        c.membro.codigoSessao,
        c.membro.cpf,
        c.membro.codigoContrato,
        c.abrangencia,
        JSON.stringify(c.beneficiarios),
        c.selecaoHash,
        c.textoVersao,
        c.textoHash,
        c.at,
        c.ip,
        c.userAgent?.slice(0, 300) ?? null,
      ],
    );
  }

  /** The session's latest acknowledgement since `desde`. */
  async ultimaCiencia(membro: Membro, desde: Date): Promise<CienciaRow | null> {
    const [row] = await this.q.query<CienciaRow>(
      `select id::text as id, abrangencia, beneficiarios, selecao_hash, texto_versao
         from cancelamento_ciencias
        where codigo_sessao = $1 and codigo_contrato = $2 and ciente_em >= $3
        order by ciente_em desc, id desc limit 1`,
      [membro.codigoSessao, membro.codigoContrato, desde],
    );
    return row ? { ...row, beneficiarios: json<string[]>(row.beneficiarios) } : null;
  }

  async ciencia(membro: Membro, id: string): Promise<CienciaRow | null> {
    const [row] = await this.q.query<CienciaRow>(
      `select id::text as id, abrangencia, beneficiarios, selecao_hash, texto_versao
         from cancelamento_ciencias where id = $1 and codigo_contrato = $2 and codigo_sessao = $3`,
      [id, membro.codigoContrato, membro.codigoSessao],
    );
    return row ? { ...row, beneficiarios: json<string[]>(row.beneficiarios) } : null;
  }

  /**
   * Ends the coverage of the given active beneficiaries of the member's contract on `dia`; the
   * whole contract too when `contrato`. Answers the codes actually cancelled.
   */
  async cancelar(membro: Membro, codigos: string[], dia: string, contrato: boolean): Promise<string[]> {
    const rows = await this.q.query<{ codigo: string }>(
      `update beneficiarios set ativo = false, data_exclusao = $3
        where codigo_contrato = $1 and ativo and codigo_beneficiario in (select jsonb_array_elements_text($2::jsonb))
        returning codigo_beneficiario as codigo`,
      [membro.codigoContrato, JSON.stringify(codigos), dia],
    );
    if (contrato) {
      await this.q.query(
        'update contratos set data_cancelamento = $2 where codigo_contrato = $1 and data_cancelamento is null',
        [membro.codigoContrato, dia],
      );
    }
    return rows.map((r) => r.codigo);
  }

  async inserirCancelamento(c: {
    protocolo: string;
    membro: Membro;
    abrangencia: AbrangenciaCancelamento;
    cienciaId: string;
    beneficiarios: { codigoBeneficiario: string; nome: string }[];
    consequencias: string[];
    at: Date;
    dia: string;
  }): Promise<void> {
    await this.q.query(
      `insert into cancelamentos (protocolo, codigo_contrato, cpf_solicitante, abrangencia, ciencia_id, beneficiarios,
         consequencias, solicitado_em, data_cancelamento)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        c.protocolo,
        c.membro.codigoContrato,
        c.membro.cpf,
        c.abrangencia,
        c.cienciaId,
        JSON.stringify(c.beneficiarios),
        JSON.stringify(c.consequencias),
        c.at,
        c.dia,
      ],
    );
  }

  /** Cancellations of the member's contract, newest first; one of them when `protocolo` is given. */
  async cancelamentos(membro: Membro, protocolo?: string): Promise<CancelamentoRow[]> {
    const rows = await this.q.query<CancelamentoRow>(
      `select c.protocolo, c.abrangencia, c.beneficiarios, c.consequencias, c.solicitado_em,
              c.data_cancelamento::text as data_cancelamento, pr.prazo_resposta::text as prazo_resposta,
              c.cpf_solicitante, p.nome as nome_solicitante
         from cancelamentos c
         join protocolos pr on pr.numero = c.protocolo
         join pessoas p on p.cpf = c.cpf_solicitante
        where c.codigo_contrato = $1 and ($2::text is null or c.protocolo = $2)
        order by c.solicitado_em desc, c.protocolo desc`,
      [membro.codigoContrato, protocolo ?? null],
    );
    return rows.map((r) => ({
      ...r,
      beneficiarios: json<CancelamentoRow['beneficiarios']>(r.beneficiarios),
      consequencias: json<string[]>(r.consequencias),
    }));
  }
}

export function concluido(r: CancelamentoRow): CancelamentoConcluido {
  return {
    abrangencia: r.abrangencia,
    solicitadoEm: new Date(r.solicitado_em).toISOString(),
    dataCancelamento: r.data_cancelamento,
    beneficiariosCancelados: r.beneficiarios,
    protocolo: r.protocolo,
    prazoResposta: r.prazo_resposta,
  };
}
