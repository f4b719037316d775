// The drawing side of bench/painel.mjs: these functions run in the page it writes (headless
// Chromium, uPlot loaded). Each is inserted into the page as its own source text, so a function here
// may use only the page's globals and the other functions of this file, by name — nothing imported,
// no module-level constant.

/** The page's CSS: Grafana's dark theme, roughly (its colours, sizes and the panel chrome). */
export function estilo() {
  return `
  * { box-sizing: border-box; }
  body { margin: 0; background: #111217; color: #ccccdc; font: 13px/1.4 Inter, 'Helvetica Neue', Arial, sans-serif; }
  header { padding: 12px 16px 4px; }
  h1 { font-size: 18px; font-weight: 500; margin: 0 0 4px; }
  .nota { font-size: 11px; color: #8e8e9a; margin: 0; }
  .grade { position: relative; margin: 8px 16px 16px; }
  .painel { position: absolute; background: #181b1f; border: 1px solid #2c3235; border-radius: 2px; display: flex; flex-direction: column; overflow: hidden; }
  .painel > h2 { font-size: 13px; font-weight: 500; margin: 0; padding: 6px 8px; height: 30px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; flex: none; }
  .corpo { flex: 1; min-height: 0; padding: 0 8px 6px; display: flex; flex-direction: column; }
  .linha { position: absolute; font-size: 15px; font-weight: 500; padding-top: 6px; border-bottom: 1px solid #2c3235; }
  .vazio { margin: auto; color: #8e8e9a; font-size: 14px; }
  .erro { margin: auto; color: #f2495c; font-size: 12px; padding: 0 8px; }
  .legenda { flex: none; display: flex; flex-wrap: wrap; gap: 2px 12px; font-size: 11px; padding-top: 4px; overflow: hidden; }
  .legenda span { white-space: nowrap; }
  .legenda i { display: inline-block; width: 14px; height: 4px; border-radius: 2px; margin-right: 4px; vertical-align: middle; }
  .stat { flex: 1; display: flex; flex-wrap: wrap; gap: 4px; }
  .stat > div { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; border-radius: 2px; color: #fff; }
  .stat small { font-size: 12px; }
  .stat b { font-weight: 500; line-height: 1.1; }
  .barras { flex: 1; display: flex; flex-direction: column; justify-content: space-around; }
  .barras .nome { font-size: 12px; }
  .barras .trilho { display: flex; align-items: center; gap: 8px; }
  .barras .fundo { flex: 1; background: #22252b; height: 18px; }
  .barras .barra { height: 100%; }
  table { border-collapse: collapse; width: 100%; font-size: 12px; }
  th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid #2c3235; white-space: nowrap; }
  th { color: #6e9fff; font-weight: 500; }
  .tabela { flex: 1; overflow: hidden; }`;
}

/** Grafana's named colours and its classic palette (the time series panel's default). */
export function cores() {
  return {
    nomes: {
      green: '#73BF69',
      'dark-green': '#37872D',
      yellow: '#FADE2A',
      orange: '#FF9830',
      red: '#F2495C',
      'dark-red': '#C4162A',
      blue: '#5794F2',
      purple: '#B877D9',
      text: '#ccccdc',
    },
    paleta: [
      '#7EB26D',
      '#EAB839',
      '#6ED0E0',
      '#EF843C',
      '#E24D42',
      '#1F78C1',
      '#BA43A9',
      '#705DA0',
      '#508642',
      '#CCA300',
      '#447EBC',
      '#C15C17',
      '#890F02',
      '#0A437C',
      '#6D1F62',
      '#584477',
      '#B7DBAB',
      '#F4D598',
      '#70DBED',
      '#F9BA8F',
      '#F29191',
      '#82B5D8',
      '#E5A8E2',
      '#AEA2E0',
    ],
  };
}

/** A number with Grafana's unit (the ones the dashboard uses); null or NaN as a dash. */
export function formatarValor(v, unidade, casas) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const numero = (x) => {
    if (casas !== undefined && casas !== null) return x.toFixed(casas);
    // Three significant digits, as many decimals as small values need.
    return Math.abs(x) >= 100 ? x.toFixed(0) : String(Number(x.toPrecision(3)));
  };
  const escalado = (x, base, sufixos) => {
    let i = 0;
    while (Math.abs(x) >= base && i < sufixos.length - 1) {
      x /= base;
      i++;
    }
    return `${numero(x)}${sufixos[i]}`;
  };
  const a = Math.abs(v);
  switch (unidade) {
    case 's':
      if (a === 0) return '0 s';
      if (a < 1e-3) return `${numero(v * 1e6)} µs`;
      if (a < 1) return `${numero(v * 1e3)} ms`;
      if (a < 60) return `${numero(v)} s`;
      if (a < 3600) return `${numero(v / 60)} min`;
      if (a < 86_400) return `${numero(v / 3600)} h`;
      return `${numero(v / 86_400)} dia`;
    case 'bytes':
      return escalado(v, 1024, [' B', ' KiB', ' MiB', ' GiB', ' TiB']);
    case 'percentunit':
      return `${numero(v * 100)}%`;
    case 'reqps':
      return `${escalado(v, 1000, ['', ' K', ' Mil', ' Bil'])} req/s`;
    case 'ops':
      return `${escalado(v, 1000, ['', ' K', ' Mil', ' Bil'])} ops/s`;
    case 'short':
      return escalado(v, 1000, ['', ' K', ' Mil', ' Bil', ' Tri']);
    default:
      return numero(v);
  }
}

/** Time-axis ticks (epoch seconds) as Grafana writes them: 24 h, seconds only when the ticks need them. */
export function horarios(marcas, fuso) {
  const passo = marcas.length > 1 ? marcas[1] - marcas[0] : 60;
  const f = new Intl.DateTimeFormat('pt-BR', {
    timeZone: fuso,
    hour: '2-digit',
    minute: '2-digit',
    ...(passo < 60 ? { second: '2-digit' } : {}),
  });
  return marcas.map((t) => f.format(t * 1000));
}

export function incrementosBinarios() {
  const r = [];
  for (let k = 0; k < 6; k++) for (let m = 1; m < 1024; m *= 2) r.push(m * 1024 ** k);
  return r;
}

/** The colour of the last threshold step at or below v (the first step's value is null: −∞). */
export function corDoLimiar(v, limiares) {
  const { nomes } = cores();
  const passos = limiares ?? [{ color: 'green', value: null }];
  let cor = passos[0]?.color ?? 'green';
  for (const p of passos) if (p.value === null || (v !== null && v >= p.value)) cor = p.color;
  return nomes[cor] ?? cor;
}

export function elemento(tag, classe, texto) {
  const e = document.createElement(tag);
  if (classe) e.className = classe;
  if (texto !== undefined) e.textContent = texto;
  return e;
}

export function mensagem(corpo, classe, texto) {
  corpo.replaceChildren(elemento('div', classe, texto));
}

/** The last non-null value of a series (Grafana's lastNotNull). */
export function ultimoValor(valores) {
  for (let i = valores.length - 1; i >= 0; i--) if (valores[i] !== null) return valores[i];
  return null;
}

/** Stacked series ("normal" stacking): running sums, and the bands that fill between them. */
export function empilhar(series) {
  const soma = series[0]?.valores.map(() => 0) ?? [];
  const valores = series.map((s) => s.valores.map((v, i) => (v === null ? null : (soma[i] += v))));
  const faixas = series.slice(1).map((_, i) => ({ series: [i + 2, i + 1] }));
  return { valores, faixas };
}

/** A list legend (Grafana's "list" mode: colour and name), cut with "+N" where it would not fit. */
export function legenda(corpo, nomes, paleta, alturaMax) {
  const l = elemento('div', 'legenda');
  corpo.append(l);
  nomes.forEach((nome, i) => {
    const item = elemento('span');
    const marca = elemento('i');
    marca.style.background = paleta[i % paleta.length];
    item.append(marca, nome || ' ');
    l.append(item);
  });
  const itens = [...l.children];
  const mais = elemento('span');
  while (l.scrollHeight > alturaMax && itens.length > 1) {
    itens.pop().remove();
    mais.textContent = `+${nomes.length - itens.length}`;
    l.append(mais);
  }
  return l.offsetHeight;
}

/** Indexes of values with a gap on both sides: a line cannot show them, a point does. */
export function isolados(valores) {
  const r = [];
  valores.forEach((v, i) => {
    if (v !== null && (valores[i - 1] ?? null) === null && (valores[i + 1] ?? null) === null) r.push(i);
  });
  return r;
}

export function desenharSeries(corpo, p, d) {
  if (!p.series.length) return mensagem(corpo, 'vazio', 'sem dados');
  const { paleta } = cores();
  const largura = corpo.clientWidth - 16;
  const alturaLegenda = legenda(
    corpo,
    p.series.map((s) => s.nome),
    paleta,
    corpo.clientHeight * 0.4,
  );
  const altura = corpo.clientHeight - alturaLegenda - 10;
  const pilha = p.custom.stacking?.mode === 'normal';
  const { valores, faixas } = pilha ? empilhar(p.series) : { valores: p.series.map((s) => s.valores), faixas: [] };
  const alfa = Math.round(((p.custom.fillOpacity ?? 0) / 100) * 255)
    .toString(16)
    .padStart(2, '0');
  const rotulo = (v) => formatarValor(v, p.unidade, p.casas);
  const eixo = {
    stroke: '#ccccdc',
    font: '11px Arial, sans-serif',
    grid: { stroke: 'rgba(204,204,220,0.09)', width: 1 },
    ticks: { stroke: 'rgba(204,204,220,0.09)', width: 1, size: 4 },
  };
  const grafico = new window.uPlot(
    {
      width: largura,
      height: Math.max(60, altura),
      tzDate: (ts) => window.uPlot.tzDate(new Date(ts * 1e3), d.fuso),
      legend: { show: false },
      cursor: { show: false },
      bands: faixas,
      scales: {
        x: { time: true, range: () => [d.deS, d.ateS] },
        // From zero, as Grafana's panels for counts and rates read; a flat line gets some room.
        y: {
          range: (u, min, max) => {
            if (min === null || max === null) return [0, 1];
            const baixo = Math.min(0, min);
            const alto = max > baixo ? max : baixo + 1;
            return [baixo, alto + (alto - baixo) * 0.08];
          },
        },
      },
      axes: [
        { ...eixo, size: 30, values: (u, marcas) => horarios(marcas, d.fuso) },
        {
          ...eixo,
          // Bytes step by powers of two (1, 2, 4 … MiB), as Grafana's axis does for them.
          ...(p.unidade === 'bytes' ? { incrs: incrementosBinarios() } : {}),
          values: (u, marcas) => marcas.map(rotulo),
          size: (u, textos) => 14 + 6.5 * Math.max(3, ...(textos ?? []).map((t) => String(t).length)),
        },
      ],
      series: [
        {},
        ...p.series.map((s, i) => {
          const cor = paleta[i % paleta.length];
          return {
            label: s.nome,
            stroke: cor,
            width: p.custom.lineWidth ?? 1,
            fill: alfa === '00' ? undefined : cor + alfa,
            spanGaps: p.custom.spanNulls === true,
            points: { show: true, size: 5, fill: cor, filter: (u, si) => isolados(u.data[si]) },
          };
        }),
      ],
    },
    [p.tempos, ...valores],
  );
  corpo.insertBefore(grafico.root, corpo.firstChild);
}

export function desenharStat(corpo, p) {
  const valores = [...p.series, ...p.linhas.map((l) => ({ nome: l.nome, valores: [l.valor] }))]
    .map((s) => ({ nome: s.nome, valor: ultimoValor(s.valores) }))
    .filter((s) => s.valor !== null);
  if (!valores.length) return mensagem(corpo, 'vazio', 'sem dados');
  const caixa = elemento('div', 'stat');
  corpo.append(caixa);
  const alto = corpo.clientHeight / Math.max(1, Math.ceil(valores.length / 2));
  for (const { nome, valor } of valores) {
    const celula = elemento('div');
    const fundo = p.opcoes.colorMode === 'background';
    const cor = corDoLimiar(valor, p.limiares);
    if (fundo) celula.style.background = cor;
    else celula.style.color = cor;
    // textMode "auto": the name only when there is more than one value.
    if (valores.length > 1) celula.append(elemento('small', '', nome));
    const texto = elemento('b', '', formatarValor(valor, p.unidade, p.casas));
    texto.style.fontSize = `${Math.min(alto * 0.45, 48)}px`;
    celula.append(texto);
    caixa.append(celula);
  }
}

export function desenharBarras(corpo, p) {
  const valores = [
    ...p.linhas.map((l) => ({ nome: l.nome, valor: l.valor })),
    ...p.series.map((s) => ({ nome: s.nome, valor: ultimoValor(s.valores) })),
  ].filter((s) => s.valor !== null);
  if (!valores.length) return mensagem(corpo, 'vazio', 'sem dados');
  const maximo = Math.max(...valores.map((v) => v.valor), 0) || 1;
  const caixa = elemento('div', 'barras');
  corpo.append(caixa);
  for (const { nome, valor } of valores) {
    const linha = elemento('div');
    const trilho = elemento('div', 'trilho');
    const fundo = elemento('div', 'fundo');
    const barra = elemento('div', 'barra');
    barra.style.width = `${Math.max(0, (valor / maximo) * 100)}%`;
    barra.style.background = corDoLimiar(valor, p.limiares);
    fundo.append(barra);
    const texto = elemento('span', '', formatarValor(valor, p.unidade, p.casas));
    texto.style.color = corDoLimiar(valor, p.limiares);
    trilho.append(fundo, texto);
    linha.append(elemento('div', 'nome', nome), trilho);
    caixa.append(linha);
  }
}

/** An instant query in "table" format: label columns then Value, after the panel's organize. */
export function desenharTabela(corpo, p) {
  if (!p.linhas.length) return mensagem(corpo, 'vazio', 'sem dados');
  const organizar = p.transformacoes.find((t) => t.id === 'organize')?.options ?? {};
  const fora = organizar.excludeByName ?? {};
  const nomes = organizar.renameByName ?? {};
  const rotulos = [...new Set(p.linhas.flatMap((l) => Object.keys(l.rotulos)))].sort();
  const colunas = ['Time', ...rotulos, 'Value'].filter((c) => !fora[c]);
  const ordem = p.opcoes.sortBy?.[0];
  const linhas = [...p.linhas];
  if (ordem?.displayName === 'Value') linhas.sort((a, b) => (ordem.desc ? -1 : 1) * ((a.valor ?? 0) - (b.valor ?? 0)));
  const tabela = elemento('table');
  const cabeca = elemento('tr');
  for (const c of colunas) cabeca.append(elemento('th', '', nomes[c] || c));
  tabela.append(cabeca);
  for (const l of linhas) {
    const tr = elemento('tr');
    for (const c of colunas)
      tr.append(
        elemento(
          'td',
          '',
          c === 'Value' ? formatarValor(l.valor, p.unidade, p.casas) : c === 'Time' ? '' : (l.rotulos[c] ?? ''),
        ),
      );
    tabela.append(tr);
  }
  const caixa = elemento('div', 'tabela');
  caixa.append(tabela);
  corpo.append(caixa);
}

export function desenharDashboard(d) {
  const cabecalho = elemento('header');
  cabecalho.append(elemento('h1', '', d.titulo), elemento('p', 'nota', d.nota));
  const grade = elemento('div', 'grade');
  document.body.append(cabecalho, grade);
  grade.style.height = `${Math.max(...d.paineis.map((p) => p.caixa.topo + p.caixa.altura))}px`;
  const desenhos = {
    timeseries: desenharSeries,
    stat: desenharStat,
    gauge: desenharStat,
    bargauge: desenharBarras,
    table: desenharTabela,
  };
  for (const p of d.paineis) {
    const { esquerda, topo, largura, altura } = p.caixa;
    const caixa = elemento('div', p.tipo === 'row' ? 'linha' : 'painel');
    Object.assign(caixa.style, {
      left: `${esquerda}px`,
      top: `${topo}px`,
      width: `${largura}px`,
      height: `${altura}px`,
    });
    grade.append(caixa);
    if (p.tipo === 'row') {
      caixa.textContent = p.titulo;
      continue;
    }
    const corpo = elemento('div', 'corpo');
    caixa.append(elemento('h2', '', p.titulo), corpo);
    if (p.erro) mensagem(corpo, 'erro', `erro: ${p.erro}`);
    else if (!desenhos[p.tipo]) mensagem(corpo, 'erro', `painel do tipo ${p.tipo} não desenhado`);
    else desenhos[p.tipo](corpo, p, d);
  }
  document.body.dataset.pronto = '1';
}
