/** Shared between the setup file and tests: console.error calls seen during the current test. */
export const consoleErrors: unknown[][] = [];

/** A test that expects console.error calls takes them (and so does not fail). */
export function takeConsoleErrors(): unknown[][] {
  return consoleErrors.splice(0, consoleErrors.length);
}
