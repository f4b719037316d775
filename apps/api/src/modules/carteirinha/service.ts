import type { Carteirinha } from '@portal/contract';
import type { Membro } from '../../core/sessao/membro';
import type { CarteirinhaRepository } from './repository';

export class CarteirinhaService {
  constructor(private readonly carteirinhas: CarteirinhaRepository) {}

  /** docs/produto/informacoes.md "Card data": every card the member may see, their own first (the client reads the first). */
  listar(membro: Membro): Promise<Carteirinha[]> {
    return this.carteirinhas.listar(membro);
  }
}
