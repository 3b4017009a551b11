// The API process: listen, and close everything in order on SIGTERM / SIGINT.
import { ConfigError, loadConfig } from '../config/index.js';
import { startTracing } from '../tracing/sdk.js';
import { buildApp } from './app.js';

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the app: spans begin with its first request (OTEL_* variables; tracing/sdk.ts).
  const stopTracing = await startTracing('preflight-api');
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      // The spans still buffered go out before the process does.
      () => (stopTracing?.() ?? Promise.resolve()).then(() => process.exit(0), () => process.exit(0)),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `preflight: failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
