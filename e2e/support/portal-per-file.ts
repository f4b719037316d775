import { afterAll, beforeAll, inject } from 'vitest';
import { setBaseUrl } from './browser';
import { querPortalProprio } from './portal-proprio';
import { type Portal, startPortal } from './server';

// setupFiles of the e2e project: every journey file gets its own server on its own copy of the
// seeded database (a copy of a few MB takes well under a second).
let portal: Portal | undefined;
beforeAll(async () => {
  if (querPortalProprio()) return;
  portal = await startPortal(inject('seedDir'));
  setBaseUrl(portal.baseUrl);
}, 90_000);
afterAll(async () => {
  await portal?.stop();
});
