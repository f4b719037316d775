// `npm run bench`: every benchmark, one after the other (each prints its own ratio).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

for (const script of ['login-bundle.mjs', 'startup.mjs', 'api-login.mjs']) {
  console.log(`\n## ${script}`);
  const r = spawnSync(process.execPath, [join(import.meta.dirname, script)], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
