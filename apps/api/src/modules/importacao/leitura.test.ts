import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { cpfFromBase } from '@portal/br';
import { TEXTO_COM_CONTROLE, TEXTO_COM_CONTROLE_DE_DIRECAO } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/helper';
import { importar, LAYOUTS, obterImportacao, type OpcoesImportacao, type Relatorio } from './index';
import { MAX_REGISTRO, MENSAGEM_REGISTRO_GRANDE } from './leitura';

/**
 * Issue 30, defects 3 and 9: what an import file may hold. A record past 64 KiB stops the file at
 * its line, found while the file streams (never held whole); a control character or a bidirectional
 * control is a bad value like any other (line, column, message), and a file that is not text is
 * refused as such. beneficiarios: on PostgreSQL (TEST_PG_URL) its CSV takes the COPY path
 * (decision 0037), on PGlite csv-parse — the same reports on both.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const nomes = LAYOUTS.beneficiarios.colunas.map((c) => c.nome);
const BOA: Record<string, string> = {
  codigoBeneficiario: '9300010001',
  codigoContrato: '100234',
  cpf: cpfFromBase('630000001'),
  nome: 'Ana Leitura',
  sexo: 'F',
  dataNascimento: '1980-05-02',
  dataContratacao: '2024-01-01',
};
const linhaCsv = (l: Record<string, string>) => nomes.map((n) => l[n] ?? '').join(';');
const csv = (...linhas: Record<string, string>[]) => [nomes.join(';'), ...linhas.map(linhaCsv)].join('\n') + '\n';
const jsonl = (...linhas: Record<string, string>[]) => linhas.map((l) => JSON.stringify(l)).join('\n') + '\n';

const opcoes: OpcoesImportacao = {
  entidade: 'beneficiarios',
  formato: 'csv',
  modo: 'incremental',
  dryRun: true,
  origem: 'cli',
};
const de = (texto: string | Buffer) => Readable.from([typeof texto === 'string' ? Buffer.from(texto) : texto]);
const imp = (arquivo: string | Buffer | Readable, o: Partial<OpcoesImportacao> = {}) =>
  importar(t.db, arquivo instanceof Readable ? arquivo : de(arquivo), { ...opcoes, ...o });

/** The report as the history keeps it (the server's GET answers it): what the operator sees. */
async function guardado(r: Relatorio) {
  const i = await obterImportacao(t.db, r.id);
  return { status: i?.status, erros: i?.erros };
}

/**
 * `prefixo`, then `x` in 64 KiB chunks up to `total` bytes — a line that does not end — and then
 * nothing until `terminar()`: an import that answers before that stopped while the file streamed.
 */
function linhaSemFim(prefixo: string, total: number) {
  let enviados = 0;
  const fonte = new Readable({
    read() {
      if (enviados === 0) {
        enviados = prefixo.length;
        this.push(prefixo);
      } else if (enviados < total) {
        const n = Math.min(64 * 1024, total - enviados);
        enviados += n;
        this.push(Buffer.alloc(n, 'x'));
      }
    },
  });
  return {
    fonte,
    terminar: () => {
      fonte.push('\n');
      fonte.push(null);
    },
  };
}

describe('a record past 64 KiB (issue 30, defect 3)', () => {
  it('CSV: refused at the line where it passes the limit, before the line (or the file) ends', async () => {
    const { fonte, terminar } = linhaSemFim(`${csv(BOA)}9300010002;100234;`, 2 * 1024 * 1024);
    const r = await imp(fonte);
    terminar();
    expect(r.status).toBe('recusado');
    expect(r.erros).toEqual([{ linha: 3, coluna: '', valor: '', mensagem: MENSAGEM_REGISTRO_GRANDE }]);
    expect(MENSAGEM_REGISTRO_GRANDE).toMatch(/^Registro maior que 64 KiB/);
    expect(await guardado(r)).toEqual({ status: 'recusado', erros: r.erros });
  });

  it('JSON Lines: refused at the line where it passes the limit, before the line ends', async () => {
    const { fonte, terminar } = linhaSemFim(`${jsonl(BOA)}{"nome":"`, 2 * 1024 * 1024);
    const r = await imp(fonte, { formato: 'jsonl' });
    terminar();
    expect(r).toMatchObject({ status: 'recusado', linhas: 2 });
    expect(r.erros).toEqual([{ linha: 2, coluna: '', valor: '', mensagem: MENSAGEM_REGISTRO_GRANDE }]);
  });

  it('a CSV header past the limit is refused at line 1', async () => {
    const r = await imp(`${'y'.repeat(MAX_REGISTRO + 10)}\n`);
    expect(r.erros).toEqual([{ linha: 1, coluna: '', valor: '', mensagem: MENSAGEM_REGISTRO_GRANDE }]);
  });

  it('a record under the limit is read as any other: its long value is reported by its column', async () => {
    const r = await imp(csv(BOA, { ...BOA, codigoBeneficiario: '9300010002', nome: 'n'.repeat(60 * 1024) }));
    expect(r.erros).toEqual([
      { linha: 3, coluna: 'nome', valor: 'n'.repeat(200), mensagem: 'Texto com mais de 120 caracteres.' },
    ]);
  });
});

describe('control characters and bidirectional controls are bad values (issue 30, defect 9)', () => {
  const recusa = (linha: number, coluna: string, valor: string, mensagem: string) => ({
    status: 'recusado',
    erros: [{ linha, coluna, valor, mensagem }],
  });

  it('CSV: a NUL in a name is refused with its line, column and message (the report is kept)', async () => {
    const r = await imp(csv(BOA, { ...BOA, codigoBeneficiario: '9300010002', nome: 'Ana\u0000Leitura' }));
    expect(await guardado(r)).toEqual(recusa(3, 'nome', 'Ana\uFFFDLeitura', TEXTO_COM_CONTROLE));
  });

  it('CSV: ESC and a C1 control too; a tab inside a value is kept', async () => {
    const r = await imp(
      csv(
        { ...BOA, nome: 'Ana\tLeitura' },
        { ...BOA, codigoBeneficiario: '9300010002', nome: 'Ana\u001bLeitura' },
        { ...BOA, codigoBeneficiario: '9300010003', nomeMae: 'Bia\u0085' },
      ),
    );
    expect(r.erros).toEqual([
      { linha: 3, coluna: 'nome', valor: 'Ana\uFFFDLeitura', mensagem: TEXTO_COM_CONTROLE },
      { linha: 4, coluna: 'nomeMae', valor: 'Bia\uFFFD', mensagem: TEXTO_COM_CONTROLE },
    ]);
  });

  it('JSON Lines: a \\u0000 in a name is refused with its line and column', async () => {
    const r = await imp(jsonl(BOA, { ...BOA, codigoBeneficiario: '9300010002', nome: 'Ana\u0000Leitura' }), {
      formato: 'jsonl',
    });
    expect(await guardado(r)).toEqual(recusa(2, 'nome', 'Ana\uFFFDLeitura', TEXTO_COM_CONTROLE));
  });

  it('U+202E (right-to-left override) and U+2066 (isolate) in a name are refused', async () => {
    const r = await imp(
      csv(
        { ...BOA, nome: 'Ana \u202eardnas' },
        { ...BOA, codigoBeneficiario: '9300010002', nome: 'Ana \u2066Leitura\u2069' },
      ),
    );
    expect(r.erros).toEqual([
      { linha: 2, coluna: 'nome', valor: 'Ana \uFFFDardnas', mensagem: TEXTO_COM_CONTROLE_DE_DIRECAO },
      { linha: 3, coluna: 'nome', valor: 'Ana \uFFFDLeitura\uFFFD', mensagem: TEXTO_COM_CONTROLE_DE_DIRECAO },
    ]);
  });

  it('a NUL in the header: the unknown column is reported (and kept), not a failed import', async () => {
    const r = await imp(
      csv(BOA)
        .replace('\n', ';co\u0000r\n')
        .replace(/\n(.+)\n$/, '\n$1;x\n'),
    );
    expect(await guardado(r)).toEqual(
      recusa(1, 'co\uFFFDr', 'co\uFFFDr', 'Coluna desconhecida no layout desta entidade.'),
    );
  });
});

describe('a file that is not text is refused as such, with one message (issue 30, defect 9)', () => {
  const uma = (mensagem: string) => ({ status: 'recusado', erros: [{ linha: 1, coluna: '', valor: '', mensagem }] });

  it('a gzip sent as CSV', async () => {
    const r = await imp(gzipSync(csv(BOA)));
    expect(await guardado(r)).toEqual(
      uma('O arquivo não é um CSV em texto: ele está compactado com gzip (descompacte-o e envie o arquivo de texto).'),
    );
  });

  it('a gzip sent as JSON Lines', async () => {
    const r = await imp(gzipSync(jsonl(BOA)), { formato: 'jsonl' });
    expect(r.erros).toEqual(
      uma(
        'O arquivo não é um JSON Lines em texto: ele está compactado com gzip (descompacte-o e envie o arquivo de texto).',
      ).erros,
    );
  });

  it('binary bytes without a known signature', async () => {
    const binario = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7) % 256));
    const r = await imp(binario);
    expect(r.erros).toEqual(
      uma(
        'O arquivo não é um CSV em texto: ele tem bytes de controle demais para um texto (parece um arquivo binário).',
      ).erros,
    );
  });
});
