/**
 * npm run importar -- <entidade> <arquivo> [--modo completo|incremental] [--dry-run] [--codificacao iso-8859-1]
 *
 * Imports one file of the operator's data (docs/integracao/) into the server's database: the same
 * configuration as the server (DATABASE_URL, else the PGlite DATA_DIR), migrations applied first.
 * Progress on stderr (rows, rows/s, ETA from the bytes read); the summary or the error report on
 * stdout; exit status 1 when the file is refused, 2 on a usage or configuration error.
 *
 * With DATABASE_URL it runs while the server runs. PGlite (DATA_DIR) is one process's database:
 * stop the server before importing into it (two processes on one data directory corrupt it).
 */
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { bancoMigrado } from './script';
import { documentacao, ENTIDADES, importar, LAYOUTS, type Entidade, type Relatorio } from '../modules/importacao';

const USO =
  'Uso: npm run importar -- <entidade> <arquivo.csv|arquivo.jsonl> [--modo completo|incremental] [--dry-run] [--codificacao iso-8859-1]\n' +
  `Entidades: ${ENTIDADES.join(', ')}`;

function sair(mensagem: string, codigo = 2): never {
  process.stderr.write(`${mensagem}\n`);
  process.exit(codigo);
}

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

export function resumo(r: Relatorio, segundos: number): string {
  const linhas = [
    `Importação ${r.id} (${r.entidade}, ${r.modo}${r.dryRun ? ', simulação' : ''}): ${r.status}`,
    `${n(r.linhas)} linhas em ${segundos.toFixed(1)} s (${n(Math.round(r.linhas / Math.max(segundos, 0.001)))} linhas/s)`,
  ];
  if (r.status === 'recusado') {
    linhas.push('Nada foi alterado. Problemas encontrados:');
    for (const e of r.erros)
      linhas.push(
        `  linha ${e.linha}${e.coluna ? `, coluna ${e.coluna}` : ''}${e.valor ? ` (valor "${e.valor}")` : ''}: ${e.mensagem}`,
      );
    if (r.errosOmitidos) linhas.push(`  … e mais ${n(r.errosOmitidos)} problemas não listados.`);
  } else {
    linhas.push(
      `${r.dryRun ? 'Seriam ' : ''}incluídos: ${n(r.incluidos)} · alterados: ${n(r.alterados)} · inalterados: ${n(r.inalterados)} · inativados: ${n(r.inativados)}`,
    );
    if (r.incluidos + r.alterados + r.inativados === 0)
      linhas.push('O arquivo não altera nada: os dados já estavam assim.');
  }
  return linhas.join('\n');
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      modo: { type: 'string', default: 'incremental' },
      'dry-run': { type: 'boolean', default: false },
      codificacao: { type: 'string', default: 'utf-8' },
      help: { type: 'boolean', short: 'h' },
      docs: { type: 'boolean', default: false },
    },
  });
  if (values.help) sair(USO, 0);
  if (values.docs) {
    // Rewrites docs/integracao/<entidade>.md from the layouts (a test checks they match).
    for (const e of Object.keys(LAYOUTS) as Entidade[])
      writeFileSync(new URL(`../../../../docs/integracao/${e}.md`, import.meta.url), documentacao(e));
    return;
  }
  const [entidade, arquivo] = positionals;
  if (!entidade || !arquivo || positionals.length > 2) sair(USO);
  if (!(ENTIDADES as readonly string[]).includes(entidade)) sair(`Entidade desconhecida: ${entidade}.\n${USO}`);
  if (values.modo !== 'incremental' && values.modo !== 'completo') sair('--modo deve ser incremental ou completo.');
  const codificacao = values.codificacao.toLowerCase().replace('latin1', 'iso-8859-1');
  if (codificacao !== 'utf-8' && codificacao !== 'iso-8859-1') sair('--codificacao deve ser utf-8 ou iso-8859-1.');
  const formato = /\.jsonl$/i.test(arquivo) ? 'jsonl' : /\.csv$/i.test(arquivo) ? 'csv' : null;
  if (!formato) sair('O arquivo deve terminar em .csv ou .jsonl.');
  let tamanho: number;
  try {
    tamanho = statSync(arquivo).size;
  } catch {
    sair(`Arquivo não encontrado: ${arquivo}`);
  }

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    sair((err as Error).message);
  }
  const db = await bancoMigrado(config);

  const tty = process.stderr.isTTY;
  const t0 = Date.now();
  let ultimo = 0;
  let aplicando: number | undefined;
  const r = await importar(db, createReadStream(arquivo), {
    entidade: entidade as Entidade,
    formato,
    codificacao,
    modo: values.modo,
    dryRun: values['dry-run'],
    origem: 'cli',
    onProgresso: ({ linhas, bytes, fase }) => {
      const agora = Date.now();
      if (agora - ultimo < (tty ? 200 : 5000)) return;
      ultimo = agora;
      const s = (agora - t0) / 1000;
      if (fase === 'aplicacao') {
        // The one transaction that checks and applies the file: no fraction to show, only that it is alive.
        aplicando ??= agora;
        const texto = `verificando e aplicando ${n(linhas)} linhas · há ${Math.round((agora - aplicando) / 1000)} s`;
        process.stderr.write(tty ? `\r${texto}\x1b[K` : `${texto}\n`);
        return;
      }
      const frac = tamanho ? bytes / tamanho : 0;
      const eta = frac > 0 ? Math.max(0, s / frac - s) : 0;
      const barra = '█'.repeat(Math.round(frac * 20)).padEnd(20, '░');
      const texto = `${barra} ${Math.round(frac * 100)}% · ${n(linhas)} linhas · ${n(Math.round(linhas / Math.max(s, 0.001)))} linhas/s · faltam ~${Math.ceil(eta)} s`;
      process.stderr.write(tty ? `\r${texto}\x1b[K` : `${texto}\n`);
    },
  });
  if (tty) process.stderr.write('\r\x1b[K');
  await db.close();
  process.stdout.write(`${resumo(r, (Date.now() - t0) / 1000)}\n`);
  const pico = picoMb();
  if (pico !== null) process.stderr.write(`pico de memória (VmHWM): ${pico} MB\n`);
  process.exit(r.status === 'recusado' ? 1 : 0);
}

await main();
