import type { Queryable } from '../db/db';
import { DEMO_BENEFICIARIO as B, DEMO_CPF } from './demo';
import type { SeedPart } from './part';

/**
 * Waiting periods (carências) within the limits of Lei 9.656/98, art. 12, V, counted from the day
 * each beneficiary joined: 24 hours for emergencies, 300 days for a birth at term, at most 180 days
 * for the rest. Birth only on plans with obstetrics.
 */
const CARENCIAS = [
  [1, 'Urgência e emergência', 1, false],
  [2, 'Consultas e exames simples', 30, false],
  [3, 'Exames especiais e terapias', 180, false],
  [4, 'Internações e cirurgias', 180, false],
  [5, 'Parto a termo', 300, true],
] as const;

/**
 * Documents that the base part stored with wrong check digits: the CNS of three people and Maria's
 * título de eleitor and PIS/PASEP. Demo data must look real (shared/demo-data.md), and the card
 * shows these numbers.
 */
const CNS: [string, string][] = [
  [DEMO_CPF.joaoPedro, '700208473619202'],
  [DEMO_CPF.anaClara, '700901234785508'],
  [DEMO_CPF.carlos, '700002918374606'],
];

/** Card data (demo-data.md: filled for Maria's family; Carlos without RG, título and PIS/PASEP). */
export const carteirinha: SeedPart = {
  id: '0006_carteirinha',
  async run(tx: Queryable) {
    for (const [ordem, descricao, dias, obstetricia] of CARENCIAS) {
      await tx.query(
        `insert into carencias (codigo_beneficiario, ordem, descricao, data_fim)
         select b.codigo_beneficiario, $1, $2, b.data_inclusao + $3::int
           from beneficiarios b
           join contratos ct on ct.codigo_contrato = b.codigo_contrato
           join planos pl on pl.codigo_plano = ct.codigo_plano
          where not $4::boolean or pl.segmentacao like '%COM OBSTETRÍCIA%'`,
        [ordem, descricao, dias, obstetricia],
      );
    }
    // Roberto agreed to a CPT for a declared pre-existing condition: 24 months from joining.
    await tx.query(
      `update beneficiarios set data_final_cpt = data_inclusao + interval '24 months' where codigo_beneficiario = $1`,
      [B.roberto],
    );
    for (const [cpf, cns] of CNS) await tx.query('update pessoas set cns = $2 where cpf = $1', [cpf, cns]);
    await tx.query('update pessoas set titulo_eleitor = $2, pis_pasep = $3 where cpf = $1', [
      DEMO_CPF.maria,
      '214356780175',
      '12056412545',
    ]);
  },
};
