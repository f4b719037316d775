// The provisioned Grafana dashboard (deploy/grafana/dashboards/portal.json), drawn from a running
// Prometheus without Grafana (issue 32 asks for a picture of it during the peak-hour rehearsal, and
// Grafana has no Debian package here). Every panel at its gridPos on Grafana's grid (24 columns,
// 30 px rows, 8 px gaps), with its title and unit; each target's expr evaluated as Grafana's
// Prometheus data source would for the window: $__interval from the panel's width in pixels
// (Grafana's rounding, at least the data source's scrape interval), $__rate_interval =
// max($__interval + scrape, 4 × scrape), template variables at their saved value (All → allValue),
// the range aligned to the step, legendFormat over the series' labels. Time series are drawn by
// uPlot (the library Grafana's own time series panel is built on), stat panels show their last
// non-null value, bar gauges and tables their instant query. The page is static HTML (data inlined)
// in a temp dir, screenshotted full page at 1600 px by Debian's Chromium.
//
//   node bench/painel.mjs --prometheus http://127.0.0.1:9090 --desde 15m --saida x.png [--raspagem 5s]
//
// --raspagem  the scrape interval Grafana's data source is told (its timeInterval): by default the
//             provisioned one's (deploy/grafana/provisioning/datasources/prometheus.yaml, 15 s);
//             bench/ensaio-pico.mjs passes its own Prometheus's 5 s.
// Not drawn as Grafana would: sparklines of stat panels (none here use graphMode other than none),
// panels inside collapsed rows (none here), the dashboard's time zone offset in the step alignment
// (America/Sao_Paulo's −3 h is a whole number of every step Grafana picks below 3 h).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pagina from './painel-pagina.mjs';
import { abrirChromium, root } from './lib.mjs';

const DASHBOARD = join(root, 'deploy/grafana/dashboards/portal.json');
const FONTE_DE_DADOS = join(root, 'deploy/grafana/provisioning/datasources/prometheus.yaml');
const LARGURA_DA_PAGINA = 1600;
const MARGEM_DA_PAGINA = 16;
// Grafana's GRID_CELL_HEIGHT, GRID_CELL_VMARGIN and GRID_COLUMN_COUNT.
const ALTURA_DA_LINHA = 30;
const VAO = 8;
const COLUNAS = 24;

// ---------------------------------------------------------------------------------------------
// Grafana's arithmetic, as plain functions

/** "15m", "90s", "1h", "2d", "500ms" → milliseconds. */
export function duracaoEmMs(texto) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/.exec(String(texto).trim());
  if (!m) throw new Error(`duração inválida: ${texto} (use 90s, 15m, 1h…)`);
  const por = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
  return Number(m[1]) * por[m[2]];
}

/** Grafana's rangeutil.roundInterval: a raw interval (ms) to the next "nice" one. */
export function arredondarIntervalo(ms) {
  const degraus = [
    [15, 10],
    [35, 20],
    [75, 50],
    [150, 100],
    [350, 200],
    [750, 500],
    [1500, 1000],
    [3500, 2000],
    [7500, 5000],
    [12_500, 10_000],
    [17_500, 15_000],
    [25_000, 20_000],
    [45_000, 30_000],
    [90_000, 60_000],
    [210_000, 120_000],
    [450_000, 300_000],
    [750_000, 600_000],
    [1_050_000, 900_000],
    [1_500_000, 1_200_000],
    [2_700_000, 1_800_000],
    [5_400_000, 3_600_000],
    [9_000_000, 7_200_000],
    [16_200_000, 10_800_000],
    [32_400_000, 21_600_000],
    [86_400_000, 43_200_000],
    [604_800_000, 86_400_000],
    [1_814_400_000, 604_800_000],
    [3_628_800_000, 2_592_000_000],
  ];
  return (degraus.find(([limite]) => ms < limite) ?? [0, 31_536_000_000])[1];
}

/**
 * What Grafana's Prometheus data source computes for one panel and window: the step and
 * $__interval (seconds), $__rate_interval (seconds), and the range aligned to the step (seconds).
 */
export function intervalosDoPainel({ deMs, ateMs, larguraPx, raspagemMs }) {
  const janelaMs = ateMs - deMs;
  // The query runner: maxDataPoints is the panel's width; the data source's interval is the floor.
  const intervaloMs = Math.max(arredondarIntervalo(janelaMs / Math.max(1, larguraPx)), raspagemMs);
  // The data source's adjustInterval: never more than 11 000 points a series.
  let seguro = janelaMs / 1000 / 11_000;
  if (seguro > 1) seguro = Math.ceil(seguro);
  const passo = Math.max(intervaloMs / 1000, raspagemMs / 1000, seguro);
  const raspagem = raspagemMs / 1000;
  const taxa = Math.max(passo + raspagem, 4 * raspagem);
  const inicio = Math.floor(deMs / 1000 / passo) * passo;
  const fim = Math.floor(Math.ceil(ateMs / 1000) / passo) * passo;
  return { passo, intervalo: passo, taxa, inicio, fim };
}

/** Seconds as Grafana writes them into a query: whole seconds as "20s", fractions as "500ms". */
function duracaoProm(segundos) {
  return Number.isInteger(segundos) ? `${segundos}s` : `${Math.round(segundos * 1000)}ms`;
}

/** Escapes a variable's value for a regex matcher, as Grafana's Prometheus data source does. */
function escaparRegex(valor) {
  return valor.replace(/[\\^$*+?.()|[\]{}]/g, '\\$&');
}

/**
 * The dashboard's template variables at their saved value: "All" becomes allValue (or every value
 * Prometheus knows, as a regex alternation), a multi-value selection an alternation of the values.
 */
export async function valoresDasVariaveis(dashboard, prometheus, janela) {
  const valores = {};
  for (const v of dashboard.templating?.list ?? []) {
    const atual = [v.current?.value ?? []].flat();
    if (atual.includes('$__all')) {
      valores[v.name] = v.allValue ?? alternativa(await valoresDoRotulo(prometheus, v, janela));
    } else {
      valores[v.name] = atual.length === 1 ? atual[0] : alternativa(atual);
    }
  }
  return valores;
}
const alternativa = (lista) => `(${lista.map(escaparRegex).join('|')})`;

async function valoresDoRotulo(prometheus, variavel, { inicio, fim }) {
  const consulta = variavel.definition ?? variavel.query?.query ?? '';
  const m = /^label_values\((?:(.+),\s*)?(\w+)\)$/.exec(consulta.trim());
  if (!m) throw new Error(`variável ${variavel.name}: só label_values(...) é suportado (${consulta})`);
  const q = new URLSearchParams({ start: String(inicio), end: String(fim) });
  if (m[1]) q.set('match[]', m[1]);
  const r = await (await fetch(`${prometheus}/api/v1/label/${m[2]}/values?${q}`)).json();
  return r.data ?? [];
}

/** $__rate_interval, $__interval, $__interval_ms and the template variables, written into an expr. */
export function substituirVariaveis(expr, { intervalo, taxa, variaveis }) {
  const embutidas = {
    __rate_interval: duracaoProm(taxa),
    __interval: duracaoProm(intervalo),
    __interval_ms: String(Math.round(intervalo * 1000)),
    ...variaveis,
  };
  return expr.replace(/\$\{(\w+)(?::\w+)?\}|\[\[(\w+)\]\]|\$(\w+)/g, (trecho, a, b, c) => {
    const nome = a ?? b ?? c;
    return nome in embutidas ? embutidas[nome] : trecho;
  });
}

/** A series' name as Grafana shows it: legendFormat over its labels, else metric{labels}, else expr. */
export function nomeDaSerie(formato, rotulos, expr) {
  if (formato && formato !== '__auto') return formato.replace(/\{\{\s*(.+?)\s*\}\}/g, (_, nome) => rotulos[nome] ?? '');
  const { __name__: metrica = '', ...resto } = rotulos;
  const pares = Object.entries(resto).map(([k, v]) => `${k}="${v}"`);
  if (!metrica && !pares.length) return expr;
  return `${metrica}{${pares.join(', ')}}`;
}

/** A panel's box in pixels on a grid `largura` wide, as react-grid-layout places it in Grafana. */
export function posicaoNaGrade({ x, y, w, h }, largura) {
  const coluna = (largura - VAO * (COLUNAS - 1)) / COLUNAS;
  return {
    esquerda: Math.round(x * (coluna + VAO)),
    topo: y * (ALTURA_DA_LINHA + VAO),
    largura: Math.round(w * coluna + (w - 1) * VAO),
    altura: h * ALTURA_DA_LINHA + (h - 1) * VAO,
  };
}

/** The data source's timeInterval, as provisioned (the floor of $__interval and Grafana's scrape). */
function raspagemProvisionada() {
  const m = /timeInterval:\s*['"]?(\w+)/.exec(readFileSync(FONTE_DE_DADOS, 'utf8'));
  return m ? m[1] : '15s';
}

// ---------------------------------------------------------------------------------------------
// Prometheus

async function prom(prometheus, caminho, params) {
  const r = await fetch(`${prometheus}/api/v1/${caminho}?${new URLSearchParams(params)}`);
  const corpo = await r.json().catch(() => ({ status: 'error', error: `HTTP ${r.status}` }));
  if (corpo.status !== 'success') throw new Error(corpo.error ?? `HTTP ${r.status}`);
  return corpo.data.result;
}

/** A sample value as a number, NaN and ±Inf (histogram_quantile of nothing) as a gap. */
const numero = (texto) => {
  const v = Number(texto);
  return Number.isFinite(v) ? v : null;
};

/** One panel's data: range targets as series on the step grid, instant ones as rows. */
async function dadosDoPainel(painel, caixa, contexto) {
  const { prometheus, deMs, ateMs, raspagemMs, variaveis } = contexto;
  const iv = intervalosDoPainel({ deMs, ateMs, larguraPx: caixa.largura, raspagemMs });
  const tempos = [];
  for (let t = iv.inicio; t <= iv.fim; t += iv.passo) tempos.push(t);
  const series = [];
  const linhas = [];
  const consultas = [];
  for (const alvo of painel.targets ?? []) {
    if (alvo.hide || !alvo.expr) continue;
    const expr = substituirVariaveis(alvo.expr, { ...iv, variaveis });
    consultas.push(expr);
    if (alvo.instant && !alvo.range) {
      for (const r of await prom(prometheus, 'query', { query: expr, time: String(iv.fim) }))
        linhas.push({
          rotulos: r.metric,
          nome: nomeDaSerie(alvo.legendFormat, r.metric, expr),
          valor: numero(r.value[1]),
        });
      continue;
    }
    const resultado = await prom(prometheus, 'query_range', {
      query: expr,
      start: String(iv.inicio),
      end: String(iv.fim),
      step: String(iv.passo),
    });
    for (const r of resultado) {
      const porTempo = new Map(r.values.map(([t, v]) => [Number(t), numero(v)]));
      series.push({
        nome: nomeDaSerie(alvo.legendFormat, r.metric, expr),
        valores: tempos.map((t) => porTempo.get(t) ?? null),
      });
    }
  }
  return { tempos, series, linhas, consultas, passo: iv.passo, taxa: iv.taxa };
}

// ---------------------------------------------------------------------------------------------
// The page

/** What the page needs of each panel: its box, its options and its data (or its error). */
async function paineisDaPagina(dashboard, contexto) {
  const largura = LARGURA_DA_PAGINA - 2 * MARGEM_DA_PAGINA;
  return Promise.all(
    dashboard.panels.map(async (p) => {
      const caixa = posicaoNaGrade(p.gridPos, largura);
      const padrao = p.fieldConfig?.defaults ?? {};
      const base = {
        tipo: p.type,
        titulo: p.title ?? '',
        caixa,
        unidade: padrao.unit,
        casas: padrao.decimals,
        limiares: padrao.thresholds?.steps,
        custom: padrao.custom ?? {},
        opcoes: p.options ?? {},
        transformacoes: p.transformations ?? [],
      };
      if (p.type === 'row') return base;
      try {
        return { ...base, ...(await dadosDoPainel(p, caixa, contexto)) };
      } catch (e) {
        return { ...base, erro: e.message };
      }
    }),
  );
}

function html(dados) {
  const require = createRequire(import.meta.url);
  const uplot = readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8');
  const css = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  // Inlined as JSON inside a script element: "<" escaped so no label can close it.
  const json = JSON.stringify(dados).replace(/</g, '\\u003c');
  const codigo = Object.values(pagina).map(String).join('\n\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${dados.titulo.replace(/</g, '&lt;')}</title>
<style>${css}
${pagina.estilo()}</style>
<script>${uplot}</script></head>
<body><script type="application/json" id="dados">${json}</script>
<script>${codigo}
desenharDashboard(JSON.parse(document.getElementById('dados').textContent));</script></body></html>`;
}

/** The window in the dashboard's time zone, for the page's small print. */
function janelaEscrita(deMs, ateMs, fuso) {
  const f = new Intl.DateTimeFormat('pt-BR', { timeZone: fuso, dateStyle: 'short', timeStyle: 'medium' });
  return `${f.format(deMs)} – ${f.format(ateMs)} (${fuso})`;
}

async function fotografar(arquivoHtml, saida) {
  const browser = await abrirChromium();
  try {
    const page = await browser.newPage({ viewport: { width: LARGURA_DA_PAGINA, height: 900 } });
    const erros = [];
    page.on('pageerror', (e) => erros.push(e.message));
    await page.goto(pathToFileURL(arquivoHtml).href);
    // The page marks itself drawn (or failed) once every panel is on it.
    await page.waitForSelector('body[data-pronto]', { timeout: 30_000 });
    if (erros.length) throw new Error(`a página falhou: ${erros.join('; ')}`);
    await page.screenshot({ path: saida, fullPage: true });
  } finally {
    await browser.close();
  }
}

/**
 * Draws the dashboard over [deMs, ateMs] from `prometheus` into the PNG `saida`. `raspagem` is the
 * data source's scrape interval ("5s"); by default the provisioned one's.
 */
export async function desenharPainel({ prometheus, deMs, ateMs = Date.now(), saida, raspagem, dashboard = DASHBOARD }) {
  const json = JSON.parse(readFileSync(dashboard, 'utf8'));
  const raspagemTexto = raspagem ?? raspagemProvisionada();
  const raspagemMs = duracaoEmMs(raspagemTexto);
  const janela = { inicio: Math.floor(deMs / 1000), fim: Math.ceil(ateMs / 1000) };
  const variaveis = await valoresDasVariaveis(json, prometheus, janela);
  const paineis = await paineisDaPagina(json, { prometheus, deMs, ateMs, raspagemMs, variaveis });
  const fuso = json.timezone && json.timezone !== 'browser' ? json.timezone : 'UTC';
  const dados = {
    titulo: json.title,
    nota:
      `Painéis do dashboard provisionado (deploy/grafana/dashboards/portal.json) desenhados por bench/painel.mjs ` +
      `a partir do Prometheus em ${prometheus}, sem Grafana. Janela: ${janelaEscrita(deMs, ateMs, fuso)}; ` +
      `intervalo de raspagem da fonte de dados ${raspagemTexto}; ` +
      `variáveis: ${
        Object.entries(variaveis)
          .map(([k, v]) => `$${k} = ${v}`)
          .join(', ') || 'nenhuma'
      }.`,
    fuso,
    deS: deMs / 1000,
    ateS: ateMs / 1000,
    largura: LARGURA_DA_PAGINA,
    margem: MARGEM_DA_PAGINA,
    paineis,
  };
  const dir = mkdtempSync(join(tmpdir(), 'painel-'));
  try {
    const arquivo = join(dir, 'painel.html');
    writeFileSync(arquivo, html(dados));
    await fotografar(arquivo, saida);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const falhas = paineis.filter((p) => p.erro).map((p) => `${p.titulo}: ${p.erro}`);
  return { paineis: paineis.length, falhas };
}

// ---------------------------------------------------------------------------------------------
// Alone: node bench/painel.mjs --prometheus URL --desde 15m --saida x.png [--raspagem 5s]

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const opcao = (nome) => {
    const i = args.indexOf(nome);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const saida = opcao('--saida');
  if (!saida) throw new Error('uso: node bench/painel.mjs --prometheus URL --desde 15m --saida x.png [--raspagem 5s]');
  const ateMs = Date.now();
  const r = await desenharPainel({
    prometheus: opcao('--prometheus') ?? 'http://127.0.0.1:9090',
    deMs: ateMs - duracaoEmMs(opcao('--desde') ?? '15m'),
    ateMs,
    saida,
    raspagem: opcao('--raspagem'),
  });
  console.log(`${saida}: ${r.paineis} panels${r.falhas.length ? `; failed: ${r.falhas.join('; ')}` : ''}`);
}
