// MovieLens genre names -> the product's genre vocabulary (shared GENRES). Genres without a
// counterpart (ML's "unknown", ml-latest's "IMAX") are dropped.
import { GENRES } from '@app/shared';

const ALIASES: Readonly<Record<string, string>> = {
  "children's": 'Family',
  children: 'Family',
  'sci-fi': 'Science Fiction',
  musical: 'Music',
  'film-noir': 'Crime',
};

const OURS = new Map<string, string>(GENRES.map((g) => [g.toLowerCase(), g]));

export function toOurGenre(name: string): string | null {
  const key = name.trim().toLowerCase();
  return ALIASES[key] ?? OURS.get(key) ?? null;
}

export function toOurGenres(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const n of names) {
    const g = toOurGenre(n);
    if (g && !out.includes(g)) out.push(g);
  }
  return out;
}

/**
 * The `count` genres (our vocabulary) most frequent among the given items; ties go to the genre
 * seen first, so the answer is deterministic.
 */
export function topGenres(itemGenres: readonly (readonly string[])[], items: ArrayLike<number>, count: number): string[] {
  const freq = new Map<string, number>();
  for (let i = 0; i < items.length; i++) for (const g of itemGenres[items[i]]) freq.set(g, (freq.get(g) ?? 0) + 1);
  return [...freq.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([g]) => g);
}
