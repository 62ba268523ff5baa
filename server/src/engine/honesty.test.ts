// Honest reasons (issue 35, item 10): a reason names a liked title only when that title carries at
// least NAMED_SHARE of the pick's score, and a pick that fits the taste too little (below
// LOW_FIT) names none and says so. Properties over random users and heavily narrowed services.
import fc from 'fast-check';
import { LOCALES, MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { LOW_FIT, NAMED_SHARE, tasteShares } from './honesty.js';
import { recommend } from './rank.js';
import { seededRandom } from './random.js';
import { prepare, release } from './scoring.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { int, randomTaste, sample } from './testing/synthetic.js';
import type { Factor, RecommendOptions, Recommendation, UserTaste } from './types.js';

const catalogs = testCatalogs();

/** The liked titles a pick's factors name. */
function namedIds(rec: Recommendation): string[] {
  return rec.factors.flatMap((f: Factor) => (f.kind === 'similar_to' ? f.titleIds : f.kind === 'co_liked' || f.kind === 'person' ? [f.titleId] : []));
}

/** The shares and fit of the pick under the same inputs (prepare is what recommend runs). */
function sharesOf(catalog: TestCatalog, taste: UserTaste, opts: RecommendOptions, withNeighbours: boolean, titleId: string) {
  const state = prepare(catalog.index, taste, opts, withNeighbours ? catalog.neighbours : undefined);
  try {
    const idx = catalog.index.idToIdx.get(titleId)!;
    return { ...tasteShares(state, idx), score: catalog.index.scratch.score[idx] };
  } finally {
    release(state);
  }
}

/** A random user; `narrow` of them have seen all but a few dozen titles, so little may fit them. */
function user(catalog: TestCatalog) {
  const ids = catalog.titles.map((t) => t.id);
  return fc.record({ tasteSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }), seed: fc.integer({ min: 0, max: 1_000_000 }), narrow: fc.boolean(), withNeighbours: fc.boolean(), mood: fc.option(fc.constantFrom(...MOOD_VALUES), { nil: undefined }) })
    .map(({ tasteSeed, seed, narrow, withNeighbours, mood }) => {
      const rng = seededRandom(tasteSeed);
      const taste = { ...randomTaste(rng, catalog.titles), platforms: [] as string[] };
      // Favourites of one moment, so one of them can carry a pick; some users have few.
      taste.favourites = taste.favourites.slice(0, int(rng, 1, 6));
      if (narrow) {
        const left = new Set(sample(rng, ids, int(rng, 5, 40)));
        taste.recommended = ids.filter((id) => !left.has(id) && !taste.favourites.includes(id) && !taste.liked.includes(id));
      }
      return { taste, opts: { seed, mood } as RecommendOptions, withNeighbours };
    });
}

describe.each(catalogs.map((c) => [c.name, c] as const))('honest reasons on the %s catalog', (_name, catalog) => {
  it('a named liked title always carries at least NAMED_SHARE of the pick, and a low-fit pick never names one', () => {
    let named = 0;
    let low = 0;
    fc.assert(
      fc.property(user(catalog), ({ taste, opts, withNeighbours }) => {
        const rec = recommend(catalog.index, taste, opts, withNeighbours ? catalog.neighbours : undefined);
        if (!rec) return;
        const shares = sharesOf(catalog, taste, opts, withNeighbours, rec.titleId);
        const isLow = shares.fit !== null && shares.fit < LOW_FIT;
        expect(rec.factors.some((f) => f.kind === 'low_fit')).toBe(isLow);
        const ids = namedIds(rec);
        for (const id of ids) expect(shares.share.get(catalog.index.idToIdx.get(id)!) ?? 0).toBeGreaterThanOrEqual(NAMED_SHARE);
        if (ids.length > 0) named++;
        if (!isLow) return;
        low++;
        expect(ids).toEqual([]);
        expect(rec.reason).not.toMatch(/because you liked|people who liked|which you liked/i);
        for (const id of [...taste.favourites, ...taste.liked]) {
          const name = catalog.byId.get(id)?.title;
          if (name && name !== catalog.byId.get(rec.titleId)!.title && name.length > 3) expect(rec.reason).not.toContain(name);
        }
      }),
      { numRuns: 300, seed: 35 },
    );
    // Neither half of the property is empty.
    expect(named).toBeGreaterThan(10);
    expect(low).toBeGreaterThan(5);
  });

  it("splits the score honestly: without quality, popularity or mood, the taste part is the pick's whole score", () => {
    fc.assert(
      fc.property(user(catalog), ({ taste, opts, withNeighbours }) => {
        const plain = { seed: opts.seed, weights: { quality: 0, popularity: 0, mood: 0, saved: 0 } };
        const rec = recommend(catalog.index, taste, plain, withNeighbours ? catalog.neighbours : undefined);
        if (!rec) return;
        const s = sharesOf(catalog, taste, plain, withNeighbours, rec.titleId);
        expect(Math.abs(s.taste - s.score)).toBeLessThanOrEqual(1e-4 * Math.max(1, Math.abs(s.score)));
        const total = [...s.share.values()].reduce((a, v) => a + v, 0);
        expect(total).toBeLessThanOrEqual(1 + 1e-9);
      }),
      { numRuns: 150, seed: 36 },
    );
  });
});

/**
 * In every language (issue 39) the reason is written from the same pick and factors as the
 * English one, and the liked titles it names are exactly those its factors name: a translated
 * reason never names a liked title that did not carry the pick, and a low-fit one names none.
 */
describe.each(catalogs.map((c) => [c.name, c] as const))('honest reasons in every language on the %s catalog', (_name, catalog) => {
  it.each(LOCALES.filter((l) => l !== 'en'))('in %s: the same pick and factors as in English, naming only the liked titles they name', (locale) => {
    let named = 0;
    fc.assert(
      fc.property(user(catalog), ({ taste, opts, withNeighbours }) => {
        const neighbours = withNeighbours ? catalog.neighbours : undefined;
        const english = recommend(catalog.index, taste, opts, neighbours);
        const rec = recommend(catalog.index, taste, { ...opts, locale }, neighbours);
        if (!english || !rec) return expect(rec).toEqual(english);
        expect(rec.titleId).toBe(english.titleId);
        expect(rec.factors).toEqual(english.factors);
        expect(rec.reason).not.toBe(english.reason);
        const ids = new Set(namedIds(rec));
        const pickTitle = catalog.byId.get(rec.titleId)!.title;
        const title = catalog.byId.get(rec.titleId)!;
        // The platform it names is the pick's; a person it names is one the factors name.
        if (rec.platform) expect(rec.reason).toContain(rec.platform);
        const person = rec.factors.find((f) => f.kind === 'person');
        if (person?.kind === 'person') expect(rec.reason).toContain(person.name);
        for (const name of [title.director ?? '', ...title.cast].map((n) => n.trim()).filter((n) => n.length > 3)) {
          if (!english.reason.includes(name)) expect(rec.reason).not.toContain(name);
        }
        const namedNames = [...ids].map((id) => catalog.byId.get(id)!.title);
        for (const name of namedNames) expect(rec.reason).toContain(name);
        if (ids.size > 0) named++;
        for (const id of [...taste.favourites, ...taste.liked]) {
          const name = catalog.byId.get(id)?.title;
          if (!name || ids.has(id) || name.length <= 3) continue;
          // A name inside the pick's own title, a named title or a person's name is not a claim about it.
          const inPerson = rec.factors.some((f) => f.kind === 'person' && f.name.includes(name));
          if (pickTitle.includes(name) || namedNames.some((n) => n.includes(name)) || inPerson || english.reason.includes(name)) continue;
          expect(rec.reason).not.toContain(name);
        }
      }),
      { numRuns: 60, seed: 39 },
    );
    expect(named).toBeGreaterThan(0);
  });
});

const pack = catalogs.find((c) => c.name === 'built-in pack');
const byTitle = (name: string) => pack!.titles.find((t) => t.title === name)!;
const blank: UserTaste = { genres: [], languages: [], platforms: [], favourites: [], liked: [], disliked: [], watched: [], recommended: [] };

describe.skipIf(!pack)("the tracker's cases on the built-in pack", () => {
  it('a Hindi drama and romance fan offered only Monsters, Inc. is told little fits, and no liked title is named', () => {
    const fan = pack!.titles.filter((t) => t.language === 'Hindi' && t.genres.includes('Drama') && t.genres.includes('Romance')).slice(0, 4);
    const monsters = byTitle('Monsters, Inc.');
    const taste = { ...blank, genres: ['Drama', 'Romance'], languages: ['Hindi'], favourites: fan.map((t) => t.id), recommended: pack!.titles.filter((t) => t.id !== monsters.id).map((t) => t.id) };
    const rec = recommend(pack!.index, taste, { seed: 1 })!;
    expect(rec.titleId).toBe(monsters.id);
    expect(rec.factors).toContainEqual({ kind: 'low_fit' });
    expect(namedIds(rec)).toEqual([]);
    for (const t of fan) expect(rec.reason).not.toContain(t.title);
  });

  it('Marriage Story is not "because you liked Parasite and Amélie" for a user with five favourites', () => {
    const favourites = ['Parasite', 'Amélie', 'The Grand Budapest Hotel', 'Spirited Away', 'Pulp Fiction'].map((n) => byTitle(n).id);
    const taste = { ...blank, genres: ['Drama', 'Comedy'], languages: ['English'], platforms: ['Netflix'], favourites };
    const rec = recommend(pack!.index, taste, { seed: 0 })!;
    expect(rec.titleId).toBe(byTitle('Marriage Story').id);
    expect(rec.reason).not.toMatch(/Parasite|Amélie/);
    expect(rec.factors.some((f) => f.kind === 'low_fit')).toBe(false);
  });
});
