import { cpfFromBase } from '@portal/br';
import type { Queryable } from '../db';
import { DEMO_CONTRATO } from './demo';
import type { SeedPart } from './part';

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
  async run(tx: Queryable) {
    const c = CANCELAMENTO_DEMO.conjuge;
    await tx.query(
      `insert into pessoas (cpf, nome, data_nascimento, sexo, estado_civil, nome_mae, email, celular)
       values ($1, $2, '1968-08-14', 'f', 'c', 'Terezinha Aparecida Moura', 'lucia.pereira@exemplo.com.br', '31992345678')`,
      [c.cpf, c.nome],
    );
    await tx.query(
      `insert into beneficiarios (codigo_beneficiario, codigo_contrato, cpf, tipo, parentesco, codigo_titular, ativo,
         data_inclusao) values ($1, $2, $3, 'DEPENDENTE', 'CÔNJUGE', '1310077001', true, '2016-02-01')`,
      [c.codigoBeneficiario, DEMO_CONTRATO.roberto, c.cpf],
    );
  },
};
