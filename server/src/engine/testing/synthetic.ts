// Test-only: a seeded synthetic catalog with real structure (clusters of genres, keywords and
// people, so "similar" means something) and random users over it.
import { GENRES } from '@app/shared';
import { seededRandom } from '../random.js';
import type { EngineTitle, UserTaste } from '../types.js';

export type Rng = () => number;

export const SYNTH_LANGUAGES = ['English', 'Hindi', 'Korean', 'Japanese', 'Spanish', 'French', 'German', 'Tamil', 'Italian', 'Turkish'];
export const SYNTH_PLATFORMS = ['Netflix', 'Prime Video', 'Disney+', 'HBO Max', 'Hulu', 'Apple TV', 'Paramount+', 'Peacock', 'JioHotstar', 'MUBI'];
const MOOD_WORDS = ['feel-good', 'dark', 'slow-burn', 'tense', 'twisty', 'heartwarming', 'supernatural', 'eerie', 'romance', 'first love', 'gritty', 'bleak', 'witty', 'pixar', 'heist'];

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

/** `count` distinct items in random order. */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const chosen = new Set<number>();
  const want = Math.min(count, items.length);
  while (chosen.size < want) chosen.add(Math.floor(rng() * items.length));
  return [...chosen].map((i) => items[i]);
}

export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

interface Cluster {
  genres: string[];
  keywords: string[];
  directors: string[];
  cast: string[];
  language: string;
  decade: number;
}

function makeClusters(rng: Rng, count: number): Cluster[] {
  // Real catalogs' keyword vocabularies grow with their size; so does this one.
  const keywordPool = [...MOOD_WORDS, ...Array.from({ length: Math.max(260, count * 2) }, (_, i) => `theme${i}`)];
  return Array.from({ length: count }, (_, c) => ({
    genres: sample(rng, GENRES, 4),
    keywords: sample(rng, keywordPool, 14),
    directors: Array.from({ length: 8 }, (_, i) => `Director ${c}-${i}`),
    cast: Array.from({ length: 30 }, (_, i) => `Actor ${c}-${i}`),
    language: rng() < 0.4 ? 'English' : pick(rng, SYNTH_LANGUAGES),
    decade: int(rng, 195, 202),
  }));
}

export function syntheticCatalog(size: number, seed: number): EngineTitle[] {
  const rng = seededRandom(seed);
  const clusters = makeClusters(rng, Math.max(4, Math.round(size / 80)));
  return Array.from({ length: size }, (_, i) => {
    const c = pick(rng, clusters);
    const kind = rng() < 0.7 ? 'movie' : 'series';
    const genres = sample(rng, c.genres, int(rng, 1, 3));
    if (rng() < 0.15) genres[genres.length - 1] = pick(rng, GENRES);
    const hasPlatforms = rng() < 0.6;
    return {
      id: `t${i}`,
      kind,
      title: `Title ${String(i).padStart(4, '0')}`,
      year: c.decade * 10 + int(rng, 0, 9),
      genres: [...new Set(genres)],
      language: rng() < 0.85 ? c.language : pick(rng, SYNTH_LANGUAGES),
      runtime: kind === 'movie' ? int(rng, 80, 170) : null,
      seasons: kind === 'series' ? int(rng, 1, 6) : null,
      imdb: rng() < 0.7 ? Math.round((4.5 + rng() * 4.7) * 10) / 10 : null,
      rt: rng() < 0.45 ? int(rng, 10, 100) : null,
      fame: int(rng, 1, 5),
      keywords: sample(rng, c.keywords, int(rng, 3, 8)),
      director: rng() < 0.95 ? pick(rng, c.directors) : null,
      cast: sample(rng, c.cast, int(rng, 0, 3)),
      platforms: hasPlatforms ? sample(rng, SYNTH_PLATFORMS, int(rng, 1, 2)) : [],
    };
  });
}

/** A random user: onboarding choices, favourites, ratings and history over `catalog`. */
const vocabularies = new WeakMap<readonly EngineTitle[], { ids: string[]; languages: string[]; platforms: string[] }>();

function vocabulary(catalog: readonly EngineTitle[]) {
  let v = vocabularies.get(catalog);
  if (!v) {
    v = {
      ids: catalog.map((t) => t.id),
      languages: [...new Set(catalog.map((t) => t.language).filter(Boolean))],
      platforms: [...new Set(catalog.flatMap((t) => t.platforms))],
    };
    vocabularies.set(catalog, v);
  }
  return v;
}

export function randomTaste(rng: Rng, catalog: readonly EngineTitle[]): UserTaste {
  const { ids, languages, platforms } = vocabulary(catalog);
  return {
    genres: sample(rng, GENRES, int(rng, 2, 5)),
    languages: rng() < 0.1 ? [] : sample(rng, languages, int(rng, 1, 3)),
    platforms: rng() < 0.3 ? [] : sample(rng, platforms, int(rng, 1, 3)),
    favourites: sample(rng, ids, int(rng, 3, 20)),
    liked: sample(rng, ids, int(rng, 0, 30)),
    disliked: sample(rng, ids, int(rng, 0, 10)),
    watched: sample(rng, ids, int(rng, 0, 10)),
    recommended: sample(rng, ids, int(rng, 0, 60)),
  };
}

/**
 * Co-likes with structure: each user likes titles from two random blocks of 40 consecutive
 * titles, so titles of one block become each other's neighbours.
 */
export function syntheticInteractions(rng: Rng, titles: readonly EngineTitle[], users: number): Array<{ userId: string; titleId: string; weight: number }> {
  const blocks = Math.max(1, Math.floor(titles.length / 40));
  const out: Array<{ userId: string; titleId: string; weight: number }> = [];
  for (let u = 0; u < users; u++) {
    for (let b = 0; b < 2; b++) {
      const start = int(rng, 0, blocks - 1) * 40;
      for (const t of sample(rng, titles.slice(start, start + 40), int(rng, 3, 12))) out.push({ userId: `u${u}`, titleId: t.id, weight: 1 });
    }
  }
  return out;
}
