import type { Queryable } from '../../db/db';

/** A person of the operator's base, with the app account when there is one. */
export interface PessoaConta {
  cpf: string;
  nome: string;
  email: string | null;
  celular: string | null;
  dataNascimento: string | null;
  beneficiarioAtivo: boolean;
  temConta: boolean;
  senhaHash: string | null;
}

/** One beneficiary link of a CPF = one login profile. */
export interface PerfilRow {
  codigo_beneficiario: string;
  codigo_contrato: string;
  codigo_plano: string;
  plano_nome: string;
  coparticipativo: boolean;
  acomodacao: string;
  tipo: 'TITULAR' | 'DEPENDENTE';
  data_inicio_vigencia: string;
  data_cancelamento: string | null;
  responsavel_financeiro: boolean;
}

export interface BeneficiarioAssociadoRow {
  codigo_beneficiario: string;
  nome: string;
  acomodacao: string;
}

export class ContasRepository {
  constructor(private readonly db: Queryable) {}

  async findPessoa(cpf: string): Promise<PessoaConta | null> {
    const [r] = await this.db.query<{
      cpf: string;
      nome: string;
      email: string | null;
      celular: string | null;
      data_nascimento: string | null;
      ativo: boolean;
      tem_conta: boolean;
      senha_hash: string | null;
    }>(
      `select p.cpf, p.nome, p.email, p.celular, p.data_nascimento::text as data_nascimento,
              exists (select 1 from beneficiarios b where b.cpf = p.cpf and b.ativo) as ativo,
              (c.cpf is not null) as tem_conta, c.senha_hash
         from pessoas p left join contas c on c.cpf = p.cpf
        where p.cpf = $1`,
      [cpf],
    );
    if (!r) return null;
    return {
      cpf: r.cpf,
      nome: r.nome,
      email: r.email,
      celular: r.celular,
      dataNascimento: r.data_nascimento,
      beneficiarioAtivo: r.ativo,
      temConta: r.tem_conta,
      senhaHash: r.senha_hash,
    };
  }

  /**
   * The day the latest link whose coverage ended less than `anos` years before `hoje` (AAAA-MM-DD)
   * ended, or null: a former member keeps signing in, read-only, to reach their documents (0018).
   */
  async vinculoEncerradoDesde(cpf: string, anos: number, hoje: string): Promise<string | null> {
    const [r] = await this.db.query<{ fim: string | null }>(
      `select max(f.fim)::text as fim
         from beneficiarios b join contratos ct on ct.codigo_contrato = b.codigo_contrato
        cross join lateral (
          select coalesce(least(ct.data_cancelamento, b.data_exclusao), ct.data_cancelamento, b.data_exclusao) as fim
        ) f
        where b.cpf = $1 and not b.ativo
          and f.fim >= $2::date - make_interval(years => $3::int)`,
      [cpf, hoje, anos],
    );
    return r?.fim ?? null;
  }

  /** Every beneficiary link of the CPF, active first (cancelled contracts still log in, 0002). */
  listPerfis(cpf: string): Promise<PerfilRow[]> {
    return this.db.query<PerfilRow>(
      `select b.codigo_beneficiario, b.codigo_contrato, pl.codigo_plano, pl.nome as plano_nome, pl.coparticipativo,
              pl.acomodacao, b.tipo, ct.data_inicio_vigencia::text as data_inicio_vigencia,
              ct.data_cancelamento::text as data_cancelamento,
              (ct.cpf_responsavel_financeiro = b.cpf) as responsavel_financeiro
         from beneficiarios b
         join contratos ct on ct.codigo_contrato = b.codigo_contrato
         join planos pl on pl.codigo_plano = ct.codigo_plano
        where b.cpf = $1
        order by (ct.data_cancelamento is null) desc, ct.data_inicio_vigencia desc, b.codigo_beneficiario`,
      [cpf],
    );
  }

  /** Beneficiaries of a contract; one of them only when `somente` is given. */
  beneficiariosDoContrato(codigoContrato: string, somente?: string): Promise<BeneficiarioAssociadoRow[]> {
    return this.db.query<BeneficiarioAssociadoRow>(
      `select b.codigo_beneficiario, p.nome, pl.acomodacao
         from beneficiarios b
         join pessoas p on p.cpf = b.cpf
         join contratos ct on ct.codigo_contrato = b.codigo_contrato
         join planos pl on pl.codigo_plano = ct.codigo_plano
        where b.codigo_contrato = $1 and ($2::text is null or b.codigo_beneficiario = $2)
          and (b.ativo or ct.data_cancelamento is not null)
        order by (b.tipo = 'TITULAR') desc, b.data_inclusao, p.nome`,
      [codigoContrato, somente ?? null],
    );
  }

  /** Sets the password only while the account has none (registration). */
  async setPrimeiraSenha(cpf: string, senhaHash: string, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `insert into contas (cpf, senha_hash, senha_definida_em, criado_em) values ($1, $2, $3, $3)
       on conflict (cpf) do update set senha_hash = excluded.senha_hash, senha_definida_em = excluded.senha_definida_em
        where contas.senha_hash is null
       returning cpf`,
      [cpf, senhaHash, at],
    );
    return rows.length > 0;
  }

  async changeSenha(cpf: string, senhaHash: string, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      'update contas set senha_hash = $2, senha_definida_em = $3 where cpf = $1 returning cpf',
      [cpf, senhaHash, at],
    );
    return rows.length > 0;
  }
}
