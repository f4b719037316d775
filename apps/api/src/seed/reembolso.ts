import type { Queryable } from '../db/db';
import { importarArquivoDemo } from './arquivos';
import type { SeedContexto, SeedPart } from './part';

/**
 * The demo operator's reimbursement table (issue 18, decision 0034): one line per kind of care and
 * two procedures priced on their own (TUSS), with the member's co-participation share; Maria's plan
 * pays back twice the table. Loaded from operadora/demo/dados/09-reembolso-tabela.csv (layout
 * reembolso-tabela) as an operator loads its own.
 */
export const reembolso: SeedPart = {
  id: '0028_reembolso',
  async run(tx: Queryable, _prepared: void, contexto: SeedContexto) {
    await importarArquivoDemo(tx, '09-reembolso-tabela.csv', contexto);
    // The plans' multiploReembolso is in 01-produtos.csv: already loaded by the base part on a new
    // database; imported again here for a demo database from before this part (unchanged otherwise).
    await importarArquivoDemo(tx, '01-produtos.csv', contexto);
  },
};
