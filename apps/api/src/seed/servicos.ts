import type { Queryable } from '../db/db';
import { DEMO_BENEFICIARIO as B } from './demo';
import type { SeedPart } from './part';

/**
 * Add-on services of the demo operator (demo-data.md): SOS R$ 29,90 and orthopedic plan R$ 19,90
 * per beneficiary; João Pedro already holds SOS (contracted before the portal, so no protocol).
 */
export const servicos: SeedPart = {
  id: '0005_servicos',
  async run(tx: Queryable) {
    await tx.query(
      `insert into servicos_adicionais (codigo, nome, valor) values
         ('SOS', 'SOS Emergência Pré-Hospitalar', 29.90),
         ('ORTOPEDICO', 'Plano Ortopédico', 19.90)`,
    );
    await tx.query(
      `insert into servicos_contratados (codigo_beneficiario, servico, inicio_vigencia, contratado_em)
       values ($1, 'SOS', '2024-06-01', '2024-05-14T15:32:00Z')`,
      [B.joaoPedro],
    );
  },
};
