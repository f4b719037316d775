import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Prunes expired rows every PRUNE_INTERVAL_SECONDS (first run a minute after start). */
export default fp(async function retencao(app: FastifyInstance) {
  const every = app.config.retention.pruneIntervalSeconds * 1000;
  if (every === 0) return;
  const service = app.services.retencao;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = service
      .prune()
      .then((removidos) => {
        if (removidos && Object.values(removidos).some((n) => n > 0)) app.log.info({ removidos }, 'retention: pruned');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'retention: prune failed'))
      .finally(() => (running = null));
  };
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    first = setTimeout(run, Math.min(every, 60_000)).unref();
    timer = setInterval(run, every).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
});
