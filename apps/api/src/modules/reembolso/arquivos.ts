import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITES_REEMBOLSO } from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';

/**
 * An attachment from the wire to the bytes that are stored (decision 0034): the body is streamed
 * to a temporary file (never held whole) while its size is bounded and its SHA-256 computed; the
 * type is then read from the CONTENT (magic bytes, `file-type`), never from the name or the
 * Content-Type; images are checked for their dimensions before any decoding (a zip-bomb image
 * is refused from its header) and re-encoded by sharp, which writes no metadata (EXIF GPS, camera,
 * XMP are gone; the orientation is applied first); HEIC photos (iPhones) are decoded by
 * libheif (heic-decode, WebAssembly: the prebuilt sharp has no HEVC) and stored as JPEG; a PDF
 * must be whole (header, cross-reference and end marker).
 */

export const MENSAGEM_TIPO =
  'Tipo de arquivo não aceito. Envie PDF, JPEG, PNG ou HEIC (foto do celular). O tipo é conferido pelo conteúdo do arquivo, não pelo nome.';

/** The file as it arrived, in a temporary directory removed by `descartar`. */
export interface Recebido {
  caminho: string;
  tamanho: number;
  /** SHA-256 of the bytes as sent. */
  sha256: string;
  /** The first bytes (the type is read from them). */
  inicio: Buffer;
  descartar(): Promise<void>;
}

/** The bytes to store and what they are. */
export interface Conteudo {
  tipoMime: 'application/pdf' | 'image/jpeg' | 'image/png';
  sha256: string;
  tamanho: number;
  /** The stored bytes: a buffer (a re-encoded image) or the file itself (a PDF, read in parts). */
  bytes: Buffer | { caminho: string };
}

export function arquivoGrande(): AppError {
  const mb = LIMITES_REEMBOLSO.bytesPorArquivo / 1024 ** 2;
  return new AppError(413, 'PAYLOAD_GRANDE', `O arquivo passa do limite de ${mb} MB. Envie um arquivo menor.`);
}

const invalido = (mensagem: string) => new AppError(422, 'ARQUIVO_INVALIDO', mensagem);

/**
 * Streams the body into a temporary file. Past the limit the rest is read and dropped (so the
 * client gets the 413 instead of a reset connection) and nothing is kept.
 */
export async function receber(corpo: Readable, limite = LIMITES_REEMBOLSO.bytesPorArquivo): Promise<Recebido> {
  const dir = await mkdtemp(join(tmpdir(), 'reembolso-'));
  const caminho = join(dir, randomBytes(8).toString('hex'));
  const descartar = () => rm(dir, { recursive: true, force: true });
  const hash = createHash('sha256');
  const inicio: Buffer[] = [];
  let guardados = 0;
  let tamanho = 0;
  let excedeu = false;
  const medidor = new Transform({
    transform(chunk: Buffer, _enc, done) {
      tamanho += chunk.length;
      if (excedeu || tamanho > limite) {
        excedeu = true;
        return done();
      }
      hash.update(chunk);
      if (guardados < 4100) {
        inicio.push(chunk.subarray(0, 4100 - guardados));
        guardados += Math.min(chunk.length, 4100 - guardados);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(corpo, medidor, createWriteStream(caminho));
  } catch (err) {
    await descartar();
    throw err;
  }
  if (excedeu) {
    await descartar();
    throw arquivoGrande();
  }
  if (tamanho === 0) {
    await descartar();
    throw invalido('O arquivo está vazio.');
  }
  return { caminho, tamanho, sha256: hash.digest('hex'), inicio: Buffer.concat(inicio), descartar };
}

/** The type by content: one of the four accepted, else 415 with what is accepted. */
export async function tipoPeloConteudo(inicio: Buffer): Promise<'pdf' | 'jpeg' | 'png' | 'heic'> {
  const tipo = await fileTypeFromBuffer(inicio);
  switch (tipo?.mime) {
    case 'application/pdf':
      return 'pdf';
    case 'image/jpeg':
      return 'jpeg';
    case 'image/png':
      return 'png';
    case 'image/heic':
    case 'image/heif':
      return 'heic';
    default:
      throw new AppError(415, 'ARQUIVO_INVALIDO', MENSAGEM_TIPO);
  }
}

function dimensoesAceitas(largura: number | undefined, altura: number | undefined): void {
  const { ladoMaximoImagem: lado, pixelsMaximos } = LIMITES_REEMBOLSO;
  if (!largura || !altura) throw invalido('A imagem está corrompida ou incompleta. Tire a foto de novo.');
  if (largura > lado || altura > lado || largura * altura > pixelsMaximos) {
    throw invalido(
      `A imagem tem ${largura} × ${altura} pixels, acima do limite de ${lado} × ${lado}. Envie uma foto com resolução menor.`,
    );
  }
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** JPEG and PNG: dimensions from the header, then re-encoded without metadata. */
async function imagem(r: Recebido, formato: 'jpeg' | 'png'): Promise<Conteudo> {
  const opcoes = { limitInputPixels: LIMITES_REEMBOLSO.pixelsMaximos, failOn: 'error' as const };
  let bytes: Buffer;
  try {
    // The header only (no decoding, no pixel limit yet): the size is judged before anything is drawn.
    const meta = await sharp(r.caminho, { limitInputPixels: false }).metadata();
    dimensoesAceitas(meta.width, meta.height);
    const img = sharp(r.caminho, opcoes).rotate();
    bytes = await (formato === 'jpeg' ? img.jpeg({ quality: 85, mozjpeg: true }) : img.png()).toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalido('A imagem está corrompida ou incompleta. Tire a foto de novo.');
  }
  return {
    tipoMime: formato === 'jpeg' ? 'image/jpeg' : 'image/png',
    sha256: sha(bytes),
    tamanho: bytes.length,
    bytes,
  };
}

/**
 * HEIC (iPhone photos): decoded by libheif after the dimension check, stored as JPEG. libheif is
 * loaded with the first HEIC photo, not with the server: its WebAssembly was a twentieth of a start.
 */
async function heic(r: Recebido): Promise<Conteudo> {
  const { default: heicDecode } = await import('heic-decode');
  let bytes: Buffer;
  try {
    const imagens = await heicDecode.all({ buffer: await readFile(r.caminho) });
    try {
      const primeira = imagens[0];
      dimensoesAceitas(primeira?.width, primeira?.height);
      const { width, height, data } = await primeira!.decode();
      bytes = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
        raw: { width, height, channels: 4 },
      })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } finally {
      imagens.dispose();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalido('A foto HEIC está corrompida ou não pôde ser lida. Tire a foto de novo ou envie em JPEG.');
  }
  return { tipoMime: 'image/jpeg', sha256: sha(bytes), tamanho: bytes.length, bytes };
}

/**
 * A whole PDF: `%PDF-x.y` at the start, `%%EOF` at the end, and `startxref` pointing inside the
 * file at a cross-reference table (`xref`) or stream (`n g obj`). A truncated download, a renamed
 * file with a PDF header and garbage after it, or a damaged file fails one of these.
 */
async function pdf(r: Recebido): Promise<Conteudo> {
  const corrompido = () =>
    invalido('O PDF está corrompido ou incompleto. Baixe o documento de novo ou envie uma foto dele.');
  if (!/^%PDF-\d\.\d/.test(r.inicio.subarray(0, 16).toString('latin1'))) throw corrompido();
  const arquivo = await open(r.caminho, 'r');
  try {
    const tamanhoFim = Math.min(2048, r.tamanho);
    const fim = Buffer.alloc(tamanhoFim);
    await arquivo.read(fim, 0, tamanhoFim, r.tamanho - tamanhoFim);
    const texto = fim.toString('latin1');
    if (!/%%EOF\s*$/.test(texto)) throw corrompido();
    const xref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(texto);
    const posicao = xref ? Number(xref[1]) : NaN;
    if (!Number.isSafeInteger(posicao) || posicao <= 0 || posicao >= r.tamanho) throw corrompido();
    const alvo = Buffer.alloc(32);
    await arquivo.read(alvo, 0, 32, posicao);
    if (!/^(xref|\d+\s+\d+\s+obj)/.test(alvo.toString('latin1').trimStart())) throw corrompido();
  } finally {
    await arquivo.close();
  }
  return { tipoMime: 'application/pdf', sha256: r.sha256, tamanho: r.tamanho, bytes: { caminho: r.caminho } };
}

/** The content to store, or a 415/422 in Portuguese. */
export async function preparar(r: Recebido): Promise<Conteudo> {
  const tipo = await tipoPeloConteudo(r.inicio);
  if (tipo === 'pdf') return pdf(r);
  if (tipo === 'heic') return heic(r);
  return imagem(r, tipo);
}

/** The stored bytes in parts of at most `tamanho` (256 KB), read from the buffer or the file. */
export async function* partes(c: Conteudo, tamanho = 256 * 1024): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(c.bytes)) {
    for (let i = 0; i < c.bytes.length; i += tamanho) yield c.bytes.subarray(i, i + tamanho);
    return;
  }
  let pendente: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(c.bytes.caminho, { highWaterMark: tamanho }) as AsyncIterable<Buffer>) {
    pendente = pendente.length ? Buffer.concat([pendente, chunk]) : chunk;
    while (pendente.length >= tamanho) {
      yield pendente.subarray(0, tamanho);
      pendente = pendente.subarray(tamanho);
    }
  }
  if (pendente.length) yield pendente;
}
