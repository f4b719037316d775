import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { TIPOS_EVENTO } from './eventos';

const PAGINA = join(import.meta.dirname, '../../../../../docs/integracao/webhooks.md');

// The operator subscribes by these names: an event the page does not list is one nobody knows to
// subscribe to, and a listed one the code does not have is refused by `criar --eventos`.
it('docs/integracao/webhooks.md lists every event type, once, and no other', () => {
  const eventos = readFileSync(PAGINA, 'utf8')
    .split('\n')
    .map((l) => /^\| ([a-z]+(?:\.[a-z]+)+) +\|/.exec(l)?.[1])
    .filter((e) => e !== undefined);
  expect(eventos.sort()).toEqual([...TIPOS_EVENTO].sort());
});
