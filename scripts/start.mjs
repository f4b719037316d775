// `npm start`: build whatever is missing or older than its sources, then serve the portal and the
// API on one origin (apps/api/dist/server.js). Runs the server in this process, so signals and the
// exit code are the server's own.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const p = (...parts) => join(root, ...parts);

/** Newest modification time below the given paths (files or folders), skipping build output. */
function newest(paths) {
  let max = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const st = statSync(path);
    if (st.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') walk(join(path, name));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach(walk);
  return max;
}

const shared = [p('packages/br/src'), p('packages/contract/src'), p('packages/operadora/src')];
const targets = [
  {
    name: 'web',
    output: p('apps/web/dist/index.html'),
    sources: [
      p('apps/web/src'),
      p('apps/web/index.html'),
      p('apps/web/atendimento.html'),
      p('apps/web/vite.config.ts'),
      p('apps/web/vite.atendimento.config.ts'),
      p('apps/web/public'),
      ...shared,
    ],
    command: ['npm', ['run', 'build', '-w', '@portal/web']],
  },
  {
    name: 'api',
    output: p('apps/api/dist/server.js'),
    sources: [p('apps/api/src'), p('apps/api/build.mjs'), ...shared],
    command: ['npm', ['run', 'build', '-w', '@portal/api']],
  },
];

if (!existsSync(p('node_modules'))) {
  console.error('Dependências não instaladas: rode `npm install` antes de `npm start`.');
  process.exit(1);
}

for (const t of targets) {
  const built = existsSync(t.output) ? statSync(t.output).mtimeMs : 0;
  if (built >= newest(t.sources)) continue;
  console.log(`[start] building ${t.name}…`);
  const r = spawnSync(t.command[0], t.command[1], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[start] build of ${t.name} failed`);
    process.exit(r.status ?? 1);
  }
}

await import(p('apps/api/dist/server.js'));
