import { hashPassword } from '../../lib/password';
import type { Queryable } from '../db';
import { DEMO_CPF, DEMO_PASSWORD, DEMO_PESSOA } from './demo';
import type { SeedPart } from './part';

/**
 * People, plans, contracts, beneficiaries and app accounts of the demo operator "Saúde Exemplo"
 * (shared/demo-data.md). Deterministic: fixed dates and CPFs; only argon2 salts differ between runs.
 */

interface Pessoa {
  cpf: string;
  nome: string;
  nascimento: string;
  sexo: 'm' | 'f';
  estadoCivil?: 's' | 'c' | 'd' | 'v';
  mae?: string;
  email?: string;
  celular?: string;
  rg?: string;
  orgaoRg?: string;
  cns?: string;
  titulo?: string;
  profissao?: string;
  pis?: string;
}

const PESSOAS: Pessoa[] = [
  {
    cpf: DEMO_CPF.maria,
    ...DEMO_PESSOA.maria,
    nascimento: '1978-04-12',
    sexo: 'f',
    estadoCivil: 'c',
    mae: 'Josefa Aparecida da Silva',
    rg: '284736159',
    orgaoRg: 'SSP/SP',
    cns: '700504839172315',
    titulo: '214356780159',
    profissao: 'Professora',
    pis: '12056412547',
  },
  {
    cpf: DEMO_CPF.joaoPedro,
    ...DEMO_PESSOA.joaoPedro,
    nascimento: '2008-09-03',
    sexo: 'm',
    estadoCivil: 's',
    mae: 'Maria Aparecida Souza',
    cns: '700208473619204',
  },
  {
    cpf: DEMO_CPF.anaClara,
    ...DEMO_PESSOA.anaClara,
    nascimento: '2013-01-27',
    sexo: 'f',
    estadoCivil: 's',
    mae: 'Maria Aparecida Souza',
    cns: '700901234785512',
  },
  {
    cpf: DEMO_CPF.marcos,
    ...DEMO_PESSOA.marcos,
    nascimento: '1968-03-18',
    sexo: 'm',
    estadoCivil: 'c',
    mae: 'Benedita Lima',
    rg: '193847562',
    orgaoRg: 'SSP/SP',
    profissao: 'Engenheiro civil',
  },
  {
    // Card data leaves RG, título de eleitor and PIS/PASEP empty on purpose ('Não informado').
    cpf: DEMO_CPF.carlos,
    ...DEMO_PESSOA.carlos,
    nascimento: '1999-07-21',
    sexo: 'm',
    estadoCivil: 's',
    mae: 'Sandra Regina Lima',
    cns: '700002918374650',
    profissao: 'Analista de sistemas',
  },
  {
    cpf: DEMO_CPF.roberto,
    ...DEMO_PESSOA.roberto,
    nascimento: '1965-11-30',
    sexo: 'm',
    estadoCivil: 'c',
    mae: 'Helena Alves Pereira',
    rg: 'MG12345678',
    orgaoRg: 'SSP/MG',
    profissao: 'Administrador',
  },
  {
    cpf: DEMO_CPF.anaBeatriz,
    ...DEMO_PESSOA.anaBeatriz,
    nascimento: '1990-02-14',
    sexo: 'f',
    estadoCivil: 's',
  },
  {
    cpf: DEMO_CPF.fernanda,
    ...DEMO_PESSOA.fernanda,
    nascimento: '1987-06-05',
    sexo: 'f',
    estadoCivil: 'c',
  },
  {
    // In the base (e.g. a former applicant) but with no beneficiary link: 'Beneficiário não encontrado'.
    cpf: DEMO_CPF.paulo,
    ...DEMO_PESSOA.paulo,
    nascimento: '1972-01-09',
    sexo: 'm',
  },
];

const PLANOS = [
  [
    '4521',
    'Saúde Exemplo Essencial Apartamento',
    '484521201',
    true,
    'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
    'APARTAMENTO',
  ],
  [
    '4522',
    'Saúde Exemplo Essencial Enfermaria',
    '484522209',
    true,
    'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
    'ENFERMARIA',
  ],
  [
    '3105',
    'Saúde Exemplo Clássico Enfermaria',
    '461305127',
    true,
    'AMBULATORIAL + HOSPITALAR SEM OBSTETRÍCIA',
    'ENFERMARIA',
  ],
  [
    '5210',
    'Saúde Exemplo Premium Apartamento',
    '490210188',
    false,
    'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
    'APARTAMENTO',
  ],
] as const;

// codigo_contrato, plano, responsável financeiro, tipo, início, cancelamento
const CONTRATOS = [
  ['100234', '4521', DEMO_CPF.maria, 'INDIVIDUAL/FAMILIAR', '2019-03-01', null],
  ['087612', '3105', DEMO_CPF.maria, 'INDIVIDUAL/FAMILIAR', '2012-05-01', '2018-12-31'],
  ['204518', '4522', DEMO_CPF.marcos, 'COLETIVO POR ADESAO', '2021-08-01', null],
  ['310077', '5210', DEMO_CPF.roberto, 'COLETIVO EMPRESARIAL', '2016-02-01', null],
  ['415230', '4521', DEMO_CPF.anaBeatriz, 'INDIVIDUAL/FAMILIAR', '2022-10-01', null],
  ['522901', '4522', DEMO_CPF.fernanda, 'INDIVIDUAL/FAMILIAR', '2023-04-01', null],
] as const;

// codigo_beneficiario (carteirinha), contrato, cpf, tipo, parentesco, titular, ativo, inclusão, exclusão
const BENEFICIARIOS = [
  ['1100234001', '100234', DEMO_CPF.maria, 'TITULAR', null, null, true, '2019-03-01', null],
  ['1100234002', '100234', DEMO_CPF.joaoPedro, 'DEPENDENTE', 'FILHO(A)', '1100234001', true, '2019-03-01', null],
  ['1100234003', '100234', DEMO_CPF.anaClara, 'DEPENDENTE', 'FILHO(A)', '1100234001', true, '2019-03-01', null],
  ['1087612001', '087612', DEMO_CPF.maria, 'TITULAR', null, null, false, '2012-05-01', '2018-12-31'],
  ['1204518001', '204518', DEMO_CPF.marcos, 'TITULAR', null, null, true, '2021-08-01', null],
  ['1204518002', '204518', DEMO_CPF.carlos, 'DEPENDENTE', 'FILHO(A)', '1204518001', true, '2021-08-01', null],
  ['1310077001', '310077', DEMO_CPF.roberto, 'TITULAR', null, null, true, '2016-02-01', null],
  ['1415230001', '415230', DEMO_CPF.anaBeatriz, 'TITULAR', null, null, true, '2022-10-01', null],
  ['1522901001', '522901', DEMO_CPF.fernanda, 'TITULAR', null, null, true, '2023-04-01', null],
] as const;

const CONTAS = [
  [DEMO_CPF.maria, '2024-01-15T13:20:00Z'],
  [DEMO_CPF.carlos, '2024-02-03T18:05:00Z'],
  [DEMO_CPF.roberto, '2023-11-22T10:45:00Z'],
] as const;

export const base: SeedPart<string[]> = {
  id: '0001_base',
  // Hash outside the transaction: argon2 is slow and must not hold the lock.
  prepare: () => Promise.all(CONTAS.map(() => hashPassword(DEMO_PASSWORD))),
  async run(tx: Queryable, hashes: string[]) {
    for (const p of PESSOAS) {
      await tx.query(
        `insert into pessoas (cpf, nome, data_nascimento, sexo, estado_civil, nome_mae, email, celular, rg,
           orgao_emissor_rg, cns, titulo_eleitor, profissao, pis_pasep)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          p.cpf,
          p.nome,
          p.nascimento,
          p.sexo,
          p.estadoCivil ?? null,
          p.mae ?? null,
          p.email ?? null,
          p.celular ?? null,
          p.rg ?? null,
          p.orgaoRg ?? null,
          p.cns ?? null,
          p.titulo ?? null,
          p.profissao ?? null,
          p.pis ?? null,
        ],
      );
    }
    for (const p of PLANOS) {
      await tx.query(
        `insert into planos (codigo_plano, nome, registro_ans, coparticipativo, segmentacao, acomodacao)
         values ($1, $2, $3, $4, $5, $6)`,
        [...p],
      );
    }
    for (const c of CONTRATOS) {
      await tx.query(
        `insert into contratos (codigo_contrato, codigo_plano, cpf_responsavel_financeiro, tipo_contratacao,
           data_inicio_vigencia, data_cancelamento) values ($1, $2, $3, $4, $5, $6)`,
        [...c],
      );
    }
    for (const b of BENEFICIARIOS) {
      await tx.query(
        `insert into beneficiarios (codigo_beneficiario, codigo_contrato, cpf, tipo, parentesco, codigo_titular,
           ativo, data_inclusao, data_exclusao) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [...b],
      );
    }
    for (const [i, [cpf, at]] of CONTAS.entries()) {
      await tx.query('insert into contas (cpf, senha_hash, senha_definida_em, criado_em) values ($1, $2, $3, $3)', [
        cpf,
        hashes[i],
        at,
      ]);
    }
  },
  /** Databases seeded before seed_parts existed already hold this part. */
  async alreadyThere(q: Queryable) {
    const [row] = await q.query<{ n: number }>('select count(*)::int as n from pessoas where cpf = $1', [
      DEMO_CPF.maria,
    ]);
    return (row?.n ?? 0) > 0;
  },
};
