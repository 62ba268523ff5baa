// Tonight's constraints: the time budget, finish tonight, the user's exclusions and the age limit.
// They are hard rules like the history and the platforms: a title that breaks one is never a
// candidate, in recommend and in rankAll. `constraintVerdict` states each rule for one title;
// `markConstraintBreaks` applies the same rules to a whole index in one request, with the folding
// done once per index (the keyword and people tables) and once per request (the user's lists).
import type { CatalogIndex } from './catalog-index.js';
import { genreKey } from './moods.js';
import type { ConstraintBreak, EngineTitle, Exclusions, RecommendOptions } from './types.js';
import { perIndex } from './per-index.js';

/** One person's exclusion lists hold at most this many entries, each at most this long (the API enforces it too). */
export const EXCLUSION_LIMIT = 30;
export const EXCLUSION_LENGTH = 60;
/** What the engine reads of each list: a pick for two carries both members' lists; more are cut. */
export const EXCLUSION_CAP = 2 * EXCLUSION_LIMIT;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * A name as it is compared: accents and case folded, every run of other characters one space.
 * "Zoë Kravitz" and "zoe  kravitz" are the same person; "feel-good" reads "feel good".
 */
export function foldName(text: string): string {
  // Plain ASCII (most names and keywords) needs no Unicode normalisation: the same result, several times faster.
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The user's lists as they are compared: folded, blanks and repeats dropped, bounded. */
interface FoldedExclusions {
  /** genreKey of each excluded genre. */
  genres: string[];
  /** Folded keywords with the user's own spelling. */
  keywords: Array<{ folded: string; raw: string }>;
  /** Folded names. */
  people: string[];
}

function bounded(list: readonly string[] | undefined): string[] {
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const item of list.slice(0, EXCLUSION_CAP)) if (typeof item === 'string') out.push(item.slice(0, EXCLUSION_LENGTH));
  return out;
}

export function foldExclusions(exclusions: Exclusions | undefined): FoldedExclusions {
  const genres = new Set<string>();
  const keywords = new Map<string, string>();
  const people = new Set<string>();
  for (const g of bounded(exclusions?.genres)) {
    const key = genreKey(g);
    if (key) genres.add(key);
  }
  for (const k of bounded(exclusions?.keywords)) {
    const folded = foldName(k);
    if (folded && !keywords.has(folded)) keywords.set(folded, k.trim());
  }
  for (const p of bounded(exclusions?.people)) {
    const folded = foldName(p);
    if (folded) people.add(folded);
  }
  return { genres: [...genres], keywords: [...keywords].map(([folded, raw]) => ({ folded, raw })), people: [...people] };
}

/**
 * A keyword exclusion matches a title keyword (both folded) when it is the whole keyword or a
 * run of whole words inside it: "superhero" excludes "superhero team", never "superheroine".
 */
export function keywordMatches(exclusion: string, keyword: string): boolean {
  return exclusion !== '' && ` ${keyword} `.includes(` ${exclusion} `);
}

/**
 * The people a director field names: a series lists its creators in one field ("Iván Escobar,
 * Álex Pina"), and each of them is someone a user may exclude.
 */
export function directorNames(director: string | null | undefined): string[] {
  if (!director) return [];
  return director.includes(',') ? director.split(',').map((d) => d.trim()).filter(Boolean) : [director.trim()];
}

/** The time budget as it is valid: an integer number of minutes, else no budget. */
export function budgetOf(opts: Pick<RecommendOptions, 'maxMinutes'>): number | null {
  const m = opts.maxMinutes;
  return typeof m === 'number' && Number.isFinite(m) && m > 0 ? Math.floor(m) : null;
}

function known(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0;
}

/** The time budget's verdict for one title (null: it fits, or there is no budget). */
function timeVerdict(title: EngineTitle, minutes: number | null, finishTonight: boolean): ConstraintBreak | null {
  if (minutes === null) return null;
  const runtime = known(title.runtime) ? title.runtime : null;
  if (title.kind === 'series' && finishTonight) {
    const episodes = known(title.episodes) ? title.episodes : null;
    if (runtime === null || episodes === null || episodes * runtime > minutes) return { rule: 'finish_tonight', minutes, episodes, runtime };
    return null;
  }
  if (runtime === null || runtime > minutes) return { rule: 'time_budget', minutes, runtime };
  return null;
}

/**
 * The first of tonight's hard rules `title` breaks under `opts` (kind, time budget, excluded
 * genre, keyword or person, age rating), or null when it breaks none. The engine applies exactly
 * these rules to every candidate; "Why not recommended?" can name the one a title broke.
 * `folded` is foldExclusions(opts.exclusions), for callers that check many titles.
 */
export function constraintVerdict(title: EngineTitle, opts: RecommendOptions, folded: FoldedExclusions = foldExclusions(opts.exclusions)): ConstraintBreak | null {
  if (opts.kind && title.kind !== opts.kind) return { rule: 'kind', kind: opts.kind };
  const time = timeVerdict(title, budgetOf(opts), opts.finishTonight === true);
  if (time) return time;
  if (folded.genres.length > 0) {
    const genre = (title.genres ?? []).find((g) => folded.genres.includes(genreKey(g)));
    if (genre !== undefined) return { rule: 'excluded_genre', genre };
  }
  if (folded.keywords.length > 0) {
    for (const keyword of title.keywords ?? []) {
      const k = foldName(keyword);
      const hit = folded.keywords.find((e) => keywordMatches(e.folded, k));
      if (hit) return { rule: 'excluded_keyword', exclusion: hit.raw, keyword };
    }
  }
  if (folded.people.length > 0) {
    const director = directorNames(title.director).find((d) => folded.people.includes(foldName(d)));
    if (director !== undefined) return { rule: 'excluded_person', person: director, role: 'director' };
    const actor = (title.cast ?? []).find((c) => folded.people.includes(foldName(c)));
    if (actor !== undefined) return { rule: 'excluded_person', person: actor.trim(), role: 'cast' };
  }
  const maxAge = opts.maxAge;
  const minAge = title.minAge;
  if (typeof maxAge === 'number' && Number.isFinite(maxAge) && typeof minAge === 'number' && Number.isFinite(minAge) && minAge >= 0 && minAge > maxAge) {
    return { rule: 'age_rating', minAge, maxAge };
  }
  return null;
}

/** Whether the request sets any constraint the bulk pass must apply (kind is classify's own filter). */
export function hasConstraints(opts: RecommendOptions): boolean {
  const e = opts.exclusions;
  return (
    budgetOf(opts) !== null ||
    (typeof opts.maxAge === 'number' && Number.isFinite(opts.maxAge)) ||
    (e !== undefined && ((e.genres?.length ?? 0) > 0 || (e.keywords?.length ?? 0) > 0 || (e.people?.length ?? 0) > 0))
  );
}

/**
 * Per index, built on first use: each title's time and age facts as typed arrays, and the folded
 * keywords and people with the titles that have them (every one, not only the ones two titles
 * share, which is all the similarity tokens keep), so a request finds an excluded keyword's
 * titles without folding any title's strings.
 */
interface ConstraintTable {
  /** Movie runtime or episode runtime; 0 unknown. */
  runtime: Float32Array;
  /** Episode count; 0 unknown. */
  episodes: Float32Array;
  /** -1 unknown. */
  minAge: Int16Array;
  /** Folded keyword -> id; keyword id -> its titles (CSR). */
  keywordIds: Map<string, number>;
  keywordNames: string[];
  /** Word -> the keyword ids that contain it as a whole word. */
  keywordsWithWord: Map<string, number[]>;
  kwOff: Uint32Array;
  kwTitles: Uint32Array;
  /** Folded person -> their titles (as director or cast). */
  personTitles: Map<string, Uint32Array>;
}

function postings(lists: number[][]): { off: Uint32Array; items: Uint32Array } {
  const off = new Uint32Array(lists.length + 1);
  for (let k = 0; k < lists.length; k++) off[k + 1] = off[k] + lists[k].length;
  const items = new Uint32Array(off[lists.length]);
  for (let k = 0; k < lists.length; k++) items.set(lists[k], off[k]);
  return { off, items };
}

const constraintTable = perIndex<ConstraintTable>((index) => {
  const n = index.size;
  const runtime = new Float32Array(n);
  const episodes = new Float32Array(n);
  const minAge = new Int16Array(n).fill(-1);
  const keywordIds = new Map<string, number>();
  const keywordNames: string[] = [];
  const keywordTitles: number[][] = [];
  const people = new Map<string, number[]>();
  // Catalog titles share their keyword and people strings: each string is folded once.
  const foldedOf = new Map<string, string>();
  const fold = (s: string) => {
    let f = foldedOf.get(s);
    if (f === undefined) foldedOf.set(s, (f = foldName(s)));
    return f;
  };
  for (let i = 0; i < n; i++) {
    const t = index.titles[i];
    if (known(t.runtime)) runtime[i] = t.runtime;
    if (known(t.episodes)) episodes[i] = t.episodes;
    if (typeof t.minAge === 'number' && Number.isFinite(t.minAge) && t.minAge >= 0) minAge[i] = Math.min(t.minAge, 32767);
    for (const keyword of t.keywords ?? []) {
      const k = fold(keyword);
      if (!k) continue;
      let id = keywordIds.get(k);
      if (id === undefined) {
        id = keywordNames.length;
        keywordIds.set(k, id);
        keywordNames.push(k);
        keywordTitles.push([]);
      }
      const list = keywordTitles[id];
      if (list[list.length - 1] !== i) list.push(i);
    }
    const addPerson = (name: string | null | undefined) => {
      const p = name ? fold(name) : '';
      if (!p) return;
      const list = people.get(p);
      if (!list) people.set(p, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    };
    if (t.director) for (const d of directorNames(t.director)) addPerson(d);
    for (const c of t.cast ?? []) addPerson(c);
  }
  const keywordsWithWord = new Map<string, number[]>();
  keywordNames.forEach((k, id) => {
    for (const word of new Set(k.split(' '))) {
      const list = keywordsWithWord.get(word);
      if (list) list.push(id);
      else keywordsWithWord.set(word, [id]);
    }
  });
  const { off: kwOff, items: kwTitles } = postings(keywordTitles);
  return {
    runtime,
    episodes,
    minAge,
    keywordIds,
    keywordNames,
    keywordsWithWord,
    kwOff,
    kwTitles,
    personTitles: new Map([...people].map(([p, list]) => [p, Uint32Array.from(list)])),
  };
});

/**
 * Stamps every title that breaks a time, exclusion or age rule with `epoch` in `stamp` (the
 * request's "never a candidate" marks, which already hold the history). Kind is left to the
 * candidate pass. Excluded keywords and people reach their titles through the postings; the
 * per-title rules are one pass over typed arrays, only when one is set.
 */
export function markConstraintBreaks(index: CatalogIndex, opts: RecommendOptions, stamp: Uint32Array, epoch: number): void {
  const table = constraintTable(index);
  const folded = foldExclusions(opts.exclusions);
  const n = index.size;

  for (const { folded: exclusion } of folded.keywords) {
    const first = exclusion.split(' ')[0];
    for (const id of table.keywordsWithWord.get(first) ?? []) {
      if (!keywordMatches(exclusion, table.keywordNames[id])) continue;
      for (let x = table.kwOff[id]; x < table.kwOff[id + 1]; x++) stamp[table.kwTitles[x]] = epoch;
    }
  }
  for (const person of folded.people) {
    const titles = table.personTitles.get(person);
    if (titles) for (let x = 0; x < titles.length; x++) stamp[titles[x]] = epoch;
  }

  const minutes = budgetOf(opts);
  const finish = opts.finishTonight === true;
  const maxAge = typeof opts.maxAge === 'number' && Number.isFinite(opts.maxAge) ? opts.maxAge : null;
  // Genre lists are interned (index.genreCombo): each list is judged once.
  let badCombo: Uint8Array | null = null;
  if (folded.genres.length > 0) {
    const ids = folded.genres.map((g) => index.genreIdx.get(g)).filter((id): id is number => id !== undefined);
    if (ids.length > 0) {
      badCombo = new Uint8Array(index.comboOff.length - 1);
      for (let c = 0; c + 1 < index.comboOff.length; c++) {
        for (let x = index.comboOff[c]; x < index.comboOff[c + 1]; x++) if (ids.includes(index.comboIds[x])) badCombo[c] = 1;
      }
    }
  }
  if (minutes === null && maxAge === null && badCombo === null) return;
  const { runtime, episodes, minAge } = table;
  const { series, genreCombo } = index;
  for (let i = 0; i < n; i++) {
    if (stamp[i] === epoch) continue;
    if (minutes !== null) {
      const r = runtime[i];
      const fits = r > 0 && (finish && series[i] === 1 ? episodes[i] > 0 && episodes[i] * r <= minutes : r <= minutes);
      if (!fits) {
        stamp[i] = epoch;
        continue;
      }
    }
    if (maxAge !== null && minAge[i] >= 0 && minAge[i] > maxAge) {
      stamp[i] = epoch;
      continue;
    }
    if (badCombo !== null && badCombo[genreCombo[i]] === 1) stamp[i] = epoch;
  }
}
