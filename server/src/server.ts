// Starts the whole product from a Config: database, migrations, secrets, the app, the HTTP
// server and background jobs. main.ts and the tests both call startServer.
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { fileSecret, type Config } from './config.js';
import { openDatabase, migrateToLatest, type DatabaseHandle } from './db/connection.js';
import { createMailer } from './integrations/mail.js';
import { createLogger } from './logger.js';
import { createApp } from './app.js';
import { buildServices } from './wiring.js';
import { systemClock, type AppContext, type Clock } from './context.js';
import type { AppServices } from './services.js';
import { startScheduler } from './jobs/scheduler.js';

export const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  services: AppServices;
  server: Server;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  logger?: Logger;
  webDist?: string | null;
}

/** On PostgreSQL every instance must sign with the same key: it is kept in the database. */
async function jwtSecret(config: Config, database: DatabaseHandle): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (database.dialect === 'sqlite') return fileSecret(config.dataDir, 'jwt-secret');
  await database.db
    .insertInto('app_secrets')
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
  return row.value;
}

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const database = await openDatabase(config.database);
  const applied = await migrateToLatest(database);
  if (applied.length) logger.info({ applied }, 'database migrated');
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    logger,
    mailer: createMailer(config.smtpUrl, config.mailFrom, logger),
    clock: opts.clock ?? systemClock,
    secrets: { jwt: await jwtSecret(config, database) },
  };
  // Listen first: with PORT=0 the real port, and so the default APP_URL, is known only then.
  const server = createServer();
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(config.port, config.host, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  if (config.port === 0 && config.appUrl.endsWith(':0')) config.appUrl = `http://${host}:${port}`;
  let services: AppServices;
  try {
    services = await buildServices(ctx);
    server.on('request', createApp(ctx, services, opts.webDist === undefined ? DEFAULT_WEB_DIST : opts.webDist));
  } catch (err) {
    server.close();
    await database.close();
    throw err;
  }
  const scheduler = config.scheduler ? startScheduler(ctx, services) : null;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}`,
    port,
    ctx,
    services,
    server,
    close() {
      closing ??= (async () => {
        await scheduler?.stop();
        await new Promise<void>((ok) => {
          server.close(() => ok());
          server.closeIdleConnections();
        });
        ctx.mailer.close();
        await database.close();
      })();
      return closing;
    },
  };
}
