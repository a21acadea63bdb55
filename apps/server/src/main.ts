// Starts Mixdesk: config, database (migrated by buildApp), demo account, listen, graceful shutdown.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemo } from './modules/demo-account.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  if (config.seedDemo) {
    const demo = await seedDemo(app.ctx);
    const password = demo.password ?? '(the one you set; reset it from the sign-in page)';
    app.log.info(`Demo account: ${demo.email} / ${password}${demo.created ? ' (created)' : ''}`);
  }
  if (!config.webDist) app.log.warn('The web app is not built (npm run build): serving the API only');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Shutting down: finishing in-flight requests');
    // In-flight requests and uploads get the grace period; past it the process exits anyway.
    const graceMs = config.shutdownGraceMs ?? 30_000;
    const force = setTimeout(() => {
      app.log.error(`Shutdown took over ${graceMs / 1000} s (SHUTDOWN_GRACE_MS): exiting`);
      process.exit(1);
    }, graceMs);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'Error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Mixdesk is ready on ${config.appUrl}`);
}

main().catch((err) => {
  console.error('Mixdesk failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
