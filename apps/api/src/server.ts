/**
 * The server's entry (apps/api/dist/server.js, `node apps/api/dist/server.js` in the image). Tracing
 * (issue 32, decision 0066) must be on before the app's modules load, so the app is imported from
 * here only after it: with OTEL_EXPORTER_OTLP_ENDPOINT set, ./otel first; unset, no OpenTelemetry
 * module is loaded at all. Both are separate files of the build (apps/api/build.mjs), named at run
 * time so the bundler leaves them apart: `.js` beside the bundle, `.ts` beside the sources (tsx).
 */
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const irmao = (nome: string) => new URL(`./${nome}${ext}`, import.meta.url).href;

async function iniciar() {
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { iniciarRastreamento } = (await import(irmao('otel'))) as typeof import('./otel');
    iniciarRastreamento();
  }
  const { main } = (await import(irmao('principal'))) as typeof import('./principal');
  await main();
}

iniciar().catch((err: unknown) => {
  console.error('Falha ao iniciar o servidor:', err instanceof Error ? err.message : err);
  process.exit(1);
});
