import type { Autorizacao, Beneficiario } from '@portal/contract';
import { beneficiarioNaoEncontrado } from '../../lib/nao-encontrado';
import type { BeneficiariosRepository } from '../../core/beneficiarios/repository';
import type { Membro } from '../../core/sessao/membro';
import type { AutorizacoesRepository } from './repository';

export class AutorizacoesService {
  constructor(
    private readonly beneficiarios: BeneficiariosRepository,
    private readonly autorizacoes: AutorizacoesRepository,
  ) {}

  beneficiariosVisiveis(membro: Membro): Promise<Beneficiario[]> {
    return this.beneficiarios.visiveis(membro);
  }

  /** 404 for a beneficiary the member may not see, so another contract's code is just "not found". */
  async listar(membro: Membro, codigoBeneficiario: string): Promise<Autorizacao[]> {
    if (!(await this.beneficiarios.visivel(membro, codigoBeneficiario))) throw beneficiarioNaoEncontrado();
    return this.autorizacoes.listar(membro, codigoBeneficiario);
  }
}
