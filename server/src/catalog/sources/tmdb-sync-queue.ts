// Steps 1 and 2 of the TMDB sync (tmdb-sync.ts): the queue in catalog_sync_items, filled by
// discovery, by TMDB's /changes and by the rolling refresh of the oldest offers, and read to
// decide whether a run is complete.
import type { DatabaseHandle } from '../../db/connection.js';
import { writeTransaction } from '../../db/transaction.js';
import { readMeta, writeMeta } from '../catalog.repository.js';
import type { TmdbClient } from '../../integrations/tmdb/client.js';
import { DAY_MS, isoDate, KINDS, META_KEYS, SOURCE, type Kind, type TmdbSyncOptions } from './tmdb-sync-options.js';

/** TMDB serves discover pages 1..500. */
const MAX_DISCOVER_PAGE = 500;
/** /changes: at most 14 days per request (TMDB's rule), and we look back at most 26 windows (a year). */
const CHANGE_WINDOW_DAYS = 14;
const MAX_CHANGE_WINDOWS = 26;
const MAX_CHANGE_PAGES = 1000;

interface Stream {
  key: string;
  kind: Kind;
  region: string;
  language: string | null;
}

type Cursor = Record<string, number | 'end'>;

/** Whether every pending item was tried (and failed) in this run: the run is as complete as it gets. */
export async function everyPendingTriedBy(handle: DatabaseHandle, runId: string): Promise<boolean> {
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
export async function discoverUnfinished(handle: DatabaseHandle, opts: TmdbSyncOptions): Promise<boolean> {
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
export async function discover(handle: DatabaseHandle, client: TmdbClient, opts: TmdbSyncOptions, saved: string | undefined, stopped: () => boolean): Promise<number> {
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
export async function queueChanges(handle: DatabaseHandle, client: TmdbClient, since: string, today: string, stopped: () => boolean): Promise<number> {
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
export async function defaultRefresh(handle: DatabaseHandle): Promise<number> {
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
export async function queueRefresh(handle: DatabaseHandle, today: string, limit: number): Promise<number> {
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
