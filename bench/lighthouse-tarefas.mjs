// Question: what is in a page's long main-thread tasks, as Lighthouse sees them? Summarizes the
// trace of a Lighthouse run (`artifacts.Trace`): every top-level task of the page's main thread of
// at least LIGHTHOUSE_TAREFA_MS observed milliseconds (default 10, i.e. 40 ms at the simulated 4×
// CPU), with its start, its duration, the trace events that took its time (self time, by name)
// and the scripts it is attributed to. Used by bench/lighthouse.mjs (LIGHTHOUSE_TRACE=1).
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

const MINIMO = Number(process.env.LIGHTHOUSE_TAREFA_MS ?? 10);

/**
 * @param {{traceEvents: object[]}} trace Lighthouse's `artifacts.Trace`
 * @param {string} baseUrl removed from the scripts' URLs
 * @returns {string[]} lines to print
 */
export function resumoDasTarefas(trace, baseUrl) {
  const processed = TraceProcessor.processTrace(trace);
  const nav = TraceProcessor.processNavigation(processed);
  const t0 = processed.timeOriginEvt.ts;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    t0,
  );
  const fcp = nav.timings.firstContentfulPaint;
  const linhas = [`FCP (observed) ${fcp.toFixed(0)} ms; top-level tasks ≥ ${MINIMO} ms:`];
  /** @param {import('lighthouse/core/lib/tracehouse/main-thread-tasks.js').TaskNode} t @param {Map<string, number>} porNome */
  const somar = (t, porNome) => {
    const nome =
      t.event.name === 'RunTask' || t.event.name === 'ThreadControllerImpl::RunTask' ? '(task itself)' : t.event.name;
    porNome.set(nome, (porNome.get(nome) ?? 0) + t.selfTime);
    for (const c of t.children) somar(c, porNome);
  };
  const totais = new Map();
  // The thread's own time (tdur, µs), where Chrome records it: a task much longer on the wall than
  // on the CPU waited for the core (a busy machine), it did not work.
  const cpuDe = (t) => {
    const e = t.event;
    if (typeof e.tdur === 'number') return e.tdur / 1000;
    if (typeof e.tts === 'number' && typeof t.endEvent?.tts === 'number') return (t.endEvent.tts - e.tts) / 1000;
    return undefined;
  };
  /** CPU self time by event name, over the whole trace (children's CPU time taken out). */
  const cpuPorNome = new Map();
  const somarCpu = (t) => {
    const cpu = cpuDe(t);
    if (cpu === undefined) return;
    const filhos = t.children.reduce((s, c) => s + (cpuDe(c) ?? 0), 0);
    const nome = TraceProcessor.isScheduleableTask(t.event) ? '(task itself)' : t.event.name;
    cpuPorNome.set(nome, (cpuPorNome.get(nome) ?? 0) + Math.max(0, cpu - filhos));
    for (const c of t.children) somarCpu(c);
  };
  let cpuTotal = 0;
  let wallTotal = 0;
  for (const t of tasks) {
    if (t.parent) continue;
    const porNome = new Map();
    somar(t, porNome);
    for (const [k, v] of porNome) totais.set(k, (totais.get(k) ?? 0) + v);
    somarCpu(t);
    wallTotal += t.duration;
    cpuTotal += cpuDe(t) ?? 0;
    if (t.duration < MINIMO) continue;
    const nomes = [...porNome]
      .filter(([, v]) => v >= 1)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', ');
    const urls = t.attributableURLs.map((u) => u.replace(baseUrl, '')).slice(0, 3);
    const cpu = cpuDe(t);
    linhas.push(
      `  @${t.startTime.toFixed(0)} ${t.duration.toFixed(1)} ms (cpu ${cpu === undefined ? '?' : cpu.toFixed(1)}) [${t.group.id}] ${t.event.name}${urls.length ? ` ${urls.join(' ')}` : ' (unattributable)'}: ${nomes}`,
    );
  }
  linhas.push(`  all top-level tasks: wall ${wallTotal.toFixed(0)} ms, cpu ${cpuTotal.toFixed(0)} ms`);
  linhas.push(
    `  whole trace, self time by event: ${[...totais]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')}`,
  );
  linhas.push(
    `  whole trace, CPU self time by event: ${[...cpuPorNome]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', ')}`,
  );
  return linhas;
}

/**
 * The trace as it would be if the page's main thread had had the core to itself: each top-level
 * task of the main thread is shrunk to its CPU time (`tdur`), and every event inside it with it
 * (start times and durations scaled by the same factor, so nesting holds). Lighthouse's simulation
 * multiplies the observed tasks by 4; on a machine where other work takes the core, a task's wall
 * time counts the waiting too, which is the machine's and not the page's (decision 0050).
 * @param {{traceEvents: object[]}} trace
 */
export function tracoEmTempoDeCpu(trace) {
  const processed = TraceProcessor.processTrace(trace);
  const chave = (e) => `${e.pid}:${e.tid}`;
  const threads = new Set(processed.mainThreadEvents.map(chave));
  const events = structuredClone(trace.traceEvents);
  const porThread = new Map();
  for (const e of events) {
    if (!threads.has(chave(e))) continue;
    let l = porThread.get(chave(e));
    if (!l) porThread.set(chave(e), (l = []));
    l.push(e);
  }
  for (const l of porThread.values()) {
    l.sort((a, b) => a.ts - b.ts);
    let fim = -Infinity;
    for (let i = 0; i < l.length; i++) {
      const t = l[i];
      if (t.ts < fim || t.ph !== 'X' || !TraceProcessor.isScheduleableTask(t)) continue;
      fim = t.ts + t.dur;
      if (!(typeof t.tdur === 'number' && t.tdur > 0 && t.tdur < t.dur)) continue;
      const f = t.tdur / t.dur;
      const inicio = t.ts;
      for (let j = i; j < l.length && l[j].ts <= fim; j++) {
        const e = l[j];
        e.ts = inicio + (e.ts - inicio) * f;
        if (typeof e.dur === 'number') e.dur *= f;
      }
    }
  }
  return { ...trace, traceEvents: events };
}
