// Trakt's JSON export: watched-movies.json / watched-shows.json ({movie|show, last_watched_at,
// plays}), ratings-*.json ({rating 1-10, rated_at, movie|show}), watchlist-*.json ({listed_at,
// movie|show}), history-*.json ({watched_at, movie|episode+show}); each {movie|show} is {title,
// year, ids: {trakt, imdb, tmdb}}. One file, a .zip of them, or one object holding such arrays
// (as some export tools write). An item is read by its shape, not by its file's name. An episode
// or season item counts its show as watched (never rated); collection items are not read.
import { at, blankEntry, EntryMap, fail, fold, later, parseDate } from './common.js';
import { tenPointLiked } from './imdb.js';
import type { ImportedEntry } from './types.js';

/** Nesting deeper than this is refused before JSON.parse (Trakt's files nest about 6 deep). */
export const JSON_MAX_DEPTH = 64;

/** True for a path inside a zip that is one of Trakt's export files we read. */
export function traktMember(path: string): boolean {
  const parts = path.toLowerCase().split('/').filter(Boolean);
  if (parts.includes('__macosx')) return false;
  return /^(watched|ratings|watchlist|history)-(movies|shows|seasons|episodes)\.json$/.test(parts.at(-1) ?? '');
}

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

  /** Reads one parsed file: an array of items, or an object whose array values are. */
  read(where: string, data: unknown): void {
    const lists = Array.isArray(data) ? [data] : isObj(data) ? Object.values(data).filter(Array.isArray) : null;
    if (lists === null) fail(`${where} is not a Trakt export: it should hold a list of movies or shows.`);
    const before = this.recognised;
    let index = 0;
    let total = 0;
    for (const list of lists) {
      total += list.length;
      for (const item of list) this.item(where, ++index, item);
    }
    if (total > 0 && this.recognised === before) fail(`${where} is not a Trakt export: none of its items names a movie or a show.`);
  }

  private item(where: string, index: number, item: unknown): void {
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
    const watched = rating !== undefined || item.last_watched_at !== undefined || item.watched_at !== undefined || item.plays !== undefined;
    const listed = item.listed_at !== undefined && !partOfShow;
    if (!watched && !listed) return; // a collection item, or a list we do not read
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
    if (watched) e.watched = true;
    else e.watchlist = true;
  }

  entries(): ImportedEntry[] {
    return this.titles.values().map((e) => ({ ...e, watchlist: e.watchlist && !e.watched }));
  }
}
