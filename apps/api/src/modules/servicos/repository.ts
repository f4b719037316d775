import type { CodigoServico } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { beneficiarioVisivel, type Membro } from '../../core/sessao/membro';

export interface ServicoRow {
  codigo: CodigoServico;
  nome: string;
  valor: number;
}

export interface BeneficiarioServicoRow {
  codigoBeneficiario: string;
  nome: string;
  temAcessorioContratado: boolean;
}

export interface AceiteRow {
  id: string;
  beneficiarios: string[];
  selecao_hash: string;
  valor_unitario: number;
  aceito_em: Date | string;
}

/** Add-on services of the member's contract (0006_servicos.sql). Every query carries the contract. */
export class ServicosRepository {
  constructor(private readonly q: Queryable) {}

  /** The same repository inside the caller's transaction. */
  com(tx: Queryable): ServicosRepository {
    return new ServicosRepository(tx);
  }

  async servico(codigo: CodigoServico): Promise<ServicoRow | null> {
    const [row] = await this.q.query<{ codigo: CodigoServico; nome: string; valor: string | number }>(
      'select codigo, nome, valor from servicos_adicionais where codigo = $1 and ativo',
      [codigo],
    );
    return row ? { codigo: row.codigo, nome: row.nome, valor: Number(row.valor) } : null;
  }

  async contratoAtivo(membro: Membro): Promise<boolean> {
    const [row] = await this.q.query<{ ativo: boolean }>(
      'select data_cancelamento is null as ativo from contratos where codigo_contrato = $1',
      [membro.codigoContrato],
    );
    return row?.ativo ?? false;
  }

  /**
   * The contract's active beneficiaries and whether each already holds the service; only the
   * given codes when `codigos` is set (a code of another contract simply is not returned).
   */
  async beneficiarios(membro: Membro, servico: CodigoServico, codigos?: string[]): Promise<BeneficiarioServicoRow[]> {
    const params: unknown[] = [servico];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    let filtro = '';
    if (codigos) {
      params.push(JSON.stringify(codigos));
      filtro = `and b.codigo_beneficiario in (select jsonb_array_elements_text($${params.length}::jsonb))`;
    }
    return this.q.query<BeneficiarioServicoRow>(
      `select b.codigo_beneficiario as "codigoBeneficiario", p.nome,
              exists (select 1 from servicos_contratados sc
                       where sc.codigo_beneficiario = b.codigo_beneficiario and sc.servico = $1) as "temAcessorioContratado"
         from beneficiarios b
         join pessoas p on p.cpf = b.cpf
        where ${visivel} and b.ativo ${filtro}
        order by (b.tipo = 'TITULAR') desc, b.data_inclusao, p.data_nascimento, p.nome`,
      params,
    );
  }

  async inserirAceite(a: {
    membro: Membro;
    servico: CodigoServico;
    beneficiarios: string[];
    selecaoHash: string;
    valorUnitario: number;
    linkTermoAdesao: string;
    linkContrato: string;
    at: Date;
    ip: string;
    userAgent: string | null;
  }): Promise<void> {
    await this.q.query(
      `insert into servicos_aceites (codigo_sessao, cpf, codigo_contrato, servico, beneficiarios, selecao_hash,
         valor_unitario, link_termo_adesao, link_contrato, aceito_em, ip, user_agent)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        a.membro.codigoSessao,
        a.membro.cpf,
        a.membro.codigoContrato,
        a.servico,
        JSON.stringify(a.beneficiarios),
        a.selecaoHash,
        a.valorUnitario,
        a.linkTermoAdesao,
        a.linkContrato,
        a.at,
        a.ip,
        a.userAgent?.slice(0, 300) ?? null,
      ],
    );
  }

  /** The session's latest acceptance for the service since `desde`. */
  async ultimoAceite(membro: Membro, servico: CodigoServico, desde: Date): Promise<AceiteRow | null> {
    const [row] = await this.q.query<AceiteRow>(
      `select id::text as id, beneficiarios, selecao_hash, valor_unitario::float8 as valor_unitario, aceito_em
         from servicos_aceites
        where codigo_sessao = $1 and servico = $2 and codigo_contrato = $3 and aceito_em >= $4
        order by aceito_em desc, id desc limit 1`,
      [membro.codigoSessao, servico, membro.codigoContrato, desde],
    );
    return row ? parseAceite(row) : null;
  }

  async aceite(membro: Membro, id: string): Promise<AceiteRow | null> {
    const [row] = await this.q.query<AceiteRow>(
      `select id::text as id, beneficiarios, selecao_hash, valor_unitario::float8 as valor_unitario, aceito_em
         from servicos_aceites where id = $1 and codigo_contrato = $2 and codigo_sessao = $3`,
      [id, membro.codigoContrato, membro.codigoSessao],
    );
    return row ? parseAceite(row) : null;
  }

  async inserirContratacao(c: {
    protocolo: string;
    servico: CodigoServico;
    membro: Membro;
    aceiteId: string;
    valorUnitario: number;
    quantidade: number;
    valorTotal: number;
    inicioVigencia: string;
    at: Date;
  }): Promise<string> {
    const [row] = await this.q.query<{ id: string }>(
      `insert into contratacoes_servico (protocolo, servico, codigo_contrato, cpf_responsavel, aceite_id, valor_unitario,
         quantidade, valor_total, inicio_vigencia, concluida_em)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text as id`,
      [
        c.protocolo,
        c.servico,
        c.membro.codigoContrato,
        c.membro.cpf,
        c.aceiteId,
        c.valorUnitario,
        c.quantidade,
        c.valorTotal,
        c.inicioVigencia,
        c.at,
      ],
    );
    return row!.id;
  }

  async inserirContratados(
    codigos: string[],
    servico: CodigoServico,
    inicioVigencia: string,
    at: Date,
    contratacaoId: string,
  ): Promise<void> {
    for (const codigo of codigos) {
      await this.q.query(
        `insert into servicos_contratados (codigo_beneficiario, servico, inicio_vigencia, contratado_em, contratacao_id)
         values ($1, $2, $3, $4, $5)`,
        [codigo, servico, inicioVigencia, at, contratacaoId],
      );
    }
  }
}

function parseAceite(row: AceiteRow): AceiteRow {
  const beneficiarios =
    typeof row.beneficiarios === 'string' ? (JSON.parse(row.beneficiarios) as string[]) : row.beneficiarios;
  return { ...row, beneficiarios, valor_unitario: Number(row.valor_unitario) };
}
