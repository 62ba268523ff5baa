// The daily TMDB sync (docs/catalog.md, "TMDB sync"): once per UTC date, on the first scheduler
// tick of that date, by exactly one instance of those sharing a database. The job_leases row is
// the lock, taken by a conditional UPDATE as deliveries are (jobs/README.md): exactly one
// instance gets it back on SQLite or PostgreSQL. The holder renews the lease while it runs; a
// lease left by an instance that died expires and another takes over (the sync resumes from its
// queue).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import { CATALOG_SYNC_JOB, claimJob, JOB_LEASE_MS, releaseJob, renewJob } from '../db/job-leases.js';
import { TmdbAuthError, type TmdbClient } from '../integrations/tmdb/client.js';
import { runTmdbSync, type TmdbSyncResult } from '../catalog/sources/tmdb-sync.js';
import { tmdbClientFor } from '../integrations/tmdb/from-config.js';
import { describeTotals } from '../catalog/sources/progress.js';

/** After a run that failed (not a refused key), the next try waits this long. */
export const JOB_RETRY_MS = 60 * 60_000;

export type JobOutcome = 'off' | 'not-due' | 'held' | 'ran' | 'stopped' | 'failed';

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export interface CatalogSyncJobOptions {
  holder?: string;
  signal?: AbortSignal;
  /** Default: the configured TMDB client. */
  client?: TmdbClient;
}

/** One scheduler tick's part: runs today's TMDB sync if it is due and this instance wins the lease. */
export async function runCatalogSyncJob(ctx: AppContext, opts: CatalogSyncJobOptions = {}): Promise<{ outcome: JobOutcome; result?: TmdbSyncResult }> {
  const { config } = ctx;
  if (!config.catalog.sync) return { outcome: 'off' };
  const holder = opts.holder ?? randomUUID();
  const started = ctx.clock.now();
  // A read first: most ticks find today's run done or held, and need not write.
  const seen = await ctx.db.selectFrom('job_leases').select(['last_run_date', 'lease_until']).where('name', '=', CATALOG_SYNC_JOB).executeTakeFirst();
  if (seen?.last_run_date && seen.last_run_date >= isoDate(started)) return { outcome: 'not-due' };
  if (seen?.lease_until && seen.lease_until > started.toISOString()) return { outcome: 'held' };
  if (!(await claimJob(ctx.db, CATALOG_SYNC_JOB, holder, started))) {
    const row = await ctx.db.selectFrom('job_leases').select(['last_run_date']).where('name', '=', CATALOG_SYNC_JOB).executeTakeFirst();
    return { outcome: row?.last_run_date && row.last_run_date >= isoDate(started) ? 'not-due' : 'held' };
  }
  ctx.metrics.syncProgress(0, 0);
  const heartbeat = setInterval(() => {
    renewJob(ctx.db, CATALOG_SYNC_JOB, holder, ctx.clock.now()).catch((err: unknown) => ctx.logger.warn({ err }, 'catalog sync lease renewal failed'));
  }, JOB_LEASE_MS / 3);
  heartbeat.unref();
  try {
    const result = await runTmdbSync(ctx.database, opts.client ?? tmdbClientFor(config), {
      regions: config.catalog.regions,
      languages: config.catalog.languages,
      maxTitles: config.catalog.maxTitles,
      signal: opts.signal,
      now: () => ctx.clock.now(),
      onBatch: (done, queued) => ctx.metrics.syncProgress(done, queued),
    });
    const now = ctx.clock.now();
    const summary = { mode: result.mode, totals: describeTotals(result.totals), requests: result.requests, expiredOffers: result.expiredOffers };
    ctx.metrics.syncProgress(result.processed, Math.max(result.processed, ctx.metrics.syncQueued()));
    if (result.complete) {
      ctx.metrics.syncSucceeded(now);
      await releaseJob(ctx.db, CATALOG_SYNC_JOB, holder, now, { last_run_date: isoDate(started), last_error: null });
      ctx.logger.info(summary, 'catalog sync from TMDB finished');
      return { outcome: 'ran', result };
    }
    // Stopped by shutdown: the lease goes, so the next tick of any instance resumes the queue.
    await releaseJob(ctx.db, CATALOG_SYNC_JOB, holder, now, {});
    ctx.logger.info(summary, 'catalog sync from TMDB stopped; it resumes on the next tick');
    return { outcome: 'stopped', result };
  } catch (err) {
    const now = ctx.clock.now();
    if (err instanceof TmdbAuthError) {
      // A refused key will not mend itself today: no retries until tomorrow.
      await releaseJob(ctx.db, CATALOG_SYNC_JOB, holder, now, { last_run_date: isoDate(started), last_error: err.message });
      ctx.logger.error(err.message);
    } else {
      const message = err instanceof Error ? err.message : String(err);
      await releaseJob(ctx.db, CATALOG_SYNC_JOB, holder, now, { lease_until: new Date(now.getTime() + JOB_RETRY_MS).toISOString(), last_error: message.slice(0, 500) });
      ctx.logger.error({ err }, 'catalog sync from TMDB failed; retried in an hour');
    }
    return { outcome: 'failed' };
  } finally {
    clearInterval(heartbeat);
  }
}
