import type { Carteirinha } from '@portal/contract';
import { listaDaResposta } from '@/lib/api/lista';

/**
 * One card as an operator's API may send it: any field may be missing, and documents may come as
 * numbers (a CPF that lost its leading zeros). The page shows whatever is there.
 */
export type CarteirinhaRecebida = {
  [K in Exclude<keyof Carteirinha, 'carencias'>]?: string | number | null;
} & { carencias?: Carteirinha['carencias'] | null };

/** docs/produto/informacoes.md "Data": the card data is a list (ours), or a list wrapped in `dados` (other operators' APIs). */
export function carteirinhasDaResposta(resposta: unknown): CarteirinhaRecebida[] {
  return listaDaResposta(resposta).filter(
    (c): c is CarteirinhaRecebida => !!c && typeof c === 'object' && !Array.isArray(c),
  );
}
