import { cpfFromBase } from '@portal/br';
import type { Queryable } from '../db/db';
import { importarArquivoDemo } from './arquivos';
import type { SeedContexto, SeedPart } from './part';

/** Roberto's wife: a dependent of contract 310077, no account (the cancellation's dependents option). */
export const CANCELAMENTO_DEMO = {
  conjuge: {
    cpf: cpfFromBase('384716253'),
    nome: 'Lúcia Helena Pereira',
    codigoBeneficiario: '1310077002',
  },
} as const;

/**
 * Demo data of the online cancellation (issue 8, decision 0018): a dependent (spouse) in
 * Roberto's contract, so the holder can choose between the whole contract and dependents.
 * Roberto stays TITULAR, financial responsible and not co-participative (demo-data.md).
 */
export const cancelamento: SeedPart = {
  id: '0013_cancelamento',
  async run(tx: Queryable, _prepared: void, contexto: SeedContexto) {
    // Lúcia is a line of 03-beneficiarios.csv: loaded by the base part on a new database (this import
    // changes nothing there); a demo database from before this part gains her here.
    await importarArquivoDemo(tx, '03-beneficiarios.csv', contexto);
  },
};
