import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BENEFICIARIO, CONTRATO, CPF, HOJE, startApp, type Client, type TestApp } from '../../../test/helper';
import { enviarAnexo as enviar, pdfCru, pedidoDeReembolso } from '../../../test/reembolso';
import { lerPdf } from '../../../../../test/pdf-text';
import { importar } from '../importacao';
import { ChavesDeIntegracao, ChavesRepository } from '../integracao';
import { ClienteClamav } from './clamav';
import { formatarNumeroProtocolo } from '@portal/contract';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

type Perfil = { codigoSessao: number };
type Json = Record<string, unknown>;

async function pdf(texto = 'Recibo de consulta'): Promise<Buffer> {
  const doc = new PDFDocument();
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  doc.text(texto);
  doc.end();
  await once(doc, 'end');
  return Buffer.concat(partes);
}

/** A whole PDF of about `tamanho` bytes (a long comment), with a right cross-reference table. */
const pdfDeTamanho = (tamanho: number, marca = '') => pdfCru(`${marca}${'x'.repeat(tamanho)}`);

const jpeg = (cor = '#c33') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: cor } })
    .jpeg()
    .toBuffer();

/** A PNG whose header says `largura` × `altura` (a zip-bomb image: tiny file, huge canvas). */
async function pngDeclarando(largura: number, altura: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(largura, 16);
  png.writeUInt32BE(altura, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(b: Buffer): number {
  let c = ~0;
  for (const byte of b) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** One file, as the web app sends it: the bytes as the body, the session code in a header. */

/** A PDF answer's bytes, as the browser downloads it. */
async function baixar(c: Client, path: string, body: Json) {
  const r = await fetch(c.baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${c.token ?? (await c.newToken())}`,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': c.ip,
    },
    body: JSON.stringify(body),
  });
  return { status: r.status, tipo: r.headers.get('content-type'), bytes: new Uint8Array(await r.arrayBuffer()) };
}

const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

const bytesGuardados = async (id: string) => {
  const partes = await t.db.query<{ dados: Uint8Array }>(
    `select p.dados from reembolso_anexos a join reembolso_conteudo_partes p on p.sha256 = a.sha256
      where a.id = $1 order by p.ordem`,
    [id],
  );
  return Buffer.concat(partes.map((p) => Buffer.from(p.dados)));
};

async function anexar(c: Client, perfil: Perfil, documento = 'comprovante_pagamento', corpo?: Buffer) {
  const r = await enviar(c, perfil, corpo ?? (await pdf(`${documento} ${randomUUID()}`)), {
    documento,
    nome: `${documento}.pdf`,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as string;
}

const pedido = pedidoDeReembolso;

const solicitar = (c: Client, perfil: Perfil, body: Json, chave?: string) =>
  c.post<Json>(
    '/api/Reembolso/Solicitar',
    { perfilAutenticado: perfil, ...body },
    chave ? { headers: { 'idempotency-key': chave } } : {},
  );

describe('POST /api/Reembolso/Anexos', () => {
  it('stores a PDF once per SHA-256: two uploads of the same bytes are two attachments over one content', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const arquivo = await pdf('mesmo recibo');
    const a = await enviar(c, perfil, arquivo, { nome: 'C:\\fotos\\recibo "maio".pdf' });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({
      id: expect.stringMatching(/^anx_[0-9a-f]{32}$/),
      documento: 'comprovante_pagamento',
      nomeArquivo: 'recibo maio.pdf',
      tipoArquivo: 'application/pdf',
      tamanho: arquivo.length,
      criadoEm: expect.any(String),
    });
    const b = await enviar(c, perfil, arquivo);
    expect(b.status).toBe(200);
    expect(b.body.id).not.toBe(a.body.id);
    const [sha] = await t.db.query<{ sha256: string }>('select sha256 from reembolso_anexos where id = $1', [
      a.body.id,
    ]);
    expect(await count('reembolso_conteudos where sha256 = $1', [sha!.sha256])).toBe(1);
    expect((await bytesGuardados(a.body.id as string)).equals(arquivo)).toBe(true);
  });

  it('a retry with the same Idempotency-Key returns the same attachment; other bytes under it are refused', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const chave = randomUUID();
    const arquivo = await pdf('retry');
    const rs = await Promise.all([1, 2, 3].map(() => enviar(c, perfil, arquivo, { chave })));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(rs.map((r) => r.body.id)).size).toBe(1);
    expect(await count('reembolso_anexos where chave_idempotencia = $1', [chave])).toBe(1);
    const outro = await enviar(c, perfil, await pdf('outro'), { chave });
    expect(outro.status).toBe(422);
    expect(outro.body).toMatchObject({ code: 'IDEMPOTENCIA_CONFLITO' });
  });

  it('images are re-encoded without metadata: the GPS EXIF of the photo is not stored', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const foto = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a6' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'CameraDoCelular', Model: 'X1' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '23/1 33/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '46/1 38/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(foto).metadata()).exif).toBeDefined();
    expect(foto.includes(Buffer.from('CameraDoCelular'))).toBe(true);
    const r = await enviar(c, perfil, foto, { documento: 'pedido_medico', nome: 'pedido.jpeg', tipo: 'image/jpeg' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ tipoArquivo: 'image/jpeg', nomeArquivo: 'pedido.jpg' });
    const guardado = await bytesGuardados(r.body.id as string);
    const meta = await sharp(guardado).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect(meta.exif).toBeUndefined();
    expect(guardado.includes(Buffer.from('CameraDoCelular'))).toBe(false);
    // A PNG is re-encoded too.
    const png = await enviar(c, perfil, await sharp(foto).png().toBuffer());
    expect(png.body).toMatchObject({ tipoArquivo: 'image/png', nomeArquivo: 'comprovante_pagamento.png' });
  });

  it('a HEIC photo (iPhone) is decoded and stored as JPEG', async () => {
    // 96 × 64, made with libheif's heif-enc (Debian's libheif-examples) from a sharp JPEG.
    const heic = Buffer.from(
      'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAT9tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFjAAEAAAAAAAAAHQAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAv2lwcnAAAAChaXBjbwAAAHVodmNDAQNwAAAAAAAAAAAAHvAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAHroCQCEAAQAoQgEBA3AAAAMAkAAAAwAAAwAeoDCBBZbqSSmubAgAAAMACAAAAwAIQCIAAQAHRAHBcrAiQAAAABRpc3BlAAAAAAAAAGAAAABAAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAoMAAAAlbWRhdAAAABkoAa8TgOaocNO/iUf+S6v/Oc6tJ5vZEMkm',
      'base64',
    );
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const r = await enviar(c, perfil, heic, { nome: 'IMG_0001.HEIC', tipo: 'image/heic' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ tipoArquivo: 'image/jpeg', nomeArquivo: 'IMG_0001.jpg' });
    expect(await sharp(await bytesGuardados(r.body.id as string)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 96,
      height: 64,
    });
    // A HEIC header with nothing decodable after it.
    const quebrado = await enviar(c, perfil, Buffer.concat([heic.subarray(0, 40), Buffer.alloc(200, 1)]));
    expect(quebrado.status).toBe(422);
    expect(quebrado.body).toMatchObject({ code: 'ARQUIVO_INVALIDO' });
  });

  it('refuses by content, size, dimensions and integrity, in Portuguese, storing nothing', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const antes = await count('reembolso_anexos');
    const conteudos = await count('reembolso_conteudos');
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 7)]);
    const inteiro = await pdf('para cortar');
    const casos: [string, Buffer | Readable, number, Json][] = [
      [
        '.exe renamed .pdf',
        exe,
        415,
        { code: 'ARQUIVO_INVALIDO', message: expect.stringContaining('Envie PDF, JPEG, PNG ou HEIC') },
      ],
      ['text', Buffer.from('apenas texto, não é documento'), 415, { code: 'ARQUIVO_INVALIDO' }],
      [
        'over 10 MB (Content-Length)',
        Buffer.alloc(10 * 1024 * 1024 + 1, 1),
        413,
        {
          code: 'PAYLOAD_GRANDE',
          message: 'O arquivo passa do limite de 10 MB. Envie um arquivo menor.',
        },
      ],
      [
        'over 10 MB (streamed, no length)',
        Readable.from([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024, 1)]),
        413,
        {
          code: 'PAYLOAD_GRANDE',
        },
      ],
      [
        'zip-bomb PNG (20000 × 20000 declared)',
        await pngDeclarando(20000, 20000),
        422,
        {
          code: 'ARQUIVO_INVALIDO',
          message:
            'A imagem tem 20000 × 20000 pixels, acima do limite de 8000 × 8000. Envie uma foto com resolução menor.',
        },
      ],
      [
        'truncated PDF',
        inteiro.subarray(0, Math.floor(inteiro.length / 2)),
        422,
        {
          code: 'ARQUIVO_INVALIDO',
          message: 'O PDF está corrompido ou incompleto. Baixe o documento de novo ou envie uma foto dele.',
        },
      ],
      [
        'PDF header and garbage',
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500, 0x41), Buffer.from('\n%%EOF\n')]),
        422,
        {
          code: 'ARQUIVO_INVALIDO',
        },
      ],
      [
        'corrupt JPEG',
        Buffer.concat([(await jpeg()).subarray(0, 200), Buffer.alloc(300, 0)]),
        422,
        {
          code: 'ARQUIVO_INVALIDO',
          message: 'A imagem está corrompida ou incompleta. Tire a foto de novo.',
        },
      ],
      ['empty', Buffer.alloc(0), 422, { code: 'ARQUIVO_INVALIDO', message: 'O arquivo está vazio.' }],
    ];
    for (const [nome, corpo, status, body] of casos) {
      const r = await enviar(c, perfil, corpo, { nome: 'recibo.pdf', tipo: 'application/pdf' });
      expect(r.status, nome).toBe(status);
      expect(r.body, nome).toMatchObject({ sucesso: false, ...body });
    }
    expect((await enviar(c, perfil, await pdf(), { documento: 'foto' })).status).toBe(400);
    expect(await count('reembolso_anexos')).toBe(antes);
    expect(await count('reembolso_conteudos')).toBe(conteudos);
  });

  it('needs the session code header and its cookie; a cancelled plan stores nothing', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    expect((await enviar(c, perfil, await pdf(), { semSessao: true })).status).toBe(401);
    const outro = t.client();
    expect((await enviar(outro, perfil, await pdf())).status).toBe(401);
    const antigo = await t.membro(CPF.maria, CONTRATO.mariaCancelado);
    const r = await enviar(antigo.c, antigo.perfil, await pdf());
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'PLANO_CANCELADO' });
  });

  it("refuses past the member's quota", async () => {
    const q = await startApp({ env: { REEMBOLSO_COTA_MB: '1' } });
    try {
      const { c, perfil } = await q.membro(CPF.roberto);
      // ~0.6 MB PDFs: the first fits, the second passes 1 MB.
      const recheado = (n: number) => pdfDeTamanho(600_000, String(n));
      expect((await enviar(c, perfil, await recheado(1))).status).toBe(200);
      const r = await enviar(c, perfil, await recheado(2));
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({
        code: 'COTA_EXCEDIDA',
        message: 'Você atingiu o limite de 1 MB de anexos de reembolso. Fale com a Central de Atendimento.',
      });
    } finally {
      await q.close();
    }
  });
});

describe('ClamAV (clamd INSTREAM)', () => {
  const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
  let dir: string;
  let servidor: Server;
  let socket: string;
  let recebidos: Buffer[] = [];

  /** A stand-in for clamd that speaks INSTREAM and finds EICAR, as the real engine does. */
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clamd-'));
    socket = join(dir, 'clamd.ctl');
    servidor = createServer((con) => {
      let dados = Buffer.alloc(0);
      con.on('data', (d: Buffer) => {
        dados = Buffer.concat([dados, d]);
        const comando = Buffer.from('zINSTREAM\0');
        if (!dados.subarray(0, comando.length).equals(comando)) return;
        let i = comando.length;
        const corpo: Buffer[] = [];
        while (i + 4 <= dados.length) {
          const n = dados.readUInt32BE(i);
          if (n === 0) {
            const arquivo = Buffer.concat(corpo);
            recebidos.push(arquivo);
            con.end(arquivo.includes(Buffer.from(EICAR)) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
            return;
          }
          if (i + 4 + n > dados.length) return;
          corpo.push(dados.subarray(i + 4, i + 4 + n));
          i += 4 + n;
        }
      });
    });
    servidor.listen(socket);
    await once(servidor, 'listening');
  });
  afterAll(async () => {
    servidor.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the client sends the file in length-prefixed chunks and reads the verdict', async () => {
    recebidos = [];
    const grande = Buffer.alloc(200 * 1024, 3);
    expect(await new ClienteClamav(socket).varrer(Readable.from([grande]))).toEqual({ limpo: true });
    expect(recebidos[0]!.equals(grande)).toBe(true);
    expect(await new ClienteClamav(socket).varrer(Readable.from([Buffer.from(EICAR)]))).toEqual({
      limpo: false,
      virus: 'Eicar-Test-Signature',
    });
    await expect(new ClienteClamav(join(dir, 'nada.ctl')).varrer(Readable.from([grande]))).rejects.toThrow();
  });

  it('with CLAMAV_SOCKET an infected upload is refused with a clear message; clamd down refuses too', async () => {
    const q = await startApp({ env: { CLAMAV_SOCKET: socket } });
    try {
      const { c, perfil } = await q.membro(CPF.maria, CONTRATO.maria);
      const limpo = await enviar(c, perfil, await pdf('limpo'));
      expect(limpo.status).toBe(200);
      const infectado = await enviar(c, perfil, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(EICAR)]));
      expect(infectado.status).toBe(422);
      expect(infectado.body).toMatchObject({
        code: 'ARQUIVO_INFECTADO',
        message:
          'O arquivo foi recusado: o antivírus encontrou Eicar-Test-Signature. Envie outro arquivo (por exemplo, uma foto do documento).',
      });
      expect(await q.db.query('select 1 from reembolso_anexos where cpf = $1', [CPF.maria])).toHaveLength(1);
    } finally {
      await q.close();
    }
    const fora = await startApp({ env: { CLAMAV_SOCKET: join(dir, 'desligado.ctl') } });
    try {
      const { c, perfil } = await fora.membro(CPF.maria, CONTRATO.maria);
      const r = await enviar(c, perfil, await pdf());
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 'INDISPONIVEL' });
    } finally {
      await fora.close();
    }
  });
});

describe('POST /api/Reembolso/Previa', () => {
  it("table amount × the plan's multiple − co-participation, capped by the amount paid, said to be an estimate", async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const previa = (body: Json) => c.post<Json>('/api/Reembolso/Previa', { perfilAutenticado: perfil, ...body });
    // Consulta: R$ 150,00 × 2 = R$ 300,00, minus 20 % co-participation (Maria's plan is co-participative).
    const r = await previa({ tipo: 'consulta', valorPago: 500 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      estimativa: true,
      valorEstimado: 240,
      valorTabela: 150,
      multiplo: 2,
      coparticipacao: 60,
      coparticipacaoPercentual: 20,
      valorPago: 500,
      limitadoAoValorPago: false,
      referencia: 'Consulta (tabela geral)',
      // In words, part by part (estimativa.test.ts).
      partes: expect.any(Array),
      mensagem:
        'Estimativa de R$\u00a0240,00: é uma prévia pela tabela de reembolso do seu plano, não uma garantia. O valor final é definido na análise dos documentos.',
    });
    // A TUSS code the table prices on its own.
    expect((await previa({ tipo: 'consulta', codigoTuss: '10101012', valorPago: 500 })).body).toMatchObject({
      valorEstimado: 288,
      referencia: 'TUSS 10101012 - Consulta em consultório',
    });
    // Never more than was paid.
    expect((await previa({ tipo: 'consulta', valorPago: 100 })).body).toMatchObject({
      valorEstimado: 100,
      limitadoAoValorPago: true,
    });
    // Roberto's plan: multiple 1, not co-participative.
    const roberto = await t.membro(CPF.roberto);
    const rr = await roberto.c.post<Json>('/api/Reembolso/Previa', {
      perfilAutenticado: roberto.perfil,
      tipo: 'consulta',
      valorPago: 500,
    });
    expect(rr.body).toMatchObject({ valorEstimado: 150, multiplo: 1, coparticipacao: 0 });
    for (const [body, message] of [
      [{ tipo: 'consulta', valorPago: 0 }, 'O valor pago deve ser maior que zero.'],
      [{ tipo: 'consulta', valorPago: 10_000_000 }, 'O valor pago passa do limite de R$ 500.000,00. Confira o valor.'],
      [{ tipo: 'cirurgia', valorPago: 10 }, 'Selecione o tipo de atendimento.'],
      [{ tipo: 'exame', codigoTuss: '123', valorPago: 10 }, 'Código TUSS inválido: informe os 8 números.'],
    ] as const) {
      const bad = await previa(body);
      expect(bad.status, message).toBe(400);
      expect(bad.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
  });
});

describe('POST /api/Reembolso/Solicitar and the operator side', () => {
  afterEach(() => t.clock.set(HOJE));

  it('happy path: a protocol, the 30-day deadline, the webhook, the notice; a retry with the key is the same request', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const comprovante = await anexar(c, perfil);
    const pedidoMedico = await anexar(c, perfil, 'pedido_medico', await jpeg('#123'));
    const chave = randomUUID();
    const body = pedido([comprovante, pedidoMedico], { tipo: 'exame', codigoTuss: '40901114', valorPago: 420.5 });
    const r = await solicitar(c, perfil, body, chave);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      sucesso: true,
      mensagem: `Pedido de reembolso enviado. Protocolo ${r.body.protocolo as string}.`,
      protocolo: expect.stringMatching(/^41729720260310\d{6}$/),
      prazoResposta: '2026-04-09',
      prazoPagamento: '2026-04-09',
    });
    const protocolo = r.body.protocolo as string;
    const again = await solicitar(c, perfil, body, chave);
    expect(again.body).toEqual(r.body);
    expect(await count('reembolsos where protocolo = $1', [protocolo])).toBe(1);
    expect(
      (
        await t.db.query('select tipo, situacao, codigo_beneficiario from protocolos where numero = $1', [protocolo])
      )[0],
    ).toEqual({ tipo: 'REEMBOLSO', situacao: 'ABERTO', codigo_beneficiario: BENEFICIARIO.anaClara });
    expect(
      (
        await t.db.query<{ tipo: string; payload: { data: Json } }>(
          `select tipo, payload from webhook_mensagens where payload->'data'->>'protocolo' = $1 order by criado_em, tipo`,
          [protocolo],
        )
      ).map((m) => [m.tipo, m.payload.data.acao]),
    ).toEqual([
      ['protocolo.criado', 'analisar_reembolso'],
      ['reembolso.solicitado', 'analisar_reembolso'],
    ]);
    expect(await count('outbox where mensagem like $1', [`%${formatarNumeroProtocolo(protocolo)}%`])).toBe(1);
    // The estimate shown is kept: US abdome R$ 160 × 2 − 10 %.
    const detalhe = await c.post<Json>('/api/Reembolso/Detalhe', { perfilAutenticado: perfil, protocolo });
    expect(detalhe.status).toBe(200);
    expect(detalhe.body).toMatchObject({
      protocolo,
      tipo: 'exame',
      beneficiario: 'Ana Clara Souza',
      situacao: 'recebido',
      valorPago: 420.5,
      valorPrevia: 288,
      prazoPagamento: '2026-04-09',
      conselho: 'CRM 123456/SP',
      pagamento: 'PIX (CPF) ***.982.247-**',
      anexos: [expect.objectContaining({ id: comprovante }), expect.objectContaining({ id: pedidoMedico })],
      historico: [
        { em: expect.any(String), situacao: 'recebido', descricao: 'Pedido de reembolso recebido pelo portal.' },
      ],
    });
    // An attachment goes into one request only.
    const reuso = await solicitar(c, perfil, pedido([comprovante]));
    expect(reuso.status).toBe(409);

    // The operator asks for a document: 'pendente', the clock stops.
    const { reembolso } = t.app.services;
    expect((await reembolso.filaOperador()).map((x) => x.protocolo)).toContain(protocolo);
    await reembolso.iniciarAnalise(protocolo, 'atendente:ana');
    const pendente = await reembolso.pedirDocumentos(protocolo, 'Envie a nota fiscal do exame.', 'atendente:ana');
    expect(pendente).toMatchObject({
      situacao: 'pendente',
      prazoPagamento: null,
      pergunta: 'Envie a nota fiscal do exame.',
    });
    await expect(
      reembolso.aprovar(protocolo, { valor: 100, previsaoPagamento: '2026-03-20' }, 'x'),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    // Five days later Maria signs in and answers with the invoice: the 30 days count again from that day.
    t.clock.advance(5 * 24 * 3600 * 1000);
    const depois = await t.membro(CPF.maria, CONTRATO.maria);
    const nf = await anexar(depois.c, depois.perfil, 'nota_fiscal');
    const resposta = await depois.c.post<Json>('/api/Reembolso/ResponderPendencia', {
      perfilAutenticado: depois.perfil,
      protocolo,
      anexos: [nf],
      mensagem: 'Segue a nota fiscal.',
    });
    expect(resposta.status, JSON.stringify(resposta.body)).toBe(200);
    expect(resposta.body).toEqual({
      sucesso: true,
      mensagem: 'Documentos enviados. O novo prazo para pagamento é 14/04/2026.',
      prazoPagamento: '2026-04-14',
    });
    expect(
      (
        await depois.c.post<Json>('/api/Reembolso/ResponderPendencia', {
          perfilAutenticado: depois.perfil,
          protocolo,
          anexos: [nf],
        })
      ).status,
    ).toBe(409);
    const aprovado = await reembolso.aprovar(
      protocolo,
      { valor: 288, previsaoPagamento: '2026-03-25' },
      'atendente:ana',
    );
    expect(aprovado).toMatchObject({ situacao: 'aprovado', valorAprovado: 288, previsaoPagamento: '2026-03-25' });
    await expect(
      reembolso.aprovar(protocolo, { valor: 1000, previsaoPagamento: '2026-03-25' }, 'x'),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    const pago = await reembolso.marcarPago(protocolo, {}, 'financeiro');
    expect(pago).toMatchObject({ situacao: 'pago', pagoEm: '2026-03-15' });
    const final = await depois.c.post<Json>('/api/Reembolso/Detalhe', { perfilAutenticado: depois.perfil, protocolo });
    expect((final.body.historico as Json[]).map((e) => e.situacao)).toEqual([
      'recebido',
      'em_analise',
      'pendente',
      'em_analise',
      'aprovado',
      'pago',
    ]);
    expect((await t.db.query('select situacao from protocolos where numero = $1', [protocolo]))[0]).toEqual({
      situacao: 'CONCLUIDO',
    });
    expect(
      await count(`webhook_mensagens where tipo = 'reembolso.atualizado' and payload->'data'->>'protocolo' = $1`, [
        protocolo,
      ]),
    ).toBe(5);
    // Each step (analysis, pendente, analysis, approval, payment) is a line of the protocol's history,
    // as 'Meus Protocolos' shows it.
    expect(
      (
        await t.db.query<{ situacao: string }>(
          'select situacao from protocolo_eventos where numero = $1 order by em, id',
          [protocolo],
        )
      ).map((e) => e.situacao),
    ).toEqual(['ABERTO', 'EM_ANALISE', 'EM_ANALISE', 'EM_ANALISE', 'EM_ANALISE', 'CONCLUIDO']);
    // The last one carries the amounts as they stood after the payment (no name, CPF or bank data).
    const [pagoEvento] = await t.db.query<{ data: Json }>(
      `select payload->'data' as data from webhook_mensagens
        where tipo = 'reembolso.atualizado' and payload->'data'->>'protocolo' = $1 and payload->'data'->>'situacao' = 'pago'`,
      [protocolo],
    );
    expect(pagoEvento?.data).toMatchObject({ valorAprovado: 288, previsaoPagamento: '2026-03-25' });
    expect(pagoEvento?.data.pagoEm).toBeTruthy();
    // Maria was told of each change (request, analysis, pendente, answer, approval, payment).
    expect(await count('outbox where mensagem like $1', [`%${formatarNumeroProtocolo(protocolo)}%`])).toBe(6);
    const lista = await depois.c.post<{ reembolsos: Json[] }>('/api/Reembolso/Listar', {
      perfilAutenticado: depois.perfil,
    });
    expect(lista.body.reembolsos.find((x) => x.protocolo === protocolo)).toMatchObject({
      situacao: 'pago',
      valorAprovado: 288,
    });
    const demonstrativo = await baixar(depois.c, '/api/Reembolso/Demonstrativo', {
      perfilAutenticado: depois.perfil,
      protocolo,
    });
    expect(demonstrativo.status).toBe(200);
    expect(demonstrativo.tipo).toBe('application/pdf');
    const lido = await lerPdf(demonstrativo.bytes);
    expect(lido.marcado).toBe(true);
    for (const trecho of [
      'Demonstrativo de reembolso',
      `Protocolo: ${protocolo}`,
      'Situação: Pago',
      'Beneficiário atendido: Ana Clara Souza',
      'Titular (recebe o reembolso): Maria Aparecida Souza',
      'Dra. Helena Prado',
      'Recibo / nota fiscal: RS-2026-000123',
      'Pago em: 15/03/2026',
      'Documentos pendentes: Envie a nota fiscal do exame.',
    ])
      expect(lido.texto, trecho).toContain(trecho);
    expect(lido.texto).toMatch(/Valor aprovado: R\$\s288,00/);

    // The IRPF informe of 2026 (available in 2027) lists the paid reimbursement apart from the plan payments.
    t.clock.set(Date.parse('2027-01-20T12:00:00Z'));
    const em2027 = await t.membro(CPF.maria, CONTRATO.maria);
    const irpf = await em2027.c.post<Json>('/api/Financeiro/ListarExtratoIRPF', {
      PerfilAutenticado: em2027.perfil,
      ano: 2026,
    });
    expect(irpf.status).toBe(200);
    expect(irpf.body.reembolsos).toEqual([
      { descricao: 'Reembolso recebido - Ana Clara Souza (dependente - filho(a))', ano: 2026, valor: 288 },
    ]);
    const informe = await baixar(em2027.c, '/api/Financeiro/ExtratoIRPF', {
      PerfilAutenticado: em2027.perfil,
      ano: 2026,
    });
    expect(informe.status).toBe(200);
    const texto = (await lerPdf(informe.bytes)).texto;
    expect(texto).toContain('Reembolsos de despesas médicas pagos no ano');
    expect(texto).toMatch(/Total reembolsado no ano R\$\s288,00/);
    expect(texto).not.toContain('Não houve reembolso de despesas no período');
    t.clock.set(HOJE);

    // The member opens an attachment as stored; Roberto does not.
    const anexo = await baixar(depois.c, '/api/Reembolso/BaixarAnexo', {
      perfilAutenticado: depois.perfil,
      id: pedidoMedico,
    });
    expect(anexo).toMatchObject({ status: 200, tipo: 'image/jpeg' });
    expect(Buffer.from(anexo.bytes).equals(await bytesGuardados(pedidoMedico))).toBe(true);

    // Another member (another contract) reads it as not found; so does a dependant of another family.
    const roberto = await t.membro(CPF.roberto);
    for (const rota of ['/api/Reembolso/Detalhe', '/api/Reembolso/Demonstrativo']) {
      const x = await roberto.c.post<Json>(rota, { perfilAutenticado: roberto.perfil, protocolo });
      expect(x.status, rota).toBe(404);
      expect(x.body).toMatchObject({ code: 'NAO_ENCONTRADO', message: 'Reembolso não encontrado.' });
    }
    const alheio = await roberto.c.post<Json>('/api/Reembolso/BaixarAnexo', {
      perfilAutenticado: roberto.perfil,
      id: pedidoMedico,
    });
    expect(alheio.status).toBe(404);
    const carlos = await t.membro(CPF.carlos);
    expect((await carlos.c.post<Json>('/api/Reembolso/Listar', { perfilAutenticado: carlos.perfil })).body).toEqual({
      reembolsos: [],
    });
  });

  it('every bad input of the issue is refused in Portuguese and stores nothing', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const comprovante = await anexar(c, perfil);
    const pedidoMedico = await anexar(c, perfil, 'pedido_medico');
    const antes = await count('reembolsos');
    const protocolos = await count('protocolos');
    const erros: [Json, number, Json][] = [
      [{ dataAtendimento: '2026-03-11' }, 422, { message: 'A data do atendimento não pode estar no futuro.' }],
      [
        { dataAtendimento: '2025-03-01' },
        422,
        {
          message:
            'O reembolso pode ser pedido até 365 dias após o atendimento. Para atendimentos mais antigos, fale com a Central de Atendimento.',
        },
      ],
      [{ dataAtendimento: '31/02/2026' }, 400, { message: 'Data do atendimento inválida.' }],
      [{ valorPago: 0 }, 400, { message: 'O valor pago deve ser maior que zero.' }],
      [{ valorPago: -10 }, 400, { message: 'O valor pago deve ser maior que zero.' }],
      [{ valorPago: 99_999_999 }, 400, { message: 'O valor pago passa do limite de R$ 500.000,00. Confira o valor.' }],
      [{ valorPago: 10.005 }, 400, { message: 'Informe o valor com até 2 casas decimais.' }],
      [
        { pagamento: { forma: 'pix', tipoChave: 'cpf', chave: CPF.joaoPedro } },
        422,
        {
          message:
            'A chave PIX do tipo CPF deve ser o CPF do titular do contrato (Maria Aparecida Souza, ***.982.247-**): o reembolso é pago ao titular.',
        },
      ],
      [
        { pagamento: { forma: 'pix', tipoChave: 'cpf', chave: '529.982.247-24' } },
        422,
        {
          message: 'Chave PIX inválida: confira o CPF.',
        },
      ],
      [
        { pagamento: { forma: 'conta', banco: '1', agencia: '1234', conta: '12345-6', tipoConta: 'corrente' } },
        400,
        {
          message: 'Banco inválido: informe os 3 números.',
        },
      ],
      [{ cpfBeneficiario: CPF.roberto }, 404, { message: 'Beneficiário não encontrado neste contrato.' }],
      [
        { prestador: { documento: '11.222.333/0001-80', nome: 'Clínica' } },
        400,
        {
          message: 'CPF ou CNPJ do prestador inválido.',
        },
      ],
      [
        { prestador: { documento: '11144477735', nome: 'Dra. Helena Prado' } },
        400,
        {
          message: 'Para um profissional (CPF), informe o conselho, o número e a UF do registro.',
        },
      ],
      [
        { anexos: [pedidoMedico] },
        422,
        {
          message: 'Anexe o comprovante de pagamento (recibo ou nota fiscal com a quitação).',
        },
      ],
      [{ tipo: 'terapia', anexos: [comprovante] }, 422, { message: 'Para terapia, anexe também o pedido médico.' }],
      [{ anexos: [`anx_${'0'.repeat(32)}`] }, 404, { message: 'Anexo não encontrado. Envie o arquivo de novo.' }],
      [
        { anexos: Array.from({ length: 11 }, (_, i) => `anx_${String(i).padStart(32, '0')}`) },
        400,
        {
          message: 'Anexe no máximo 10 arquivos.',
        },
      ],
      [{ numeroRecibo: '' }, 400, { message: 'Informe o número do recibo ou da nota fiscal.' }],
    ];
    for (const [over, status, body] of erros) {
      const r = await solicitar(c, perfil, pedido([comprovante], over));
      expect(r.status, JSON.stringify(over)).toBe(status);
      expect(r.body, JSON.stringify(over)).toMatchObject({ sucesso: false, ...body });
    }
    // Another member's attachment is not found for Roberto.
    const roberto = await t.membro(CPF.roberto);
    const alheio = await solicitar(
      roberto.c,
      roberto.perfil,
      pedido([comprovante], {
        cpfBeneficiario: CPF.roberto,
        pagamento: { forma: 'pix', tipoChave: 'cpf', chave: CPF.roberto },
      }),
    );
    expect(alheio.status).toBe(404);
    expect(alheio.body).toMatchObject({ message: 'Anexo não encontrado. Envie o arquivo de novo.' });
    // A dependant asks only for himself: his father's CPF is not found for him.
    const carlos = await t.membro(CPF.carlos);
    const pai = await solicitar(carlos.c, carlos.perfil, pedido([comprovante], { cpfBeneficiario: CPF.marcos }));
    expect(pai.status).toBe(404);
    // A cancelled plan.
    const antigo = await t.membro(CPF.maria, CONTRATO.mariaCancelado);
    const cancelado = await solicitar(antigo.c, antigo.perfil, pedido([comprovante], { cpfBeneficiario: CPF.maria }));
    expect(cancelado.status).toBe(403);
    expect(cancelado.body).toMatchObject({ code: 'PLANO_CANCELADO' });
    expect(await count('reembolsos')).toBe(antes);
    expect(await count('protocolos')).toBe(protocolos);
    expect(
      await count('reembolso_anexos where id = any($1::text[]) and protocolo is not null', [
        [comprovante, pedidoMedico],
      ]),
    ).toBe(0);
  });

  it('a dependant asks for himself, paid to his holder (a bank account)', async () => {
    const { c, perfil } = await t.membro(CPF.carlos);
    const comprovante = await anexar(c, perfil);
    const r = await solicitar(
      c,
      perfil,
      pedido([comprovante], {
        cpfBeneficiario: CPF.carlos,
        prestador: { documento: '11.222.333/0001-81', nome: 'Clínica Bem Viver' },
        pagamento: { forma: 'conta', banco: '341', agencia: '1234', conta: '98765-4', tipoConta: 'corrente' },
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = await c.post<Json>('/api/Reembolso/Detalhe', { perfilAutenticado: perfil, protocolo: r.body.protocolo });
    expect(d.body).toMatchObject({
      beneficiario: 'Carlos Eduardo Lima',
      conselho: null,
      pagamento: 'Banco 341 · agência 1234 · conta corrente ****5-4',
    });
  });
});

describe('/api/integracao/v1/reembolsos (scope protocolos)', () => {
  it("the operator's systems list by deadline, read the attachments and move a request to paid", async () => {
    const chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
    const { chave } = await chaves.criar({ nome: 'Reembolsos da operadora', escopos: ['protocolos'] });
    const { chave: semEscopo } = await chaves.criar({ nome: 'Só importação', escopos: ['importar'] });
    const api = async (metodo: string, caminho: string, body?: Json, k = chave) => {
      const r = await fetch(`${t.url}/api/integracao/v1${caminho}`, {
        method: metodo,
        headers: { authorization: `Bearer ${k}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const bytes = Buffer.from(await r.arrayBuffer());
      let json: Json = {};
      try {
        json = JSON.parse(bytes.toString('utf8')) as Json;
      } catch {
        // a file
      }
      return { status: r.status, tipo: r.headers.get('content-type'), bytes, body: json };
    };

    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const foto = await jpeg('#345');
    const comprovante = (await enviar(c, perfil, foto)).body.id as string;
    const r = await solicitar(
      c,
      perfil,
      pedido([comprovante], {
        // A receipt of its own: the file's other requests sent the helper's (a repeat is refused, decision 0056).
        numeroRecibo: 'RS-2026-INTEGRACAO',
        pagamento: { forma: 'conta', banco: '001', agencia: '1234-5', conta: '12345-6', tipoConta: 'poupanca' },
      }),
    );
    const protocolo = r.body.protocolo as string;

    expect((await api('GET', '/reembolsos', undefined, semEscopo)).status).toBe(403);
    expect((await api('GET', '/reembolsos', undefined, 'pbk_x_y')).status).toBe(401);
    const fila = await api('GET', '/reembolsos?limite=200');
    expect(fila.status).toBe(200);
    const lista = fila.body.reembolsos as Json[];
    const prazos = lista.map((x) => (x.prazoPagamento as string | null) ?? '9999');
    expect(prazos).toEqual([...prazos].sort());
    expect(lista.find((x) => x.protocolo === protocolo)).toMatchObject({
      codigoContrato: CONTRATO.maria,
      codigoBeneficiario: BENEFICIARIO.anaClara,
      dadosPagamento: { forma: 'conta', banco: '001', agencia: '1234-5', conta: '12345-6', tipoConta: 'poupanca' },
      pagamento: 'Banco 001 · agência 1234-5 · poupança ****5-6',
    });
    const arquivo = await api('GET', `/reembolsos/${protocolo}/anexos/${comprovante}`);
    expect(arquivo.status).toBe(200);
    // Audited as calls on 'reembolsos', with the key. The row is written once the answer has gone
    // (onResponse, decision 0024): after a streamed download it may land a moment after the client read it.
    const auditadas = async () =>
      (
        await t.db.query<{ rota: string }>(
          `select rota from auditoria_integracao where entidade = 'reembolsos' and chave_id = $1 order by id`,
          [chave.split('_')[1]],
        )
      ).map((a) => a.rota);
    await expect
      .poll(auditadas, { timeout: 5000 })
      .toEqual(
        expect.arrayContaining([
          '/api/integracao/v1/reembolsos',
          '/api/integracao/v1/reembolsos/:protocolo/anexos/:id',
        ]),
      );
    expect(arquivo.tipo).toBe('image/jpeg');
    expect(arquivo.bytes.equals(await bytesGuardados(comprovante))).toBe(true);
    expect((await api('GET', `/reembolsos/${protocolo}/anexos/anx_${'0'.repeat(32)}`)).status).toBe(404);
    expect((await api('GET', `/reembolsos/${'1'.repeat(20)}`)).status).toBe(404);

    expect((await api('POST', `/reembolsos/${protocolo}/pagamento`, {})).status).toBe(409);
    // The generic answer of protocols (decision 0032) does not conclude a reimbursement.
    const generica = await api('POST', `/protocolos/${protocolo}/resposta`, { status: 'CONCLUIDO', resposta: 'Pago.' });
    expect(generica.status).toBe(422);
    expect(generica.body).toMatchObject({ message: expect.stringContaining('/api/integracao/v1/reembolsos') });
    const aprovado = await api('POST', `/reembolsos/${protocolo}/aprovacao`, {
      valor: 500,
      previsaoPagamento: '2026-03-20',
    });
    expect(aprovado.status).toBe(422);
    expect(aprovado.body).toMatchObject({ message: 'O valor aprovado não pode passar do valor pago.' });
    const ok = await api('POST', `/reembolsos/${protocolo}/aprovacao`, { valor: 240, previsaoPagamento: '2026-03-20' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ situacao: 'aprovado', valorAprovado: 240 });
    const pago = await api('POST', `/reembolsos/${protocolo}/pagamento`, { pagoEm: '2026-03-10' });
    expect(pago.body).toMatchObject({ situacao: 'pago', pagoEm: '2026-03-10' });
    expect((pago.body.historico as Json[]).map((e) => e.situacao)).toEqual(['recebido', 'aprovado', 'pago']);
    expect(await count(`reembolso_eventos where protocolo = $1 and por like 'integracao:%'`, [protocolo])).toBe(2);
    // A member session does not open the integration API.
    const comSessao = await fetch(`${t.url}/api/integracao/v1/reembolsos`, {
      headers: { authorization: `Bearer ${c.token!}`, cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(comSessao.status).toBe(401);
  });
});

describe('attachment names (pentest defect 5)', () => {
  it('a name outside Latin-1 is stored cleaned and downloaded by the member and the operator with filename*', async () => {
    const chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
    const { chave } = await chaves.criar({ nome: 'Reembolsos (nomes)', escopos: ['protocolos'] });
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    // An em dash from a word processor, a euro sign, a right-to-left override, a control character
    // and a 'ç' written as c + combining cedilla.
    const enviado = await enviar(c, perfil, await jpeg('#5a3'), {
      nome: 'recibo \u2014 marc\u0327o \u20ac\u202e\u0007.png',
    });
    expect(enviado.status, JSON.stringify(enviado.body)).toBe(200);
    const nome = 'recibo \u2014 mar\u00e7o \u20ac.jpg';
    expect(enviado.body.nomeArquivo).toBe(nome);
    const id = enviado.body.id as string;
    const esperado = `filename="recibo _ marco _.jpg"; filename*=UTF-8''recibo%20%E2%80%94%20mar%C3%A7o%20%E2%82%AC.jpg`;

    const membro = await fetch(`${c.baseUrl}/api/Reembolso/BaixarAnexo`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${c.token ?? (await c.newToken())}`,
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-forwarded-for': c.ip,
      },
      body: JSON.stringify({ perfilAutenticado: perfil, id }),
    });
    expect(membro.status).toBe(200);
    expect(membro.headers.get('content-disposition')).toBe(`inline; ${esperado}`);
    expect(Buffer.from(await membro.arrayBuffer()).equals(await bytesGuardados(id))).toBe(true);

    const r = await solicitar(c, perfil, pedido([id], { numeroRecibo: 'RS-2026-NOME' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const operadora = await fetch(`${t.url}/api/integracao/v1/reembolsos/${r.body.protocolo as string}/anexos/${id}`, {
      headers: { authorization: `Bearer ${chave}` },
    });
    expect(operadora.status).toBe(200);
    expect(operadora.headers.get('content-disposition')).toBe(`attachment; ${esperado}`);
    expect(Buffer.from(await operadora.arrayBuffer()).equals(await bytesGuardados(id))).toBe(true);
  });

  it('a name stored before the cleaning (controls, bidi override, lone surrogate) is still downloaded, never a 500', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const id = await anexar(c, perfil);
    await t.db.query('update reembolso_anexos set nome_arquivo = $2 where id = $1', [
      id,
      'fatura\u202efdp.exe\r\n\u0007\ud800 \u2014.pdf',
    ]);
    const baixado = await fetch(`${c.baseUrl}/api/Reembolso/BaixarAnexo`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${c.token ?? (await c.newToken())}`,
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-forwarded-for': c.ip,
      },
      body: JSON.stringify({ perfilAutenticado: perfil, id }),
    });
    expect(baixado.status).toBe(200);
    expect(baixado.headers.get('content-disposition')).toMatch(
      /^inline; filename="faturafdp\.exe_ _\.pdf"; filename\*=UTF-8''/,
    );
  });
});

describe("importacao layout 'reembolso-tabela'", () => {
  it('the operator imports its table (CSV) and the estimate follows it; completo removes the lines left out', async () => {
    const q = await startApp();
    try {
      const csv = (linhas: string[]) =>
        Readable.from([
          Buffer.from(['tipo;codigoTuss;descricao;valor;coparticipacaoPercentual', ...linhas].join('\n')),
        ]);
      const opcoes = {
        entidade: 'reembolso-tabela',
        formato: 'csv',
        modo: 'incremental',
        dryRun: false,
        origem: 'cli',
      } as const;
      const r = await importar(
        q.db,
        csv(['consulta;;Consulta (tabela nova);200,00;10', 'terapia;5.0.0.0.0.0.0.1;Psicoterapia;95.50;']),
        opcoes,
      );
      expect(r).toMatchObject({ status: 'aplicado', linhas: 2, incluidos: 1, alterados: 1 });
      const { c, perfil } = await q.membro(CPF.maria, CONTRATO.maria);
      const previa = (body: Json) => c.post<Json>('/api/Reembolso/Previa', { perfilAutenticado: perfil, ...body });
      // R$ 200,00 × 2 − 10 %.
      expect((await previa({ tipo: 'consulta', valorPago: 1000 })).body).toMatchObject({
        valorEstimado: 360,
        valorTabela: 200,
      });
      expect((await previa({ tipo: 'terapia', codigoTuss: '50000001', valorPago: 1000 })).body).toMatchObject({
        valorEstimado: 191,
        referencia: 'TUSS 50000001 - Psicoterapia',
      });
      const ruim = await importar(q.db, csv(['cirurgia;;X;10;', 'exame;;Y;-5;']), opcoes);
      expect(ruim.status).toBe('recusado');
      expect(ruim.erros.map((e) => e.coluna)).toEqual(['tipo', 'valor']);
      // 7 of 8 lines: past the bound, applied with the exact count confirmed (decision 0049).
      const completo = await importar(q.db, csv(['consulta;;Consulta;150;20']), {
        ...opcoes,
        modo: 'completo',
        confirmarCancelamentos: 7,
      });
      expect(completo).toMatchObject({ status: 'aplicado', inativados: 7 });
      const semLinha = await previa({ tipo: 'exame', valorPago: 100 });
      expect(semLinha.status).toBe(404);
      expect(semLinha.body).toMatchObject({ code: 'NAO_ENCONTRADO' });
    } finally {
      await q.close();
    }
  });
});
