import type { Queryable } from '../db/db';
import { importarArquivoDemo } from './arquivos';
import type { SeedContexto, SeedPart } from './part';

/**
 * Installments, their lines (receipt and IRPF) and co-participation of every active demo contract
 * (demo-data.md): operadora/demo/dados/04-mensalidades, 05-irpf and 06-coparticipacoes through the
 * importer, moved by whole months from the files' anchor to the day the demo is loaded (arquivos.ts).
 * 36 months of history, so the IRPF informe and the clearance letter have whole past years. The two
 * most recent are open, the rest paid; Roberto also left unpaid the installment of twelve months ago
 * (always in the previous calendar year, so his clearance letter of that year is refused); the fifth
 * most recent was paid 9 days late with fine and interest. Amounts follow each plan's price by ANS age
 * band, readjusted every May (as they were generated on the anchor day); the month before the current
 * one has no co-participation ('Nenhum item encontrado.').
 */
export const financeiro: SeedPart = {
  id: '0004_financeiro',
  async run(tx: Queryable, _prepared: void, contexto: SeedContexto) {
    for (const arquivo of ['04-mensalidades.csv', '05-irpf.csv', '06-coparticipacoes.csv'])
      await importarArquivoDemo(tx, arquivo, contexto);
  },
};
