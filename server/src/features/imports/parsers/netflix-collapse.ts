// Which Netflix rows are episodes, and of which show, in any language. Netflix writes an episode
// as "Show: Season label: Episode name" with ": " between the parts whatever the account's
// language ("Dark: Staffel 1: Geheimnisse", "ダーク: シーズン1: 秘密"), and a limited series as
// "Show: Episode name". A word list cannot know every language, so a show is read from the shape
// of a title and from what the file repeats:
// - a part after the first that is a season label ends the show: a number with a few words
//   around it ("Sæson 1", "1. Sezon", "시즌 1", "第1季") followed by an episode name, or one of the
//   few labels without a number ("Limited Series", "Miniserie");
// - a label the file itself repeats under two different shows is one too ("Begrænset serie");
// - otherwise a prefix that several different titles of the file share is a show: the longest
//   one; when they are all two-part titles ("Show: Episode name"), at least three of them, so
//   two films of one franchise ("Dune: Part One", "Dune: Part Two") stay whole.
// A title the file does not repeat keeps its colon ("Mission: Impossible – Dead Reckoning").
import { fold } from './common.js';

/** Only a title's first parts can name a show; the rest stays one tail, so the work per title is bounded. */
export const MAX_SHOW_PARTS = 6;

/** A title's parts at ": " (or a full-width colon), at most MAX_SHOW_PARTS + 1 of them. */
export function titleParts(title: string): string[] {
  const parts: string[] = [];
  const sep = /: |\uff1a\s?/g;
  let from = 0;
  for (let m = sep.exec(title); m && parts.length < MAX_SHOW_PARTS; m = sep.exec(title)) {
    parts.push(title.slice(from, m.index).trim());
    from = m.index + m[0].length;
  }
  parts.push(title.slice(from).trim());
  return parts;
}

/** The folded keys of a title's prefixes: keys[i] is its first i + 1 parts. */
export function prefixKeys(parts: readonly string[]): string[] {
  const keys: string[] = [];
  for (const p of parts) keys.push(keys.length === 0 ? fold(p) : `${keys[keys.length - 1]}: ${fold(p)}`);
  return keys;
}

const NUM = String.raw`(?:\d{1,3}|[ivxlc]{1,6}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|first|second|third|final)`;
/** Labels that mark a series even as the last part ("Night Ward: Season 1", "Show: Miniserie"). */
const SEASON = new RegExp(
  String.raw`^(?:(?:season|series|temporada|staffel|saison|stagione|seizoen|s\u00e6son|s\u00e4song|sesong|sezon|kausi)\s+${NUM}|limited series|miniseries|mini-series|miniserie|mini-s\u00e9rie|miniss\u00e9rie|miniserier|minisarja|miniseria|mini dizi|\u30ea\u30df\u30c6\u30c3\u30c9\u30b7\u30ea\u30fc\u30ba|\ub9ac\ubbf8\ud2f0\ub4dc \uc2dc\ub9ac\uc988)$`,
  'iu',
);
/** English parts spelled out ("Book One", "Chapter Two"): a series' only with an episode after them. */
const PART = new RegExp(String.raw`^(?:part|volume|vol\.?|chapter|book|episode|collection)\s+${NUM}$`, 'i');
const WORDS = /^[\p{L}\p{M}'\u2019-]+(?: [\p{L}\p{M}'\u2019-]+){0,2}$/u;

/** A number with one to three words around it, in any script: "Sæson 1", "1. Sezon", "시즌 1", "第1季", "Orbit School 2". */
function numberedLabel(part: string): boolean {
  if (part.length > 32) return false;
  const m = /\p{Nd}{1,3}/u.exec(part);
  if (!m) return false;
  const rest = `${part.slice(0, m.index)} ${part.slice(m.index + m[0].length)}`.replace(/[.#\u00ba\u00b0\u00aa]/g, ' ').replace(/\s+/g, ' ').trim();
  return WORDS.test(rest);
}

/**
 * Where the show ends by its labels: the number of parts that name it, or 0 when no part is a
 * label. A label names the part before it the show, less a season named after the show
 * ("Stranger Things: Stranger Things 2: Chapter One: ..." is Stranger Things). `learned` holds
 * the folded labels the file repeats under different shows.
 */
export function labelCut(parts: readonly string[], learned?: ReadonlySet<string>): number {
  for (let k = 1; k < parts.length; k++) {
    const p = parts[k];
    const tail = k < parts.length - 1;
    if (!(SEASON.test(p) || (tail && (PART.test(p) || numberedLabel(p) || learned?.has(fold(p)) === true)))) continue;
    return k >= 2 && fold(parts[k - 1]).startsWith(fold(parts[0])) ? k - 1 : k;
  }
  return 0;
}

/** The show one title names by its labels alone, or null (the file's other titles may still make it an episode). */
export function netflixShow(title: string): string | null {
  const parts = titleParts(title);
  const cut = labelCut(parts);
  const name = parts.slice(0, cut).join(': ').trim();
  return cut > 0 && name ? name : null;
}

/** A title no label placed: its parts and prefix keys. */
export interface Unplaced {
  parts: string[];
  keys: string[];
}

/** A show a title joins: its key and the name the file first gave it. */
export interface Placement {
  key: string;
  name: string;
}

/**
 * Places the titles no label placed, with the whole file in view: `shows` is every show's key
 * the labels found (grown with the ones found here). Gives, per title, its show or null (whole).
 */
export function placeByFile(titles: readonly Unplaced[], shows: Map<string, string>): Array<Placement | null> {
  // Labels the file repeats: a part with an episode after it, under two different prefixes.
  const under = new Map<string, string | true>();
  for (const t of titles) {
    for (let k = 1; k < t.parts.length - 1; k++) {
      const label = fold(t.parts[k]);
      const seen = under.get(label);
      if (seen === undefined) under.set(label, t.keys[k - 1]);
      else if (seen !== true && seen !== t.keys[k - 1]) under.set(label, true);
    }
  }
  const learned = new Set([...under].filter(([, v]) => v === true).map(([k]) => k));
  const out: Array<Placement | null> = titles.map((t) => {
    const cut = labelCut(t.parts, learned);
    if (cut === 0) return null;
    const key = t.keys[cut - 1];
    if (!shows.has(key)) shows.set(key, t.parts.slice(0, cut).join(': '));
    return { key, name: shows.get(key)! };
  });
  // A franchise's prefix ("Star Trek" of "Star Trek: Discovery") is not a show itself.
  const ancestors = new Set<string>();
  for (const key of shows.keys()) {
    for (let i = key.indexOf(': '); i > 0; i = key.indexOf(': ', i + 2)) ancestors.add(key.slice(0, i));
  }
  // Per prefix: how many different titles the file has under it, and whether any has more than one part after it
  // (two-part titles alone may be films of one franchise).
  const counts = new Map<string, { n: number; deep: boolean }>();
  titles.forEach((t, i) => {
    if (out[i]) return;
    for (let k = 1; k < t.parts.length; k++) {
      const c = counts.get(t.keys[k - 1]) ?? { n: 0, deep: false };
      c.n++;
      c.deep ||= t.parts.length > k + 1;
      counts.set(t.keys[k - 1], c);
    }
  });
  titles.forEach((t, i) => {
    if (out[i]) return;
    for (let k = t.parts.length - 1; k >= 1; k--) {
      const key = t.keys[k - 1];
      const c = counts.get(key)!;
      const shared = c.n >= 2 && (k > 1 || c.deep || c.n >= 3) && !ancestors.has(key);
      if (!shows.has(key) && !shared) continue;
      if (!shows.has(key)) shows.set(key, t.parts.slice(0, k).join(': '));
      out[i] = { key, name: shows.get(key)! };
      return;
    }
  });
  return out;
}
