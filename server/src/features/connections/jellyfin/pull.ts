// A pull of one server user's movies and series, in passes. A full pass (the first pull, then
// one a day) reads every Movie and Series of the user's libraries: the library, and an event for
// each played, favourite or rated one. The passes between read only the items whose user data
// the server saved since the last pass began (MinDateLastSavedForUser), with an hour's overlap
// for clocks that differ (a replayed event is a duplicate). A pass reads at most `pagesPerPull`
// pages a pull and goes on from its cursor (`more`); its first pull replaces the library, the
// ones that go on add to it.
import type { MediaServerClient } from '../../../integrations/jellyfin/client.js';
import type { MediaServerFlavour } from '../../../integrations/jellyfin/types.js';
import type { LibraryItem, SyncEvent } from '../../sync/sync-event.js';
import type { PullResult } from '../adapter.js';
import { itemEvent, libraryItem } from './items.js';

export interface PullLimits {
  /** Items a page (the API's Limit). */
  pageSize: number;
  /** Pages a pull reads at most before it stops with `more`. */
  pagesPerPull: number;
}

export const PULL_LIMITS: PullLimits = { pageSize: 200, pagesPerPull: 20 };

const FULL_EVERY_MS = 24 * 3600_000;
const OVERLAP_MS = 3600_000;
/** A pass of more items than this stops (a library's size bounds the passes a pull resumes). */
const PASS_MAX_ITEMS = 50_000;

/** Between passes (idle) or inside one (pass): JSON, opaque to the service. */
type Cursor =
  | { v: 1; at: 'idle'; since: string; full: string }
  | { v: 1; at: 'pass'; mode: 'full' | 'changed'; start: number; pass: string; since: string | null; full: string };

type Pass = Extract<Cursor, { at: 'pass' }>;

const iso = (v: unknown): v is string => typeof v === 'string' && Number.isFinite(Date.parse(v));

function decode(raw: string | null): Cursor | null {
  if (!raw || raw.length > 1000) return null;
  try {
    const c = JSON.parse(raw) as Cursor;
    if (c?.v !== 1 || !iso(c.full)) return null;
    if (c.at === 'idle' && iso(c.since)) return c;
    const okStart = c.at === 'pass' && Number.isSafeInteger(c.start) && c.start >= 0 && c.start <= PASS_MAX_ITEMS;
    if (okStart && (c.mode === 'full' || c.mode === 'changed') && iso(c.pass) && (c.since === null || iso(c.since))) return c;
  } catch {
    // An unreadable cursor starts over, like none.
  }
  return null;
}

/** The pass this pull works on: the one the cursor is inside, or a new one (full when due). */
function passFor(cursor: string | null, now: Date): Pass {
  const c = decode(cursor);
  const at = now.toISOString();
  if (c?.at === 'pass') return c;
  if (!c || now.getTime() - Date.parse(c.full) >= FULL_EVERY_MS) return { v: 1, at: 'pass', mode: 'full', start: 0, pass: at, since: null, full: at };
  return { v: 1, at: 'pass', mode: 'changed', start: 0, pass: at, since: c.since, full: c.full };
}

const QUERY = {
  Recursive: 'true',
  IncludeItemTypes: 'Movie,Series',
  Fields: 'ProviderIds,OriginalTitle,PremiereDate',
  EnableUserData: 'true',
  EnableImages: 'false',
  // New items get a later DateCreated: pages already read keep their place while a pass goes on.
  SortBy: 'DateCreated,SortName',
  SortOrder: 'Ascending',
};

export async function pullItems(
  flavour: MediaServerFlavour,
  client: MediaServerClient,
  userId: string,
  cursor: string | null,
  now: Date,
  limits: PullLimits,
  signal?: AbortSignal,
): Promise<PullResult> {
  const pass = passFor(cursor, now);
  const events: SyncEvent[] = [];
  const library: LibraryItem[] = [];
  let start = pass.start;
  let done = false;
  for (let page = 0; page < limits.pagesPerPull && !done; page++) {
    signal?.throwIfAborted();
    const answer = await client.items(userId, {
      ...QUERY,
      StartIndex: start,
      Limit: limits.pageSize,
      ...(pass.mode === 'changed' && pass.since ? { MinDateLastSavedForUser: pass.since } : {}),
    });
    // A server that answers more than it was asked for is read only as far as it was asked.
    const items = (answer.Items ?? []).slice(0, limits.pageSize);
    for (const item of items) {
      const event = itemEvent(flavour, item, now);
      if (event) events.push(event);
      if (pass.mode === 'full') {
        const entry = libraryItem(flavour, client.serverUrl, item);
        if (entry) library.push(entry);
      }
    }
    start += items.length;
    const total = typeof answer.TotalRecordCount === 'number' ? answer.TotalRecordCount : start;
    done = items.length < limits.pageSize || start >= total || start >= PASS_MAX_ITEMS;
  }
  const result: PullResult = { events, cursor: null };
  if (pass.mode === 'full') result[pass.start === 0 ? 'library' : 'libraryAdded'] = library;
  if (done) {
    const since = new Date(Date.parse(pass.pass) - OVERLAP_MS).toISOString();
    result.cursor = JSON.stringify({ v: 1, at: 'idle', since, full: pass.full } satisfies Cursor);
  } else {
    result.cursor = JSON.stringify({ ...pass, start } satisfies Cursor);
    result.more = true;
  }
  return result;
}
