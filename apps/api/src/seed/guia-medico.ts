import { cnpjFromBase } from '@portal/br';
import type { Db, Queryable } from '../db/db';
import { SCHEMA_LOCK } from '../db/migrate';
import { CIDADE, CIDADES, ESPECIALIDADE as ESP, ESPECIALIDADES, SELOS } from './guia-medico-dados';
import {
  inserirGerados,
  PRESTADORES_POR_BLOCO,
  semChavesEstrangeiras,
  SERIE_CARGA,
  SERIE_DEMO,
} from './guia-medico-gerador';
import type { SeedPart } from './part';

/**
 * The demo operator's provider network (shared/demo-data.md 'Provider network'): 8 cities in 5
 * states, 23 specialties (6 dental), the seals, the providers the authorisations name, and a
 * generated network around them (guia-medico-gerador.ts) that gives São Paulo well over 200
 * providers. Plus published network changes (RN 585/2023) for PrestadoresSubstituidos.
 */

/** How many providers the demo network generates around the named ones. */
export const DEMO_GERADOS = 800;

type Estab = [
  codigo: number,
  cidade: number,
  tipo: string,
  nomeFantasia: string,
  razaoSocial: string,
  cnpj: string,
  logradouro: string,
  numero: string,
  complemento: string | null,
  bairro: string,
  cep: string,
  fone: string,
  site: string | null,
];

const ESTABELECIMENTOS: Estab[] = [
  [
    1,
    CIDADE.saoPaulo,
    'Clínica',
    'Clínica Coração Paulista',
    'Coração Paulista Serviços Médicos Ltda.',
    cnpjFromBase('24681357', '0001'),
    'Avenida Paulista',
    '1439',
    '8º andar',
    'Bela Vista',
    '01310100',
    '1132851200',
    'https://www.coracaopaulista.com.br',
  ],
  [
    2,
    CIDADE.saoPaulo,
    'Clínica',
    'Clínica Coração Paulista - Vila Mariana',
    'Coração Paulista Serviços Médicos Ltda.',
    cnpjFromBase('24681357', '0002'),
    'Rua Domingos de Morais',
    '2187',
    null,
    'Vila Mariana',
    '04010100',
    '1150841200',
    'https://www.coracaopaulista.com.br',
  ],
  [
    3,
    CIDADE.saoPaulo,
    'Hospital',
    'Hospital Santa Clara',
    'Associação Hospitalar Santa Clara',
    cnpjFromBase('61599908', '0001'),
    'Rua Maestro Cardim',
    '1141',
    null,
    'Bela Vista',
    '01323000',
    '1135068000',
    'https://www.hospitalsantaclara.org.br',
  ],
  [
    4,
    CIDADE.saoPaulo,
    'Laboratório',
    'Laboratório Vida Diagnósticos - Paulista',
    'Vida Diagnósticos Análises Clínicas Ltda.',
    cnpjFromBase('33417809', '0001'),
    'Avenida Paulista',
    '2064',
    'térreo',
    'Bela Vista',
    '01310100',
    '1130036600',
    'https://www.vidadiagnosticos.com.br',
  ],
  [
    5,
    CIDADE.saoPaulo,
    'Laboratório',
    'Laboratório Vida Diagnósticos - Tatuapé',
    'Vida Diagnósticos Análises Clínicas Ltda.',
    cnpjFromBase('33417809', '0002'),
    'Rua Tuiuti',
    '1580',
    null,
    'Tatuapé',
    '03081000',
    '1130036600',
    'https://www.vidadiagnosticos.com.br',
  ],
  [
    6,
    CIDADE.campinas,
    'Laboratório',
    'Laboratório Vida Diagnósticos - Cambuí',
    'Vida Diagnósticos Análises Clínicas Ltda.',
    cnpjFromBase('33417809', '0003'),
    'Rua Coronel Quirino',
    '1121',
    null,
    'Cambuí',
    '13025000',
    '1932541900',
    'https://www.vidadiagnosticos.com.br',
  ],
  [
    7,
    CIDADE.saoPaulo,
    'Clínica',
    'Clínica Ortopédica São Lucas',
    'São Lucas Ortopedia e Traumatologia Ltda.',
    cnpjFromBase('47120356', '0001'),
    'Rua Vergueiro',
    '3645',
    null,
    'Vila Mariana',
    '04101000',
    '1155721010',
    'https://www.ortopedicasaolucas.com.br',
  ],
  [
    8,
    CIDADE.saoPaulo,
    'Clínica',
    'Clínica Visão Clara',
    'Visão Clara Oftalmologia Ltda.',
    cnpjFromBase('52803114', '0001'),
    'Rua Pamplona',
    '1018',
    null,
    'Jardim Paulista',
    '01405000',
    '1138874455',
    'https://www.visaoclara.com.br',
  ],
  [
    9,
    CIDADE.beloHorizonte,
    'Hospital',
    'Hospital Belo Horizonte',
    'Hospital Belo Horizonte S.A.',
    cnpjFromBase('17205893', '0001'),
    'Avenida do Contorno',
    '4747',
    null,
    'Funcionários',
    '30110012',
    '3132148000',
    'https://www.hospitalbh.com.br',
  ],
  [
    10,
    CIDADE.saoPaulo,
    'Clínica',
    'Centro de Fisioterapia Movimento',
    'Movimento Fisioterapia e Reabilitação Ltda.',
    cnpjFromBase('39876012', '0001'),
    'Rua Cardeal Arcoverde',
    '1749',
    null,
    'Pinheiros',
    '05407000',
    '1130317788',
    null,
  ],
  [
    11,
    CIDADE.rioDeJaneiro,
    'Clínica Odontológica',
    'Clínica Sorriso Carioca',
    'Sorriso Carioca Odontologia Ltda.',
    cnpjFromBase('28450971', '0001'),
    'Rua Visconde de Pirajá',
    '550',
    'sala 1204',
    'Ipanema',
    '22410002',
    '2125236070',
    'https://www.sorrisocarioca.com.br',
  ],
  [
    12,
    CIDADE.saoPaulo,
    'Clínica',
    'Espaço Dermatológico Jardins',
    'Espaço Dermatológico Jardins Ltda.',
    cnpjFromBase('45093327', '0001'),
    'Rua Haddock Lobo',
    '1307',
    '5º andar',
    'Cerqueira César',
    '01414001',
    '1130642290',
    null,
  ],
  [
    13,
    CIDADE.rioDeJaneiro,
    'Clínica',
    'Clínica Infantil Crescer',
    'Crescer Pediatria Ltda.',
    cnpjFromBase('30981264', '0001'),
    'Rua Conde de Bonfim',
    '422',
    null,
    'Tijuca',
    '20520053',
    '2122645300',
    null,
  ],
];

// codigo, nome, registro, especialidades, selos, locais [estabelecimento, sala]
type Prest = [number, string, string, number[], string[], [number, string | null][]];

const PRESTADORES: Prest[] = [
  [
    1,
    'Clínica Coração Paulista',
    'CNES 2077485',
    [ESP.cardiologia],
    ['A', 'P', 'Q'],
    [
      [1, null],
      [2, null],
    ],
  ],
  [
    2,
    'Hospital Santa Clara',
    'CNES 2078015',
    [ESP.cardiologia, ESP.clinicaMedica, ESP.ginecologia, ESP.neurologia, ESP.ortopedia, ESP.pediatria, ESP.imagem],
    ['A', 'N', 'Q'],
    [[3, null]],
  ],
  [
    3,
    'Laboratório Vida Diagnósticos',
    'CNES 6412553',
    [ESP.laboratorio, ESP.imagem],
    ['Q'],
    [
      [4, null],
      [5, null],
      [6, null],
    ],
  ],
  [4, 'Clínica Ortopédica São Lucas', 'CNES 3151794', [ESP.ortopedia, ESP.fisioterapia], ['P'], [[7, null]]],
  [5, 'Clínica Visão Clara', 'CNES 2754029', [ESP.oftalmologia], ['A'], [[8, null]]],
  [
    6,
    'Hospital Belo Horizonte',
    'CNES 0026921',
    [ESP.cardiologia, ESP.clinicaMedica, ESP.gastroenterologia, ESP.ortopedia, ESP.pediatria, ESP.urologia],
    ['A', 'N'],
    [[9, null]],
  ],
  [7, 'Centro de Fisioterapia Movimento', 'CNES 5508213', [ESP.fisioterapia], [], [[10, null]]],
  [
    8,
    'Ricardo Almeida Prado',
    'CRM/SP 98765',
    [ESP.cardiologia],
    ['E', 'D'],
    [
      [1, 'sala 801'],
      [3, null],
    ],
  ],
  [9, 'Helena Duarte Vasconcelos', 'CRM/SP 123456', [ESP.cardiologia, ESP.clinicaMedica], ['E'], [[2, 'sala 12']]],
  [10, 'Juliana Ferreira Costa', 'CRM/SP 154872', [ESP.pediatria], ['E'], [[3, null]]],
  [11, 'Marcelo Tavares Lima', 'CRM/SP 117340', [ESP.ortopedia], ['R', 'E'], [[7, 'sala 3']]],
  [12, 'Beatriz Monteiro Siqueira', 'CRM/SP 142209', [ESP.oftalmologia], ['E'], [[8, 'sala 2']]],
  [13, 'Camila Rezende Fonseca', 'CRM/SP 165430', [ESP.dermatologia], ['E', 'D'], [[12, 'sala 52']]],
  [
    14,
    'Clínica Sorriso Carioca',
    'CNES 7021945',
    [ESP.odontoClinica, ESP.ortodontia, ESP.odontopediatria],
    [],
    [[11, null]],
  ],
  [15, 'Rafael Nunes Bittencourt', 'CRO/RJ 34567', [ESP.ortodontia], ['E'], [[11, 'consultório 3']]],
  [16, 'Fernanda Lopes Martins', 'CRM/RJ 874512', [ESP.dermatologia], [], [[13, 'sala 204']]],
  [17, 'Luiza Carvalho Peixoto', 'CRM/RJ 901233', [ESP.pediatria], ['R'], [[13, 'sala 101']]],
  [18, 'Paulo Roberto Guimarães', 'CRM/MG 45678', [ESP.clinicaMedica, ESP.gastroenterologia], ['E'], [[9, null]]],
];

// id, tipo, motivo, cidade, excluído, CNPJ base, serviços, substituto (código), comunicação, vigência, planos
type Subst = [number, string, string, number, string, string | null, string, number | null, string, string, string[]];

const SUBSTITUICOES: Subst[] = [
  [
    1,
    'SUBSTITUICAO_HOSPITALAR',
    'RESCISAO_CONTRATUAL',
    CIDADE.saoPaulo,
    'Hospital São Rafael',
    '60922168',
    'Internação clínica e cirúrgica, pronto-socorro adulto e maternidade',
    2,
    '2026-01-15',
    '2026-02-16',
    ['4521', '4522', '3105'],
  ],
  [
    2,
    'SUBSTITUICAO_NAO_HOSPITALAR',
    'ENCERRAMENTO_DAS_ATIVIDADES',
    CIDADE.campinas,
    'Laboratório Análise Certa',
    '11823904',
    'Exames de análises clínicas',
    3,
    '2025-11-03',
    '2025-12-03',
    ['4521', '4522'],
  ],
  [
    3,
    'REDIMENSIONAMENTO_POR_REDUCAO',
    'INTERESSE_DO_PRESTADOR',
    CIDADE.rioDeJaneiro,
    'Hospital Atlântico Sul',
    '42300117',
    'Internação eletiva',
    null,
    '2025-09-01',
    '2025-10-01',
    ['5210'],
  ],
  [
    4,
    'SUSPENSAO_TEMPORARIA',
    'OBRAS_OU_REFORMA',
    CIDADE.beloHorizonte,
    'Hospital Belo Horizonte - Maternidade',
    '17205893',
    'Maternidade (suspensa durante a reforma da ala)',
    null,
    '2026-02-02',
    '2026-03-04',
    ['4521', '4522', '5210'],
  ],
];

async function inserirNomeados(tx: Queryable) {
  for (const c of CIDADES)
    await tx.query('insert into cidades (codigo, nome, uf) values ($1, $2, $3)', [c.codigo, c.nome, c.uf]);
  for (const e of ESPECIALIDADES)
    await tx.query('insert into especialidades (codigo, nome, odonto) values ($1, $2, $3)', [
      e.codigo,
      e.nome,
      e.odonto,
    ]);
  for (const [ordem, s] of SELOS.entries())
    await tx.query('insert into selos (codigo, nome, ordem) values ($1, $2, $3)', [s.codigo, s.nome, ordem + 1]);
  for (const e of ESTABELECIMENTOS)
    await tx.query(
      `insert into estabelecimentos (codigo, codigo_cidade, tipo, nome_fantasia, razao_social, cnpj, logradouro, numero,
         complemento, bairro, cep, fone, site) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      e,
    );
  for (const [codigo, nome, registro, especialidades, selos, locais] of PRESTADORES) {
    await tx.query('insert into prestadores (codigo, nome, nro_registro) values ($1, $2, $3)', [
      codigo,
      nome,
      registro,
    ]);
    for (const e of especialidades)
      await tx.query('insert into prestador_especialidades (codigo_prestador, codigo_especialidade) values ($1, $2)', [
        codigo,
        e,
      ]);
    for (const s of selos)
      await tx.query('insert into prestador_selos (codigo_prestador, codigo_selo) values ($1, $2)', [codigo, s]);
    for (const [i, [estab, sala]] of locais.entries())
      await tx.query(
        'insert into locais_atendimento (codigo_prestador, ordem, codigo_estabelecimento, sala) values ($1, $2, $3, $4)',
        [codigo, i + 1, estab, sala],
      );
  }
  for (const [
    id,
    tipo,
    motivo,
    cidade,
    nome,
    cnpjBase,
    servicos,
    substituto,
    comunicacao,
    vigencia,
    planos,
  ] of SUBSTITUICOES) {
    await tx.query(
      `insert into prestadores_substituidos (id, tipo_alteracao, motivo, codigo_cidade, nome_excluido, cnpj_excluido,
         servicos, codigo_prestador_substituto, nome_substituto, data_comunicacao, data_vigencia)
       values ($1, $2, $3, $4, $5, $6, $7, $8, (select nome from prestadores where codigo = $8), $9, $10)`,
      [
        id,
        tipo,
        motivo,
        cidade,
        nome,
        cnpjBase ? cnpjFromBase(cnpjBase, '0001') : null,
        servicos,
        substituto,
        comunicacao,
        vigencia,
      ],
    );
    for (const plano of planos)
      await tx.query('insert into prestadores_substituidos_produtos (id_substituicao, codigo_plano) values ($1, $2)', [
        id,
        plano,
      ]);
  }
}

/** The demo network (seed part 0003). */
export const guiaMedico: SeedPart = {
  id: '0003_guia_medico',
  async run(tx: Queryable) {
    await inserirNomeados(tx);
    await inserirGerados(tx, SERIE_DEMO, 0, DEMO_GERADOS);
    await tx.query('select guia_atualizar()');
  },
};

/**
 * SEED_PROVIDERS=N: makes the load-test providers exactly N (generated, SERIE_CARGA), adding the
 * missing ones or removing the extra ones, then rebuilds the search views once. Nothing happens
 * when the database already holds N, so a restart with the same N costs one indexed lookup.
 * Runs under the schema lock in one transaction: two instances starting together load once.
 * Returns the providers added (negative: removed), 0 when nothing changed.
 */
export async function carregarPrestadoresGerados(db: Db, n: number): Promise<number> {
  const primeiro = SERIE_CARGA.primeiroPrestador;
  const atual = async (q: Queryable) =>
    (
      await q.query<{ n: number }>(
        'select coalesce(max(codigo) - $1 + 1, 0)::int as n from prestadores where codigo >= $1',
        [primeiro],
      )
    )[0]?.n ?? 0;
  if ((await atual(db)) === n) return 0;
  const mudou = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    const existentes = await atual(tx);
    if (existentes === n) return 0;
    if (existentes > n) {
      await tx.query('delete from prestadores where codigo >= $1', [primeiro + n]);
      await tx.query('delete from estabelecimentos where codigo >= $1', [
        SERIE_CARGA.primeiroEstabelecimento + Math.ceil(n / PRESTADORES_POR_BLOCO),
      ]);
    } else {
      await semChavesEstrangeiras(
        tx,
        ['estabelecimentos', 'prestador_especialidades', 'prestador_selos', 'locais_atendimento'],
        () => inserirGerados(tx, SERIE_CARGA, existentes, n),
      );
    }
    await tx.query('select guia_atualizar()');
    return n - existentes;
  });
  // Marks the views' pages all-visible, so paging reads the ordered index alone (index-only
  // scans); PGlite has no autovacuum to do it later. Outside the transaction, as VACUUM must be.
  if (mudou) await db.exec('vacuum guia_busca, guia_listagem, guia_contagem, guia_fichas');
  return mudou;
}
