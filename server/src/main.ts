import { loadConfig, ConfigError } from './config.js';
import { loadEnvFile } from './env-file.js';
import { startServer } from './server.js';
import { SecretError } from './integrations/crypto/secrets.js';

/** After SIGTERM the process is gone by then, whatever happens (docs/operations.md). */
const GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const running = await startServer(config);
  const { logger } = running.ctx;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('shutdown did not finish within the grace period');
      process.exit(1);
    }, GRACE_MS);
    force.unref();
    running.close().then(
      (cut) => {
        if (cut) logger.warn({ connections: cut }, 'requests still running at the drain deadline were cut');
        else logger.info('stopped');
        process.exit(cut ? 1 : 0);
      },
      (err) => {
        logger.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Said only once the handlers are in place: logs are written synchronously, so whoever reads this
  // line (a test, an orchestrator) may send SIGTERM before the next statement runs.
  logger.info(`Tonight's Pick is listening on ${running.url} (database: ${running.ctx.database.dialect})`);
}

main().catch((err) => {
  // A bad secret is an operator's fix: its one line says which and how, with no "Failed to start".
  const message = err instanceof SecretError ? err.message : `Failed to start: ${err instanceof Error ? err.message : String(err)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
