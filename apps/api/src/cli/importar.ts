/**
 * npm run importar -- <entidade> <arquivo> [--modo completo|incremental] [--dry-run] [--codificacao iso-8859-1]
 *                     [--confirmar-cancelamentos N]
 * npm run importar -- desfazer <id>
 *
 * Imports one file of the operator's data (docs/integracao/) into the server's database: the same
 * configuration as the server (DATABASE_URL, else the PGlite DATA_DIR), migrations applied first.
 * Progress on stderr (rows, rows/s, ETA from the bytes read); the summary or the error report on
 * stdout; exit status 1 when the file is refused, 2 on a usage or configuration error.
 *
 * A `completo` file that would cancel, inactivate or delete more than the bound (IMPORTACAO_LIMITE_*)
 * is refused unless --confirmar-cancelamentos gives that exact number; `desfazer <id>` puts back what
 * an applied import removed, within IMPORTACAO_DESFAZER_DIAS (decision 0049).
 *
 * With DATABASE_URL it runs while the server runs. PGlite (DATA_DIR) is one process's database:
 * stop the server before importing into it (two processes on one data directory corrupt it).
 */
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Clock, systemClock } from '../clock';
import { type Config, loadConfig } from '../config';
import type { Db } from '../db/db';
import { AppError } from '../lib/app-error';
import { bancoMigrado, rodarComoScript } from './script';
import {
  desfazerImportacao,
  documentacao,
  ENTIDADES,
  importar,
  LAYOUTS,
  type Entidade,
  type Relatorio,
} from '../modules/importacao';

export const USO =
  'Uso: npm run importar -- <entidade> <arquivo.csv|arquivo.jsonl> [--modo completo|incremental] [--dry-run] ' +
  '[--codificacao iso-8859-1] [--confirmar-cancelamentos N]\n' +
  '     npm run importar -- desfazer <id da importação>\n' +
  `Entidades: ${ENTIDADES.join(', ')}`;

/** A wrong use: the message, then the usage text (exit status 2). */
export class UsoInvalido extends Error {}

const n = (x: number) => x.toLocaleString('pt-BR');

/** Peak resident memory of this process (Linux), in MB. */
function picoMb(): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** The summary on stdout; `desfazerDias`: the undo window an applied removal is told of. */
export function resumo(r: Relatorio, segundos: number, desfazerDias?: number): string {
  const linhas = [
    `Importação ${r.id} (${r.entidade}, ${r.modo}${r.dryRun ? ', simulação' : ''}): ${r.status}`,
    `${n(r.linhas)} linhas em ${segundos.toFixed(1)} s (${n(Math.round(r.linhas / Math.max(segundos, 0.001)))} linhas/s)`,
  ];
  const contagens = `incluídos: ${n(r.incluidos)} · alterados: ${n(r.alterados)} · inalterados: ${n(r.inalterados)} · inativados: ${n(r.inativados)}`;
  if (r.status === 'recusado') {
    linhas.push('Nada foi alterado. Problemas encontrados:');
    for (const e of r.erros)
      linhas.push(
        e.linha === 0
          ? `  arquivo: ${e.mensagem}`
          : `  linha ${e.linha}${e.coluna ? `, coluna ${e.coluna}` : ''}${e.valor ? ` (valor "${e.valor}")` : ''}: ${e.mensagem}`,
      );
    if (r.errosOmitidos) linhas.push(`  … e mais ${n(r.errosOmitidos)} problemas não listados.`);
    // Refused for the bound: what it would do, cancellations (inativados) included.
    if (r.confirmacaoExigida !== null) linhas.push(`Se aplicado, seriam ${contagens}`);
  } else {
    linhas.push(`${r.dryRun ? 'Seriam ' : ''}${contagens}`);
    if (r.incluidos + r.alterados + r.inativados === 0)
      linhas.push('O arquivo não altera nada: os dados já estavam assim.');
    if (!r.dryRun && r.inativados > 0 && desfazerDias)
      linhas.push(
        `Para desfazer os ${n(r.inativados)} cancelamentos, inativações ou exclusões (até ${desfazerDias} dias): ` +
          `npm run importar -- desfazer ${r.id}`,
      );
  }
  return linhas.join('\n');
}

/** What a run needs around it: the database (opened once the arguments are right), the output. */
export interface Ambiente {
  abrir(): Promise<{ db: Db; importacao: Config['importacao'] }>;
  escrever(linha: string): void;
  /** Progress (stderr); true: a terminal, rewritten in place. */
  progresso?: { escrever(texto: string): void; tty: boolean };
  clock?: Clock;
}

/** Runs one command; returns the exit status (0 done, 1 refused). Throws UsoInvalido on a wrong use. */
export async function executarImportar(argv: string[], amb: Ambiente): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      modo: { type: 'string', default: 'incremental' },
      'dry-run': { type: 'boolean', default: false },
      codificacao: { type: 'string', default: 'utf-8' },
      'confirmar-cancelamentos': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      docs: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    amb.escrever(USO);
    return 0;
  }
  if (values.docs) {
    // Rewrites docs/integracao/<entidade>.md from the layouts (a test checks they match).
    for (const e of Object.keys(LAYOUTS) as Entidade[])
      writeFileSync(new URL(`../../../../docs/integracao/${e}.md`, import.meta.url), documentacao(e));
    return 0;
  }
  if (positionals[0] === 'desfazer') return desfazer(positionals.slice(1), amb);

  const [entidade, arquivo] = positionals;
  if (!entidade || !arquivo || positionals.length > 2) throw new UsoInvalido('Informe a entidade e o arquivo.');
  if (!(ENTIDADES as readonly string[]).includes(entidade))
    throw new UsoInvalido(`Entidade desconhecida: ${entidade}.`);
  const modo = values.modo;
  if (modo !== 'incremental' && modo !== 'completo') throw new UsoInvalido('--modo deve ser incremental ou completo.');
  const codificacao = values.codificacao.toLowerCase().replace('latin1', 'iso-8859-1');
  if (codificacao !== 'utf-8' && codificacao !== 'iso-8859-1')
    throw new UsoInvalido('--codificacao deve ser utf-8 ou iso-8859-1.');
  const confirmacao = values['confirmar-cancelamentos'];
  if (confirmacao !== undefined && !/^\d{1,9}$/.test(confirmacao))
    throw new UsoInvalido('--confirmar-cancelamentos deve ser o número exato de registros (um inteiro, 0 ou mais).');
  if (confirmacao !== undefined && modo !== 'completo')
    throw new UsoInvalido('--confirmar-cancelamentos só vale com --modo completo.');
  const formato = /\.jsonl$/i.test(arquivo) ? 'jsonl' : /\.csv$/i.test(arquivo) ? 'csv' : null;
  if (!formato) throw new UsoInvalido('O arquivo deve terminar em .csv ou .jsonl.');
  let tamanho: number;
  try {
    tamanho = statSync(arquivo).size;
  } catch {
    throw new UsoInvalido(`Arquivo não encontrado: ${arquivo}`);
  }

  const { db, importacao } = await amb.abrir();
  const saida = amb.progresso;
  const tty = saida?.tty ?? false;
  const t0 = Date.now();
  let ultimo = 0;
  let aplicando: number | undefined;
  const r = await importar(db, createReadStream(arquivo), {
    entidade: entidade as Entidade,
    formato,
    codificacao,
    modo,
    dryRun: values['dry-run'],
    origem: 'cli',
    confirmarCancelamentos: confirmacao === undefined ? undefined : Number(confirmacao),
    limite: { percentual: importacao.limitePercentual, minimo: importacao.limiteMinimo },
    desfazerDias: importacao.desfazerDias,
    onProgresso: ({ linhas, bytes, fase }) => {
      if (!saida) return;
      const agora = Date.now();
      if (agora - ultimo < (tty ? 200 : 5000)) return;
      ultimo = agora;
      const s = (agora - t0) / 1000;
      if (fase === 'aplicacao') {
        // The one transaction that checks and applies the file: no fraction to show, only that it is alive.
        aplicando ??= agora;
        const texto = `verificando e aplicando ${n(linhas)} linhas · há ${Math.round((agora - aplicando) / 1000)} s`;
        saida.escrever(tty ? `\r${texto}\x1b[K` : `${texto}\n`);
        return;
      }
      const frac = tamanho ? bytes / tamanho : 0;
      const eta = frac > 0 ? Math.max(0, s / frac - s) : 0;
      const barra = '█'.repeat(Math.round(frac * 20)).padEnd(20, '░');
      const texto = `${barra} ${Math.round(frac * 100)}% · ${n(linhas)} linhas · ${n(Math.round(linhas / Math.max(s, 0.001)))} linhas/s · faltam ~${Math.ceil(eta)} s`;
      saida.escrever(tty ? `\r${texto}\x1b[K` : `${texto}\n`);
    },
  });
  if (tty) saida?.escrever('\r\x1b[K');
  amb.escrever(resumo(r, (Date.now() - t0) / 1000, importacao.desfazerDias));
  return r.status === 'recusado' ? 1 : 0;
}

/** `desfazer <id>`: what the import removed comes back (decision 0049). */
async function desfazer(args: string[], amb: Ambiente): Promise<number> {
  const [id, ...resto] = args;
  if (!id || resto.length) throw new UsoInvalido('Informe o id da importação: npm run importar -- desfazer <id>.');
  const { db, importacao } = await amb.abrir();
  try {
    const d = await desfazerImportacao(db, id, {
      janelaDias: importacao.desfazerDias,
      clock: amb.clock ?? systemClock,
      origem: { ip: 'linha de comando', userAgent: null, canal: 'cli' },
    });
    amb.escrever(`Importação ${d.id} (${d.entidade}) desfeita: ${n(d.restaurados)} registro(s) restaurado(s).`);
    if (d.ignorados)
      amb.escrever(
        `${n(d.ignorados)} registro(s) não foram restaurados: mudaram depois desta importação (outra importação ou o portal).`,
      );
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    amb.escrever(err.message);
    return 1;
  }
}

async function main(): Promise<number> {
  let db: Db | undefined;
  try {
    return await executarImportar(process.argv.slice(2), {
      abrir: async () => {
        const config = loadConfig();
        db = await bancoMigrado(config);
        return { db, importacao: config.importacao };
      },
      escrever: (l) => process.stdout.write(`${l}\n`),
      progresso: { escrever: (t) => process.stderr.write(t), tty: !!process.stderr.isTTY },
    });
  } finally {
    await db?.close();
    const pico = picoMb();
    if (pico !== null && db) process.stderr.write(`pico de memória (VmHWM): ${pico} MB\n`);
  }
}

rodarComoScript(import.meta.url, main, { texto: USO, erro: UsoInvalido });
