// The dashboard and the rules of deploy/ name only metrics that exist (issue 32), and every query
// of the dashboard is valid PromQL. Run by scripts/verificar-alertas.sh: it writes the dashboard's
// queries as recording rules to the file given (for `promtool check rules`), and fails on a metric
// name neither the API (apps/api/src), prom-client's default metrics nor Prometheus defines.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [destino] = process.argv.slice(2);
if (!destino) {
  console.error('usage: node scripts/verificar-alertas.painel.mjs <rules file to write>');
  process.exit(2);
}

const PAINEL = 'deploy/grafana/dashboards/portal.json';
const REGRAS = 'deploy/prometheus/alertas.yml';
const UID_DA_FONTE = 'prometheus'; // deploy/grafana/provisioning/datasources/prometheus.yaml
/** Series Prometheus makes itself. */
const DO_PROMETHEUS = new Set(['up', 'ALERTS']);

const arquivos = (dir, fim) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(fim))
    .map((e) => join(e.parentPath, e.name));

// Where metric names are defined: the API's sources (tests aside) and prom-client's default metrics.
const fontes = [
  ...arquivos('apps/api/src', '.ts').filter((f) => !f.endsWith('.test.ts')),
  ...arquivos('node_modules/prom-client/lib/metrics', '.js'),
]
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

const painel = JSON.parse(readFileSync(PAINEL, 'utf8'));
const falhas = [];
const consultas = [];
const visitar = (paineis) => {
  for (const p of paineis ?? []) {
    if (p.datasource && p.datasource.uid !== UID_DA_FONTE)
      falhas.push(`${PAINEL}: "${p.title}" uses data source ${p.datasource.uid}, not ${UID_DA_FONTE}`);
    for (const alvo of p.targets ?? []) if (alvo.expr) consultas.push({ titulo: p.title, expr: alvo.expr });
    visitar(p.panels);
  }
};
visitar(painel.panels);
if (consultas.length === 0) falhas.push(`${PAINEL}: no query found`);

// Grafana's variables, replaced by what they stand for in a query Prometheus runs.
const comoPrometheus = (expr) => expr.replaceAll('$__rate_interval', '5m').replaceAll('$instancia', '.*');

// Names of series: identifiers followed by `{`, `[` or `)` … that are not functions, keywords or labels.
const PALAVRAS = new Set(
  `sum min max avg count topk bottomk by without on ignoring group_left group_right and or unless bool offset
   rate irate increase histogram_quantile time vector label_values`.split(/\s+/),
);
const metricasDe = (expr) => {
  const semRotulos = expr.replace(/\{[^}]*\}/g, '{}').replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  return [...semRotulos.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((m) => m[1])
    .filter((n) => !PALAVRAS.has(n) && !/^\d/.test(n) && /_|^[A-Z]+$|^up$/.test(n));
};
const base = (n) => n.replace(/_(bucket|count|sum)$/, '');
const existe = (n) => DO_PROMETHEUS.has(n) || fontes.includes(`'${n}'`) || fontes.includes(`'${base(n)}'`);

for (const { titulo, expr } of consultas)
  for (const n of metricasDe(comoPrometheus(expr)))
    if (!existe(n)) falhas.push(`${PAINEL}: "${titulo}" reads ${n}, which nothing defines`);

const regras = readFileSync(REGRAS, 'utf8');
for (const [, expr] of regras.matchAll(/expr: \|?\s*([\s\S]*?)\n\s+for:/g))
  for (const n of metricasDe(expr.replace(/^\s*#.*$/gm, '')))
    if (!existe(n)) falhas.push(`${REGRAS}: an alert reads ${n}, which nothing defines`);

// JSON is YAML: the queries as recording rules, for promtool to parse.
writeFileSync(
  destino,
  JSON.stringify({
    groups: [
      {
        name: 'painel',
        rules: consultas.map((c, i) => ({ record: `painel:consulta_${i + 1}`, expr: comoPrometheus(c.expr) })),
      },
    ],
  }),
);

if (falhas.length) {
  for (const f of falhas) console.error(f);
  process.exit(1);
}
console.log(
  `${consultas.length} queries of the dashboard written to ${destino}; every metric they and the alerts read exists`,
);
