// Question: how long from `npm start` on a built tree to the first answer?
// Baseline in the same script: `node -e` serving a bare http server, spawned the same way.
// Each run uses a fresh data dir after a warm-up run seeded it (the README's 'second start').
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, median, timeToFirstAnswer } from './lib.mjs';

const runs = Number(process.env.RUNS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-startup-'));
const baseline = [];
const portal = [];
const first = [];
try {
  {
    const port = await freePort();
    first.push(
      await timeToFirstAnswer('npm', ['start'], `http://127.0.0.1:${port}/readyz`, {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      }),
    );
  }
  for (let i = 0; i < runs; i++) {
    let port = await freePort();
    baseline.push(
      await timeToFirstAnswer(
        process.execPath,
        ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
        `http://127.0.0.1:${port}/`,
      ),
    );
    port = await freePort();
    portal.push(
      await timeToFirstAnswer('npm', ['start'], `http://127.0.0.1:${port}/readyz`, {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      }),
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const b = median(baseline);
const p = median(portal);
console.log(`first start (empty data dir, migrate + demo seed): ${(first[0] / 1000).toFixed(2)} s`);
console.log(`baseline bare node http server: ${b.toFixed(0)} ms (median of ${runs})`);
console.log(
  `npm start on a built tree, seeded data dir: ${(p / 1000).toFixed(2)} s (median of ${runs}) = ${(p / b).toFixed(1)}× baseline`,
);
