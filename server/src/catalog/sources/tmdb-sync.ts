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
import { TmdbAuthError, type TmdbClient } from '../../integrations/tmdb/client.js';
import { movieToSource, tvToSource } from './tmdb-mapping.js';
import { knownProviders, rememberProviders } from './tmdb-providers.js';
import type { TmdbMovieDetails, TmdbTvDetails } from '../../integrations/tmdb/types.js';
import { CatalogMerger, type MergeTotals } from './merge.js';
import { describeTotals, Progress, type ProgressSink } from './progress.js';
import type { SourceTitle } from './types.js';

const SOURCE = 'tmdb';
type Kind = 'movie' | 'tv';
const KINDS: Kind[] = ['movie', 'tv'];

/** TMDB serves discover pages 1..500. */
const MAX_DISCOVER_PAGE = 500;
/** /changes: at most 14 days per request (TMDB's rule), and we look back at most 26 windows (a year). */
const CHANGE_WINDOW_DAYS = 14;
const MAX_CHANGE_WINDOWS = 26;
const MAX_CHANGE_PAGES = 1000;
const DAY_MS = 86_400_000;

export const META_KEYS = {
  discover: 'tmdb_discover_cursor',
  fullSyncAt: 'tmdb_full_sync_at',
  lastSyncDate: 'tmdb_last_sync_date',
} as const;

export interface TmdbSyncOptions {
  regions: string[];
  languages: string[];
  maxTitles: number;
  /** Titles merged per transaction. */
  batchSize?: number;
  /** Tries per title across runs before it is left as failed. */
  maxAttempts?: number;
  /** Titles whose offers are re-fetched per run, oldest first (default: 200, or 1/20 of the catalog). */
  refreshPerRun?: number;
  /** TMDB offers not confirmed for this many days are deleted. */
  offerMaxAgeDays?: number;
  /** Stops at the next batch boundary. */
  signal?: AbortSignal;
  now?: () => Date;
  /** Progress bar / log lines (default: none). */
  out?: ProgressSink;
  /** Called after each merged batch with the titles done and those queued when details began (tests use it to stop a run half-way; /metrics shows it). */
  onBatch?: (done: number, queued: number) => void;
}

export interface TmdbSyncResult {
  mode: 'full' | 'incremental';
  /** Merge totals; `invalid` includes titles whose details could not be fetched. */
  totals: MergeTotals;
  queued: number;
  processed: number;
  failed: number;
  expiredOffers: number;
  requests: number;
  stopped: boolean;
  /** The whole queue is done (a full sync finished, or an incremental one). */
  complete: boolean;
}

interface Stream {
  key: string;
  kind: Kind;
  region: string;
  language: string | null;
}

type Cursor = Record<string, number | 'end'>;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

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

/** Whether every pending item was tried (and failed) in this run: the run is as complete as it gets. */
async function everyPendingTriedBy(handle: DatabaseHandle, runId: string): Promise<boolean> {
  const row = await handle.db
    .selectFrom('catalog_sync_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source', '=', SOURCE)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('run_id', 'is', null), eb('run_id', '!=', runId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Discovery stopped before the cap or the end of every list. */
async function discoverUnfinished(handle: DatabaseHandle, opts: TmdbSyncOptions): Promise<boolean> {
  if ((await countQueued(handle)) >= opts.maxTitles) return false;
  const saved = (await readMeta(handle.db)).get(META_KEYS.discover);
  const cursor: Cursor = saved ? (JSON.parse(saved) as Cursor) : {};
  return streams(opts).some((s) => cursor[s.key] !== 'end');
}

function streams(opts: TmdbSyncOptions): Stream[] {
  const out: Stream[] = [];
  for (const kind of KINDS) {
    for (const region of opts.regions) {
      for (const language of [null, ...opts.languages]) out.push({ key: `${kind}:${region}:${language ?? '*'}`, kind, region, language });
    }
  }
  return out;
}

async function countQueued(handle: DatabaseHandle): Promise<number> {
  const row = await handle.db.selectFrom('catalog_sync_items').select((eb) => eb.fn.countAll<number>().as('n')).where('source', '=', SOURCE).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Queues ids (new ones as pending; known ones re-queued when `requeue`); returns how many rows changed. */
async function enqueue(handle: DatabaseHandle, kind: Kind, ids: number[], reason: string, requeue: boolean): Promise<number> {
  if (!ids.length) return 0;
  const at = new Date().toISOString();
  return writeTransaction(handle, async (tx) => {
    let n = 0;
    for (let i = 0; i < ids.length; i += 200) {
      const rows = ids.slice(i, i + 200).map((id) => ({ source: SOURCE, kind, external_id: id, status: 'pending', reason, attempts: 0, queued_at: at, updated_at: at }));
      const res = await tx
        .insertInto('catalog_sync_items')
        .values(rows)
        .onConflict((oc) =>
          requeue
            ? oc.columns(['source', 'kind', 'external_id']).doUpdateSet({ status: 'pending', reason, attempts: 0, error: null, queued_at: at, updated_at: at })
            : oc.columns(['source', 'kind', 'external_id']).doNothing(),
        )
        .executeTakeFirst();
      n += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    return n;
  });
}

/**
 * Step 1: round-robin over the streams, one page each, until the cap is reached or every stream
 * ends. The cursor (next page per stream) is written after each page, so a stopped discover
 * resumes at the page it had not queued.
 */
async function discover(handle: DatabaseHandle, client: TmdbClient, opts: TmdbSyncOptions, saved: string | undefined, stopped: () => boolean): Promise<number> {
  const cursor: Cursor = saved ? (JSON.parse(saved) as Cursor) : {};
  const all = streams(opts);
  let queued = await countQueued(handle);
  const before = queued;
  // Bounded: each pass advances every open stream by one page, and a stream ends by page 500.
  for (let pass = 0; pass < MAX_DISCOVER_PAGE && queued < opts.maxTitles && !stopped(); pass++) {
    const open = all.filter((s) => cursor[s.key] !== 'end');
    if (!open.length) break;
    for (const s of open) {
      if (queued >= opts.maxTitles || stopped()) break;
      const page = (cursor[s.key] as number | undefined) ?? 1;
      const res = await client.discover(s.kind, {
        sort_by: 'popularity.desc',
        include_adult: 'false',
        watch_region: s.region,
        with_watch_monetization_types: 'flatrate|free|ads',
        with_original_language: s.language ?? undefined,
        page,
      });
      const ids = [...new Set((res?.results ?? []).slice(0, 100).map((r) => r.id).filter((id) => Number.isInteger(id) && id > 0))];
      const known = ids.length
        ? new Set((await handle.db.selectFrom('catalog_sync_items').select('external_id').where('source', '=', SOURCE).where('kind', '=', s.kind).where('external_id', 'in', ids).execute()).map((r) => Number(r.external_id)))
        : new Set<number>();
      const fresh = ids.filter((id) => !known.has(id));
      const room = opts.maxTitles - queued;
      queued += await enqueue(handle, s.kind, fresh.slice(0, room), 'discover', false);
      const totalPages = Math.min(MAX_DISCOVER_PAGE, Math.max(0, Number(res?.total_pages ?? 0)));
      // A page the cap cut short is read again if the cap is raised (the cap is reached now).
      if (fresh.length > room) cursor[s.key] = page;
      else cursor[s.key] = !res || ids.length === 0 || page >= totalPages ? 'end' : page + 1;
      await writeTransaction(handle, (tx) => writeMeta(tx, { [META_KEYS.discover]: JSON.stringify(cursor) }));
    }
  }
  return queued - before;
}

/** Step 2a: ids TMDB changed since the last finished sync that we hold, in 14-day windows. */
async function queueChanges(handle: DatabaseHandle, client: TmdbClient, since: string, today: string, stopped: () => boolean): Promise<number> {
  let start = Date.parse(`${since}T00:00:00Z`);
  const end = Date.parse(`${today}T00:00:00Z`);
  start = Math.max(start, end - MAX_CHANGE_WINDOWS * CHANGE_WINDOW_DAYS * DAY_MS);
  let queued = 0;
  for (const kind of KINDS) {
    for (let from = start, w = 0; from <= end && w < MAX_CHANGE_WINDOWS && !stopped(); from += CHANGE_WINDOW_DAYS * DAY_MS, w++) {
      const to = Math.min(end, from + (CHANGE_WINDOW_DAYS - 1) * DAY_MS);
      for (let page = 1, pages = 1; page <= pages && page <= MAX_CHANGE_PAGES && !stopped(); page++) {
        const res = await client.changes(kind, isoDate(new Date(from)), isoDate(new Date(to)), page);
        if (!res) break;
        pages = Math.min(MAX_CHANGE_PAGES, Number(res.total_pages) || 0);
        const ids = (res.results ?? []).slice(0, 1000).map((r) => r.id).filter((id) => Number.isInteger(id) && id > 0);
        const held = ids.length
          ? await handle.db.selectFrom('titles').select('tmdb_id').where('kind', '=', kind === 'tv' ? 'series' : 'movie').where('tmdb_id', 'in', ids).execute()
          : [];
        queued += await enqueue(handle, kind, held.map((h) => Number(h.tmdb_id)), 'changed', true);
      }
    }
  }
  return queued;
}

/** Days within which the rolling refresh re-checks every title: well inside the 30-day expiry. */
export const REFRESH_CYCLE_DAYS = 20;

/** Titles refreshed per daily run: 200, or enough to go round the catalog in REFRESH_CYCLE_DAYS. */
async function defaultRefresh(handle: DatabaseHandle): Promise<number> {
  const row = await handle.db
    .selectFrom('catalog_sync_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source', '=', SOURCE)
    .where('status', '=', 'done')
    .where('title_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Math.max(200, Math.ceil(Number(row.n) / REFRESH_CYCLE_DAYS));
}

/** Step 2b: the titles whose offers were confirmed longest ago (before today), a bounded number. */
async function queueRefresh(handle: DatabaseHandle, today: string, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  const rows = await handle.db
    .selectFrom('catalog_sync_items')
    .select(['kind', 'external_id'])
    .where('source', '=', SOURCE)
    .where('status', '=', 'done')
    .where('title_id', 'is not', null)
    .where('offers_as_of', '<', today)
    .orderBy('offers_as_of')
    .orderBy('external_id')
    .limit(limit)
    .execute();
  let n = 0;
  for (const kind of KINDS) n += await enqueue(handle, kind, rows.filter((r) => r.kind === kind).map((r) => Number(r.external_id)), 'refresh', true);
  return n;
}

interface DetailsRun {
  runId: string;
  today: string;
  batchSize: number;
  result: TmdbSyncResult;
  stopped: () => boolean;
}

/** Step 3: fetch, merge and mark done, one batch at a time. */
async function details(handle: DatabaseHandle, client: TmdbClient, merger: CatalogMerger, opts: TmdbSyncOptions, run: DetailsRun): Promise<void> {
  const maxAttempts = opts.maxAttempts ?? 3;
  const pendingTotal = await handle.db
    .selectFrom('catalog_sync_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source', '=', SOURCE)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const progress = opts.out ? new Progress({ unit: 'titles', total: Number(pendingTotal.n), out: opts.out }) : null;
  const logosDone = new Set<string>();
  const labels = await knownProviders(handle);
  // Bounded: every batch marks each of its items tried by this run, so none is taken twice.
  for (;;) {
    if (run.stopped()) break;
    const batch = await handle.db
      .selectFrom('catalog_sync_items')
      .select(['kind', 'external_id', 'attempts'])
      .where('source', '=', SOURCE)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('run_id', 'is', null), eb('run_id', '!=', run.runId)]))
      .orderBy('queued_at')
      .orderBy('kind')
      .orderBy('external_id')
      .limit(run.batchSize)
      .execute();
    if (!batch.length) break;

    const fetched = await Promise.all(
      batch.map(async (item) => {
        const kind = item.kind as Kind;
        const id = Number(item.external_id);
        try {
          const d = kind === 'movie' ? await client.movie(id) : await client.tv(id);
          return { kind, id, attempts: Number(item.attempts), details: d, error: null as string | null };
        } catch (err) {
          if (err instanceof TmdbAuthError) throw err;
          return { kind, id, attempts: Number(item.attempts), details: undefined, error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );

    const records: SourceTitle[] = [];
    const recordOf: Array<(typeof fetched)[number]> = [];
    const gone: Array<(typeof fetched)[number]> = [];
    for (const f of fetched) {
      if (f.details === null) gone.push(f);
      else if (f.details) {
        const mapOpts = { regions: opts.regions, asOf: run.today, providers: labels };
        records.push(f.kind === 'movie' ? movieToSource(f.details as TmdbMovieDetails, mapOpts) : tvToSource(f.details as TmdbTvDetails, mapOpts));
        recordOf.push(f);
      }
    }
    const outcomes = records.length ? await merger.write(records) : [];
    await rememberProviders(handle, fetched, opts.regions, logosDone, labels);

    // 404: TMDB no longer has it; a title TMDB brought in is retired (merge retires only its own).
    if (gone.length) {
      const ids: string[] = [];
      for (const kind of KINDS) {
        const tmdbIds = gone.filter((g) => g.kind === kind).map((g) => g.id);
        if (!tmdbIds.length) continue;
        const rows = await handle.db.selectFrom('titles').select('id').where('kind', '=', kind === 'tv' ? 'series' : 'movie').where('tmdb_id', 'in', tmdbIds).execute();
        ids.push(...rows.map((r) => r.id));
      }
      if (ids.length) await merger.retire(ids);
    }

    const at = new Date().toISOString();
    await writeTransaction(handle, async (tx) => {
      for (let i = 0; i < recordOf.length; i++) {
        const f = recordOf[i];
        const o = outcomes[i];
        const ok = o.outcome !== 'invalid' && o.outcome !== 'ambiguous';
        await tx
          .updateTable('catalog_sync_items')
          .set({ status: ok ? 'done' : 'failed', run_id: run.runId, title_id: o.id, offers_as_of: ok ? run.today : null, attempts: 0, error: ok ? null : `${o.outcome}: ${o.detail ?? ''}`.slice(0, 500), updated_at: at })
          .where('source', '=', SOURCE).where('kind', '=', f.kind).where('external_id', '=', f.id)
          .execute();
      }
      for (const g of gone) {
        await tx
          .updateTable('catalog_sync_items')
          .set({ status: 'done', run_id: run.runId, offers_as_of: null, error: 'not found on TMDB (404)', updated_at: at })
          .where('source', '=', SOURCE).where('kind', '=', g.kind).where('external_id', '=', g.id)
          .execute();
      }
      for (const f of fetched.filter((x) => x.error !== null)) {
        const attempts = f.attempts + 1;
        await tx
          .updateTable('catalog_sync_items')
          .set({ status: attempts >= maxAttempts ? 'failed' : 'pending', run_id: run.runId, attempts, error: f.error!.slice(0, 500), updated_at: at })
          .where('source', '=', SOURCE).where('kind', '=', f.kind).where('external_id', '=', f.id)
          .execute();
      }
    });
    run.result.failed += fetched.filter((x) => x.error !== null).length;
    run.result.processed += batch.length;
    progress?.tick(batch.length, describeTotals({ ...merger.totals, invalid: merger.totals.invalid + run.result.failed }));
    opts.onBatch?.(run.result.processed, Number(pendingTotal.n));
  }
}
