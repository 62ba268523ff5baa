// Starts the whole product from a Config: the HTTP server (answering 503 "starting" at once),
// database, migrations, secrets, the app and background jobs. main.ts and the tests both call
// startServer; close() drains (docs/operations.md).
import { createServer, type RequestListener, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { WEB_DIST } from './paths.js';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabase, migrateToLatest, type DatabaseHandle } from './db/connection.js';
import { createMailer } from './integrations/mail.js';
import { createLogger } from './logger.js';
import { createApp } from './app.js';
import { buildServices } from './wiring.js';
import { systemClock, type AppContext, type Clock } from './context.js';
import type { AppServices } from './services.js';
import { startScheduler } from './jobs/scheduler.js';
import { checkTextSecret, fileSecret } from './integrations/crypto/secrets.js';
import { checkCalendarKeys } from './integrations/crypto/keys.js';
import { answerStarting, trackConnections, type Lifecycle } from './http/lifecycle.js';
import { answerClientError } from './http/client-error.js';
import { Metrics } from './metrics/metrics.js';
import { listenMetrics } from './metrics/http.js';
import { holdServerLock } from './db/server-lock.js';
import { bearers } from './features/auth/bearer.js';

export const DEFAULT_WEB_DIST = WEB_DIST;

/** How long close() waits for in-flight requests before cutting the connections left. */
export const DRAIN_DEADLINE_MS = 8_000;

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  services: AppServices;
  server: Server;
  /** The Express app the server hands requests to once ready (tests read its route table). */
  app: RequestListener;
  /** METRICS_PORT's own server (http://host:port/metrics), or null. */
  metricsUrl: string | null;
  /** Drains and stops; resolves with how many connections had to be cut (0: a clean stop). */
  close(): Promise<number>;
}

export interface StartOptions {
  clock?: Clock;
  logger?: Logger;
  webDist?: string | null;
}

const JWT_FIX = 'delete it to generate a new one (this signs everyone out) or set JWT_SECRET';

/** On PostgreSQL every instance must sign with the same key: it is kept in the database. */
async function jwtSecret(config: Config, database: DatabaseHandle): Promise<string> {
  if (config.jwtSecret) return checkTextSecret(config.jwtSecret, 'JWT_SECRET', 'set at least 32 random characters (openssl rand -base64 48)');
  if (database.dialect === 'sqlite') {
    return fileSecret(config.dataDir, 'jwt-secret', { validate: (value, path) => void checkTextSecret(value, path, JWT_FIX) });
  }
  await database.db
    .insertInto('app_secrets')
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
  return checkTextSecret(row.value, "the database's app_secrets row 'jwt'", `delete that row to generate a new one (this signs everyone out) or set JWT_SECRET`);
}

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel, undefined, config.logFormat);
  // Secrets that need no database are checked before anything listens.
  checkCalendarKeys(config);

  // The port answers from the moment it is open: 503 "starting" until the app is attached, so a
  // probe during migrations or the catalog load gets an answer instead of hanging.
  const lifecycle: Lifecycle = { phase: 'starting' };
  const server = createServer();
  server.keepAliveTimeout = 65_000;
  const drainer = trackConnections(server);
  server.on('clientError', answerClientError);
  let handler: RequestListener = answerStarting;
  server.on('request', (req, res) => {
    if (lifecycle.phase === 'draining') res.setHeader('Connection', 'close');
    handler(req, res);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(config.port, config.host, () => ok());
  });
  // With PORT=0 the real port, and so the default APP_URL, is known only once listening.
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  if (config.port === 0 && config.appUrl.endsWith(':0')) config.appUrl = `http://${host}:${port}`;
  const url = `http://${host}:${port}`;
  logger.info(`accepting connections on ${url}; answering 503 "starting" until ready`);

  const metrics = new Metrics();
  let services: AppServices | undefined;
  let metricsServer: Server | null = null;
  let metricsUrl: string | null = null;
  if (config.metrics.on) metrics.watchEventLoop();
  if (config.metrics.port !== null) {
    // Up from the start, beside the main port: process metrics are worth having while starting.
    try {
      const listening = await listenMetrics(metrics, () => services?.catalog.stats() ?? null, config.metrics.port, config.host);
      metricsServer = listening.server;
      metricsUrl = `http://${host}:${listening.port}/metrics`;
      logger.info(`metrics on ${metricsUrl}`);
    } catch (err) {
      metrics.stop();
      await drainer.drain(0);
      throw err;
    }
  }
  const closeMetrics = () => {
    metrics.stop();
    return metricsServer ? new Promise<void>((ok) => metricsServer!.close(() => ok())) : Promise.resolve();
  };

  let database: DatabaseHandle | null = null;
  // SQLite: `<db>.lock` names this process while it runs, so `admin restore` refuses (server-lock.ts).
  let releaseLock = () => {};
  let ctx: AppContext;
  try {
    database = await openDatabase(config.database, (message) => logger.warn(message));
    if (config.database.dialect === 'sqlite' && config.database.path !== ':memory:') releaseLock = holdServerLock(config.database.path);
    const applied = await migrateToLatest(database);
    if (applied.length) logger.info({ applied }, 'database migrated');
    ctx = {
      config,
      database,
      db: database.db,
      logger,
      mailer: createMailer(config.smtpUrl, config.mailFrom, logger),
      clock: opts.clock ?? systemClock,
      secrets: { jwt: await jwtSecret(config, database) },
      metrics,
      bearers,
    };
    services = await buildServices(ctx);
    handler = createApp(ctx, services, opts.webDist === undefined ? DEFAULT_WEB_DIST : opts.webDist, lifecycle);
  } catch (err) {
    await drainer.drain(0);
    await closeMetrics();
    await database?.close();
    releaseLock();
    throw err;
  }
  const opened = database;
  const ready = services;
  lifecycle.phase = 'ready';
  const scheduler = config.scheduler ? startScheduler(ctx, ready) : null;
  let closing: Promise<number> | null = null;
  return {
    url,
    port,
    ctx,
    services: ready,
    server,
    app: handler,
    metricsUrl,
    close() {
      closing ??= (async () => {
        lifecycle.phase = 'draining';
        const [cut] = await Promise.all([drainer.drain(DRAIN_DEADLINE_MS), scheduler?.stop()]);
        // No co-likes builder thread writes once the database is closed (nor into a removed folder).
        await ready.history.coLikes.stop();
        ctx.mailer.close();
        await closeMetrics();
        await opened.close();
        releaseLock();
        return cut;
      })();
      return closing;
    },
  };
}
