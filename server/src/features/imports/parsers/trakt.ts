// Trakt's JSON export: watched-movies.json / watched-shows.json ({movie|show, last_watched_at,
// plays}), ratings-*.json ({rating 1-10, rated_at, movie|show}), watchlist-*.json or watchlist.json
// ({listed_at, movie|show}), favorites-*.json (the same shape: a like), history*.json ({watched_at,
// movie|episode+show}), lists-*.json (a custom list's items: neither watched nor wished); each
// {movie|show} is {title, year, ids: {trakt, imdb, tmdb}}. One file, a .zip of them, or one object
// holding such arrays (as some export tools write). A file is read for what its name says it holds
// (listed_at means the watchlist only in a watchlist file), else by its items' shape. An episode or
// season item counts its show as watched (never rated); collection items are not read, and files
// that hold no titles (the profile, stats, comments, lists of lists) are passed over.
import { at, blankEntry, EntryMap, fail, fold, later, parseDate } from './common.js';
import { tenPointLiked } from './imdb.js';
import type { ImportedEntry } from './types.js';

/** Nesting deeper than this is refused before JSON.parse (Trakt's files nest about 6 deep). */
export const JSON_MAX_DEPTH = 64;

/** What a Trakt file holds, by its name: 'other' for the files that hold no history (profile, stats, comments, collection). */
export type TraktFile = 'watched' | 'ratings' | 'watchlist' | 'favorites' | 'history' | 'lists' | 'other';

/** What a JSON file of a Trakt export holds, by its path; null for what is not JSON, or a Mac's copy. */
export function traktMember(path: string): TraktFile | null {
  const parts = path.toLowerCase().split('/').filter(Boolean);
  const base = parts.at(-1) ?? '';
  if (parts.includes('__macosx') || !base.endsWith('.json') || base.startsWith('._')) return null;
  // The watchlist first: a list named "watchlist" (lists-watchlist.json) is the watchlist.
  if (base.includes('watchlist')) return 'watchlist';
  if (/^favou?rites/.test(base)) return 'favorites';
  if (parts.slice(0, -1).includes('lists') || /^lists?[-_.]/.test(base)) return 'lists';
  const m = /^(watched|ratings|history)(?:[-_.]|$)/.exec(base);
  return m ? (m[1] as TraktFile) : 'other';
}

/** True when a file of that kind holds a person's history (a zip of only 'other' files is no Trakt export). */
export const holdsHistory = (file: TraktFile | null | undefined): boolean => !!file && file !== 'other' && file !== 'lists';

/** JSON.parse after a linear check of the nesting depth (strings and escapes skipped). */
export function parseJson(where: string, text: string): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > JSON_MAX_DEPTH) fail(`${where} nests deeper than ${JSON_MAX_DEPTH} levels: it is not a Trakt export.`);
    } else if (c === 93 || c === 125) depth--;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    const pos = /position (\d+)/.exec(e instanceof Error ? e.message : '');
    const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : null;
    fail(`${line ? at(where, line) : where}: not valid JSON.`);
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

interface Media {
  title: string;
  year: number | null;
  imdb: string | null;
  tmdb: number | null;
  trakt: number | null;
}

function media(v: unknown): Media | null {
  if (!isObj(v)) return null;
  const title = str(v.title)?.trim();
  if (!title) return null;
  const ids = isObj(v.ids) ? v.ids : {};
  const posInt = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : null);
  const imdb = str(ids.imdb);
  const year = posInt(v.year);
  return {
    title,
    year: year !== null && year >= 1870 && year <= 2100 ? year : null,
    imdb: imdb && /^tt\d{1,10}$/.test(imdb) ? imdb : null,
    tmdb: posInt(ids.tmdb),
    trakt: posInt(ids.trakt),
  };
}

export class TraktMerger {
  private readonly titles: EntryMap<ImportedEntry>;
  rowsRead = 0;
  /** Items that named a movie or show (to tell a Trakt file from other JSON). */
  recognised = 0;

  constructor(where: string) {
    this.titles = new EntryMap(where);
  }

  /**
   * Reads one parsed file: an array of items, or an object whose array values are. `file`: what
   * its name says it holds (absent: read by shape, as a file uploaded on its own under any name).
   */
  read(where: string, data: unknown, file?: TraktFile): void {
    const passedOver = file === 'other' || file === 'lists';
    const lists = Array.isArray(data) ? [data] : isObj(data) ? Object.values(data).filter(Array.isArray) : null;
    if (lists === null) {
      if (passedOver) return;
      fail(`${where} is not a Trakt export: it should hold a list of movies or shows.`);
    }
    const before = this.recognised;
    let index = 0;
    let total = 0;
    for (const list of lists) {
      total += list.length;
      for (const item of list) this.item(where, ++index, item, file);
    }
    if (total > 0 && this.recognised === before && !passedOver) fail(`${where} is not a Trakt export: none of its items names a movie or a show.`);
  }

  private item(where: string, index: number, item: unknown, file: TraktFile | undefined): void {
    this.rowsRead++;
    if (!isObj(item)) return;
    const movie = media(item.movie);
    const show = movie ? null : media(item.show);
    const m = movie ?? show;
    if (!m) return;
    this.recognised++;
    const partOfShow = show !== null && (item.episode !== undefined || item.season !== undefined || item.type === 'episode' || item.type === 'season');
    const rating = item.rating;
    const rated = rating !== undefined && rating !== null && !partOfShow;
    if (rated && !(typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 10)) fail(`${where}, item ${index}: rating ${String(JSON.stringify(rating)).slice(0, 20)} is not a whole number from 1 to 10.`);
    // A favourite is a like, as Letterboxd's heart: seen, and liked unless rated low.
    const favourite = file === 'favorites' && item.listed_at !== undefined && !partOfShow;
    const watched = favourite || rating !== undefined || item.last_watched_at !== undefined || item.watched_at !== undefined || item.plays !== undefined;
    // Listed means saved for later in a watchlist (or a file of any name read by shape), not in a custom list.
    const listed = item.listed_at !== undefined && !partOfShow && (file === undefined || file === 'watchlist');
    if (!watched && !listed) return; // a collection or custom list item
    const kind = movie ? 'movie' : 'series';
    const key = `${kind}|${m.imdb ?? (m.tmdb ? `tmdb:${m.tmdb}` : m.trakt ? `trakt:${m.trakt}` : `${fold(m.title)}|${m.year ?? ''}`)}`;
    const e = this.titles.get(key, () => ({ ...blankEntry(m.title, index), kind, year: m.year, imdbId: m.imdb, tmdbId: m.tmdb }));
    for (const d of [item.rated_at, item.last_watched_at, item.watched_at, item.listed_at]) {
      const s = str(d);
      if (s) e.happenedAt = later(e.happenedAt, parseDate(s));
    }
    if (rated) {
      e.sourceRating = `${rating}/10`;
      e.liked = tenPointLiked(rating as number);
    }
    if (favourite && e.liked === null) e.liked = true;
    if (watched) e.watched = true;
    else e.watchlist = true;
  }

  entries(): ImportedEntry[] {
    return this.titles.values().map((e) => ({ ...e, watchlist: e.watchlist && !e.watched }));
  }
}
