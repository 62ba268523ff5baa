// The TMDB sync (docs/catalog.md, "TMDB sync"). Three steps, each resumable from the database:
//  1. discover: page TMDB's popularity order per kind x region (x extra original language),
//     round-robin, until CATALOG_MAX_TITLES ids are queued in catalog_sync_items; later syncs go
//     on from the saved cursor (nothing to do once the cap is reached);
//  2. later syncs: queue the titles we hold that TMDB lists in /movie/changes and /tv/changes since
//     the last finished sync, and the titles whose offers are oldest (a bounded number a run);
//  3. details: fetch the queued ids (the client caps concurrency and rate), merge them in batches
//     through CatalogMerger, and mark them done batch by batch. A stopped run leaves the rest
//     pending; the next run takes up exactly those. 404 retires a title TMDB brought in.
// Then TMDB offers not confirmed for `offerMaxAgeDays` (30) are deleted (the freshness rule).
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/connection.js';
import { writeTransaction } from '../../db/transaction.js';
import { readMeta, writeMeta } from '../catalog.repository.js';
import type { TmdbClient } from '../../integrations/tmdb/client.js';
import { CatalogMerger } from './merge.js';
import { DAY_MS, isoDate, META_KEYS, SOURCE, type TmdbSyncOptions, type TmdbSyncResult } from './tmdb-sync-options.js';
import { defaultRefresh, discover, discoverUnfinished, everyPendingTriedBy, queueChanges, queueRefresh } from './tmdb-sync-queue.js';
import { details } from './tmdb-sync-details.js';

export type { TmdbSyncOptions, TmdbSyncResult };

export async function runTmdbSync(handle: DatabaseHandle, client: TmdbClient, opts: TmdbSyncOptions): Promise<TmdbSyncResult> {
  const now = opts.now ?? (() => new Date());
  const today = isoDate(now());
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 50, 500));
  const runId = randomUUID();
  const requestsBefore = client.stats.requests;
  const meta = await readMeta(handle.db);
  const full = !meta.get(META_KEYS.fullSyncAt);
  const result: TmdbSyncResult = {
    mode: full ? 'full' : 'incremental',
    totals: { added: 0, updated: 0, unchanged: 0, ambiguous: 0, invalid: 0, retired: 0 },
    queued: 0,
    processed: 0,
    failed: 0,
    expiredOffers: 0,
    requests: 0,
    stopped: false,
    complete: false,
  };
  const stopped = () => opts.signal?.aborted === true;

  // Discovery goes on where it stopped: a no-op once the cap is reached or every list has ended,
  // more titles when CATALOG_MAX_TITLES was raised or a region or language added.
  result.queued = await discover(handle, client, opts, meta.get(META_KEYS.discover), stopped);
  if (!full && !stopped()) {
    result.queued += await queueChanges(handle, client, meta.get(META_KEYS.lastSyncDate) ?? today, today, stopped);
    if (!stopped()) result.queued += await queueRefresh(handle, today, opts.refreshPerRun ?? (await defaultRefresh(handle)));
  }
  // A stop while reading discover pages or changes leaves them unread: the run cannot be complete.
  const queueInterrupted = stopped();

  opts.out?.write(`${full ? 'Discovered' : 'Changed or due for a refresh'}: ${result.queued} titles queued\n`);
  const merger = await CatalogMerger.open(handle, SOURCE, { now });
  if (!stopped()) await details(handle, client, merger, opts, { runId, today, batchSize, result, stopped });
  result.totals = { ...merger.totals, invalid: merger.totals.invalid + result.failed };

  // Complete: nothing pending that this run has not tried (a stop after the last batch still is).
  const discoverOpen = await discoverUnfinished(handle, opts);
  result.complete = !queueInterrupted && !discoverOpen && (await everyPendingTriedBy(handle, runId));
  result.stopped = stopped() && !result.complete;
  if (result.complete) {
    // Offers TMDB has not confirmed for the stated age are gone from its lists (docs/catalog.md).
    const maxAge = opts.offerMaxAgeDays ?? 30;
    result.expiredOffers = await merger.expireOffers(isoDate(new Date(now().getTime() - maxAge * DAY_MS)));
    await writeTransaction(handle, (tx) =>
      writeMeta(tx, { [META_KEYS.lastSyncDate]: today, ...(full ? { [META_KEYS.fullSyncAt]: now().toISOString() } : {}) }),
    );
  }
  result.requests = client.stats.requests - requestsBefore;
  return result;
}
