import { request } from 'node:http';
import { cpfFromBase } from '@portal/br';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/helper';
import { LAYOUTS } from '../importacao';
import { MENSAGEM_REGISTRO_GRANDE } from '../importacao/leitura';
import { ChavesDeIntegracao, ChavesRepository } from './index';

/**
 * Issue 30, defects 3 and 7, over real HTTP: a file with a line that never ends is refused while it
 * streams, the other calls answered meanwhile; an upload that trickles in is cut (408) and its
 * entity's import lock released. The minimum pace is made small here (1 KiB/s after 300 ms) so the
 * test waits for the cut, not for the production bound (10 KiB/s after 30 s).
 */
let t: TestApp;
let importar: string;
beforeAll(async () => {
  t = await startApp({
    env: { INTEGRACAO_ENVIO_CARENCIA_MS: '300', INTEGRACAO_ENVIO_TAXA_MINIMA: '1024' },
  });
  const chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
  importar = (await chaves.criar({ nome: 'ERP envio', escopos: ['importar'] })).chave;
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${importar}` });
const PRODUTOS =
  'codigoPlano;nomePlano;numeroPlanoANS;segmentacao;acomodacao;abrangencia;coparticipativo\n' +
  '9301;Plano Envio;;AMBULATORIAL;ENFERMARIA;;N\n';

interface Importacao {
  status: string;
  erros: { linha: number; coluna: string; valor: string; mensagem: string }[];
}

/** Follows an import until it leaves em_andamento (bounded). */
async function acompanhar(local: string): Promise<Importacao> {
  for (let i = 0; i < 200; i++) {
    const r = await t.client().get<Importacao>(local, { headers: auth() });
    if (r.body.status !== 'em_andamento') return r.body;
    await new Promise((s) => setTimeout(s, 50));
  }
  throw new Error(`import ${local} still running`);
}

describe('a line that never ends, through the integration API (issue 30, defect 3)', () => {
  it('is refused at its line while the file still streams; other calls answer meanwhile', async () => {
    const nomes = LAYOUTS.beneficiarios.colunas.map((c) => c.nome);
    const boa: Record<string, string> = {
      codigoBeneficiario: '9300020001',
      codigoContrato: '100234',
      cpf: cpfFromBase('630000011'),
      nome: 'Ana Envio',
      sexo: 'F',
      dataNascimento: '1980-05-02',
      dataContratacao: '2024-01-01',
    };
    const inicio = `${nomes.join(';')}\n${nomes.map((n) => boa[n] ?? '').join(';')}\n9300020002;100234;`;
    // The body: the header, a good row, then 4 MB of one line — and no end until the test says.
    let enviados = 0;
    let megaEnviado!: () => void;
    const umMega = new Promise<void>((r) => (megaEnviado = r));
    let terminar!: () => void;
    const fim = new Promise<void>((r) => (terminar = r));
    const corpo = new ReadableStream<Uint8Array>({
      async pull(ctrl) {
        if (enviados === 0) {
          enviados = inicio.length;
          ctrl.enqueue(Buffer.from(inicio));
        } else if (enviados < 4 * 1024 * 1024) {
          enviados += 64 * 1024;
          ctrl.enqueue(Buffer.alloc(64 * 1024, 'x'));
          if (enviados >= 1024 * 1024) megaEnviado();
        } else {
          await fim;
          ctrl.close();
        }
      },
    });
    const envio = fetch(`${t.url}/api/integracao/v1/importacoes/beneficiarios?dryRun=true`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'text/csv' },
      body: corpo,
      duplex: 'half',
    } as RequestInit);

    // While the long line streams, other calls (a public one, one of the integration API) answer.
    await umMega;
    const publica = await t.client().get('/api/GuiaMedico/Cidades');
    const lista = await t.client().get('/api/integracao/v1/importacoes', { headers: auth() });
    expect([publica.status, lista.status]).toEqual([200, 200]);

    // The upload is answered before its body ends: the importer stopped at the limit.
    const r = await envio;
    expect(r.status).toBe(202);
    const { local } = (await r.json()) as { local: string };
    terminar();
    expect(await acompanhar(local)).toMatchObject({
      status: 'recusado',
      erros: [{ linha: 3, coluna: '', valor: '', mensagem: MENSAGEM_REGISTRO_GRANDE }],
    });
  });
});

describe('an upload that trickles in (issue 30, defect 7)', () => {
  it('is cut with 408 in Portuguese, and the next import of that entity is accepted', async () => {
    // One line, then nothing (but the connection stays open): under the silence bound, below the pace.
    const resposta = await new Promise<{ status: number; corpo: string }>((resolve, reject) => {
      const req = request(`${t.url}/api/integracao/v1/importacoes/produtos`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let corpo = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (corpo += d));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, corpo });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(PRODUTOS.split('\n')[0] + '\n');
    });
    expect(resposta.status).toBe(408);
    expect(JSON.parse(resposta.corpo)).toMatchObject({
      code: 'DADOS_INVALIDOS',
      message:
        'O arquivo chegou devagar demais (menos de 1 KiB/s em média depois de 300 ms): o envio foi interrompido e a importação não foi feita. Envie o arquivo de novo por uma conexão mais rápida.',
    });

    const depois = await t.client().post<{ local: string }>('/api/integracao/v1/importacoes/produtos', undefined, {
      raw: PRODUTOS,
      headers: { ...auth(), 'content-type': 'text/csv' },
    });
    expect(depois.status).toBe(202);
    expect(await acompanhar(depois.body.local)).toMatchObject({ status: 'aplicado' });
  });
});
