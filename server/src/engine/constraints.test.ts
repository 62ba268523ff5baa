// Tonight's constraints (time budget, finish tonight, exclusions, age limit) are hard rules:
// checked against a naive statement of them (testing/tonight.ts) over 400 random users with random
// constraints, on a synthetic catalog and on the built-in pack, in recommend and in rankAll.
import { MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { constraintVerdict, EXCLUSION_CAP, EXCLUSION_LENGTH, foldName } from './constraints.js';
import { formatMinutes } from './phrasing.js';
import { rankAll, recommend } from './rank.js';
import { seededRandom } from './random.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { excludedIds, expectedPool } from './testing/properties.js';
import { int, pick, randomTaste, type Rng } from './testing/synthetic.js';
import { randomConstraints, satisfies, withTonightFacts } from './testing/tonight.js';
import type { EngineTitle, RecommendOptions, UserTaste } from './types.js';

const catalogs = testCatalogs().map((c, k) => withTonightFacts(c, 100 + k));

function baseOptions(rng: Rng, catalog: TestCatalog): RecommendOptions {
  return {
    seed: int(rng, 0, 1_000_000),
    mood: rng() < 0.3 ? pick(rng, MOOD_VALUES) : undefined,
    kind: rng() < 0.3 ? pick(rng, ['movie', 'series'] as const) : undefined,
    platform: rng() < 0.15 ? pick(rng, catalog.index.platforms) : undefined,
  };
}

/**
 * The pool the rules allow: the naive constraints, then the history and platform rules as before;
 * `bit`: some title the history left was ruled out by the constraints.
 */
function pool(catalog: TestCatalog, taste: UserTaste, opts: RecommendOptions) {
  const seen = excludedIds(taste);
  let bit = false;
  const allowed = catalog.titles.filter((t) => {
    if (seen.has(t.id)) return false;
    const ok = satisfies(t, opts);
    if (!ok && (!opts.kind || t.kind === opts.kind)) bit = true;
    return ok;
  });
  return { ...expectedPool(allowed, taste, opts), bit };
}

describe.each(catalogs.map((c) => [c.name, c] as const))('tonight’s constraints on the %s catalog', (_name, catalog) => {
  // 400 random users in four runs of 100 (each its own seed), so no single test runs long on a busy machine.
  it.each([1, 2, 3, 4])('hold for every pick and every rankAll entry of random users (%i/4), and a pick is returned whenever a title satisfies them', (part) => {
    const rng = seededRandom(2024 + part);
    let asked = 0;
    let served = 0;
    let bit = 0;
    for (let u = 0; u < 100; u++) {
      const taste = randomTaste(rng, catalog.titles);
      const opts = { ...baseOptions(rng, catalog), ...randomConstraints(rng, catalog.titles) };
      const expected = pool(catalog, taste, opts);
      // The constraints changed who may be picked for most of these requests: the test is not vacuous.
      if (expected.bit) bit++;
      const rec = recommend(catalog.index, taste, opts, u % 2 ? catalog.neighbours : undefined);
      if (expected.pool.length > 0) {
        asked++;
        if (rec) served++;
        expect(rec).not.toBeNull();
        const title = catalog.byId.get(rec!.titleId)!;
        expect(satisfies(title, opts)).toBe(true);
        expect(expected.pool).toContain(title);
        expect(constraintVerdict(title, opts)).toBeNull();
      } else {
        expect(rec).toBeNull();
      }
      const ranking = rankAll(catalog.index, taste, opts);
      expect(ranking.map((r) => r.titleId).sort()).toEqual(expected.pool.map((t) => t.id).sort());
    }
    expect(served).toBe(asked); // the hit rate: 100% wherever any candidate satisfies the constraints
    expect(asked).toBeGreaterThan(50);
    expect(bit).toBeGreaterThan(40);
  });

  it('constraintVerdict says a title breaks a rule exactly when the naive statement does, and which rule', () => {
    const rng = seededRandom(77);
    for (let r = 0; r < 100; r++) {
      const opts: RecommendOptions = { seed: 1, kind: rng() < 0.2 ? 'movie' : undefined, ...randomConstraints(rng, catalog.titles) };
      for (const t of catalog.titles.filter((_, i) => i % 5 === r % 5)) {
        const verdict = constraintVerdict(t, opts);
        expect(verdict === null).toBe(satisfies(t, opts));
        if (verdict?.rule === 'excluded_keyword') expect(t.keywords).toContain(verdict.keyword);
        if (verdict?.rule === 'excluded_person') expect(verdict.role === 'director' ? t.director : t.cast).toContain(verdict.person);
        if (verdict?.rule === 'time_budget') expect(verdict.runtime === null || verdict.runtime > opts.maxMinutes!).toBe(true);
        if (verdict?.rule === 'age_rating') expect(verdict.minAge).toBeGreaterThan(opts.maxAge!);
      }
    }
  });

  it('the reason names the time budget the pick fits', () => {
    const rng = seededRandom(5);
    let checked = 0;
    for (let u = 0; u < 100; u++) {
      const taste = randomTaste(rng, catalog.titles);
      const maxMinutes = pick(rng, [45, 60, 90, 100, 150]);
      const rec = recommend(catalog.index, taste, { seed: u, maxMinutes });
      if (!rec) continue;
      checked++;
      const title = catalog.byId.get(rec.titleId)!;
      expect(rec.reason).toContain(`fit${title.kind === 'movie' ? 's' : ''} your ${formatMinutes(maxMinutes)}.`);
      expect(rec.factors).toContainEqual({ kind: 'time_budget', minutes: maxMinutes, runtime: title.runtime });
      if (title.kind === 'movie') expect(rec.reason).toContain(`At ${formatMinutes(title.runtime!)}, it fits your ${formatMinutes(maxMinutes)}.`);
    }
    expect(checked).toBeGreaterThan(90);
  });

  it('finish tonight: every series picked can be finished in the budget, and the reason says all its episodes fit', () => {
    const rng = seededRandom(6);
    let series = 0;
    for (let u = 0; u < 100; u++) {
      const taste = randomTaste(rng, catalog.titles);
      const rec = recommend(catalog.index, taste, { seed: u, kind: 'series', maxMinutes: 240, finishTonight: true });
      if (!rec) continue;
      series++;
      const title = catalog.byId.get(rec.titleId)!;
      expect(title.episodes! * title.runtime!).toBeLessThanOrEqual(240);
      expect(rec.factors).toContainEqual({ kind: 'finish_tonight', episodes: title.episodes, minutes: 240 });
      expect(rec.reason).toContain(title.episodes === 1 ? 'Its one episode fits your 4 h.' : `All ${title.episodes} episodes fit your 4 h.`);
    }
    expect(series).toBeGreaterThan(50);
  });

  it('the exploration dial moves picks from famous, well-rated titles (0) to lesser-known ones (1), in order', () => {
    const rng = seededRandom(9);
    const users = Array.from({ length: 400 }, () => ({ taste: randomTaste(rng, catalog.titles), seed: int(rng, 0, 1_000_000) }));
    const meanOf = (exploration: number, fact: (t: EngineTitle) => number) => {
      const values = users
        .map(({ taste, seed }) => recommend(catalog.index, taste, { seed, exploration }))
        .filter((r) => r !== null)
        .map((r) => fact(catalog.byId.get(r.titleId)!));
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    const fame = [0, 0.5, 1].map((e) => meanOf(e, (t) => t.fame));
    expect(fame[0]).toBeGreaterThan(fame[1]);
    expect(fame[1]).toBeGreaterThan(fame[2]);
    const rated = [0, 1].map((e) => meanOf(e, (t) => t.imdb ?? 0));
    expect(rated[0]).toBeGreaterThan(rated[1]);
  });
});

describe('options that are not set change nothing', () => {
  const catalog = catalogs[0];
  it('no constraint, empty exclusions, finish tonight without a budget and the dial at 0.5 all give the plain pick, factors and reason', () => {
    const rng = seededRandom(31);
    for (let u = 0; u < 200; u++) {
      const taste = randomTaste(rng, catalog.titles);
      const opts = baseOptions(rng, catalog);
      const plain = recommend(catalog.index, taste, opts, catalog.neighbours);
      for (const extra of [{ exclusions: { genres: [], keywords: [], people: [] } }, { finishTonight: true }, { exploration: 0.5 }, { exclusions: { genres: ['   '], keywords: [''], people: [' '] } }]) {
        expect(recommend(catalog.index, taste, { ...opts, ...extra }, catalog.neighbours)).toEqual(plain);
      }
    }
  });
});

describe('exclusion matching', () => {
  const title = (over: Partial<EngineTitle>): EngineTitle => ({
    id: 'x', kind: 'movie', title: 'X', year: 2020, genres: ['Action'], language: 'English', runtime: 100, seasons: null, imdb: null, rt: null,
    fame: 3, keywords: [], director: null, cast: [], platforms: [], ...over,
  });
  const verdict = (t: EngineTitle, exclusions: Partial<{ genres: string[]; keywords: string[]; people: string[] }>) =>
    constraintVerdict(t, { seed: 1, exclusions: { genres: [], keywords: [], people: [], ...exclusions } });

  it('a keyword is excluded as a whole keyword or whole words inside one, with case and accents folded', () => {
    expect(verdict(title({ keywords: ['superhero team'] }), { keywords: ['superhero'] })?.rule).toBe('excluded_keyword');
    expect(verdict(title({ keywords: ['superheroine'] }), { keywords: ['superhero'] })).toBeNull();
    expect(verdict(title({ keywords: ['Gore'] }), { keywords: ['gore'] })?.rule).toBe('excluded_keyword');
    expect(verdict(title({ keywords: ['gorey'] }), { keywords: ['gore'] })).toBeNull();
    expect(verdict(title({ keywords: ['serial killer'] }), { keywords: ['SERIAL KILLER'] })?.rule).toBe('excluded_keyword');
    expect(verdict(title({ keywords: ['killer serial'] }), { keywords: ['serial killer'] })).toBeNull();
    expect(verdict(title({ keywords: ['film noir'] }), { keywords: ['noir'] })?.rule).toBe('excluded_keyword');
    expect(verdict(title({ keywords: ['Noël'] }), { keywords: ['noel'] })?.rule).toBe('excluded_keyword');
    expect(verdict(title({ keywords: ['feel-good'] }), { keywords: ['feel good'] })?.rule).toBe('excluded_keyword');
  });

  it('a person is the director or a cast member, named in full', () => {
    const t = title({ director: 'Pedro Almodóvar', cast: ['Penélope Cruz', 'Antonio Banderas'] });
    expect(verdict(t, { people: ['pedro almodovar'] })).toEqual({ rule: 'excluded_person', person: 'Pedro Almodóvar', role: 'director' });
    expect(verdict(t, { people: ['Penelope  Cruz'] })).toEqual({ rule: 'excluded_person', person: 'Penélope Cruz', role: 'cast' });
    expect(verdict(t, { people: ['Cruz'] })).toBeNull();
    // A series names its creators in one field: each of them counts.
    const series = title({ kind: 'series', director: 'Iván Escobar, Álex Pina', cast: [] });
    expect(verdict(series, { people: ['alex pina'] })).toEqual({ rule: 'excluded_person', person: 'Álex Pina', role: 'director' });
  });

  it('a genre is excluded whatever its case or punctuation', () => {
    expect(verdict(title({ genres: ['Drama', 'Science Fiction'] }), { genres: ['science fiction'] })).toEqual({ rule: 'excluded_genre', genre: 'Science Fiction' });
    expect(verdict(title({ genres: ['Drama'] }), { genres: ['Horror'] })).toBeNull();
  });

  it('an unknown age rating passes a maximum age; a known one above it does not', () => {
    expect(constraintVerdict(title({ minAge: null }), { seed: 1, maxAge: 12 })).toBeNull();
    expect(constraintVerdict(title({ minAge: 12 }), { seed: 1, maxAge: 12 })).toBeNull();
    expect(constraintVerdict(title({ minAge: 16 }), { seed: 1, maxAge: 12 })).toEqual({ rule: 'age_rating', minAge: 16, maxAge: 12 });
  });

  it('an unknown runtime never fits a budget; finish tonight needs the episode count', () => {
    expect(constraintVerdict(title({ runtime: null }), { seed: 1, maxMinutes: 600 })?.rule).toBe('time_budget');
    const series = title({ kind: 'series', runtime: 50, episodes: null });
    expect(constraintVerdict(series, { seed: 1, maxMinutes: 60 })).toBeNull();
    expect(constraintVerdict(series, { seed: 1, maxMinutes: 600, finishTonight: true })?.rule).toBe('finish_tonight');
    expect(constraintVerdict({ ...series, episodes: 4 }, { seed: 1, maxMinutes: 200, finishTonight: true })).toBeNull();
    expect(constraintVerdict({ ...series, episodes: 5 }, { seed: 1, maxMinutes: 200, finishTonight: true })?.rule).toBe('finish_tonight');
  });

  it("the longest lists the engine reads (both members' of a pick for two) are applied in full, and longer ones are cut to that bound", () => {
    const catalog = catalogs[0];
    const keywords = [...new Set(catalog.titles.flatMap((t) => t.keywords))];
    const long = Array.from({ length: EXCLUSION_CAP }, (_, k) => `${keywords[k % keywords.length]} ${'z'.repeat(EXCLUSION_LENGTH)}`.slice(0, EXCLUSION_LENGTH));
    const taste = randomTaste(seededRandom(1), catalog.titles);
    const opts: RecommendOptions = { seed: 1, exclusions: { genres: [], keywords: [...keywords.slice(0, EXCLUSION_CAP), ...long], people: [] } };
    // Only the first 60 count: exactly the titles with one of those keywords are gone.
    const first = new Set(keywords.slice(0, EXCLUSION_CAP).map(foldName));
    const ranking = rankAll(catalog.index, taste, opts);
    for (const r of ranking) expect(catalog.byId.get(r.titleId)!.keywords.some((k) => first.has(foldName(k)))).toBe(false);
    const within = { ...opts, exclusions: { ...opts.exclusions!, keywords: keywords.slice(0, EXCLUSION_CAP) } };
    expect(rankAll(catalog.index, taste, within)).toEqual(ranking);
  });
});

it('formatMinutes reads like a person says it', () => {
  expect([100, 60, 45, 90, 65, 600, 30].map(formatMinutes)).toEqual(['1 h 40', '1 h', '45 min', '1 h 30', '1 h 05', '10 h', '30 min']);
});
