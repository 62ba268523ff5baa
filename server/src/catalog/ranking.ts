// How popular and how good a title is, as one number for ordering lists (onboarding options,
// the landing carousel). Ratings are shrunk towards the catalog mean in proportion to how well
// known a title is: a niche title's 9.0 is less certain than a household name's 8.5. Built-in
// titles carry editorial fame (1-5); imported ones carry vote counts instead, turned into the same
// scale by fameFromVotes (docs/catalog.md, "Offline importers").

export interface Rated {
  imdb: number | null;
  rt: number | null;
  fame: number;
}

/** Pseudo vote weight 2^(fame-1): 1, 2, 4, 8, 16 for fame 1..5; PRIOR_WEIGHT votes at the catalog mean. */
const fameWeight = (fame: number): number => 2 ** (Math.min(5, Math.max(1, Number.isFinite(fame) ? fame : 1)) - 1);
const PRIOR_WEIGHT = 4;

/**
 * Editorial-fame equivalent of an IMDb vote count: log10(votes) - 1.5 within 1..5, so 1,000 votes
 * is 1.5 (niche), 100,000 is 3.5 and 1,000,000 is 4.5 (household names have 1-3 million).
 */
export function fameFromVotes(votes: number): number {
  if (!Number.isFinite(votes) || votes <= 0) return 1;
  return Math.min(5, Math.max(1, Math.log10(votes) - 1.5));
}

/**
 * The fame a title is ranked by: the editors' for built-in titles (whatever votes an import
 * added, so their order stays as written), the votes' for imported titles that have them, else
 * the stored default.
 */
export function titleFame(t: { source: string; fame: number; voteCount: number | null }): number {
  if (t.source === 'builtin' || t.voteCount === null || t.voteCount <= 0) return t.fame;
  return fameFromVotes(t.voteCount);
}
/** How much one fame step is worth against one rating point. */
const FAME_BONUS = 0.5;
/** A title with no rating at all ranks a little below the mean. */
const UNRATED_PENALTY = 0.3;

/** The observed rating on a 1-10 scale: IMDb and Rotten Tomatoes/10 averaged when both exist. */
export function observedRating(t: Rated): number | null {
  const parts = [t.imdb, t.rt === null ? null : t.rt / 10].filter((x): x is number => x !== null);
  return parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : null;
}

export function catalogMean(titles: Rated[]): number {
  const rs = titles.map(observedRating).filter((x): x is number => x !== null);
  return rs.length ? rs.reduce((a, b) => a + b, 0) / rs.length : 6.5;
}

/** Bayesian-shrunk quality on the 1-10 scale. */
export function shrunkQuality(t: Rated, mean: number): number {
  const r = observedRating(t);
  if (r === null) return mean - UNRATED_PENALTY;
  const v = fameWeight(t.fame);
  return (v * r + PRIOR_WEIGHT * mean) / (v + PRIOR_WEIGHT);
}

/** Quality mixed with fame: higher first. */
export function popularity(t: Rated, mean: number): number {
  return shrunkQuality(t, mean) + FAME_BONUS * t.fame;
}
