// Bundles the server into dist/server.js, and the operator's command-line tools (importar, chaves,
// webhooks, equipe, selagem) into dist/<tool>.js beside it, so a production image without dev dependencies runs them
// with plain `node` (development runs them from the sources with tsx: `npm run importar -- …`).
// Workspace packages (@portal/*, TypeScript sources) are
// bundled in, npm dependencies stay external. Migrations are copied next to the bundle, where
// src/db/migrate.ts looks for them (`./migrations/` relative to the running file).
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: {
    // server.js imports otel.js (only when tracing is asked for) and then principal.js, by names
    // it builds at run time: three files, so nothing of the app loads before tracing is on (0065).
    server: join(here, 'src/server.ts'),
    principal: join(here, 'src/principal.ts'),
    otel: join(here, 'src/otel.ts'),
    importar: join(here, 'src/cli/importar.ts'),
    chaves: join(here, 'src/cli/chaves.ts'),
    webhooks: join(here, 'src/cli/webhooks.ts'),
    equipe: join(here, 'src/cli/equipe.ts'),
    selagem: join(here, 'src/cli/selagem.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Like packages: 'external', except the workspace packages (@portal/*), which are TS sources.
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: '// Portal do Beneficiário API — built by apps/api/build.mjs' },
});
cpSync(join(here, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
// The argon2 worker of lib/password.ts (piscina loads it by file, next to the bundle).
cpSync(join(here, 'src/lib/argon2-worker.mjs'), join(dist, 'argon2-worker.mjs'));
console.log(
  'apps/api/dist/server.js built (with principal.js and otel.js), with importar.js, chaves.js, webhooks.js, equipe.js and selagem.js',
);
