// `npm run bench [-- name ...]`: the benchmarks one after the other (each prints its figures next to
// the baseline it ran in the same script). Everything printed also goes to bench/report.txt, with
// the date and the machine's load, so a figure can be quoted with where it came from.
import { spawnSync } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

const RAPIDOS = ['login-bundle.mjs', 'startup.mjs', 'api-login.mjs', 'api-sessao.mjs', 'documentos.mjs'];
const pedidos = process.argv.slice(2).map((n) => (n.endsWith('.mjs') ? n : `${n}.mjs`));
const scripts = pedidos.length ? pedidos : RAPIDOS;
const relatorio = join(import.meta.dirname, 'report.txt');
const carga = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
writeFileSync(
  relatorio,
  `# npm run bench ${scripts.join(' ')}\n# ${new Date().toISOString()}, ${cpus().length} cores\n`,
);

for (const script of scripts) {
  const cabecalho = `\n## ${script} (load average before: ${carga()})\n`;
  process.stdout.write(cabecalho);
  appendFileSync(relatorio, cabecalho);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(r.stdout ?? '');
  appendFileSync(relatorio, r.stdout ?? '');
  if (r.status !== 0) {
    appendFileSync(relatorio, `(exit ${r.status})\n`);
    process.exitCode = 1;
  }
}
console.log(`\nreport: ${relatorio}`);
