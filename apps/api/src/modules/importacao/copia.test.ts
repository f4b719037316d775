import { Readable } from 'node:stream';
import { cpfFromBase } from '@portal/br';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { startApp, type TestApp } from '../../../test/helper';
import { esquemaDaLinha } from './campos';
import { importar, LAYOUTS, type OpcoesImportacao, type Relatorio } from './index';
import { valoresDe, Varredor } from './leitura-copia';
import { StagingRepository } from './staging-repository';

/**
 * Decision 0037: on PostgreSQL a beneficiarios CSV is staged raw by COPY and its rows are checked in
 * SQL. These tests hold the two readings to one set of rules: the SQL twin of every parser against
 * its zod schema on the same values (on PGlite and on PostgreSQL), the COPY reader against csv-parse
 * on random text, and — on PostgreSQL — whole bad files through both paths, with equal reports.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const layout = LAYOUTS.beneficiarios;
const nomes = layout.colunas.map((c) => c.nome);
const TITULAR = cpfFromBase('620000001');
const BOA: Record<string, string> = {
  codigoBeneficiario: '9100010001',
  codigoContrato: '100234',
  cpf: TITULAR,
  cns: '700504839172315',
  nome: 'Ana Paridade',
  sexo: 'F',
  dataNascimento: '1980-05-02',
  nomeMae: 'Joana',
  codigoBeneficiarioTitular: '',
  relacaoDependencia: '',
  dataContratacao: '2024-01-01',
  dataCancelamento: '',
  motivoCancelamento: '',
  cco: '123456789012',
  codigoMunicipioIBGE: '3550308',
  email: 'ana@example.com',
  celular: '11912345678',
};

/** Values for each column: good, bad, and the edges of each rule (white space, lengths, digits, dates). */
const NBSP = '\u00a0';
const ASTRAL = '\u{1F600}';
const VALORES: Record<string, string[]> = {
  codigoBeneficiario: [
    '',
    '   ',
    'x'.repeat(20),
    'x'.repeat(21),
    ASTRAL.repeat(10),
    ASTRAL.repeat(11),
    `${NBSP}A1${NBSP}`,
  ],
  codigoContrato: ['100234', ' 100234\t', 'Aç\uFFFDo'],
  cpf: [
    TITULAR,
    `${TITULAR.slice(0, 3)}.${TITULAR.slice(3, 6)}.${TITULAR.slice(6, 9)}-${TITULAR.slice(9)}`,
    TITULAR.slice(0, 10) + ((Number(TITULAR[10]) + 1) % 10),
    TITULAR.slice(0, 9) + ((Number(TITULAR[9]) + 1) % 10) + TITULAR[10],
    '11111111111',
    '00000000000',
    '1234567890',
    '123456789012',
    '123.456.789/09',
    '１２３４５６７８９０９',
    `${TITULAR.slice(0, 5)} ${TITULAR.slice(5)}`,
    'abc',
    '',
  ],
  cns: [
    '',
    '700504839172315',
    '700504839172316',
    '300504839172315',
    '7005 0483 9172 315',
    '70050483917231',
    '7005-04839172315',
    '898001160637440',
    '198001160637440',
  ],
  nome: [
    '',
    'a'.repeat(120),
    'a'.repeat(121),
    'José da Silva',
    // Issue 30: the free-text rules (a tab kept; edges trimmed; control and bidirectional characters refused).
    'Ana\tSilva',
    '\u000bAna\u000c',
    'Ana\u0001',
    'Ana\u001bSilva',
    'Ana\u007f',
    'Ana\u0085',
    'Ana\u009f',
    'Ana \u202eavlis',
    'Ana \u202aSilva',
    '\u2066Ana\u2069',
    '\ufffd\u202e',
  ],
  sexo: ['', 'f', 'm', '1', '3', 'masculino', 'Feminino', 'X', '2', 'MF', 'ı'],
  dataNascimento: [
    '',
    '1980-05-02',
    '02/05/1980',
    '29/02/2000',
    '29/02/1900',
    '29/02/2024',
    '29/02/2023',
    '31/04/2020',
    '1899-12-31',
    '1900-01-01',
    '2100-12-31',
    '2101-01-01',
    '2020-13-01',
    '2020-00-10',
    '2020-01-00',
    '2020-1-1',
    '1/1/2020',
    '2020/01/01',
    '20200101',
    '2020-01-01T00:00',
  ],
  nomeMae: ['', 'x'.repeat(121)],
  relacaoDependencia: [
    'FILHO(A)',
    'y'.repeat(41),
    '1',
    '3',
    '03',
    '10',
    '2',
    'cônjuge',
    'CONJUGE',
    'Conjuge',
    'filha',
    'Pai / Mãe',
    'pai/mae',
    'MA\u0303E',
    'agregado',
    'IRMÃO',
  ],
  dataContratacao: ['2024-01-01', '2024-02-30'],
  dataCancelamento: ['', '2024-06-01', '31/06/2024'],
  motivoCancelamento: ['', 'z'.repeat(201)],
  cco: ['', '123456789', '1234567890', '123.456.789-012', '1234567890123', '12345678901a', '12 345 678 901'],
  codigoMunicipioIBGE: ['', '3550308', '355030', '35503080', '35.503-08', 'SP'],
  email: [
    '',
    'ANA@Example.COM',
    'ana@example',
    'ana example@x.com',
    'ana@@x.com',
    '@x.com',
    'ÉLIDA@EXEMPLO.COM.BR',
    `${'a'.repeat(245)}@x.com.br`,
    `${'a'.repeat(246)}@x.com.br`,
    `a${NBSP}b@x.com`,
  ],
  celular: ['', '(11) 91234-5678', '1191234567', '119123456', '119123456789', '(11)9123a5678', '11 9 1234 5678'],
};

/** Rows: the good row with one column changed at a time; their line numbers from 2. */
function linhasDeTeste(): Record<string, string>[] {
  const linhas: Record<string, string>[] = [BOA];
  for (const [coluna, valores] of Object.entries(VALORES))
    for (const v of valores) linhas.push({ ...BOA, codigoBeneficiario: `P${linhas.length}`, [coluna]: v });
  // codigoBeneficiario's own values replace the code set above.
  for (const v of VALORES.codigoBeneficiario!) linhas.push({ ...BOA, codigoBeneficiario: v });
  return linhas;
}

describe('the SQL twin of each parser gives what its zod schema gives', () => {
  it('the same problems (line, column, value, message) and the same normalised values', async () => {
    const linhas = linhasDeTeste();
    const esquema = esquemaDaLinha(layout.colunas);
    const esperadosErros: { linha: number; coluna: string; valor: string; mensagem: string }[] = [];
    const esperadosValores: Record<string, string | null>[] = [];
    linhas.forEach((valores, i) => {
      const r = esquema.safeParse(valores);
      if (r.success) esperadosValores.push({ linha: String(i + 2), ...r.data });
      else
        for (const issue of r.error.issues) {
          const coluna = String(issue.path[0]);
          esperadosErros.push({ linha: i + 2, coluna, valor: valores[coluna] ?? '', mensagem: issue.message });
        }
    });
    expect(esperadosErros.length).toBeGreaterThan(60);
    expect(esperadosValores.length).toBeGreaterThan(30);

    const stg = new StagingRepository(t.db, 'importacao_stg_paridade', nomes);
    await stg.apagar();
    await t.db.exec(
      `create table importacao_stg_paridade_bruta (linha int not null, ${nomes.map((n) => `"${n}" text`).join(', ')})`,
    );
    try {
      for (const [i, valores] of linhas.entries())
        await t.db.query(
          `insert into importacao_stg_paridade_bruta values ($1, ${nomes.map((_, k) => `$${k + 2}`).join(', ')})`,
          [i + 2, ...nomes.map((n) => valores[n] ?? null)],
        );
      expect(await stg.normalizarBruta(layout)).toBe(true);
      const achados = await stg.errosBrutos(layout, 10_000);
      expect(achados.map(({ total: _, ...e }) => e)).toEqual(esperadosErros);
      expect(achados[0]?.total).toBe(esperadosErros.length);

      // The good rows: what the staging table holds after the SQL normalised them.
      const obtidos = await t.db.query<Record<string, string | null>>(
        `select s.linha::text as linha, ${nomes.map((n) => `s."${n}"`).join(', ')}
           from importacao_stg_paridade s where not s.erro order by s.linha`,
      );
      expect(obtidos).toEqual(esperadosValores);
    } finally {
      await stg.apagar();
    }
  });
});

describe('the COPY reader splits records and counts lines as csv-parse does', () => {
  const viaCsvParse = (s: string) => {
    try {
      return (
        parse(s, {
          delimiter: ';',
          bom: true,
          info: true,
          relax_column_count: true,
          skip_empty_lines: true,
        }) as unknown as {
          record: string[];
          info: { lines: number };
        }[]
      ).map((r) => [r.record, r.info.lines]);
    } catch (e) {
      return { malformado: (e as { lines: number }).lines };
    }
  };
  const viaVarredor = (s: string, pedaco: number) => {
    const out: [string[], number][] = [];
    const v = new Varredor((r) => {
      const valores = valoresDe(r.texto);
      expect(valores).toHaveLength(r.campos);
      out.push([valores, r.linha]);
    });
    for (let i = 0; i < s.length; i += pedaco) v.push(s.slice(i, i + pedaco));
    v.end();
    return v.malformado === null ? out : { malformado: v.malformado };
  };

  it('on 8 000 random texts of quotes, separators and line breaks, in chunks of any size', () => {
    // A fixed pseudo-random sequence: the same texts on every run.
    let semente = 16037;
    const aleatorio = (n: number) => {
      semente = (semente * 1103515245 + 12345) % 2 ** 31;
      return semente % n;
    };
    const alfabeto = ['a', 'é', ';', '"', '\n', '\r', '\r\n', ' ', '\uFEFF'];
    for (let n = 0; n < 8_000; n++) {
      let s = ['a;b\n', 'a;b\r\n', '', '\uFEFFa;b\n'][aleatorio(4)]!;
      const tamanho = 1 + aleatorio(16);
      for (let i = 0; i < tamanho; i++) s += alfabeto[aleatorio(alfabeto.length)];
      expect([s, viaVarredor(s, 1 + aleatorio(6))]).toEqual([s, viaCsvParse(s)]);
    }
  });
});

/** The same file through the COPY path and through the row-by-row path (a Db without COPY). */
describe.runIf(process.env.TEST_PG_URL)('PostgreSQL: a bad file gives the same report by COPY as row by row', () => {
  const semCopia = (db: Db): Db => ({
    ...db,
    copiar: undefined,
    semLimites: () => ({ ...db.semLimites(), copiar: undefined }),
  });
  const de = (texto: string | Buffer) => Readable.from([typeof texto === 'string' ? Buffer.from(texto) : texto]);
  const opcoes: OpcoesImportacao = {
    entidade: 'beneficiarios',
    formato: 'csv',
    modo: 'incremental',
    dryRun: true,
    origem: 'cli',
  };
  const relatorio = ({ id: _, ...r }: Relatorio) => r;
  const ambos = async (arquivo: string | Buffer, o: Partial<OpcoesImportacao> = {}) => {
    const porCopia = relatorio(await importar(t.db, de(arquivo), { ...opcoes, ...o }));
    const porLinha = relatorio(await importar(semCopia(t.db), de(arquivo), { ...opcoes, ...o }));
    expect(porCopia).toEqual(porLinha);
    return porCopia;
  };
  const csv = (linhas: Record<string, string>[], fim = '\n') =>
    [nomes.join(';'), ...linhas.map((l) => nomes.map((n) => l[n] ?? '').join(';'))].join(fim) + fim;

  it('every value of the twin test, as one file (first 100 kept, the rest counted)', async () => {
    const r = await ambos(csv(linhasDeTeste()));
    expect(r.status).toBe('recusado');
    expect(r.erros.length).toBeGreaterThan(60);
    // Many bad rows: the first 100 kept, the rest counted, in the same order on both paths.
    const muitas = linhasDeTeste().slice(1);
    expect(await ambos(csv([...muitas, ...muitas, ...muitas]))).toMatchObject({ errosOmitidos: expect.any(Number) });
  });

  it('CRLF, a BOM, quoted values with separators and line breaks, empty lines, a wrong number of columns', async () => {
    const r = await ambos(
      '\uFEFF' +
        csv([BOA, { ...BOA, codigoBeneficiario: 'Q2', nome: '"Ana; ""a""\r\nSegunda"', cpf: '1' }], '\r\n') +
        '\r\n1;2;3\r\n\r\n' +
        nomes.map(() => '').join(';') +
        '\r\n',
    );
    expect(r.erros.map((e) => [e.linha, e.coluna])).toContainEqual([7, '']);
    expect(await ambos(csv([BOA, { ...BOA, codigoBeneficiario: 'Q2' }]).replace('\n', '\n\n;;\n'))).toMatchObject({
      linhas: 3,
    });
  });

  it('a malformed quote stops the file at its line; an unclosed one at the end; a malformed header', async () => {
    // csv-parse as a stream loses the records of the chunk where it fails (here, the whole file):
    // the COPY reader still reports the problems before that line. Both refuse at the same line.
    const malformado = async (arquivo: string) => {
      const porCopia = await importar(t.db, de(arquivo), opcoes);
      const porLinha = await importar(semCopia(t.db), de(arquivo), opcoes);
      expect(porCopia.erros.at(-1)).toEqual(porLinha.erros.at(-1));
      expect(porCopia.erros.at(-1)?.mensagem).toBe('CSV malformado (aspas ou separadores).');
      expect(porLinha.status).toBe('recusado');
      return porCopia;
    };
    const ruim = { ...BOA, codigoBeneficiario: 'Q2', cpf: '123' };
    expect((await malformado(csv([ruim, { ...BOA, nome: 'Ana "x"' }, ruim]))).erros).toEqual([
      { linha: 2, coluna: 'cpf', valor: '123', mensagem: 'CPF deve ter 11 dígitos.' },
      { linha: 3, coluna: '', valor: '', mensagem: 'CSV malformado (aspas ou separadores).' },
    ]);
    await malformado(csv([ruim, { ...BOA, nome: '"Ana" x' }]));
    await malformado(csv([ruim, BOA]) + '"sem fim;\n');
    await ambos('"codigoBeneficiario;cpf\n1;2\n');
    await ambos('');
    await ambos(nomes.join(';') + '\n');
    await ambos(nomes.join(';') + ';cor\n');
  });

  it('ISO-8859-1 bytes read as UTF-8, and read with the flag', async () => {
    const latin = iconv.encode(csv([{ ...BOA, nome: 'Conceição', nomeMae: 'Açucena' }]), 'latin1');
    expect((await ambos(latin)).erros.map((e) => e.coluna)).toEqual(['nome', 'nomeMae']);
    expect(await ambos(latin, { codificacao: 'iso-8859-1' })).toMatchObject({ erros: [] });
  });

  it('a good file: the same report; applied by COPY, then row by row it is all unchanged', async () => {
    const arquivo = csv([
      { ...BOA, cpf: `${TITULAR.slice(0, 3)}.${TITULAR.slice(3, 6)}.${TITULAR.slice(6, 9)}-${TITULAR.slice(9)}` },
      {
        ...BOA,
        codigoBeneficiario: '9100010002',
        cpf: cpfFromBase('620000002'),
        cns: '',
        codigoBeneficiarioTitular: '9100010001',
        relacaoDependencia: 'FILHO(A)',
        sexo: 'masculino',
        dataNascimento: '09/07/2012',
        email: 'BIA@Example.com',
        celular: '(11) 91234-0000',
        cco: '',
        codigoMunicipioIBGE: '',
      },
    ]);
    expect(await ambos(arquivo)).toMatchObject({ status: 'validado', incluidos: 2, erros: [] });
    expect(await importar(t.db, de(arquivo), { ...opcoes, dryRun: false })).toMatchObject({
      status: 'aplicado',
      incluidos: 2,
    });
    expect(await importar(semCopia(t.db), de(arquivo), { ...opcoes, dryRun: false })).toMatchObject({
      status: 'aplicado',
      incluidos: 0,
      alterados: 0,
      inalterados: 2,
    });
  });
});
