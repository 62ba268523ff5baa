// The in-process scheduler: a pass at start (catching up what was missed today while the server
// was down) and one a minute. Each instance runs its own; the deliveries table keeps them from
// delivering anything twice. A pass still running when the next tick comes is not doubled.
import type { AppContext } from '../context.js';
import type { AppServices } from '../services.js';
import { pruneDeliveries } from './deliveries.repository.js';
import { runDueDeliveries } from './run-deliveries.js';
import { runCatalogSyncJob } from './catalog-sync-job.js';
import { runConnectionPulls } from './connections-pull-job.js';

export const TICK_MS = 60_000;
/** Delivery rows are kept this long, as a record of what was sent. */
export const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

export interface Scheduler {
  /** Stops the ticks and waits for a pass in progress. */
  stop(): Promise<void>;
}

async function pass(ctx: AppContext, services: Pick<AppServices, 'history'>, prunedAt: { ms: number }): Promise<void> {
  const now = ctx.clock.now();
  const summary = await runDueDeliveries(ctx, services, now);
  if (summary.claimed || summary.errors) ctx.logger.info({ deliveries: summary }, 'scheduled deliveries');
  if (now.getTime() - prunedAt.ms >= DAY_MS) {
    prunedAt.ms = now.getTime();
    const removed = await pruneDeliveries(ctx.db, new Date(now.getTime() - HISTORY_DAYS * DAY_MS).toISOString().slice(0, 10));
    if (removed) ctx.logger.info({ removed }, 'old delivery records removed');
  }
}

export function startScheduler(ctx: AppContext, services: Pick<AppServices, 'history' | 'connections'>, intervalMs = TICK_MS): Scheduler {
  let running: Promise<void> | null = null;
  // The daily TMDB sync runs beside the delivery passes, never in one: it can take minutes.
  let syncing: Promise<void> | null = null;
  const syncStop = new AbortController();
  // The connected apps' pulls run beside both too: a pull waits on someone else's server.
  let pulling: Promise<unknown> | null = null;
  let stopped = false;
  const prunedAt = { ms: 0 };
  const tick = () => {
    if (stopped) return;
    if (!running) {
      running = pass(ctx, services, prunedAt)
        .then(() => ctx.metrics.schedulerRun('deliveries', false))
        .catch((err: unknown) => {
          ctx.metrics.schedulerRun('deliveries', true);
          ctx.logger.error({ err }, 'scheduled delivery pass failed');
        })
        .finally(() => {
          running = null;
        });
    }
    if (!syncing && ctx.config.catalog.sync) {
      syncing = runCatalogSyncJob(ctx, { signal: syncStop.signal })
        .then(({ outcome }) => {
          // Counted when this instance did the work (not when it was not due or held elsewhere).
          if (outcome === 'ran' || outcome === 'stopped' || outcome === 'failed') ctx.metrics.schedulerRun('catalog-sync', outcome === 'failed');
        })
        .catch((err: unknown) => {
          ctx.metrics.schedulerRun('catalog-sync', true);
          ctx.logger.error({ err }, 'catalog sync job failed');
        })
        .finally(() => {
          syncing = null;
        });
    }
    if (!pulling) {
      pulling = runConnectionPulls(ctx, services, { signal: syncStop.signal })
        .catch((err: unknown) => ctx.logger.error({ err }, 'connected apps pull failed'))
        .finally(() => {
          pulling = null;
        });
    }
  };
  if (!ctx.config.smtpUrl) ctx.logger.warn('SMTP_URL is not set: scheduled recommendation emails are off (calendar deliveries still run)');
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  ctx.logger.info({ everyMs: intervalMs, catalogSync: ctx.config.catalog.sync }, 'scheduler started');
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      // The sync stops at its next batch boundary, a pull at its next page; both resume on the next start.
      syncStop.abort();
      await Promise.all([running, syncing, pulling]);
    },
  };
}
