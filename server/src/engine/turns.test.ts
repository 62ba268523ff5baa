// Turns (README "Turns"): over a user's first picks, issued one at a time as the API does, every
// chosen language and genre gets its share and the movie/series mix follows the favourites.
import { GENRES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { recommend } from './rank.js';
import { seededRandom } from './random.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { int, pick, sample, type Rng } from './testing/synthetic.js';
import type { EngineTitle, RecommendOptions, UserTaste } from './types.js';

const catalogs = testCatalogs();

/** Languages with enough titles (of each kind, with `bothKinds`) that the catalog can serve several picks in each. */
function roomyLanguages(catalog: TestCatalog, bothKinds: boolean): string[] {
  const counts = new Map<string, number>();
  for (const t of catalog.titles) if (t.language) counts.set(t.language, (counts.get(t.language) ?? 0) + 1);
  const ofKind = (l: string, kind: string) => catalog.titles.filter((t) => t.language === l && t.kind === kind).length;
  return [...counts].filter(([l, c]) => c >= 40 && (!bothKinds || (ofKind(l, 'movie') >= 10 && ofKind(l, 'series') >= 10))).map(([l]) => l);
}

/** A new user with two languages, 2-3 genres and favourites (no platforms: every title is servable). */
function newUser(rng: Rng, catalog: TestCatalog, favouriteKind?: 'movie' | 'series', bothKinds = false): UserTaste {
  const languages = sample(rng, roomyLanguages(catalog, bothKinds), 2);
  // Favourites from one language only: the taste's strongest part, which the score alone serves every time.
  const from = catalog.titles.filter((t) => t.language === languages[0] && (!favouriteKind || t.kind === favouriteKind));
  return {
    genres: sample(rng, GENRES, int(rng, 2, 3)),
    languages,
    platforms: [],
    favourites: sample(rng, from, int(rng, 3, 6)).map((t) => t.id),
    liked: [],
    disliked: [],
    watched: [],
    recommended: [],
  };
}

/** The first `count` picks, each issued (added to `recommended`) before the next, as issue.ts does. */
function firstPicks(catalog: TestCatalog, taste: UserTaste, count: number, opts: Omit<RecommendOptions, 'seed'> = {}, seed = 1): EngineTitle[] {
  const picks: EngineTitle[] = [];
  for (let p = 0; p < count; p++) {
    const rec = recommend(catalog.index, taste, { ...opts, seed: seed * 100 + p });
    if (!rec) break;
    picks.push(catalog.byId.get(rec.titleId)!);
    taste.recommended.push(rec.titleId);
  }
  return picks;
}

describe.each(catalogs.map((c) => [c.name, c] as const))('turns on the %s catalog', (_name, catalog) => {
  it('serve both chosen languages within the first two picks', () => {
    const rng = seededRandom(31);
    for (let u = 0; u < 150; u++) {
      const taste = newUser(rng, catalog);
      const picks = firstPicks(catalog, taste, 2, { mood: rng() < 0.3 ? 'dark' : undefined }, u);
      expect(new Set(picks.map((t) => t.language))).toEqual(new Set(taste.languages));
    }
  });

  it('give every chosen genre its turn within the first five picks, where the catalog has it', () => {
    const rng = seededRandom(32);
    let servedAll = 0;
    for (let u = 0; u < 150; u++) {
      const taste = newUser(rng, catalog);
      const picks = firstPicks(catalog, taste, 5, {}, u);
      const servable = taste.genres.filter((g) => catalog.titles.filter((t) => taste.languages.includes(t.language) && t.genres.includes(g)).length >= 10);
      if (servable.every((g) => picks.some((t) => t.genres.includes(g)))) servedAll++;
    }
    // A genre turn gives way when the language or kind turn leaves no title in it.
    expect(servedAll / 150).toBeGreaterThanOrEqual(0.9);
  });

  it('follow the favourites\' movie/series mix unless the request asks for a kind', () => {
    const rng = seededRandom(33);
    for (let u = 0; u < 60; u++) {
      const kind = pick(rng, ['movie', 'series'] as const);
      const taste = newUser(rng, catalog, kind, true);
      expect(firstPicks(catalog, structuredClone(taste), 5, {}, u).map((t) => t.kind)).toEqual(Array(5).fill(kind));
      const other = kind === 'movie' ? 'series' : 'movie';
      expect(firstPicks(catalog, taste, 3, { kind: other }, u).map((t) => t.kind)).toEqual(Array(3).fill(other));
    }
    // Half films, half series: after every pick the mix is within one title of half.
    for (let u = 0; u < 60; u++) {
      const taste = newUser(rng, catalog, undefined, true);
      const films = catalog.titles.filter((t) => t.language === taste.languages[0] && t.kind === 'movie');
      const series = catalog.titles.filter((t) => t.language === taste.languages[0] && t.kind === 'series');
      taste.favourites = [...sample(rng, films, 2), ...sample(rng, series, 2)].map((t) => t.id);
      const picks = firstPicks(catalog, taste, 6, {}, u);
      picks.forEach((_, p) => {
        const seriesSoFar = picks.slice(0, p + 1).filter((t) => t.kind === 'series').length;
        expect(Math.abs(seriesSoFar - (p + 1) / 2)).toBeLessThanOrEqual(1);
      });
    }
  });

  it('give way when a chosen language has nothing left', () => {
    const rng = seededRandom(34);
    for (let u = 0; u < 40; u++) {
      const taste = newUser(rng, catalog);
      // Everything in the second language has been issued already: the first keeps the turns.
      taste.recommended = catalog.titles.filter((t) => t.language === taste.languages[1]).map((t) => t.id);
      for (const t of firstPicks(catalog, taste, 3, {}, u)) expect(t.language).toBe(taste.languages[0]);
    }
  });
});
