import type { Request } from 'express';
import type { Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { DatabaseHandle, DB } from './db/connection.js';
import type { UsersTable } from './db/schema.js';
import type { Mailer } from './integrations/mail.js';
import type { Metrics } from './metrics/metrics.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * Who a request's bearer token speaks for: features/auth/bearer.ts, asked by http/authenticate.ts,
 * which as a framework piece knows no feature (docs/architecture.md, "Server layout").
 */
export interface Bearers {
  /** The account, or null for no or a bad token; notes the token's session or connected browser on req. */
  identify(ctx: AppContext, req: Request): Promise<Selectable<UsersTable> | null>;
  /** Whether the bearer may call this route: a connected browser only its scope. */
  mayCall(req: Request): boolean;
}

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
  bearers: Bearers;
}
