// Test-only: independent, naive statements of the engine's hard rules and helpers to measure
// rank movements, used by the property tests.
import type { EngineTitle, RankedTitle, RecommendOptions, UserTaste } from '../types.js';

export function excludedIds(taste: UserTaste): Set<string> {
  return new Set([...taste.recommended, ...taste.liked, ...taste.disliked, ...taste.watched, ...taste.favourites]);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Who may be recommended, by the rules as written (no index, no scores). */
export function expectedPool(titles: readonly EngineTitle[], taste: UserTaste, opts: RecommendOptions): { pool: EngineTitle[]; fallback: boolean } {
  const excluded = excludedIds(taste);
  const base = titles.filter((t) => !excluded.has(t.id) && (!opts.kind || t.kind === opts.kind));
  const targets = opts.platform ? [opts.platform] : taste.platforms;
  if (targets.length === 0) return { pool: base, fallback: false };
  const on = base.filter((t) => t.platforms.some((p) => targets.some((x) => same(x, p))));
  if (on.length > 0) return { pool: on, fallback: false };
  return { pool: base.filter((t) => t.platforms.length === 0), fallback: true };
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
