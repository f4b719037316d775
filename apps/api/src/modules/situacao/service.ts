import type { SituacaoDoPlano } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { Membro } from '../../core/sessao/membro';
import type { SituacaoRepository } from './repository';

export class SituacaoService {
  constructor(private readonly repo: SituacaoRepository) {}

  async situacao(membro: Membro): Promise<SituacaoDoPlano> {
    const row = await this.repo.situacao(membro);
    if (!row) throw new AppError(404, 'NAO_ENCONTRADO', 'Contrato não encontrado.');
    return {
      codigoContrato: membro.codigoContrato,
      cancelado: row.cancelado,
      dataCancelamento: row.desde,
      perfis: Math.max(1, row.perfis),
    };
  }
}
