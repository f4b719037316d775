import type { NovoDependente } from '@portal/contract';
import type { Queryable } from '../../db/db';
import type { Membro } from '../../core/sessao/membro';

export interface SolicitacaoRow {
  protocolo: string;
  criado_em: Date | string;
  prazo_resposta: Date | string;
  nome: string;
  situacao: 'EM_ANALISE' | 'APROVADA' | 'RECUSADA';
}

/** Inclusion requests and sales contacts of the member's contract (0006_servicos.sql). */
export class VendaRepository {
  constructor(private readonly q: Queryable) {}

  /** The same repository inside the caller's transaction. */
  com(tx: Queryable): VendaRepository {
    return new VendaRepository(tx);
  }

  /** False when the member's contract is cancelled. */
  async contratoAtivo(membro: Membro): Promise<boolean> {
    const [row] = await this.q.query<{ ativo: boolean }>(
      'select data_cancelamento is null as ativo from contratos where codigo_contrato = $1',
      [membro.codigoContrato],
    );
    return row?.ativo ?? false;
  }

  /** Of these CPFs, the ones that are active beneficiaries of the member's contract. */
  async cpfsNoContrato(membro: Membro, cpfs: string[]): Promise<string[]> {
    const rows = await this.q.query<{ cpf: string }>(
      `select b.cpf from beneficiarios b
        where b.codigo_contrato = $1 and b.ativo and b.cpf in (select jsonb_array_elements_text($2::jsonb))`,
      [membro.codigoContrato, JSON.stringify(cpfs)],
    );
    return rows.map((r) => r.cpf);
  }

  /** Of these CPFs, the ones with an inclusion request still under analysis, and its protocol. */
  async solicitacoesAbertas(membro: Membro, cpfs: string[]): Promise<{ cpf: string; protocolo: string }[]> {
    return this.q.query<{ cpf: string; protocolo: string }>(
      `select cpf, protocolo from dependentes_solicitados
        where codigo_contrato = $1 and situacao = 'EM_ANALISE' and cpf in (select jsonb_array_elements_text($2::jsonb))`,
      [membro.codigoContrato, JSON.stringify(cpfs)],
    );
  }

  async inserirDependentes(membro: Membro, protocolo: string, dependentes: NovoDependente[], at: Date): Promise<void> {
    for (const d of dependentes) {
      await this.q.query(
        `insert into dependentes_solicitados (protocolo, codigo_contrato, cpf_solicitante, cpf, nome, data_nascimento,
           cidade, celular, criado_em) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [protocolo, membro.codigoContrato, membro.cpf, d.cpf, d.nome, d.dataNascimento, d.cidade, d.celular, at],
      );
    }
  }

  async inserirContato(
    membro: Membro,
    protocolo: string,
    c: { interesse: string; mensagem: string | null },
    at: Date,
  ): Promise<void> {
    await this.q.query(
      `insert into contatos_comerciais (protocolo, cpf, codigo_contrato, interesse, mensagem, criado_em)
       values ($1, $2, $3, $4, $5, $6)`,
      [protocolo, membro.cpf, membro.codigoContrato, c.interesse, c.mensagem, at],
    );
  }

  /**
   * The contract's inclusion requests, newest first, one row per dependent: every one for the
   * holder or the financial responsible, the member's own otherwise.
   */
  async solicitacoes(membro: Membro): Promise<SolicitacaoRow[]> {
    const params: unknown[] = [membro.codigoContrato];
    let proprias = '';
    if (!membro.veTodoContrato) {
      params.push(membro.cpf);
      proprias = 'and d.cpf_solicitante = $2';
    }
    return this.q.query<SolicitacaoRow>(
      `select d.protocolo, p.criado_em, p.prazo_resposta::text as prazo_resposta, d.nome, d.situacao
         from dependentes_solicitados d
         join protocolos p on p.numero = d.protocolo
        where d.codigo_contrato = $1 ${proprias}
        order by p.criado_em desc, d.protocolo desc, d.id`,
      params,
    );
  }
}
