// `npm run catalog -- sync`: one TMDB sync now (docs/catalog.md, "TMDB sync"). Exit 0 when it
// finished, 1 when TMDB refused the key or no key is set, 130 when Ctrl-C stopped it (run it
// again to resume where it stopped).
import { randomUUID } from 'node:crypto';
import type { CatalogCommand } from '../catalog-command.js';
import { CATALOG_SYNC_JOB, claimJob, JOB_LEASE_MS, releaseJob, renewJob } from '../../db/job-leases.js';
import { TmdbAuthError } from '../../integrations/tmdb/client.js';
import { tmdbClientFor } from '../../integrations/tmdb/from-config.js';
import { describeTotals, formatCount, formatDuration } from './progress.js';
import { runTmdbSync, type TmdbSyncResult } from './tmdb-sync.js';

export const NO_KEY_MESSAGE =
  'TMDB sync needs a key: set TMDB_API_KEY (v3 API key) or TMDB_READ_TOKEN (v4 API Read Access Token), both from themoviedb.org > Settings > API';

export function summarise(r: TmdbSyncResult, ms: number): string {
  const state = r.complete ? 'finished' : r.stopped ? 'stopped (run it again to resume)' : 'unfinished';
  const perTitle = r.processed ? ` (${(r.requests / r.processed).toFixed(2)} a title)` : '';
  return `TMDB sync (${r.mode}) ${state}: ${describeTotals(r.totals)}; ${formatCount(r.processed)} titles fetched, ${formatCount(r.expiredOffers)} stale offers removed, ${formatCount(r.requests)} requests${perTitle} in ${formatDuration(ms)}`;
}

export const syncCommand: CatalogCommand = async (ctx) => {
  if (ctx.args.length) {
    ctx.err.write(`sync takes no arguments (got ${ctx.args.join(' ')}); configure it with CATALOG_REGIONS, CATALOG_LANGUAGES, CATALOG_MAX_TITLES\n`);
    return 1;
  }
  const { config } = ctx;
  if (!config.tmdb.apiKey && !config.tmdb.readToken) {
    ctx.err.write(`${NO_KEY_MESSAGE}\n`);
    return 1;
  }
  // The daily job's lease: one sync at a time on this database, whoever starts it.
  const holder = `cli-${randomUUID()}`;
  const db = ctx.handle.db;
  if (!(await claimJob(db, CATALOG_SYNC_JOB, holder, new Date(), { anyTime: true }))) {
    ctx.err.write('Another TMDB sync is running on this database (the daily job, or another npm run catalog -- sync); try again when it ends\n');
    return 1;
  }
  const heartbeat = setInterval(() => void renewJob(db, CATALOG_SYNC_JOB, holder, new Date()).catch(() => {}), JOB_LEASE_MS / 3);
  heartbeat.unref();
  let finishedDate: string | undefined;
  const started = performance.now();
  ctx.err.write(`TMDB sync: regions ${config.catalog.regions.join(', ')}${config.catalog.languages.length ? `, extra languages ${config.catalog.languages.join(', ')}` : ''}, at most ${formatCount(config.catalog.maxTitles)} titles\n`);
  try {
    // The client gets no signal: Ctrl-C lets the batch in flight finish, then the sync stops.
    const result = await runTmdbSync(ctx.handle, tmdbClientFor(config), {
      regions: config.catalog.regions,
      languages: config.catalog.languages,
      maxTitles: config.catalog.maxTitles,
      signal: ctx.signal,
      out: ctx.err,
    });
    if (result.complete) finishedDate = new Date().toISOString().slice(0, 10);
    ctx.out.write(`${summarise(result, performance.now() - started)}\n`);
    return result.stopped ? 130 : 0;
  } catch (err) {
    if (err instanceof TmdbAuthError) {
      ctx.err.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    clearInterval(heartbeat);
    // A finished sync counts as today's run: the daily job has nothing left to do today.
    await releaseJob(db, CATALOG_SYNC_JOB, holder, new Date(), finishedDate ? { last_run_date: finishedDate } : {});
  }
};
