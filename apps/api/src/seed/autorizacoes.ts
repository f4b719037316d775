import type { Queryable } from '../db/db';
import { importarArquivoDemo } from './arquivos';
import type { SeedContexto, SeedPart } from './part';

/**
 * Authorisations (demo-data.md): Maria one of each status, João one, Ana Clara none —
 * operadora/demo/dados/07-autorizacoes.csv through the importer, dated from the day the demo is loaded.
 */
export const autorizacoes: SeedPart = {
  id: '0002_autorizacoes',
  async run(tx: Queryable, _prepared: void, contexto: SeedContexto) {
    await importarArquivoDemo(tx, '07-autorizacoes.csv', contexto);
  },
};
