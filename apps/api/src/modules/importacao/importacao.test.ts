import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { cpfFromBase } from '@portal/br';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANCORA_DEMO, DADOS_DEMO_DIR } from '../../seed/arquivos';
import { CPF, HOJE, esperar, startApp, type TestApp } from '../../../test/helper';
import {
  ArquivoRecusado,
  importar,
  importarNaTransacao,
  iniciarImportacao,
  listarImportacoes,
  obterImportacao,
  type Entidade,
  type OpcoesImportacao,
} from './index';
import { BATIMENTO_MS, importacaoEmAndamento } from './motor';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const csv = (linhas: string[][]) => linhas.map((l) => l.join(';')).join('\n') + '\n';
const de = (texto: string | Buffer) => Readable.from([typeof texto === 'string' ? Buffer.from(texto) : texto]);
const imp = (entidade: Entidade, texto: string | Buffer, o: Partial<OpcoesImportacao> = {}) =>
  importar(t.db, de(texto), { entidade, formato: 'csv', modo: 'incremental', dryRun: false, origem: 'cli', ...o });

/** A fingerprint of the tables an import may touch: equal before and after means nothing changed. */
async function estado(): Promise<string> {
  const tabelas = ['planos', 'contratos', 'pessoas', 'beneficiarios', 'mensalidades', 'autorizacoes', 'atendimentos'];
  const partes = await Promise.all(
    tabelas.map(async (tb) => {
      const [r] = await t.db.query<{ h: string }>(
        `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${tb} x`,
      );
      return `${tb}:${r?.h}`;
    }),
  );
  return partes.join(' ');
}

const PRODUTOS = csv([
  ['codigoPlano', 'nomePlano', 'numeroPlanoANS', 'segmentacao', 'acomodacao', 'abrangencia', 'coparticipativo'],
  [
    '9001',
    'Plano Importado Apartamento',
    '499001101',
    'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
    'APARTAMENTO',
    'NACIONAL',
    'S',
  ],
  ['9002', 'Plano Importado Enfermaria', '', 'AMBULATORIAL', 'ENFERMARIA', '', 'N'],
]);
const TITULAR = cpfFromBase('610000001');
const DEPENDENTE = cpfFromBase('610000002');
const CONTRATOS = csv([
  [
    'codigoContrato',
    'codigoPlano',
    'tipoContratacao',
    'cnpjContratante',
    'cpfResponsavelFinanceiro',
    'nomeResponsavelFinanceiro',
    'dataInicioVigencia',
    'dataCancelamento',
  ],
  ['900001', '9001', 'INDIVIDUAL/FAMILIAR', '', TITULAR, 'Ana Importada', '2024-01-01', ''],
  ['900002', '9002', 'COLETIVO EMPRESARIAL', '11.222.333/0001-81', TITULAR, 'Ana Importada', '01/02/2024', ''],
]);
const CAB_BENEF = [
  'codigoBeneficiario',
  'codigoContrato',
  'cpf',
  'cns',
  'nome',
  'sexo',
  'dataNascimento',
  'nomeMae',
  'codigoBeneficiarioTitular',
  'relacaoDependencia',
  'dataContratacao',
  'dataCancelamento',
  'email',
  'celular',
];
const BENEFICIARIOS = csv([
  CAB_BENEF,
  [
    '9000010001',
    '900001',
    TITULAR,
    '',
    'Ana Importada',
    'F',
    '1980-05-02',
    'Joana Importada',
    '',
    '',
    '2024-01-01',
    '',
    'ana@example.com',
    '11912345678',
  ],
  [
    '9000010002',
    '900001',
    DEPENDENTE,
    '',
    'Bia Importada',
    '3',
    '2012-07-09',
    'Ana Importada',
    '9000010001',
    'FILHO(A)',
    '2024-01-01',
    '',
    '',
    '',
  ],
]);
const MENSALIDADES = csv([
  ['codigoMensalidade', 'codigoContrato', 'competencia', 'vencimento', 'valor', 'dataPagamento', 'banco', 'campoLivre'],
  ['90000100001', '900001', '2026-02', '2026-02-10', '1.234,56', '2026-02-09', '341', '1090000012345678901234000'],
  ['90000100002', '900001', '03/2026', '2026-03-10', '1234.5', '', '341', '1090000012345678901235000'],
]);

describe('operadora/demo/dados: the demo operator as import files', () => {
  it('every file has a layout and loads in order; onto the seeded database, every row is unchanged', async () => {
    // The API tests' clock is the files' anchor day (LEIA-ME.md there): the seed moved nothing, and
    // the seeded database is exactly what the files say — the seed loaded them through this engine.
    expect(new Date(HOJE).toISOString().slice(0, 10)).toBe(ANCORA_DEMO);
    const arquivos = readdirSync(DADOS_DEMO_DIR)
      .filter((f) => /^\d\d-[a-z-]+\.(csv|jsonl)$/.test(f))
      .sort();
    expect(arquivos.map((f) => f.slice(3).replace(/\.\w+$/, ''))).toEqual([
      'produtos',
      'contratos',
      'beneficiarios',
      'mensalidades',
      'irpf',
      'coparticipacoes',
      'autorizacoes',
      'utilizacao',
      'reembolso-tabela',
      'municipios',
      'especialidades',
      'selos',
      'prestadores',
      'substituicoes',
    ]);
    for (const f of arquivos) {
      const r = await imp(f.slice(3, -4) as Entidade, readFileSync(join(DADOS_DEMO_DIR, f)));
      expect(r, f).toMatchObject({ status: 'aplicado', incluidos: 0, alterados: 0, inativados: 0, erros: [] });
      expect(r.inalterados, f).toBe(r.linhas);
      expect(r.linhas, f).toBeGreaterThan(0);
    }
  });
});

describe('importarNaTransacao: the engine inside a transaction the caller holds (the demo seed)', () => {
  it('several files in one transaction, no history row; a refused one throws with the report', async () => {
    const antes = (await listarImportacoes(t.db, {})).length;
    const dir = DADOS_DEMO_DIR;
    const erro = await t.db
      .transaction(async (tx) => {
        for (const f of ['03-beneficiarios.csv', '05-irpf.csv', '03-beneficiarios.csv']) {
          const r = await importarNaTransacao(tx, de(readFileSync(join(dir, f))), {
            entidade: f.slice(3, -4) as Entidade,
            formato: 'csv',
            modo: 'incremental',
          });
          expect(r, f).toMatchObject({ status: 'aplicado', incluidos: 0, alterados: 0, erros: [] });
        }
        await importarNaTransacao(tx, de(csv([CAB_BENEF, ['1', '404040', CPF.maria]])), {
          entidade: 'beneficiarios',
          formato: 'csv',
          modo: 'incremental',
        });
      })
      .catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ArquivoRecusado);
    expect((erro as ArquivoRecusado).relatorio.erros[0]).toMatchObject({ linha: 2 });
    expect((await listarImportacoes(t.db, {})).length).toBe(antes);
  });
});

describe('importar: good files', () => {
  it('applies produtos, contratos, beneficiarios and mensalidades onto the tables the screens read', async () => {
    for (const [e, texto] of [
      ['produtos', PRODUTOS],
      ['contratos', CONTRATOS],
      ['beneficiarios', BENEFICIARIOS],
      ['mensalidades', MENSALIDADES],
    ] as const) {
      const r = await imp(e, texto);
      expect(r, e).toMatchObject({
        status: 'aplicado',
        linhas: 2,
        incluidos: 2,
        alterados: 0,
        inalterados: 0,
        erros: [],
      });
    }
    expect(
      await t.db.query(
        'select codigo_plano, registro_ans, coparticipativo, abrangencia from planos where codigo_plano like $1 order by 1',
        ['900%'],
      ),
    ).toEqual([
      { codigo_plano: '9001', registro_ans: '499001101', coparticipativo: true, abrangencia: 'NACIONAL' },
      { codigo_plano: '9002', registro_ans: null, coparticipativo: false, abrangencia: null },
    ]);
    expect(
      await t.db.query(
        `select b.codigo_beneficiario, b.tipo, b.codigo_titular, b.ativo, p.nome, p.sexo, p.data_nascimento::text as nasc
           from beneficiarios b join pessoas p using (cpf) where b.codigo_contrato = '900001' order by 1`,
      ),
    ).toEqual([
      {
        codigo_beneficiario: '9000010001',
        tipo: 'TITULAR',
        codigo_titular: null,
        ativo: true,
        nome: 'Ana Importada',
        sexo: 'f',
        nasc: '1980-05-02',
      },
      {
        codigo_beneficiario: '9000010002',
        tipo: 'DEPENDENTE',
        codigo_titular: '9000010001',
        ativo: true,
        nome: 'Bia Importada',
        sexo: 'f',
        nasc: '2012-07-09',
      },
    ]);
    // Money as decimals, read digit by digit: 1.234,56 and 1234.5.
    expect(
      await t.db.query(
        `select valor_centavos::text as v, competencia::text as c from mensalidades where codigo_contrato = '900001' order by 2`,
      ),
    ).toEqual([
      { v: '123456', c: '2026-02-01' },
      { v: '123450', c: '2026-03-01' },
    ]);
    expect(
      (
        await t.db.query<{ c: string }>(`select cnpj_contratante as c from contratos where codigo_contrato = '900002'`)
      )[0]?.c,
    ).toBe('11222333000181');
  });

  it('re-importing the same file changes nothing and says so; one changed row counts as alterado', async () => {
    const antes = await estado();
    const r = await imp('beneficiarios', BENEFICIARIOS);
    expect(r).toMatchObject({ status: 'aplicado', incluidos: 0, alterados: 0, inalterados: 2, inativados: 0 });
    expect(await estado()).toBe(antes);
    const outra = BENEFICIARIOS.replace('Bia Importada', 'Beatriz Importada');
    expect(await imp('beneficiarios', outra)).toMatchObject({ incluidos: 0, alterados: 1, inalterados: 1 });
    expect(await imp('mensalidades', MENSALIDADES)).toMatchObject({ incluidos: 0, alterados: 0, inalterados: 2 });
  });

  it('a mixed file counts new, changed and unchanged rows; an unchanged row is not even locked', async () => {
    const [titular, filho, filha, neto] = ['610000011', '610000012', '610000013', '610000014'].map(cpfFromBase);
    const linha = (codigo: string, cpf: string, nome: string, titularDe = '', relacao = '', email = '') => [
      codigo,
      '900002',
      cpf,
      '',
      nome,
      'F',
      '1990-01-01',
      'Mãe',
      titularDe,
      relacao,
      '2024-02-01',
      '',
      email,
      '',
    ];
    const primeiro = [
      linha('9000020001', titular!, 'Clara Mista'),
      linha('9000020002', filho!, 'Caio Misto', '9000020001', 'FILHO(A)'),
      linha('9000020003', filha!, 'Cora Mista', '9000020001', 'FILHO(A)'),
    ];
    expect(await imp('beneficiarios', csv([CAB_BENEF, ...primeiro]))).toMatchObject({ incluidos: 3, alterados: 0 });
    // The daughter sets her e-mail in the portal: an empty e-mail in the file keeps it, so she is unchanged.
    await t.db.query(`update pessoas set email = 'cora@example.com' where cpf = $1`, [filha]);
    const versoes = () =>
      t.db.query<{ v: string }>(
        `select xmin::text || '/' || xmax::text as v from pessoas where cpf = $1
         union all select xmin::text || '/' || xmax::text from beneficiarios where codigo_beneficiario = '9000020003'`,
        [filha],
      );
    const antes = await versoes();
    const segundo = [
      linha('9000020001', titular!, 'Clara Mista', '', '', 'clara@example.com'), // only the person changes
      linha('9000020002', filho!, 'Caio Misto', '9000020001', 'ENTEADO(A)'), // the beneficiary changes
      primeiro[2]!,
      linha('9000020004', neto!, 'Cid Misto', '9000020001', 'FILHO(A)'), // new
    ];
    expect(await imp('beneficiarios', csv([CAB_BENEF, ...segundo]))).toMatchObject({
      status: 'aplicado',
      incluidos: 1,
      alterados: 2,
      inalterados: 1,
      inativados: 0,
    });
    // Neither written nor locked (an upsert over every row locks the ones it leaves as they are).
    expect(await versoes()).toEqual(antes);
    expect(
      await t.db.query(
        `select b.codigo_beneficiario as c, b.parentesco, p.email from beneficiarios b join pessoas p using (cpf)
          where b.codigo_contrato = '900002' order by 1`,
      ),
    ).toEqual([
      { c: '9000020001', parentesco: null, email: 'clara@example.com' },
      { c: '9000020002', parentesco: 'ENTEADO(A)', email: null },
      { c: '9000020003', parentesco: 'FILHO(A)', email: 'cora@example.com' },
      { c: '9000020004', parentesco: 'FILHO(A)', email: null },
    ]);
  });

  it("what the bank received for a late payment (valorPago) reaches the receipt's table; without a date it is refused", async () => {
    const pagoComAtraso = csv([
      [
        'codigoMensalidade',
        'codigoContrato',
        'competencia',
        'vencimento',
        'valor',
        'dataPagamento',
        'valorPago',
        'banco',
        'campoLivre',
      ],
      [
        '90000100002',
        '900001',
        '2026-03',
        '2026-03-10',
        '1234.50',
        '2026-03-19',
        '1.262,50',
        '341',
        '1090000012345678901235000',
      ],
    ]);
    expect(await imp('mensalidades', pagoComAtraso)).toMatchObject({ status: 'aplicado', alterados: 1 });
    expect(
      await t.db.query(
        `select pago_em::text as p, valor_pago_centavos::text as v from mensalidades where codigo_mensalidade = '90000100002'`,
      ),
    ).toEqual([{ p: '2026-03-19', v: '126250' }]);
    const semData = pagoComAtraso.replace('2026-03-19', '');
    const r = await imp('mensalidades', semData);
    expect(r.status).toBe('recusado');
    expect(r.erros).toContainEqual({
      linha: 2,
      coluna: 'valorPago',
      valor: '126250',
      mensagem: 'Valor pago sem data de pagamento: informe dataPagamento.',
    });
    // Put back as the other tests expect it (open).
    expect(await imp('mensalidades', MENSALIDADES)).toMatchObject({ status: 'aplicado', alterados: 1 });
  });

  it('a dry run reports what would change and changes nothing', async () => {
    const antes = await estado();
    const novo = PRODUTOS.replace('Plano Importado Enfermaria', 'Outro nome').replace('9001;', '9003;');
    const r = await imp('produtos', novo, { dryRun: true });
    expect(r).toMatchObject({ status: 'validado', dryRun: true, incluidos: 1, alterados: 1, inalterados: 0 });
    expect(await estado()).toBe(antes);
    expect((await obterImportacao(t.db, r.id))?.status).toBe('validado');
  });

  it("sets a plan's reimbursement multiple; a file without the column keeps it", async () => {
    const multiplo = async () =>
      (
        await t.db.query<{ m: string }>(`select multiplo_reembolso::text as m from planos where codigo_plano = '9002'`)
      )[0]?.m;
    const comMultiplo = csv([
      ['codigoPlano', 'nomePlano', 'segmentacao', 'acomodacao', 'coparticipativo', 'multiploReembolso'],
      ['9002', 'Plano Importado Enfermaria', 'AMBULATORIAL', 'ENFERMARIA', 'N', '2,5'],
    ]);
    expect(await imp('produtos', comMultiplo)).toMatchObject({ status: 'aplicado', alterados: 1 });
    expect(await multiplo()).toBe('2.50');
    expect(await imp('produtos', comMultiplo)).toMatchObject({ status: 'aplicado', alterados: 0, inalterados: 1 });
    // The usual file, without the column: the multiple stays.
    expect(await imp('produtos', PRODUTOS)).toMatchObject({ status: 'aplicado', alterados: 0 });
    expect(await multiplo()).toBe('2.50');
    const zero = await imp('produtos', comMultiplo.replace(';2,5', ';0'));
    expect(zero).toMatchObject({ status: 'recusado' });
    expect(zero.erros[0]).toMatchObject({
      coluna: 'multiploReembolso',
      mensagem: 'Múltiplo inválido: use um número de 0,01 a 100 com até 2 casas (ex.: 2 ou 2,5).',
    });
    expect(await imp('produtos', comMultiplo.replace(';2,5', ';1'))).toMatchObject({ alterados: 1 });
    expect(await multiplo()).toBe('1.00');
  });

  it('reads ISO-8859-1 with the flag, and JSON Lines', async () => {
    const latin = iconv.encode(PRODUTOS.replace('Plano Importado Apartamento', 'Plano Ação São João'), 'latin1');
    expect(await imp('produtos', latin, { codificacao: 'iso-8859-1' })).toMatchObject({
      status: 'aplicado',
      alterados: 1,
    });
    expect((await t.db.query<{ nome: string }>(`select nome from planos where codigo_plano = '9001'`))[0]?.nome).toBe(
      'Plano Ação São João',
    );
    const jsonl = [
      {
        codigoPlano: '9004',
        nomePlano: 'Plano JSON',
        numeroPlanoANS: 499004101,
        segmentacao: 'ODONTOLÓGICO',
        acomodacao: 'ENFERMARIA',
        coparticipativo: 'N',
      },
    ]
      .map((o) => JSON.stringify(o))
      .join('\n');
    expect(await imp('produtos', jsonl, { formato: 'jsonl' })).toMatchObject({ status: 'aplicado', incluidos: 1 });
  });

  it('keeps a history: the latest first, with counts', async () => {
    const lista = await listarImportacoes(t.db, { limite: 3 });
    expect(lista).toHaveLength(3);
    expect(lista[0]).toMatchObject({
      entidade: 'produtos',
      status: 'aplicado',
      incluidos: 1,
      origem: 'cli',
      concluidaEm: expect.any(String),
    });
  });
});

describe('importar: coded columns (pentest defect 13)', () => {
  const linha = (codigo: string, cpf: string, nome: string, sexo: string, titular = '', relacao = '') => [
    codigo,
    '900002',
    cpf,
    '',
    nome,
    sexo,
    '1990-01-01',
    'Mãe',
    titular,
    relacao,
    '2024-02-01',
    '',
    '',
    '',
  ];
  const LISTA =
    'Valor não aceito: use TITULAR (SIB 1), CÔNJUGE (SIB 3), FILHO(A) (SIB 4), ENTEADO(A) (SIB 6), PAI/MÃE (SIB 8), AGREGADO/OUTROS (SIB 10).';

  it("SIB's relationship codes and the words are stored as one word; anything else is refused with the list", async () => {
    expect(await imp('produtos', PRODUTOS)).toMatchObject({ status: 'aplicado' });
    expect(await imp('contratos', CONTRATOS)).toMatchObject({ status: 'aplicado' });
    const [a, b, c, d, e, f] = ['610000301', '610000302', '610000303', '610000304', '610000305', '610000306'].map(
      cpfFromBase,
    );
    const r = await imp(
      'beneficiarios',
      csv([
        CAB_BENEF,
        linha('9000030001', a!, 'Tito Codificado', '1', '', '1'),
        linha('9000030002', b!, 'Cida Codificada', 'feminino', '9000030001', '3'),
        linha('9000030003', c!, 'Fábio Codificado', 'M', '9000030001', 'filho'),
        linha('9000030004', d!, 'Pia Codificada', '3', '9000030001', 'Pai / Mãe'),
        linha('9000030005', e!, 'Ené Codificado', 'm', '9000030001', '06'),
        linha('9000030006', f!, 'Aldo Codificado', 'Masculino', '9000030001', '10'),
      ]),
    );
    expect(r, JSON.stringify(r.erros)).toMatchObject({ status: 'aplicado', incluidos: 6 });
    expect(
      await t.db.query(
        `select b.codigo_beneficiario as c, b.parentesco, p.sexo from beneficiarios b join pessoas p using (cpf)
          where b.codigo_beneficiario like '900003%' order by 1`,
      ),
    ).toEqual([
      { c: '9000030001', parentesco: 'TITULAR', sexo: 'm' },
      { c: '9000030002', parentesco: 'CÔNJUGE', sexo: 'f' },
      { c: '9000030003', parentesco: 'FILHO(A)', sexo: 'm' },
      { c: '9000030004', parentesco: 'PAI/MÃE', sexo: 'f' },
      { c: '9000030005', parentesco: 'ENTEADO(A)', sexo: 'm' },
      { c: '9000030006', parentesco: 'AGREGADO/OUTROS', sexo: 'm' },
    ]);

    // Values outside the lists: refused with the list (the words and SIB's codes).
    const antes = await estado();
    const ruim = await imp(
      'beneficiarios',
      csv([
        CAB_BENEF,
        linha('9000030002', b!, 'Cida Codificada', 'F', '9000030001', '2'),
        linha('9000030003', c!, 'Fábio Codificado', 'M', '9000030001', 'IRMÃO'),
        linha('9000030004', d!, 'Pia Codificada', 'X', '9000030001', 'FILHO(A)'),
      ]),
    );
    expect(ruim.status).toBe('recusado');
    expect(ruim.erros).toEqual([
      { linha: 2, coluna: 'relacaoDependencia', valor: '2', mensagem: LISTA },
      { linha: 3, coluna: 'relacaoDependencia', valor: 'IRMÃO', mensagem: LISTA },
      { linha: 4, coluna: 'sexo', valor: 'X', mensagem: 'Valor não aceito: use M (SIB 1), F (SIB 3).' },
    ]);
    // A dependent said to be the holder, a holder said to be a son.
    const trocados = await imp(
      'beneficiarios',
      csv([
        CAB_BENEF,
        linha('9000030005', e!, 'Ené Codificado', 'M', '9000030001', 'TITULAR'),
        linha('9000030001', a!, 'Tito Codificado', 'M', '', 'FILHO(A)'),
      ]),
    );
    expect(trocados.status).toBe('recusado');
    expect(trocados.erros).toEqual([
      {
        linha: 2,
        coluna: 'relacaoDependencia',
        valor: 'TITULAR',
        mensagem: 'Dependente com a relação TITULAR (SIB 1): informe a relação com o titular (CÔNJUGE, FILHO(A)…).',
      },
      {
        linha: 3,
        coluna: 'relacaoDependencia',
        valor: 'FILHO(A)',
        mensagem:
          'Titular com relação de dependente: deixe vazio ou use TITULAR (SIB 1), ou informe codigoBeneficiarioTitular.',
      },
    ]);
    expect(await estado()).toBe(antes);
  });

  it('products: the segmentação and acomodação words in any case or accents, one canonical value; else the list', async () => {
    const cab = ['codigoPlano', 'nomePlano', 'segmentacao', 'acomodacao', 'coparticipativo'];
    const r = await imp(
      'produtos',
      csv([cab, ['9101', 'Plano Grafia', 'ambulatorial+hospitalar com obstetricia', 'coletiva', 'S']]),
    );
    expect(r, JSON.stringify(r.erros)).toMatchObject({ status: 'aplicado' });
    expect(await t.db.query(`select segmentacao, acomodacao from planos where codigo_plano = '9101'`)).toEqual([
      { segmentacao: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA', acomodacao: 'ENFERMARIA' },
    ]);
    const ruim = await imp('produtos', csv([cab, ['9102', 'Plano Livre', 'COMPLETO', 'APARTAMENTO', 'S']]));
    expect(ruim.erros).toEqual([
      {
        linha: 2,
        coluna: 'segmentacao',
        valor: 'COMPLETO',
        mensagem: expect.stringMatching(
          /^Valor não aceito: use AMBULATORIAL, HOSPITALAR SEM OBSTETRÍCIA, .*ODONTOLÓGICO\.$/,
        ),
      },
    ]);
  });
});

describe('importar: autorizacoes, utilizacao, coparticipacoes', () => {
  const AUT = csv([
    [
      'numeroGuiaOperadora',
      'codigoBeneficiario',
      'dataSolicitacao',
      'prestadorSolicitante',
      'status',
      'senha',
      'dataValidadeSenha',
      'motivoNegativa',
      'codigoProcedimento',
      'descricaoProcedimento',
    ],
    [
      'G9001',
      '9000010001',
      '2026-03-02T14:30:00-03:00',
      'Clínica Exemplo',
      'APROVADO',
      'A1B2',
      '2026-04-01',
      '',
      '40301630',
      'Hemograma completo',
    ],
    [
      'G9001',
      '9000010001',
      '2026-03-02T14:30:00-03:00',
      'Clínica Exemplo',
      'APROVADO',
      'A1B2',
      '2026-04-01',
      '',
      '40302040',
      'Glicose',
    ],
    ['G9002', '9000010002', '2026-03-03', 'Hospital Exemplo', 'NEGADO', '', '', 'Carência', '30715016', 'Cirurgia'],
  ]);
  it('one line per procedure: the guide once, its procedures in order; re-import unchanged; a dropped procedure changes the guide', async () => {
    expect(await imp('autorizacoes', AUT)).toMatchObject({ status: 'aplicado', incluidos: 3, alterados: 0 });
    expect(
      await t.db.query(
        `select a.numero_transacao as g, a.status, a.senha, p.ordem, p.codigo_procedimento as proc
           from autorizacoes a join autorizacao_procedimentos p using (numero_transacao)
          where a.numero_transacao like 'G900%' order by 1, 4`,
      ),
    ).toEqual([
      { g: 'G9001', status: 'aprovado', senha: 'A1B2', ordem: 1, proc: '40301630' },
      { g: 'G9001', status: 'aprovado', senha: 'A1B2', ordem: 2, proc: '40302040' },
      { g: 'G9002', status: 'negado', senha: null, ordem: 1, proc: '30715016' },
    ]);
    expect(await imp('autorizacoes', AUT)).toMatchObject({ incluidos: 0, alterados: 0, inalterados: 3 });
    const semGlicose = AUT.split('\n')
      .filter((l) => !l.includes('Glicose'))
      .join('\n');
    expect(await imp('autorizacoes', semGlicose)).toMatchObject({ incluidos: 0, alterados: 1, inalterados: 1 });
    const ruim = AUT.replace('Carência', '').replace(
      'APROVADO;A1B2;2026-04-01;;40302040',
      'PENDENTE;A1B2;2026-04-01;;40302040',
    );
    const r = await imp('autorizacoes', ruim);
    expect(r.erros.map((e) => [e.linha, e.coluna])).toEqual([
      [3, 'numeroGuiaOperadora'],
      [4, 'motivoNegativa'],
    ]);
  });

  it('utilizacao by beneficiary + TUSS + date and time, value as numeric; coparticipacoes by their code', async () => {
    const UT = csv([
      [
        'codigoBeneficiario',
        'dataAtendimento',
        'grupoRN389',
        'codigoProcedimento',
        'descricaoProcedimento',
        'codigoPrestador',
        'nomePrestador',
        'local',
        'quantidade',
        'valor',
      ],
      [
        '9000010001',
        '2026-02-10T09:00:00-03:00',
        'Exames/Terapias',
        '40301630',
        'Hemograma',
        '2077485',
        'Lab Exemplo',
        'São Paulo/SP',
        '1',
        '35,90',
      ],
      [
        '9000010001',
        '2026-02-11',
        '',
        '10101012',
        'Consulta',
        '2077485',
        'Clínica Exemplo',
        'São Paulo/SP',
        '1',
        '150',
      ],
    ]);
    expect(await imp('utilizacao', UT)).toMatchObject({ status: 'aplicado', incluidos: 2 });
    expect(await imp('utilizacao', UT)).toMatchObject({ incluidos: 0, alterados: 0, inalterados: 2 });
    expect(
      await t.db.query(
        `select categoria, valor::text from atendimentos where codigo_beneficiario = '9000010001' order by data`,
      ),
    ).toEqual([
      { categoria: 'EXAMES_TERAPIAS', valor: '35.90' },
      { categoria: null, valor: '150.00' },
    ]);
    const CP = csv([
      [
        'codigoCoparticipacao',
        'codigoBeneficiario',
        'competencia',
        'dataAtendimento',
        'descricao',
        'prestador',
        'valor',
      ],
      ['CP1', '9000010001', '2026-03', '2026-02-10', 'Hemograma', 'Lab Exemplo', '7.18'],
    ]);
    expect(await imp('coparticipacoes', CP)).toMatchObject({ status: 'aplicado', incluidos: 1 });
    expect(await imp('coparticipacoes', CP.replace('7.18', '7.20'))).toMatchObject({ alterados: 1 });
    expect(await imp('coparticipacoes', CP.replace('9000010001', '9999'))).toMatchObject({
      status: 'recusado',
      erros: [
        { linha: 2, coluna: 'codigoBeneficiario', mensagem: expect.stringContaining('Beneficiário não encontrado') },
      ],
    });
  });
});

describe('importar: prestadores', () => {
  const CAB = [
    'codigoPrestador',
    'nome',
    'nroRegistro',
    'especialidades',
    'selos',
    'cnes',
    'sala',
    'tipoEstabelecimento',
    'nomeFantasia',
    'razaoSocial',
    'cnpj',
    'logradouro',
    'numero',
    'complemento',
    'bairro',
    'cep',
    'codigoMunicipioIBGE',
    'fone',
    'site',
  ];
  const PRE = csv([
    CAB,
    [
      '990001',
      'Dra. Importada Lima',
      'CRM-SP 999001',
      '1,3',
      'A',
      '9900011',
      'Sala 1',
      'Clínica',
      'Clínica Importada',
      'Clínica Importada Ltda',
      '11222333000181',
      'Rua Importada',
      '10',
      '',
      'Centro',
      '01001000',
      '3550308',
      '1133334444',
      '',
    ],
    [
      '990001',
      'Dra. Importada Lima',
      'CRM-SP 999001',
      '1,3',
      'A',
      '9900012',
      '',
      'Hospital',
      'Hospital Importado',
      'Hospital Importado SA',
      '11222333000181',
      'Av. Importada',
      '20',
      '',
      'Centro',
      '01001000',
      '3550308',
      '1133335555',
      '',
    ],
  ]);
  it('one line per provider and place; the guide shows it at once; re-import unchanged', async () => {
    expect(await imp('prestadores', PRE)).toMatchObject({ status: 'aplicado', incluidos: 2, alterados: 0 });
    const [ficha] = await t.db.query<{
      ficha: { nome: string; selos: unknown[]; locaisAtendimento: { nomeFantasia: string }[] };
    }>('select ficha from guia_fichas where codigo_prestador = 990001');
    expect(ficha?.ficha.nome).toBe('Dra. Importada Lima');
    expect(ficha?.ficha.locaisAtendimento.map((l) => l.nomeFantasia)).toEqual([
      'Clínica Importada',
      'Hospital Importado',
    ]);
    expect(await imp('prestadores', PRE)).toMatchObject({ incluidos: 0, alterados: 0, inalterados: 2 });
    expect(await imp('prestadores', PRE.replaceAll('1,3;A', '1;A'))).toMatchObject({ alterados: 2 });
    expect(
      await t.db.query(
        'select codigo_especialidade as e from prestador_especialidades where codigo_prestador = 990001',
      ),
    ).toEqual([{ e: 1 }]);
    const r = await imp('prestadores', PRE.replace('3550308', '9999999').replace('1,3;A', '1,3;Z'));
    expect(r.erros.map((e) => [e.linha, e.coluna, e.valor])).toEqual([
      [2, 'codigoMunicipioIBGE', '9999999'],
      [2, 'selos', 'Z'],
      [3, 'codigoPrestador', '990001'],
    ]);
  });
});

describe('importar: irpf (what each installment charged, per beneficiary)', () => {
  const CAB = ['codigoMensalidade', 'codigoBeneficiario', 'tipo', 'descricao', 'valor'];
  it('the items of an installment, summing to its value, as the receipt and the IRPF statement read them', async () => {
    const IT = csv([
      CAB,
      ['90000100001', '9000010001', 'MENSALIDADE', 'Mensalidade fevereiro/2026', '617.28'],
      ['90000100001', '9000010002', 'MENSALIDADE', 'Mensalidade fevereiro/2026', '617.28'],
    ]);
    expect(await imp('irpf', IT)).toMatchObject({ status: 'aplicado', incluidos: 2 });
    expect(await imp('irpf', IT)).toMatchObject({ incluidos: 0, alterados: 0, inalterados: 2 });
    const r = await imp('irpf', IT.replace('617.28\n', '600.00\n'));
    expect(r.erros).toEqual([
      {
        linha: 2,
        coluna: 'valor',
        valor: '1217.28',
        mensagem: 'Os itens somam 1217.28, mas a mensalidade vale 1234.56.',
      },
    ]);
  });
});

describe('importar: bad files are refused with their report and change nothing', () => {
  const recusado = async (entidade: Entidade, texto: string | Buffer, o: Partial<OpcoesImportacao> = {}) => {
    const antes = await estado();
    const r = await imp(entidade, texto, o);
    expect(r.status).toBe('recusado');
    expect(await estado()).toBe(antes);
    expect((await obterImportacao(t.db, r.id))?.status).toBe('recusado');
    return r;
  };

  it('wrong encoding: ISO-8859-1 bytes read as UTF-8', async () => {
    const latin = iconv.encode(PRODUTOS.replace('Plano Importado Apartamento', 'Plano Ação'), 'latin1');
    const r = await recusado('produtos', latin);
    expect(r.erros).toEqual([
      { linha: 2, coluna: 'nomePlano', valor: 'Plano A\uFFFD\uFFFDo', mensagem: expect.stringContaining('ISO-8859-1') },
      { linha: 2, coluna: 'segmentacao', valor: expect.any(String), mensagem: expect.stringContaining('ISO-8859-1') },
    ]);
  });

  it('a missing required column, and an unknown one', async () => {
    const r = await recusado('produtos', PRODUTOS.replace('coparticipativo', 'coparticipacao'));
    expect(r.erros).toEqual([
      { linha: 1, coluna: 'coparticipativo', valor: '', mensagem: 'Coluna obrigatória ausente no cabeçalho.' },
      {
        linha: 1,
        coluna: 'coparticipacao',
        valor: 'coparticipacao',
        mensagem: 'Coluna desconhecida no layout desta entidade.',
      },
    ]);
  });

  it('a negative amount says so, with line, column and value', async () => {
    const r = await recusado('mensalidades', MENSALIDADES.replace(';1234.5;', ';-1234.50;'));
    expect(r.erros).toEqual([
      {
        linha: 3,
        coluna: 'valor',
        valor: '-1234.50',
        mensagem: 'Valor negativo não é aceito: use um número positivo com até 2 casas (ex.: 1234.56).',
      },
    ]);
  });

  it('a bad CPF (check digits), with line, column and value', async () => {
    const ruim = BENEFICIARIOS.replace(DEPENDENTE, DEPENDENTE.slice(0, 10) + ((Number(DEPENDENTE[10]) + 1) % 10));
    const r = await recusado('beneficiarios', ruim);
    expect(r.erros).toEqual([
      {
        linha: 3,
        coluna: 'cpf',
        valor: expect.stringMatching(/^\d{11}$/),
        mensagem: 'CPF inválido: os dígitos verificadores não conferem.',
      },
    ]);
  });

  it('an unknown contract', async () => {
    const r = await recusado('beneficiarios', BENEFICIARIOS.replaceAll('900001;', '999999;'));
    expect(r.erros).toContainEqual({
      linha: 2,
      coluna: 'codigoContrato',
      valor: '999999',
      mensagem: 'Contrato não encontrado: importe-o antes no layout contratos.',
    });
  });

  it('a key repeated in the file', async () => {
    const r = await recusado('produtos', PRODUTOS.replace('9002;', '9001;'));
    expect(r.erros).toEqual([
      { linha: 3, coluna: 'codigoPlano', valor: '9001', mensagem: 'Chave repetida no arquivo (também na linha 2).' },
    ]);
  });

  it('10 000 bad rows: the first 100 kept with their line, the rest counted', async () => {
    const linhas = [['codigoPlano', 'nomePlano', 'segmentacao', 'acomodacao', 'coparticipativo']];
    for (let i = 0; i < 10_000; i++) linhas.push([`X${i}`, 'Plano', 'AMBULATORIAL', 'SUITE', 'S']);
    const r = await recusado('produtos', csv(linhas));
    expect(r.linhas).toBe(10_000);
    expect(r.erros).toHaveLength(100);
    expect(r.erros[0]).toEqual({
      linha: 2,
      coluna: 'acomodacao',
      valor: 'SUITE',
      mensagem: 'Valor não aceito: use APARTAMENTO, ENFERMARIA.',
    });
    expect(r.erros[99]?.linha).toBe(101);
    expect(r.errosOmitidos).toBe(9_900);
  });

  it('JSON Lines: a missing required key, an unknown key, a line that is not JSON; a CSV with an unclosed quote', async () => {
    const jsonl = [
      JSON.stringify({ codigoPlano: 'J1', nomePlano: 'X', segmentacao: 'AMBULATORIAL', acomodacao: 'ENFERMARIA' }),
      JSON.stringify({
        codigoPlano: 'J2',
        nomePlano: 'X',
        segmentacao: 'AMBULATORIAL',
        acomodacao: 'ENFERMARIA',
        coparticipativo: 'S',
        cor: 'azul',
      }),
      '{nao e json',
    ].join('\n');
    const r = await recusado('produtos', jsonl, { formato: 'jsonl' });
    expect(r.erros.map((e) => [e.linha, e.coluna, e.mensagem])).toEqual([
      [1, 'coparticipativo', 'Campo obrigatório não preenchido.'],
      [2, 'cor', 'Coluna desconhecida no layout.'],
      [3, '', 'Linha não é um JSON válido.'],
    ]);
    const aspas = await recusado('produtos', PRODUTOS.replace('Plano Importado Enfermaria', '"Plano sem fim'));
    expect(aspas.erros.at(-1)?.mensagem).toBe('CSV malformado (aspas ou separadores).');
  });

  it('a second import of one entity while the first runs is refused at once', async () => {
    const lento = new PassThrough();
    lento.write(PRODUTOS.split('\n')[0] + '\n');
    const primeira = importar(t.db, lento, {
      entidade: 'produtos',
      formato: 'csv',
      modo: 'incremental',
      dryRun: false,
      origem: 'cli',
    });
    // The first has started: it holds the entity.
    expect(
      await esperar(
        () => importacaoEmAndamento(t.db, 'produtos'),
        (x) => x,
      ),
    ).toBe(true);
    const segunda = await imp('produtos', PRODUTOS);
    expect(segunda).toMatchObject({
      status: 'recusado',
      erros: [{ mensagem: expect.stringContaining('Já há uma importação de produtos em andamento') }],
    });
    // Another entity is not held up.
    expect(await imp('mensalidades', MENSALIDADES)).toMatchObject({ status: 'aplicado' });
    lento.end(PRODUTOS.split('\n').slice(1).join('\n'));
    expect(await primeira).toMatchObject({ status: 'aplicado' });
  });
});

describe('importar: one import of an entity at a time, across instances', () => {
  const outraInstancia = (minutosAtras: number) =>
    t.db.query(
      `insert into importacoes (id, entidade, modo, dry_run, origem, status, iniciada_em, atualizada_em)
       values ($1, 'contratos', 'incremental', false, 'api', 'em_andamento', now() - interval '1 hour',
               now() - make_interval(mins => $2))`,
      [`outra-${minutosAtras}`, minutosAtras],
    );

  it('an import running on another instance (its row alive) refuses this one', async () => {
    await outraInstancia(0);
    const r = await imp('contratos', CONTRATOS);
    expect(r).toMatchObject({
      status: 'recusado',
      erros: [{ mensagem: expect.stringContaining('Já há uma importação de contratos') }],
    });
    await t.db.query(`update importacoes set status = 'aplicado' where id = 'outra-0'`);
  });

  // On PostgreSQL only: PGlite's one connection cannot write the heartbeat while the apply holds it
  // (nor can another request read it), and it has one process, no other instance to tell.
  it.skipIf(!process.env.TEST_PG_URL)(
    'a long apply keeps its heartbeat: the row stays alive (a second import is refused, not taken for a dead one) and the progress says it applies',
    async () => {
      // Another connection holds planos: the apply of a produtos file waits on it, as a large file's takes minutes.
      let soltar!: () => void;
      let travou!: () => void;
      const travada = new Promise<void>((r) => (travou = r));
      const trava = t.db.transaction(async (tx) => {
        await tx.query('lock table planos in share mode');
        travou();
        await new Promise<void>((r) => (soltar = r));
      });
      await travada;
      const fases: string[] = [];
      const { id, concluida } = await iniciarImportacao(t.db, de(PRODUTOS), {
        entidade: 'produtos',
        formato: 'csv',
        modo: 'incremental',
        dryRun: false,
        origem: 'api',
        onProgresso: (p) => fases.push(p.fase),
      });
      try {
        // In the apply phase: waiting for planos (the progress says so every beat).
        for (let i = 0; i < 60 && !fases.includes('aplicacao'); i++) await new Promise((r) => setTimeout(r, 50));
        // Silent for 3 minutes, as a dead instance's row would be: the next beat makes it alive again.
        await t.db.query(`update importacoes set atualizada_em = now() - interval '3 minutes' where id = $1`, [id]);
        const viva = await esperar(
          () => obterImportacao(t.db, id),
          (x) => Date.now() - Date.parse(x!.atualizadaEm) < BATIMENTO_MS * 2.5,
        );
        expect(viva).toMatchObject({ status: 'em_andamento', linhas: 2 });
        expect(Date.now() - Date.parse(viva!.atualizadaEm)).toBeLessThan(BATIMENTO_MS * 2.5);
        const segunda = await imp('produtos', PRODUTOS);
        expect(segunda.erros[0]?.mensagem).toContain('Já há uma importação de produtos em andamento');
        expect((await obterImportacao(t.db, id))?.status).toBe('em_andamento');
        expect(fases).toContain('aplicacao');
      } finally {
        soltar();
        await trava;
      }
      expect(await concluida).toMatchObject({ status: 'aplicado' });
      expect((await obterImportacao(t.db, id))?.status).toBe('aplicado');
    },
  );

  it('a row left by a crashed instance (no heartbeat for 2 minutes) is marked falhou and does not block', async () => {
    await outraInstancia(5);
    expect(await imp('contratos', CONTRATOS)).toMatchObject({ status: 'aplicado' });
    expect((await obterImportacao(t.db, 'outra-5'))?.status).toBe('falhou');
  });
});

// On PostgreSQL only: its planner, statistics and VACUUM (PGlite keeps no table statistics to read).
describe('importar: the first real import after a dry run and the vacuum that follows it (decision 0068)', () => {
  it.skipIf(!process.env.TEST_PG_URL)(
    'reads the beneficiaries table a few pages per row, not the whole table per row, though it looks empty to the planner',
    async () => {
      const v = await startApp({ env: { SEED: 'none' } });
      try {
        const N = 5000;
        const base = (i: number) => cpfFromBase(String(710_000_000 + i));
        const imp2 = (entidade: Entidade, texto: string, dryRun = false) =>
          importar(v.db, de(texto), { entidade, formato: 'csv', modo: 'incremental', dryRun, origem: 'cli' });
        const contratos = [CONTRATOS.split('\n')[0]!.split(';')];
        const benef = [CAB_BENEF];
        for (let i = 0; i < N; i++) {
          contratos.push([`C${i}`, '9002', 'INDIVIDUAL/FAMILIAR', '', base(i), `Pessoa ${i}`, '2024-01-01', '']);
          benef.push([
            `B${i}`,
            `C${i}`,
            base(i),
            '',
            `Pessoa ${i}`,
            'F',
            '1980-05-02',
            '',
            '',
            '',
            '2024-01-01',
            '',
            '',
            '',
          ]);
        }
        expect(await imp2('produtos', PRODUTOS)).toMatchObject({ status: 'aplicado' });
        expect(await imp2('contratos', csv(contratos))).toMatchObject({ status: 'aplicado', incluidos: N });
        const stats = async () => {
          const [r] = await v.db.query<{ ins: number; hit: number }>(
            `select s.n_tup_ins::int as ins, (io.heap_blks_hit + io.heap_blks_read)::int as hit
               from pg_stat_user_tables s join pg_statio_user_tables io using (relid)
              where s.relname = 'beneficiarios' and s.schemaname = current_schema()`,
          );
          return r!;
        };
        // The dry run writes the rows and rolls back; the vacuum (autovacuum does it within a minute)
        // leaves the table empty, and the planner sees an empty table.
        expect(await imp2('beneficiarios', csv(benef), true)).toMatchObject({ status: 'validado', incluidos: N });
        await esperar(stats, (x) => x.ins >= N);
        await v.db.query('vacuum beneficiarios');
        const antes = await stats();
        expect(await imp2('beneficiarios', csv(benef))).toMatchObject({ status: 'aplicado', incluidos: N });
        const depois = await esperar(stats, (x) => x.ins >= antes.ins + N);
        // Reading the table once per row while filling it: ~29 pages a row at 5 000 rows (growing with
        // the file); written from the rows found first: ~5.
        expect((depois.hit - antes.hit) / N).toBeLessThan(15);
      } finally {
        await v.close();
      }
    },
  );
});

describe('importar: completo mode', () => {
  it('cancels the members missing from the snapshot (never deletes them), and the cancelled member is refused at the next call', async () => {
    const { c, perfil } = await t.membro(CPF.roberto);
    const sit = () =>
      c.post<{ cancelado: boolean }>('/api/Beneficiario/SituacaoDoPlano', { perfilAutenticado: perfil });
    expect((await sit()).body.cancelado).toBe(false);
    // Today's register, exported in the layout, without Roberto.
    const rows = await t.db.query<Record<string, string | null>>(
      `select b.codigo_beneficiario, b.codigo_contrato, b.cpf, p.cns, p.nome, upper(p.sexo) as sexo,
              p.data_nascimento::text, p.nome_mae, b.codigo_titular, b.parentesco, b.data_inclusao::text,
              b.data_exclusao::text, p.email, p.celular
         from beneficiarios b join pessoas p using (cpf) where b.ativo and b.cpf <> $1 order by 1`,
      [CPF.roberto],
    );
    const [{ n: total } = { n: 0 }] = await t.db.query<{ n: number }>('select count(*)::int as n from beneficiarios');
    const r = await imp('beneficiarios', csv([CAB_BENEF, ...rows.map((x) => Object.values(x).map((v) => v ?? ''))]), {
      modo: 'completo',
    });
    expect(r.erros).toEqual([]);
    expect(r).toMatchObject({ status: 'aplicado', incluidos: 0, alterados: 0, inalterados: rows.length });
    expect(r.inativados).toBeGreaterThanOrEqual(1);
    const [roberto] = await t.db.query<{ ativo: boolean; motivo: string }>(
      'select ativo, motivo_cancelamento as motivo from beneficiarios where cpf = $1',
      [CPF.roberto],
    );
    expect(roberto).toEqual({ ativo: false, motivo: 'Ausente do arquivo completo da operadora' });
    expect((await t.db.query<{ n: number }>('select count(*)::int as n from beneficiarios'))[0]?.n).toBe(total);
    // The same session, at its next call: the plan reads cancelled and a new request is refused.
    expect((await sit()).body.cancelado).toBe(true);
    const n = await c.post<{ code: string }>('/api/Clube/SmartLinkLogin', {
      perfilAutenticado: perfil,
      cpf: CPF.roberto,
    });
    expect(n.status).toBe(403);
    expect(n.body.code).toBe('PLANO_CANCELADO');
  });
});
