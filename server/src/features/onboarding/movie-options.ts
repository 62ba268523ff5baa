// Which titles onboarding offers as favourite candidates. Pure functions over the catalog's
// titles (already ordered most popular and best rated first).
// Its message says why the list widened, in the reader's language: a Message of
// server-errors.onboarding.options with the languages and genres named and listed by Intl.
// i18n-dynamic: genres.
// i18n-dynamic: server-errors.onboarding.options.
import { DEFAULT_LOCALE, GENRES, LANGUAGE_NAMES, type Locale } from '@app/shared';
import type { CatalogEntry } from '../../catalog/catalog.store.js';
import { searchText } from '../../catalog/search-text.js';
import { translate } from '../../i18n/messages.js';

export const OPTIONS_LIMIT = 60;
export const MIN_OPTIONS = 30;
/** The default list keeps any one language to this share, so it is not all English. */
const DEFAULT_LANGUAGE_SHARE = 0.45;
/** Popularity points a title loses for each title of its language already in the default list. */
const LANGUAGE_REPEAT_PENALTY = 0.12;

export interface OptionsFilter {
  genres: string[];
  languages: string[];
  q?: string;
  /** Titles a search matches by a translated name (CatalogStore.idsNamedInLocale), besides their own names. */
  alsoNamed?: ReadonlySet<string>;
}

/** Why the list is not what was asked for: a key of server-errors.onboarding.options and what it names. */
export interface OptionsNote {
  key: string;
  languages: string[];
  genres: string[];
  q?: string;
  count?: number;
}

export interface OptionsResult {
  titles: CatalogEntry[];
  /** The note in English. */
  message?: string;
  note?: OptionsNote;
}

const LANGUAGE_CODES = new Map<string, string>(Object.entries(LANGUAGE_NAMES).map(([code, name]) => [name, code === 'cn' ? 'yue' : code]));
/** A language's name (as the catalog spells it in English) in `locale`. */
function languageName(name: string, locale: Locale): string {
  const code = LANGUAGE_CODES.get(name);
  if (locale === DEFAULT_LOCALE || !code) return name;
  return new Intl.DisplayNames(locale, { type: 'language', fallback: 'none' }).of(code) ?? name;
}
/** A genre's name in `locale` (the shared genres area). */
function genreName(name: string, locale: Locale): string {
  const known = (GENRES as readonly string[]).find((g) => g.toLowerCase() === name.toLowerCase());
  return known && locale !== DEFAULT_LOCALE ? translate(locale, `genres.${known.toLowerCase().replace(/[^a-z0-9]/g, '')}`) : name;
}
/** English as it always read ("A, B and C", no serial comma: en-GB). */
const listLocale = (locale: Locale) => (locale === DEFAULT_LOCALE ? 'en-GB' : locale);

/** The note in `locale`. */
export function sayNote(note: OptionsNote, locale: Locale = DEFAULT_LOCALE): string {
  const languages = new Intl.ListFormat(listLocale(locale), { type: 'conjunction' }).format(note.languages.map((l) => languageName(l, locale)));
  const genres = new Intl.ListFormat(listLocale(locale), { type: 'disjunction' }).format(note.genres.map((g) => genreName(g, locale)));
  return translate(locale, `server-errors.onboarding.options.${note.key}`, { languages, genres, genreCount: note.genres.length, q: note.q ?? '', count: note.count ?? 0 });
}

const searchKeys = new WeakMap<CatalogEntry, string>();
/** Title and original title, folded, on two lines so a search cannot match across them. */
function searchKey(t: CatalogEntry): string {
  let k = searchKeys.get(t);
  if (k === undefined) {
    k = `${searchText(t.title)}\n${searchText(t.originalTitle ?? '')}`;
    searchKeys.set(t, k);
  }
  return k;
}

/**
 * Takes from each chosen language's list in turn, so several chosen languages share the top
 * places; titles in none of them follow in their own order. A permutation of `titles`: the loop
 * runs once per place in the longest language list, so it ends for any input.
 */
export function interleave(titles: CatalogEntry[], languages: string[]): CatalogEntry[] {
  const chosen = new Set(languages);
  if (chosen.size < 2) return titles;
  const queues = [...chosen].map((l) => titles.filter((t) => t.language === l));
  const rest = titles.filter((t) => !chosen.has(t.language));
  const longest = Math.max(...queues.map((q) => q.length));
  const out: CatalogEntry[] = [];
  for (let i = 0; i < longest; i++) {
    for (const q of queues) if (i < q.length) out.push(q[i]);
  }
  return out.concat(rest);
}

/**
 * The most popular titles, with each further title of an already-shown language ranked a little
 * lower, so the first rows show the catalog's range instead of only English.
 */
export function popularOptions(titles: CatalogEntry[], limit = OPTIONS_LIMIT): CatalogEntry[] {
  const cap = Math.ceil(limit * DEFAULT_LANGUAGE_SHARE);
  const candidates = titles.slice(0, limit * 10);
  const perLanguage = new Map<string, number>();
  const out: CatalogEntry[] = [];
  const taken = new Set<string>();
  while (out.length < limit) {
    let best: CatalogEntry | null = null;
    let bestScore = -Infinity;
    for (const t of candidates) {
      const n = perLanguage.get(t.language) ?? 0;
      if (taken.has(t.id) || n >= cap) continue;
      const score = t.popularity - LANGUAGE_REPEAT_PENALTY * n;
      if (score > bestScore) {
        best = t;
        bestScore = score;
      }
    }
    if (!best) break;
    taken.add(best.id);
    perLanguage.set(best.language, (perLanguage.get(best.language) ?? 0) + 1);
    out.push(best);
  }
  return out;
}


/**
 * Strict: in a chosen language with a chosen genre as its main genre (the one the option shows).
 * Under MIN_OPTIONS strict titles, the list widens to titles with any chosen genre in the chosen
 * languages, then to the chosen languages alone, and the message says so.
 */
export function filteredOptions(all: CatalogEntry[], f: OptionsFilter, limit = OPTIONS_LIMIT): OptionsResult {
  const genres = new Set(f.genres);
  const languages = new Set(f.languages);
  // A search of only punctuation or spaces folds to nothing: the list is then unfiltered by text.
  const q = f.q ? searchText(f.q) : '';
  const pool = q ? all.filter((t) => searchKey(t).includes(q) || f.alsoNamed?.has(t.id) === true) : all;
  const inLanguage = languages.size ? pool.filter((t) => languages.has(t.language)) : pool;
  const strict = genres.size ? inLanguage.filter((t) => genres.has(t.genres[0])) : inLanguage;
  const anyGenre = genres.size ? inLanguage.filter((t) => t.genres.some((g) => genres.has(g))) : inLanguage;

  const noted = (titles: CatalogEntry[], key: string, extra: { q?: string; count?: number } = {}): OptionsResult => {
    const note: OptionsNote = { key, languages: f.languages, genres: f.genres, ...extra };
    return { titles, message: sayNote(note), note };
  };
  const order = (ts: CatalogEntry[]) => interleave(ts, f.languages);
  const take = (tiers: CatalogEntry[][]) => {
    const seen = new Set<string>();
    const out: CatalogEntry[] = [];
    for (const tier of tiers) {
      for (const t of order(tier)) {
        if (out.length >= limit) return out;
        if (!seen.has(t.id)) {
          seen.add(t.id);
          out.push(t);
        }
      }
    }
    return out;
  };

  if (q) {
    if (inLanguage.length) return { titles: take([strict, anyGenre, inLanguage]) };
    if (pool.length) return noted(take([pool]), languages.size ? 'noLanguageMatchElsewhere' : 'noMatchElsewhere', { q: f.q });
    return noted([], 'noMatch', { q: f.q });
  }
  if (!inLanguage.length) return noted([], 'noLanguage');
  if (strict.length >= MIN_OPTIONS || !genres.size) {
    const titles = take([strict]);
    if (titles.length >= MIN_OPTIONS || !languages.size) return { titles };
    return noted(titles, 'onlyFew', { count: titles.length });
  }
  if (anyGenre.length >= MIN_OPTIONS) return noted(take([strict, anyGenre]), languages.size ? 'widenedLanguage' : 'widened');
  const titles = take([strict, anyGenre, inLanguage]);
  if (anyGenre.length) return noted(titles, languages.size ? 'onlyMatchLanguage' : 'onlyMatch', { count: anyGenre.length });
  return noted(titles, languages.size ? 'noneMatchLanguage' : 'noneMatch');
}
