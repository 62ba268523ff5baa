// Tonight's constraints: the time budget, finish tonight, the user's exclusions and the age limit.
// They are hard rules like the history and the platforms: a title that breaks one is never a
// candidate, in recommend and in rankAll. `constraintVerdict` states each rule for one title;
// `markConstraintBreaks` (constraint-table.ts) applies the same rules to a whole index in one
// request, with the folding done once per index (the keyword and people tables) and once per
// request (the user's lists).
import { genreKey } from './moods.js';
import type { ConstraintBreak, EngineTitle, Exclusions, RecommendOptions } from './types.js';

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

export function known(n: number | null | undefined): n is number {
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
