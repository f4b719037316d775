import type { Queryable } from '../db/db';
import { deslocarMeses, importarArquivoDemo, mesesDesdeAncora } from './arquivos';
import { DEMO_BENEFICIARIO as B, DEMO_CPF } from './demo';
import type { SeedContexto, SeedPart } from './part';

/**
 * Usage history (demo-data.md): Maria has every kind, one care already rated and the others not —
 * operadora/demo/dados/08-utilizacao.csv through the importer; the rating (no layout) is written here.
 */
export const utilizacao: SeedPart = {
  id: '0007_utilizacao',
  async run(tx: Queryable, _prepared: void, contexto: SeedContexto) {
    await importarArquivoDemo(tx, '08-utilizacao.csv', contexto);
    // Maria rated her latest consultation in the app before the portal existed (no protocol); the
    // file's dates moved with the day the demo is loaded, so the care is found by the moved date.
    const meses = mesesDesdeAncora(contexto.hoje);
    await tx.query(
      `insert into avaliacoes_atendimento (atendimento_id, protocolo, cpf, nota, comentario, criado_em)
       select id, null, $2, 5, 'Atendimento pontual e muito atencioso.', $4
         from atendimentos where codigo_beneficiario = $1 and data = $3`,
      [
        B.maria,
        DEMO_CPF.maria,
        deslocarMeses('2026-02-18T14:30:00Z', meses),
        deslocarMeses('2026-02-19T12:00:00Z', meses),
      ],
    );
  },
};
