import type { Queryable } from '../db';
import { DEMO_CONTRATO } from './demo';
import type { SeedPart } from './part';

/**
 * The demo operator's reimbursement table (issue 18, decision 0034): one line per kind of care and
 * two procedures priced on their own (TUSS), with the member's co-participation share; Maria's plan
 * pays back twice the table. An operator loads its own table the same way (SQL or a future
 * importacao layout, decision 0034).
 */
export const REEMBOLSO_TABELA_DEMO = [
  { tipo: 'consulta', tuss: '', descricao: 'Consulta (tabela geral)', centavos: 15000, copart: 20 },
  { tipo: 'consulta', tuss: '10101012', descricao: 'Consulta em consultório', centavos: 18000, copart: 20 },
  { tipo: 'exame', tuss: '', descricao: 'Exames (tabela geral)', centavos: 9000, copart: 10 },
  { tipo: 'exame', tuss: '40901114', descricao: 'Ultrassonografia de abdome total', centavos: 16000, copart: 10 },
  { tipo: 'terapia', tuss: '', descricao: 'Sessão de terapia (tabela geral)', centavos: 8000, copart: 20 },
  { tipo: 'honorarios', tuss: '', descricao: 'Honorários médicos (tabela geral)', centavos: 60000, copart: 0 },
  { tipo: 'internacao', tuss: '', descricao: 'Diária de internação (tabela geral)', centavos: 120000, copart: 0 },
] as const;

export const MULTIPLO_REEMBOLSO_MARIA = 2;

export const reembolso: SeedPart = {
  id: '0028_reembolso',
  async run(tx: Queryable) {
    for (const l of REEMBOLSO_TABELA_DEMO) {
      await tx.query(
        `insert into reembolso_tabela (tipo, codigo_tuss, descricao, valor_centavos, coparticipacao_percentual)
         values ($1, $2, $3, $4, $5)`,
        [l.tipo, l.tuss, l.descricao, l.centavos, l.copart],
      );
    }
    await tx.query(
      `update planos set multiplo_reembolso = $2
        where codigo_plano = (select codigo_plano from contratos where codigo_contrato = $1)`,
      [DEMO_CONTRATO.maria, MULTIPLO_REEMBOLSO_MARIA],
    );
  },
};
