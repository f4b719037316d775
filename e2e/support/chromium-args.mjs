// Chromium's flags for the journeys (e2e/support/browser.ts) and for the benches that open a page
// (bench/lib.mjs `abrirChromium`): plain JavaScript, so that the benches, which run on plain Node, read
// the same list. Headless, no sandbox (CI runs as root), and nothing the browser would fetch or update
// on its own beside the page.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
