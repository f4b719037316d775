// A journey file that serves its own portal (e.g. on an empty database) calls `portalProprio()` at
// its top level: support/portal-per-file.ts then does not start the seeded copy for that file.
// The top level of a test file runs while it is collected, before any beforeAll hook.
const chave = Symbol.for('portal-e2e:portal-proprio');

export function portalProprio(): void {
  (globalThis as Record<symbol, unknown>)[chave] = true;
}

export function querPortalProprio(): boolean {
  return (globalThis as Record<symbol, unknown>)[chave] === true;
}
