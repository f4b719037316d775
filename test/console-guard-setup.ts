import { afterEach, beforeEach, vi } from 'vitest';
import { consoleErrors } from './console-guard';

// An unexpected console.error fails the test (epic-stack setup): tests that expect one call
// takeConsoleErrors().
beforeEach(() => {
  consoleErrors.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const first = consoleErrors.map((a) => a.map(String).join(' ')).join('\n');
    consoleErrors.length = 0;
    throw new Error(`Unexpected console.error during the test:\n${first}`);
  }
});
