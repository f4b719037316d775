import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One override per feature folder: a feature may import shared code (@/components, @/lib) and
// itself, never another feature. Relative imports may not climb out of the feature either.
const webFeaturesDir = new URL('./apps/web/src/features/', import.meta.url);
const webFeatures = (() => {
  try {
    return readdirSync(webFeaturesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();
const noAppImports = { group: ['@/app/*', '@/app'], message: 'Features and shared code must not import from app/.' };
// For a file n folders below features/, climbing exactly n levels lands in features/: the next
// segment must be its own feature. Climbing n+1 lands in src/, where features/ is closed too.
const relativeEscapes = (feature, depth) => [
  {
    regex: `^(\\.\\./){${depth}}(?!${feature}(/|$))[^./]`,
    message: `A feature never imports another feature ('${feature}' may only import itself and shared code).`,
  },
  {
    regex: `^(\\.\\./){${depth + 1}}features/(?!${feature}(/|$))`,
    message: `A feature never imports another feature ('${feature}' may only import itself and shared code).`,
  },
];
const sharedPatterns = [
  noAppImports,
  { group: ['@/features/*', '@/features'], message: 'Shared code (lib/, components/) never imports a feature.' },
  { regex: '^(\\.\\./)+features/', message: 'Shared code (lib/, components/) never imports a feature.' },
];
const featureBoundaries = webFeatures.flatMap((feature) =>
  [1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              regex: `^@/features/(?!${feature}(/|$))`,
              message: `A feature never imports another feature ('${feature}' may only import itself and shared code).`,
            },
            ...relativeEscapes(feature, depth),
          ],
        },
      ],
    },
  })),
);

// API boundaries (issues 14 and 33): one direction of imports, as the web has (docs/arquitetura.md).
// lib/ and plugins/ serve everything and import neither core/ nor an area; db/ (adapters, migrations)
// imports no core or area code, and the demo seed (seed/) only the importer's face. core/ holds the
// route-less services the areas stand on (sessions and the member, audit, codes, requests and
// protocols, notifications, webhooks, retention) and never imports an area. An area (modules/<area>)
// imports core/ freely and another area only through that area's one public file, its index.ts:
// the rest of its folder (routes, PDFs, rules, its own helpers) is its own business.
const apiModulesDir = new URL('./apps/api/src/modules/', import.meta.url);
const apiModules = (() => {
  try {
    return readdirSync(apiModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();
const apiPublic = apiModules.map((area) => `./${area}/index.ts`);
const apiBoundaries = [
  ...['lib', 'plugins', 'db'].flatMap((layer) =>
    ['core', 'modules'].map((from) => ({
      target: `./apps/api/src/${layer}`,
      from: `./apps/api/src/${from}`,
      message: {
        lib: 'lib/ is shared by every layer and imports neither core/ nor an area: move what both need to lib/ or packages/.',
        plugins: 'plugins/ import neither core/ nor an area: register it from app.ts, or move the shared part to lib/.',
        db: 'db/ (adapters, migrations) imports no core or area code: move what it needs to lib/ or packages/.',
      }[layer],
    })),
  ),
  {
    target: './apps/api/src/seed',
    from: './apps/api/src/modules',
    // The demo seed loads operadora/demo/dados through the importer, as the CLI does (decision 0022).
    except: ['./importacao/index.ts'],
    message: 'The demo seed writes with SQL and through the importer (modules/importacao/index.ts) only.',
  },
  {
    target: './apps/api/src/core',
    from: './apps/api/src/modules',
    message:
      'core/ never imports an area (modules/): move what both need into core/, or let the area hand it in (a parameter, a listener).',
  },
  ...apiModules.map((area) => ({
    target: `./apps/api/src/modules/${area}`,
    from: './apps/api/src/modules',
    except: [`./${area}`, ...apiPublic],
    message: `An area imports another only through that area's index.ts; '${area}' reached into another area's internals.`,
  })),
];

// Files a person can hold in their head (issue 33): at most 600 lines of code in a source file,
// blank lines and comments not counted. Tests are exempt (*.test.ts(x), e2e/, and scale/, the fault
// and scale runs): a test file is a list of cases, read one case at a time. The files over the limit
// today, each with why it is and what splits it; take a file off the list when it is split.
const maxLinesExceptions = [
  // The demo operator's images drawn as SVG, run by hand: mostly drawing data; no issue splits it yet.
  'scripts/operadora-art.mjs',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'screenshots/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Feature folders, one direction of imports: app -> features -> shared. A feature never
      // imports another feature (bulletproof-react).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/app/*', '@/app'], message: 'Features and shared code must not import from app/.' }] },
      ],
    },
  },
  ...featureBoundaries,
  {
    // The staff console (atendimento.html, its own bundle) uses shared code, never the member app's
    // wiring or features: what both need lives in components/ or lib/.
    files: ['apps/web/src/atendimento/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            { group: ['@/features/*', '@/features'], message: 'The staff console never imports a member feature.' },
            { regex: '^(\\.\\./)+(features|app)/', message: 'The staff console never imports the member app.' },
          ],
        },
      ],
    },
  },
  {
    // Shared code (lib/, components/) serves every feature and never depends on one.
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: sharedPatterns }] },
  },
  {
    // components/ is UI: it gets its data through props and hooks from features, never calls the
    // API itself (a folder with its own api/ there was a feature hidden in shared code).
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...sharedPatterns,
            {
              group: ['@/lib/api/*', '@/lib/api', '@tanstack/react-query'],
              message: 'components/ holds UI only: API calls and queries live in features/<area>/api or lib/api.',
            },
            { regex: '^(\\.\\./)+lib/api(/|$)', message: 'components/ holds UI only: no API calls.' },
          ],
        },
      ],
    },
  },
  {
    // API calls live in one file per call (features/<area>/api/, or lib/api/ when several features
    // share it); the session owns its own calls. Everything else gets data through those hooks.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/features/*/api/**',
      'apps/web/src/lib/api/**',
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/lib/sessao-context.tsx',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/(^|\\/)api-client$/] > ImportSpecifier[imported.name='api']",
          message: 'API calls live in features/<area>/api/<call>.ts (or lib/api/ when several features share one).',
        },
      ],
    },
  },
  {
    // One HTTP client (token, 401 queue, timeouts, error shape): nothing else talks to the network.
    // The staff console (issue 17) has its own client, atendimento/lib/cliente.ts: no app token, its
    // own cookie and CSRF header; it still reuses api-client's ApiError.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/atendimento/lib/cliente.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through lib/api-client (api.post/api.get) in an api/ file.' },
        { name: 'XMLHttpRequest', message: 'Call the API through lib/api-client in an api/ file.' },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: 'Call the API through lib/api-client (api.post/api.get) in an api/ file.',
        })),
      ],
    },
  },
  {
    // No import cycles in the apps and packages (a cycle is a module boundary drawn in the wrong place).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tests may reach into an area to check what it wrote (a seed test reads through the Guia's repository).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiBoundaries }] },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // e2e journeys, benchmarks and the web build use the portal from outside: the operator
    // configuration and the demo facts come from @portal/operadora (and @portal/br, @portal/contract),
    // never from API code. Some benchmarks measure the API's own queries in-process, which is their
    // question (bench/guia-medico.mjs: the Guia's SQL; bench/api-dados.mjs and its forked
    // dados-baseline.mjs: the services behind bare node:http; bench/pglite-consulta.mjs: one query's cost;
    // bench/atendimento-busca.mjs: the console search's SQL).
    files: ['e2e/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', 'apps/web/vite.config.ts'],
    ignores: [
      'bench/guia-medico.mjs',
      'bench/api-dados.mjs',
      'bench/dados-baseline.mjs',
      'bench/pglite-consulta.mjs',
      'bench/atendimento-busca.mjs',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/src/**', '**/api/src/**'],
              message:
                'e2e, bench and the web build never import API code: use @portal/operadora (operator configuration, demo facts), @portal/br or @portal/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**', 'scale/**', ...maxLinesExceptions],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'scale/**', 'e2e/**', 'apps/api/build.mjs', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
