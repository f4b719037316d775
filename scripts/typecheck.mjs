// npm run typecheck: every TypeScript project checked by TypeScript 7's native compiler (decision 0046),
// one after another (each already uses every core). The `typescript` package (5.9) stays for the tools
// that need its JavaScript API (typescript-eslint); TypeScript 7 has none.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tsc = fileURLToPath(new URL('../node_modules/typescript-7/bin/tsc', import.meta.url));
const projetos = ['packages/br', 'packages/contract', 'packages/operadora', 'apps/api', 'apps/web', 'e2e', 'test'];

let falhou = false;
for (const p of projetos) {
  const r = spawnSync(process.execPath, [tsc, '-p', p], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`typecheck: ${p} has errors`);
    falhou = true;
  }
}
process.exit(falhou ? 1 : 0);
