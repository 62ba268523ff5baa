import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { DatabaseHandle, DB } from './db/connection.js';
import type { Mailer } from './integrations/mail.js';
import type { Metrics } from './metrics/metrics.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Everything a feature needs, built once in main/server and passed down (no globals). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: DB;
  logger: Logger;
  mailer: Mailer;
  clock: Clock;
  secrets: { jwt: string };
  /** Counters for /metrics; always counted, served only when METRICS is on. */
  metrics: Metrics;
}
