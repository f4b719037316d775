import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { startPortal } from './lib.mjs';
const portal = await startPortal();
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
try {
  const r = await lighthouse(`${portal.baseUrl}/login`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const l = r.lhr;
  writeFileSync(process.env.OUT ?? '/tmp/h19web-diag/lhr.json', JSON.stringify(l));
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'interactive'])
    console.log(id, l.audits[id].numericValue?.toFixed(0), l.audits[id].score);
  console.log('perf', l.categories.performance.score);
  console.log(JSON.stringify(l.audits['largest-contentful-paint-element'].details?.items?.map((i) => i.items?.map((x) => x.node?.snippet ?? x)), null, 0).slice(0, 1500));
  const chains = l.audits['critical-request-chains'].details;
  const walk = (c, d) => { for (const [k, v] of Object.entries(c ?? {})) { console.log(' '.repeat(d * 2) + v.request.url.replace(portal.baseUrl, ''), (v.request.endTime - v.request.startTime).toFixed(3), v.request.transferSize); walk(v.children, d + 1); } };
  walk(chains?.chains, 0);
  console.log('longest chain', JSON.stringify(chains?.longestChain));
} finally { chrome.kill(); await portal.stop(); }
