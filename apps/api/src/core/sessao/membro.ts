import type { CodigoSessao } from '@portal/contract';

/**
 * The member behind a protected call, put on `request.membro` by the member group's hook. Every
 * repository method of member data takes it (not a bare id) and puts its contract in the SQL.
 */
export interface Membro {
  codigoSessao: CodigoSessao;
  cpf: string;
  nome: string;
  codigoContrato: string;
  codigoPlano: string;
  /** The member's own beneficiary code in this contract (null: financial responsible only). */
  codigoBeneficiario: string | null;
  /** docs/produto/comum.md "Who may use it" profile type ('TITULAR', 'BENEFICIARIO RESPONSAVEL FINANCEIRO', 'DEPENDENTE'). */
  tipoPerfil: string;
  titular: boolean;
  responsavelFinanceiro: boolean;
  coparticipativo: boolean;
  /** Holders and the financial responsible see every beneficiary of the contract; others only themselves. */
  veTodoContrato: boolean;
}

/** docs/produto/comum.md "Who may use it" profile types; a dependant who pays the contract is a 'BENEFICIARIO RESPONSAVEL FINANCEIRO'. */
export function tipoPerfil(p: { tipo: 'TITULAR' | 'DEPENDENTE' | null; responsavelFinanceiro: boolean }): string {
  if (p.tipo === 'TITULAR') return 'TITULAR';
  if (p.tipo === null) return p.responsavelFinanceiro ? 'RESPONSAVEL FINANCEIRO NAO BENEFICIARIO' : 'DEPENDENTE';
  return p.responsavelFinanceiro ? 'BENEFICIARIO RESPONSAVEL FINANCEIRO' : 'DEPENDENTE';
}

/**
 * The SQL condition "beneficiary row `alias` is visible to this member": same contract, and either
 * the member sees the whole contract or it is their own row. Parameters are appended to `params`
 * so the caller's numbering stays right. Every member query of beneficiary data uses it.
 */
export function beneficiarioVisivel(membro: Membro, alias: string, params: unknown[]): string {
  params.push(membro.codigoContrato);
  const contrato = `$${params.length}`;
  if (membro.veTodoContrato) return `${alias}.codigo_contrato = ${contrato}`;
  params.push(membro.codigoBeneficiario);
  return `(${alias}.codigo_contrato = ${contrato} and ${alias}.codigo_beneficiario = $${params.length})`;
}
