// Test-only: independent, naive statements of the engine's hard rules and helpers to measure
// rank movements, used by the property tests.
import { genreKey } from '../moods.js';
import type { EngineTitle, RankedTitle, RecommendOptions, UserTaste } from '../types.js';

export function excludedIds(taste: UserTaste): Set<string> {
  return new Set([...taste.recommended, ...taste.liked, ...taste.disliked, ...taste.watched, ...taste.favourites]);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The platforms a request targets: the requested one (a blank name is no request), else the user's. */
export function targetPlatforms(taste: UserTaste, opts: RecommendOptions): readonly string[] {
  const requested = opts.platform?.trim();
  return requested ? [requested] : taste.platforms;
}

/** The title streams on one of `targets` (any region). */
export const onTargets = (t: EngineTitle, targets: readonly string[]) => t.platforms.some((p) => targets.some((x) => same(x, p)));

/** Who may be recommended, by the rules as written (no index, no scores). */
export function expectedPool(titles: readonly EngineTitle[], taste: UserTaste, opts: RecommendOptions): { pool: EngineTitle[]; fallback: boolean } {
  const excluded = excludedIds(taste);
  const base = titles.filter((t) => !excluded.has(t.id) && (!opts.kind || t.kind === opts.kind));
  const targets = targetPlatforms(taste, opts);
  if (targets.length === 0) return { pool: base, fallback: false };
  // The user's own library counts as one of their services, unless the request names a platform.
  const owned = new Set(opts.platform?.trim() ? [] : (taste.library ?? []).map((o) => o.id));
  const on = base.filter((t) => owned.has(t.id) || onTargets(t, targets));
  if (on.length > 0) return { pool: on, fallback: false };
  return { pool: base.filter((t) => t.platforms.length === 0), fallback: true };
}

/**
 * The saved titles that get the `saved` boost, by the rule as written: saved, in the pool, the
 * user (or the request) names platforms and the pool is not the unknown-availability fallback
 * (so the title streams on one of them in the user's country), and it fits the mood when one is
 * asked (`moodFit`: the engine's mood score reaches MOOD_FIT).
 */
export function expectedSaved(
  pool: readonly EngineTitle[],
  fallback: boolean,
  taste: UserTaste,
  opts: RecommendOptions,
  moodFit: (t: EngineTitle) => boolean,
): EngineTitle[] {
  const targets = targetPlatforms(taste, opts);
  if (fallback || targets.length === 0 || !taste.saved?.length) return [];
  const saved = new Set(taste.saved);
  return pool.filter((t) => saved.has(t.id) && (!opts.mood || moodFit(t)));
}

export function inPreferredLanguage(t: EngineTitle, taste: UserTaste): boolean {
  return t.language !== '' && taste.languages.some((l) => same(l, t.language));
}

/** Mean position of `ids` in `ranking`, counting only titles present in both rankings compared. */
export function meanRank(ranking: readonly RankedTitle[], ids: readonly string[], common: ReadonlySet<string>): number {
  const positions = new Map<string, number>();
  let pos = 0;
  for (const r of ranking) if (common.has(r.titleId)) positions.set(r.titleId, pos++);
  const found = ids.map((id) => positions.get(id)).filter((p): p is number => p !== undefined);
  return found.reduce((a, b) => a + b, 0) / Math.max(1, found.length);
}

export function idsOf(ranking: readonly RankedTitle[]): Set<string> {
  return new Set(ranking.map((r) => r.titleId));
}

export function intersect(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  return new Set([...a].filter((x) => b.has(x)));
}

/**
 * The titles of `pool` a pick may be drawn from when a mood is asked: those that fit it, when any
 * does (`moodFit`: the engine's mood score reaches MOOD_FIT); all of them otherwise.
 */
export function moodKept(pool: EngineTitle[], opts: RecommendOptions, moodFit: (t: EngineTitle) => boolean): EngineTitle[] {
  if (!opts.mood) return pool;
  const fitting = pool.filter(moodFit);
  return fitting.length > 0 ? fitting : pool;
}

/**
 * The titles the next pick is drawn from under the turn rule (engine README "Turns"), stated
 * naively over titles: `pool` is expectedPool's; `turn` says whether a turn narrowed it.
 * `saved` (expectedSaved's): a boosted saved title in the best language tier turns the turns off.
 * With a mood that some title of the pool fits (`moodFit`), only the titles that fit it count.
 */
export function expectedDraw(
  titles: readonly EngineTitle[],
  taste: UserTaste,
  opts: RecommendOptions,
  everything: EngineTitle[],
  moodFit: (t: EngineTitle) => boolean,
  saved: readonly EngineTitle[] = [],
): { draw: EngineTitle[]; turn: boolean } {
  const pool = moodKept(everything, opts, moodFit);
  const byId = new Map(titles.map((t) => [t.id, t]));
  const recent = taste.recommended.slice(-10).map((id) => byId.get(id)).filter((t): t is EngineTitle => t !== undefined);
  const n = recent.length;
  const preferred = pool.filter((t) => inPreferredLanguage(t, taste));
  if (saved.length > 0 && (preferred.length === 0 || saved.some((t) => inPreferredLanguage(t, taste)))) return { draw: pool, turn: false };
  const base = preferred.length > 0 ? preferred : pool;
  const owedAmong = <T>(items: T[], has: (t: EngineTitle, x: T) => boolean): T[] => {
    if (items.length < 2) return [];
    const quota = Math.floor((n + 1) / items.length + 1e-9);
    return items.filter((x) => recent.filter((t) => has(t, x)).length < quota);
  };
  const langs = preferred.length > 0 ? [...new Set(preferred.map((t) => t.language))] : [];
  const owedLangs = owedAmong(langs, (t, l) => t.language === l);
  const inLang = owedLangs.length > 0 ? base.filter((t) => owedLangs.includes(t.language)) : base;
  const key = (g: string) => genreKey(g);
  const chosen = [...new Set(taste.genres.map(key))];
  const servableGenres = chosen.filter((g) => inLang.some((t) => t.genres.some((x) => key(x) === g)));
  const owedGenres = opts.mood ? [] : owedAmong(servableGenres, (t, g) => t.genres.some((x) => key(x) === g));
  const positives = [...taste.favourites, ...taste.liked].map((id) => byId.get(id)).filter((t): t is EngineTitle => t !== undefined);
  let kind: string | null = null;
  if (!opts.kind && positives.length > 0) {
    const share = positives.filter((t) => t.kind === 'series').length / positives.length;
    const series = recent.filter((t) => t.kind === 'series').length;
    if (series < Math.floor((n + 1) * share + 1e-9)) kind = 'series';
    else if (n - series < Math.floor((n + 1) * (1 - share) + 1e-9)) kind = 'movie';
  }
  if (owedLangs.length === 0 && owedGenres.length === 0 && kind === null) return { draw: pool, turn: false };
  const kindOk = (t: EngineTitle) => kind === null || t.kind === kind;
  const genreOk = (t: EngineTitle) => owedGenres.length === 0 || t.genres.some((x) => owedGenres.includes(key(x)));
  for (const keep of [(t: EngineTitle) => kindOk(t) && genreOk(t), kindOk, genreOk]) {
    const draw = inLang.filter(keep);
    if (draw.length > 0) return { draw, turn: true };
  }
  return owedLangs.length > 0 ? { draw: inLang, turn: true } : { draw: pool, turn: false };
}
