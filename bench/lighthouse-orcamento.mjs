// The Lighthouse budget for CI (issue 34): bench/lighthouse.mjs on /login and /home, median of 3,
// beside the blank page, printing the Chromium version; exits 1 when a page misses its target
// (/login performance 100 and TBT ≤ 100 ms; /home ≥ 97 and TBT ≤ 150 ms; accessibility and best
// practices 100, LCP ≤ 2.5 s, CLS ≤ 0.1). The figures judged are the ones "on CPU time" (each
// main-thread task counted for the CPU it used, decision 0050): a shared CI machine otherwise fails
// a page for the time its main thread waited for a core. LIGHTHOUSE_ORCAMENTO=lighthouse judges
// Lighthouse's own figures instead; LIGHTHOUSE_PAGES and LIGHTHOUSE_RUNS override the pages and runs.
// Needs the build (`npm run build`) and Chromium (CHROME_PATH, /usr/bin/chromium by default).
process.env.LIGHTHOUSE_PAGES ??= 'login,home';
process.env.LIGHTHOUSE_RUNS ??= '3';
process.env.LIGHTHOUSE_ORCAMENTO ||= 'cpu';
process.env.LIGHTHOUSE_TASKS ??= '1';
await import('./lighthouse.mjs');
if (process.exitCode) console.log('Lighthouse budget missed (see MISS above).');
else console.log('Lighthouse budget met.');
