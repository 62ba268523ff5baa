import type { Mood } from '@app/shared';
import type { CatalogIndex } from './catalog-index.js';
import { MOOD_TABLE, genreKey, keywordKey } from './moods.js';

/** A title whose mood score reaches this fits the mood (the reason names it; a saved title keeps its boost). */
export const MOOD_FIT = 0.2;

/** Keywords are a sharper but noisier signal than genres, so they are capped and scaled. */
const KEYWORD_SHARE = 0.7;

/** How well each title fits the mood (genre cosine plus capped keyword affinity), cached per index. */
export function moodScores(index: CatalogIndex, mood: Mood): Float32Array {
  const cached = index.moodCache.get(mood);
  if (cached) return cached;
  const table = MOOD_TABLE[mood];
  const genreAffinity = Float32Array.from(index.genreNames, (g) => table.genres[genreKey(g)] ?? 0);
  const scores = new Float32Array(index.size);
  for (let i = 0; i < index.size; i++) {
    let s = 0;
    for (let x = index.genreOff[i]; x < index.genreOff[i + 1]; x++) s += index.genreW[x] * genreAffinity[index.genreIds[x]];
    let k = 0;
    for (const kw of index.titles[i].keywords ?? []) k += table.keywords[keywordKey(kw)] ?? 0;
    scores[i] = s + KEYWORD_SHARE * Math.max(-1, Math.min(1, k));
  }
  index.moodCache.set(mood, scores);
  return scores;
}

/** Whether some candidate fits the mood (scores: moodScores'). */
export function anyFits(scores: Float32Array, candidates: Int32Array): boolean {
  for (let c = 0; c < candidates.length; c++) if (scores[candidates[c]] >= MOOD_FIT) return true;
  return false;
}

/** The title's own keywords that the mood leans towards (for the explanation). */
export function moodKeywords(index: CatalogIndex, mood: Mood, idx: number): string[] {
  const table = MOOD_TABLE[mood].keywords;
  return (index.titles[idx].keywords ?? []).filter((kw) => (table[keywordKey(kw)] ?? 0) > 0);
}
