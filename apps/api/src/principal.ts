import { buildApp } from './app';
import { clockFrom } from './clock';
import { ConfigError, loadConfig } from './config';
import { rastreador } from './lib/rastreamento';

/** The server itself, imported by src/server.ts once tracing (if asked for) is on. */
export async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // Before the logger exists: stderr is the only channel.
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(
    config,
    config.relogioInicio === undefined ? {} : { clock: clockFrom(config.relogioInicio) },
  );
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close(); // stops accepting, finishes requests, then onClose: outbox, Redis, database
      await rastreador()?.encerrar(); // the spans still buffered, sent before leaving
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}
