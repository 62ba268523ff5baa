// Where a Trakt pull starts: the activity time each list had when we last read it to the end (so
// a list Trakt says is unchanged is not read at all), the list being read across pulls (its next
// page), and what was on the watchlist (so an item gone from it can be told). Stored as JSON by
// the connections service; anything unreadable starts over, which only re-reads (events are
// idempotent by key).

/** The lists a pull reads, in order, and the last_activities field that says when each changed. */
export const TRAKT_LISTS = ['movies_watched', 'shows_watched', 'movies_rated', 'shows_rated', 'movies_listed', 'shows_listed'] as const;
export type TraktList = (typeof TRAKT_LISTS)[number];

/** A title on the watchlist: Trakt's id and the ids a removal is matched by. */
export type WatchRef = [trakt: number, tmdb: number | null, imdb: string | null, tvdb: number | null];

/** Watchlists longer than this are not remembered (their removals are not told). */
export const WATCHLIST_TRACK_MAX = 2000;

export interface TraktCursor {
  seen: Partial<Record<TraktList, string>>;
  /** refs: a watchlist's titles read so far (null: too many to remember, so no removals are told). */
  reading?: { list: TraktList; page: number; activity: string; refs?: WatchRef[] | null };
  /** What each watchlist held at its last full read; null when too long to remember. */
  watchlist: { movies_listed?: WatchRef[] | null; shows_listed?: WatchRef[] | null };
}

export const emptyCursor = (): TraktCursor => ({ seen: {}, watchlist: {} });

const isList = (v: unknown): v is TraktList => typeof v === 'string' && (TRAKT_LISTS as readonly string[]).includes(v);
const isTime = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));
const intOrNull = (v: unknown) => (Number.isSafeInteger(v) ? (v as number) : null);

function refs(v: unknown): WatchRef[] | null {
  if (!Array.isArray(v) || v.length > WATCHLIST_TRACK_MAX) return null;
  const out: WatchRef[] = [];
  for (const r of v) {
    if (!Array.isArray(r) || !Number.isSafeInteger(r[0])) return null;
    out.push([r[0] as number, intOrNull(r[1]), typeof r[2] === 'string' && r[2].length <= 20 ? r[2] : null, intOrNull(r[3])]);
  }
  return out;
}

/** The cursor a pull returned, or a fresh start for null or anything that is not one. */
export function parseCursor(text: string | null): TraktCursor {
  if (text === null || text.length > 200_000) return emptyCursor();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return emptyCursor();
  }
  if (typeof raw !== 'object' || raw === null || (raw as { v?: unknown }).v !== 1) return emptyCursor();
  const o = raw as Record<string, unknown>;
  const cursor = emptyCursor();
  const seen = (typeof o.seen === 'object' && o.seen) || {};
  for (const list of TRAKT_LISTS) {
    const t = (seen as Record<string, unknown>)[list];
    if (isTime(t)) cursor.seen[list] = t;
  }
  const r = o.reading as Record<string, unknown> | undefined;
  if (r && typeof r === 'object' && isList(r.list) && Number.isSafeInteger(r.page) && (r.page as number) >= 1 && isTime(r.activity)) {
    cursor.reading = { list: r.list, page: r.page as number, activity: r.activity };
    if (r.refs !== undefined) cursor.reading.refs = refs(r.refs);
  }
  const w = (typeof o.watchlist === 'object' && o.watchlist) || {};
  for (const list of ['movies_listed', 'shows_listed'] as const) {
    const v = (w as Record<string, unknown>)[list];
    if (v !== undefined) cursor.watchlist[list] = refs(v);
  }
  return cursor;
}

export function serializeCursor(c: TraktCursor): string {
  return JSON.stringify({ v: 1, ...c });
}
