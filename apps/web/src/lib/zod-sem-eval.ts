/**
 * Zod compiles a fast parser for each object schema with `new Function`, after probing once whether
 * the page allows it. The portal's CSP (script-src without 'unsafe-eval') refuses both, and Chrome
 * reports every refusal as a page issue (Lighthouse's best practices: 96 on /reembolso/novo and the
 * console, issue 34), though Zod then falls back to its ordinary parser. `jitless` skips the probe
 * and the compilation. Zod reads it from a global object it creates on load, and reads it when a
 * schema is made, so it is set here, before any module of a schema runs: each entry (main.tsx, the
 * console's main.tsx) imports this module first. Zod is not imported here: the first screen's
 * chunk stays without it.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
