import { createConnection, type Socket } from 'node:net';
import type { Readable } from 'node:stream';

/** What clamd said of a file. */
export type ResultadoVarredura = { limpo: true } | { limpo: false; virus: string };

/** clamd's INSTREAM chunks: 64 KB each, under its default StreamMaxLength frames. */
const PEDACO = 64 * 1024;

/**
 * A small clamd client (Debian's clamav-daemon) speaking INSTREAM: `zINSTREAM\0`, then each chunk
 * as a 4-byte big-endian length and its bytes, then a zero length; clamd answers one line,
 * `stream: OK`, `stream: <name> FOUND` or `... ERROR`. `socket` is a Unix socket path
 * (/run/clamav/clamd.ctl) or host:port. Any failure (clamd down, an ERROR answer, a timeout)
 * rejects: the caller refuses the upload rather than store an unscanned file.
 */
export class ClienteClamav {
  constructor(
    private readonly socket: string,
    private readonly timeoutMs = 30_000,
  ) {}

  private conectar(): Socket {
    const hostPorta = /^([^/:]+):(\d+)$/.exec(this.socket);
    return hostPorta
      ? createConnection({ host: hostPorta[1], port: Number(hostPorta[2]) })
      : createConnection(this.socket);
  }

  async varrer(conteudo: Readable): Promise<ResultadoVarredura> {
    const conexao = this.conectar();
    conexao.setTimeout(this.timeoutMs, () => conexao.destroy(new Error('clamd timeout')));
    const resposta = new Promise<string>((resolve, reject) => {
      const partes: Buffer[] = [];
      conexao.on('data', (d: Buffer) => partes.push(d));
      conexao.once('end', () => resolve(Buffer.concat(partes).toString('utf8')));
      conexao.once('error', reject);
      conexao.once('close', () => resolve(Buffer.concat(partes).toString('utf8')));
    });
    // Errors surface through `resposta`; writes after a failure are harmless.
    resposta.catch(() => undefined);
    const escrever = (b: Buffer) =>
      new Promise<void>((resolve, reject) => {
        if (conexao.destroyed) return reject(new Error('clamd connection closed'));
        conexao.write(b, (err) => (err ? reject(err) : resolve()));
      });
    try {
      await escrever(Buffer.from('zINSTREAM\0'));
      for await (const chunk of conteudo as AsyncIterable<Buffer>) {
        for (let i = 0; i < chunk.length; i += PEDACO) {
          const parte = chunk.subarray(i, i + PEDACO);
          const tamanho = Buffer.alloc(4);
          tamanho.writeUInt32BE(parte.length);
          await escrever(Buffer.concat([tamanho, parte]));
        }
      }
      await escrever(Buffer.alloc(4));
    } catch (err) {
      conexao.destroy();
      // clamd may close early (size limit): its answer says why, when there is one.
      const dito = await resposta.catch(() => '');
      if (!dito) throw err;
      return interpretar(dito);
    }
    return interpretar(await resposta);
  }
}

export function interpretar(linha: string): ResultadoVarredura {
  const texto = linha.replace(/\0/g, '').trim();
  if (/^stream: OK$/.test(texto)) return { limpo: true };
  const achado = /^stream: (.+) FOUND$/.exec(texto);
  if (achado) return { limpo: false, virus: achado[1]! };
  throw new Error(`clamd answered: ${texto.slice(0, 200) || '(nothing)'}`);
}
