// A mood nothing on the user's services fits is said, never ignored: "fits" is a mood score of
// at least MOOD_FIT (mood-scores.ts), and the nearest mood is the one whose genre and keyword
// leanings (MOOD_TABLE) are most alike that still has a title that fits (docs/product-decisions.md).
import { MOOD_VALUES, type Mood } from '@app/shared';
import { anyFits, moodScores } from './mood-scores.js';
import { MOOD_TABLE } from './moods.js';
import type { RequestState } from './request-state.js';
import type { Factor } from './types.js';

function leanings(mood: Mood): Map<string, number> {
  const { genres, keywords } = MOOD_TABLE[mood];
  return new Map([...Object.entries(genres).map(([g, v]) => [`g:${g}`, v] as const), ...Object.entries(keywords).map(([k, v]) => [`k:${k}`, v] as const)]);
}

/** Cosine of two moods' leanings: 1 for the same mood, negative for opposites (scary and family). */
export function moodCloseness(a: Mood, b: Mood): number {
  const x = leanings(a);
  const y = leanings(b);
  let dot = 0;
  for (const [key, v] of x) dot += v * (y.get(key) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, v) => s + v * v, 0));
  return dot / (norm(x) * norm(y));
}

/** The other moods, nearest first (ties in MOOD_VALUES order). */
export function moodsByCloseness(mood: Mood): Mood[] {
  return MOOD_VALUES.filter((m) => m !== mood)
    .map((m, order) => ({ m, order, closeness: moodCloseness(mood, m) }))
    .sort((a, b) => b.closeness - a.closeness || a.order - b.order)
    .map(({ m }) => m);
}

/**
 * The mood_unmet notice when a mood is asked and no candidate fits it; null otherwise. When one
 * does, the pick fits the mood (drawTier), whatever the mood's weight: the ask is the user's.
 */
export function moodNotice(state: RequestState): Factor | null {
  const mood = state.opts.mood;
  if (!mood || !state.mood || state.moodMet) return null;
  const nearest = moodsByCloseness(mood).find((m) => anyFits(moodScores(state.index, m), state.candidates)) ?? null;
  return { kind: 'mood_unmet', mood, nearest };
}
