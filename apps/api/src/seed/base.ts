import { hashPassword } from '../lib/password';
import type { Queryable } from '../db/db';
import { DEMO_CPF, DEMO_PASSWORD, DEMO_PESSOA } from './demo';
import { importarArquivoDemo } from './arquivos';
import { CANCELAMENTO_DEMO } from './cancelamento';
import type { SeedContexto, SeedPart } from './part';

/** The register of the demo operator, in load order (operadora/demo/dados/LEIA-ME.md). */
export const ARQUIVOS = ['01-produtos.csv', '02-contratos.csv', '03-beneficiarios.csv'];

/**
 * People, plans, contracts, beneficiaries and app accounts of the demo operator "Saúde Exemplo"
 * (shared/demo-data.md). Plans, contracts and beneficiaries come from operadora/demo/dados through
 * the importer; the people's other card data and the accounts are written here. Deterministic: fixed
 * dates and CPFs; only argon2 salts differ between runs.
 */

interface Pessoa {
  cpf: string;
  nome: string;
  nascimento: string;
  sexo: 'm' | 'f';
  estadoCivil?: 's' | 'c' | 'd' | 'v';
  email?: string;
  celular?: string;
  rg?: string;
  orgaoRg?: string;
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
    rg: '284736159',
    orgaoRg: 'SSP/SP',
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
  },
  {
    cpf: DEMO_CPF.anaClara,
    ...DEMO_PESSOA.anaClara,
    nascimento: '2013-01-27',
    sexo: 'f',
    estadoCivil: 's',
  },
  {
    cpf: DEMO_CPF.marcos,
    ...DEMO_PESSOA.marcos,
    nascimento: '1968-03-18',
    sexo: 'm',
    estadoCivil: 'c',
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
    profissao: 'Analista de sistemas',
  },
  {
    cpf: DEMO_CPF.roberto,
    ...DEMO_PESSOA.roberto,
    nascimento: '1965-11-30',
    sexo: 'm',
    estadoCivil: 'c',
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
    // Roberto's wife (the cancellation's dependents option): her register is in 03-beneficiarios.csv.
    cpf: CANCELAMENTO_DEMO.conjuge.cpf,
    nome: CANCELAMENTO_DEMO.conjuge.nome,
    nascimento: '1968-08-14',
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

const CONTAS = [
  [DEMO_CPF.maria, '2024-01-15T13:20:00Z'],
  [DEMO_CPF.carlos, '2024-02-03T18:05:00Z'],
  [DEMO_CPF.roberto, '2023-11-22T10:45:00Z'],
] as const;

export const base: SeedPart<string[]> = {
  id: '0001_base',
  // Hash outside the transaction: argon2 is slow and must not hold the lock.
  prepare: () => Promise.all(CONTAS.map(() => hashPassword(DEMO_PASSWORD))),
  async run(tx: Queryable, hashes: string[], contexto: SeedContexto) {
    // Products, contracts, beneficiaries (with their people): the files, through the importer.
    for (const arquivo of ARQUIVOS) await importarArquivoDemo(tx, arquivo, contexto);
    // What the beneficiaries layout does not carry: the card's other documents, and Paulo, a person
    // with no beneficiary link (no layout holds a bare person).
    for (const p of PESSOAS) {
      await tx.query(
        `insert into pessoas (cpf, nome, data_nascimento, sexo, email, celular, estado_civil, rg, orgao_emissor_rg,
           titulo_eleitor, profissao, pis_pasep) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (cpf) do update set estado_civil = $7, rg = $8, orgao_emissor_rg = $9, titulo_eleitor = $10,
           profissao = $11, pis_pasep = $12`,
        [
          p.cpf,
          p.nome,
          p.nascimento,
          p.sexo,
          p.email ?? null,
          p.celular ?? null,
          p.estadoCivil ?? null,
          p.rg ?? null,
          p.orgaoRg ?? null,
          p.titulo ?? null,
          p.profissao ?? null,
          p.pis ?? null,
        ],
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
