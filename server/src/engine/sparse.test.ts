// Sparse catalogs (MovieLens-like: genres and a year, nothing else) and odd input still give
// sensible, finite results: the quality benchmark runs the engine on exactly such data.
import { describe, expect, it } from 'vitest';
import { buildIndex } from './build-index.js';
import { buildNeighbours } from './neighbours.js';
import { rankAll, recommend } from './rank.js';
import { seededRandom } from './random.js';
import { int, sample } from './testing/synthetic.js';
import type { EngineTitle, UserTaste } from './types.js';

const ML_GENRES = ['Action', 'Adventure', 'Animation', "Children's", 'Comedy', 'Crime', 'Documentary', 'Drama', 'Fantasy', 'Film-Noir', 'Horror', 'Musical', 'Mystery', 'Romance', 'Sci-Fi', 'Thriller', 'War', 'Western'];

function movieLensLike(size: number): EngineTitle[] {
  const rng = seededRandom(3);
  return Array.from({ length: size }, (_, i) => ({
    id: String(i),
    kind: 'movie' as const,
    title: `Movie ${i} (19${int(rng, 30, 98)})`,
    year: rng() < 0.05 ? 0 : int(rng, 1930, 1998),
    genres: sample(rng, ML_GENRES, int(rng, 1, 4)),
    language: '',
    runtime: null,
    seasons: null,
    imdb: null,
    rt: null,
    fame: 3,
    keywords: [],
    director: null,
    cast: [],
    platforms: [],
  }));
}

const taste = (overrides: Partial<UserTaste>): UserTaste => ({
  genres: [],
  languages: [],
  platforms: [],
  favourites: [],
  liked: [],
  disliked: [],
  watched: [],
  recommended: [],
  ...overrides,
});

describe('a MovieLens-like catalog', () => {
  const titles = movieLensLike(600);
  const index = buildIndex(titles);
  const rng = seededRandom(9);
  const interactions = Array.from({ length: 400 }, (_, u) => {
    const start = int(rng, 0, 14) * 40;
    return sample(rng, titles.slice(start, start + 40), 10).map((t) => ({ userId: `u${u}`, titleId: t.id, weight: 1 }));
  }).flat();
  const neighbours = buildNeighbours(interactions, { k: 20 });

  it('ranks every unseen title with finite scores, also for a user with no signal at all', () => {
    for (const user of [taste({}), taste({ liked: ['1', '2', '3'], languages: ['English'] })]) {
      const ranking = rankAll(index, user, { seed: 1 }, neighbours);
      expect(ranking).toHaveLength(titles.length - user.liked.length);
      expect(ranking.every((r) => Number.isFinite(r.score))).toBe(true);
      expect(ranking.every((r) => !r.preferredLanguage && !r.availabilityUnknown)).toBe(true);
    }
  });

  it('ranks co-liked titles first for a user with history (the benchmark setting)', () => {
    const liked = titles.slice(0, 8).map((t) => t.id);
    const top = rankAll(index, taste({ liked }), { seed: 1, limit: 10 }, neighbours);
    const block = new Set(titles.slice(0, 40).map((t) => t.id));
    expect(top.filter((r) => block.has(r.titleId)).length).toBeGreaterThanOrEqual(8);
  });

  it('explains a pick without ratings, language or platforms in plain words', () => {
    const rec = recommend(index, taste({ genres: ['Sci-Fi', 'Horror'], favourites: ['4', '5', '6'] }), { seed: 2, mood: 'scary' }, neighbours)!;
    expect(rec.platform).toBeNull();
    expect(rec.reason).not.toMatch(/undefined|NaN|null|IMDb|Rotten/);
    expect(rec.reason).toMatch(/^[A-Z].*\.$/);
  });

  it('follows the onboarding genres when nothing else is known', () => {
    const top = rankAll(index, taste({ genres: ['Film-Noir'] }), { seed: 1, limit: 5 });
    for (const r of top) expect(titles[Number(r.titleId)].genres).toContain('Film-Noir');
  });
});

describe('odd input', () => {
  const titles = movieLensLike(50);
  const index = buildIndex(titles);

  it('ignores ids that are not in the catalog and repeated ids', () => {
    const user = taste({ favourites: ['nope', '1', '1'], liked: ['1', 'missing'], disliked: ['2', '2'], recommended: ['zzz'] });
    const ranking = rankAll(index, user, { seed: 1 });
    expect(ranking).toHaveLength(48);
    expect(ranking.map((r) => r.titleId)).not.toContain('1');
  });

  it('answers null on an empty catalog', () => {
    expect(recommend(buildIndex([]), taste({ genres: ['Drama'] }), { seed: 1 })).toBeNull();
    expect(rankAll(buildIndex([]), taste({}), { seed: 1 })).toEqual([]);
  });

  it('ignores non-finite weight overrides', () => {
    const ranking = rankAll(index, taste({ liked: ['3'] }), { seed: 1, weights: { content: Number.NaN, quality: Infinity } });
    expect(ranking.every((r) => Number.isFinite(r.score))).toBe(true);
  });
});
