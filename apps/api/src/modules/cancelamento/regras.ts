import type { AbrangenciaCancelamento } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { Membro } from '../../core/sessao/membro';

/**
 * Who may ask (RN 561/2022: the holder): the add-on contracting's rule — the contract's financial
 * responsible, `membro.responsavelFinanceiro`, set once by the session — and the holder
 * (`membro.titular`). A dependent, even one who pays the contract, never cancels the holder nor
 * the contract; a financial responsible who is no beneficiary asks the operator.
 */
export function podePedirCancelamento(membro: Pick<Membro, 'responsavelFinanceiro' | 'titular'>): boolean {
  return membro.responsavelFinanceiro && membro.titular;
}

export interface Selecao {
  abrangencia: AbrangenciaCancelamento;
  /** Only for DEPENDENTES. */
  codigos?: string[] | undefined;
}

interface Beneficiario {
  codigoBeneficiario: string;
  nome: string;
  tipo: 'TITULAR' | 'DEPENDENTE';
  ativo: boolean;
}

/**
 * The beneficiaries a selection cancels, from every beneficiary of the member's contract: the whole
 * contract is every active one; chosen dependents must be active dependents of this contract. The
 * holder alone is never chosen (cancelling the holder is cancelling the contract).
 */
export function resolverSelecao<B extends Beneficiario>(doContrato: B[], s: Selecao): B[] {
  const ativos = doContrato.filter((b) => b.ativo);
  if (s.abrangencia === 'CONTRATO') {
    if (ativos.length === 0) throw new AppError(403, 'PLANO_CANCELADO', 'Este contrato já está cancelado.');
    return ativos;
  }
  const codigos = s.codigos ?? [];
  if (codigos.length === 0) throw new AppError(400, 'DADOS_INVALIDOS', 'Escolha pelo menos um dependente.');
  const porCodigo = new Map(doContrato.map((b) => [b.codigoBeneficiario, b]));
  return codigos.map((codigo) => {
    const b = porCodigo.get(codigo);
    if (!b) throw new AppError(404, 'NAO_ENCONTRADO', 'Beneficiário não encontrado neste contrato.');
    if (!b.ativo) throw new AppError(409, 'JA_REGISTRADO', `${b.nome} já teve o plano cancelado.`);
    if (b.tipo === 'TITULAR')
      throw new AppError(
        400,
        'DADOS_INVALIDOS',
        'O titular só sai do plano com o cancelamento do contrato inteiro. Escolha "Cancelar o contrato inteiro".',
      );
    return b;
  });
}
