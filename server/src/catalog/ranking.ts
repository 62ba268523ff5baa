// How popular and how good a title is, as one number for ordering lists (onboarding options,
// the landing carousel). Ratings are shrunk towards the catalog mean in proportion to how well
// known a title is, because we keep no vote counts: a niche title's 9.0 is less certain than a
// household name's 8.5.

export interface Rated {
  imdb: number | null;
  rt: number | null;
  fame: number;
}

/** Pseudo vote weight per fame level 1..5; PRIOR_WEIGHT votes at the catalog mean. */
const FAME_WEIGHT = [1, 2, 4, 8, 16];
const PRIOR_WEIGHT = 4;
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
  const v = FAME_WEIGHT[Math.min(5, Math.max(1, t.fame)) - 1];
  return (v * r + PRIOR_WEIGHT * mean) / (v + PRIOR_WEIGHT);
}

/** Quality mixed with fame: higher first. */
export function popularity(t: Rated, mean: number): number {
  return shrunkQuality(t, mean) + FAME_BONUS * t.fame;
}
