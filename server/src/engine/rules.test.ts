// The hard rules, checked against a naive statement of them (testing/properties.ts) over many
// random users, seeds and request options, on a synthetic catalog and on the built-in pack.
import { MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { rankAll, recommend } from './rank.js';
import { seededRandom } from './random.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { MOOD_FIT, moodScores } from './mood-scores.js';
import { expectedDraw, expectedPool, expectedSaved, inPreferredLanguage, moodKept, onTargets, targetPlatforms } from './testing/properties.js';
import { int, pick, randomTaste, sample, type Rng } from './testing/synthetic.js';
import type { EngineTitle, RecommendOptions, UserTaste } from './types.js';

const catalogs = testCatalogs();

function randomOptions(rng: Rng, catalog: TestCatalog): RecommendOptions {
  const platforms = catalog.index.platforms;
  const roll = rng();
  return {
    seed: int(rng, 0, 1_000_000),
    mood: rng() < 0.5 ? pick(rng, MOOD_VALUES) : undefined,
    kind: rng() < 0.25 ? pick(rng, ['movie', 'series'] as const) : undefined,
    platform: roll < 0.2 ? pick(rng, platforms) : roll < 0.25 ? 'Not A Platform' : undefined,
  };
}

function checkPick(catalog: TestCatalog, taste: UserTaste, opts: RecommendOptions, withNeighbours: boolean): void {
  const neighbours = withNeighbours ? catalog.neighbours : undefined;
  const rec = recommend(catalog.index, taste, opts, neighbours);
  const { pool, fallback } = expectedPool(catalog.titles, taste, opts);
  if (pool.length === 0) {
    expect(rec).toBeNull();
    return;
  }
  expect(rec).not.toBeNull();
  const title = catalog.byId.get(rec!.titleId)!;
  expect(pool.includes(title)).toBe(true); // not excluded, right kind, right platform class
  expect(rec!.factors.some((f) => f.kind === 'availability_unknown')).toBe(fallback);
  const targets = targetPlatforms(taste, opts);
  if (fallback) {
    expect(rec!.platform).toBeNull();
    expect(rec!.reason).toContain(`Not on ${opts.platform?.trim() || 'your platforms'} - availability unknown.`);
  } else if (targets.length > 0 && rec!.platform === null) {
    // Only the user's own library made it a candidate: it is in there, and the reason says where.
    const service = taste.library?.find((o) => o.id === title.id)?.service;
    expect(service).toBeDefined();
    expect(onTargets(title, targets)).toBe(false);
    expect(rec!.factors).toContainEqual({ kind: 'library', service });
    expect(rec!.reason).toContain(`on your ${service}`);
  } else if (targets.length > 0) {
    expect(targets).toContain(rec!.platform);
    expect(title.platforms).toContain(rec!.platform);
  } else {
    expect(rec!.platform).toBe(title.platforms[0] ?? null);
  }
  // A mood some title of the pool fits is kept (the pick fits it), else said; then the user's languages.
  const moodFit = (t: EngineTitle) => opts.mood !== undefined && moodScores(catalog.index, opts.mood)[catalog.index.idToIdx.get(t.id)!] >= MOOD_FIT;
  const kept = moodKept(pool, opts, moodFit);
  expect(kept.includes(title)).toBe(true);
  expect(rec!.factors.some((f) => f.kind === 'mood_unmet')).toBe(opts.mood !== undefined && !pool.some(moodFit));
  if (kept.some((t) => inPreferredLanguage(t, taste))) expect(inPreferredLanguage(title, taste)).toBe(true);
  // Saved for later: the factor (and the boost) only for a saved title on the user's services tonight.
  const saved = expectedSaved(pool, fallback, taste, opts, moodFit);
  expect(rec!.factors.some((f) => f.kind === 'saved')).toBe(saved.includes(title));

  const ranking = rankAll(catalog.index, taste, opts, neighbours);
  expect(ranking.map((r) => r.titleId).sort().join()).toBe(pool.map((t) => t.id).sort().join());
  // Tiers, best first: the titles that fit the kept mood, then, within each, the user's languages.
  const keptIds = new Set(kept.map((t) => t.id));
  const tiers = ranking.map((r) => (keptIds.has(r.titleId) ? 0 : 2) + (inPreferredLanguage(catalog.byId.get(r.titleId)!, taste) ? 0 : 1));
  expect(tiers.findIndex((t, r) => r > 0 && t < tiers[r - 1])).toBe(-1);
  expect(ranking.every((r) => r.availabilityUnknown === fallback)).toBe(true);
  // Turns: a language, genre or kind owed a turn narrows the draw to its titles (turns.ts).
  const { draw, turn } = expectedDraw(catalog.titles, taste, opts, pool, moodFit, saved);
  expect(draw.includes(title)).toBe(true);
  // Bounded exploration: the pick is one of the first few of the draw's titles, never beyond their top 5%.
  const drawIds = new Set(draw.map((t) => t.id));
  const position = ranking.filter((r) => drawIds.has(r.titleId)).findIndex((r) => r.titleId === rec!.titleId);
  const size = turn ? draw.length : ranking.length;
  expect(position).toBeLessThan(Math.max(1, Math.min(5, Math.floor(size * 0.05))));
}

/** Some saved titles, drawn from their own stream so the other tastes stay as they were. */
function withSaved(rng: Rng, catalog: TestCatalog, taste: UserTaste): UserTaste {
  if (rng() < 0.3) return taste;
  const ids = catalog.titles.map((t) => t.id);
  // Titles of the user's own history too: saving never makes one eligible again.
  const own = [...taste.recommended, ...taste.watched, ...taste.disliked, ...taste.liked];
  return { ...taste, saved: [...sample(rng, ids, int(rng, 1, 12)), ...sample(rng, own, Math.min(own.length, int(rng, 0, 5)))] };
}

/** A library of titles off the user's services and on them, some already in their history, drawn from their own stream. */
function withLibrary(rng: Rng, catalog: TestCatalog, taste: UserTaste): UserTaste {
  const ids = catalog.titles.map((t) => t.id);
  const own = [...taste.recommended, ...taste.watched, ...taste.liked];
  const library = [...sample(rng, ids, int(rng, 1, 40)), ...sample(rng, own, Math.min(own.length, int(rng, 0, 5)))];
  return { ...taste, library: library.map((id) => ({ id, service: pick(rng, ['Jellyfin', 'Plex', 'Emby']) })) };
}

function emptyTaste(overrides: Partial<UserTaste>): UserTaste {
  return { genres: ['Drama', 'Comedy'], languages: [], platforms: [], favourites: [], liked: [], disliked: [], watched: [], recommended: [], ...overrides };
}

it.skipIf(catalogs.length > 1)('built-in pack absent (server/catalog/titles): its cases are skipped', () => {});

describe.each(catalogs.map((c) => [c.name, c] as const))('hard rules on the %s catalog', (_name, catalog) => {
  it('hold for 400 random users, seeds and options, with and without neighbours', () => {
    const rng = seededRandom(42);
    for (let c = 0; c < 400; c++) checkPick(catalog, randomTaste(rng, catalog.titles), randomOptions(rng, catalog), c % 2 === 0);
  });

  it('hold for 300 random users with saved titles (some already issued, watched or disliked)', () => {
    const rng = seededRandom(43);
    const savedRng = seededRandom(44);
    for (let c = 0; c < 300; c++) {
      checkPick(catalog, withSaved(savedRng, catalog, randomTaste(rng, catalog.titles)), randomOptions(rng, catalog), c % 2 === 0);
    }
  });

  it('hold for 300 random users with a library of their own (some of it seen, some saved)', () => {
    const rng = seededRandom(45);
    const libraryRng = seededRandom(46);
    for (let c = 0; c < 300; c++) {
      const taste = withLibrary(libraryRng, catalog, randomTaste(rng, catalog.titles));
      checkPick(catalog, c % 3 === 0 ? withSaved(libraryRng, catalog, taste) : taste, randomOptions(rng, catalog), c % 2 === 0);
    }
  });

  it("picks from the user's library when their services have nothing left, and says where it is", () => {
    const platform = catalog.index.platforms[0];
    const onIt = catalog.titles.filter((t) => t.platforms.includes(platform)).map((t) => t.id);
    const off = catalog.titles.find((t) => !t.platforms.includes(platform))!;
    const taste = emptyTaste({ platforms: [platform], recommended: onIt, library: [{ id: off.id, service: 'Jellyfin' }] });
    const rec = recommend(catalog.index, taste, { seed: 1 })!;
    expect(rec.titleId).toBe(off.id);
    expect(rec.platform).toBeNull();
    expect(rec.factors).toContainEqual({ kind: 'library', service: 'Jellyfin' });
    expect(rec.factors).not.toContainEqual({ kind: 'availability_unknown' });
    expect(rec.reason).toContain(', on your Jellyfin.');
    // A requested platform asks for that service alone.
    expect(recommend(catalog.index, taste, { seed: 1, platform })?.titleId).not.toBe(off.id);
  });

  it('hold for users who have seen most of the catalog', () => {
    const rng = seededRandom(7);
    const ids = catalog.titles.map((t) => t.id);
    for (let c = 0; c < 60; c++) {
      const taste = randomTaste(rng, catalog.titles);
      taste.recommended = sample(rng, ids, Math.floor(ids.length * (0.9 + rng() * 0.1)));
      checkPick(catalog, taste, randomOptions(rng, catalog), c % 2 === 0);
    }
  });

  it("falls back to unknown availability when the user's platforms have nothing left, and says so", () => {
    const platform = catalog.index.platforms[0];
    const onIt = catalog.titles.filter((t) => t.platforms.includes(platform)).map((t) => t.id);
    const taste = emptyTaste({ platforms: [platform], recommended: onIt });
    const rec = recommend(catalog.index, taste, { seed: 1 })!;
    expect(catalog.byId.get(rec.titleId)!.platforms).toEqual([]);
    expect(rec.platform).toBeNull();
    expect(rec.factors).toContainEqual({ kind: 'availability_unknown' });
    expect(rec.reason).toMatch(/Not on your platforms - availability unknown\.$/);
  });

  it('serves the requested platform when it has a title, else falls back and names it', () => {
    const platform = catalog.index.platforms[1];
    const taste = emptyTaste({ platforms: [catalog.index.platforms[0]] });
    const rec = recommend(catalog.index, taste, { seed: 3, platform })!;
    expect(catalog.byId.get(rec.titleId)!.platforms).toContain(platform);
    expect(rec.platform).toBe(platform);
    const exhausted = { ...taste, recommended: catalog.titles.filter((t) => t.platforms.includes(platform)).map((t) => t.id) };
    const fallback = recommend(catalog.index, exhausted, { seed: 3, platform })!;
    expect(catalog.byId.get(fallback.titleId)!.platforms).toEqual([]);
    expect(fallback.reason).toMatch(new RegExp(`Not on ${platform.replace(/[+.]/g, '\\$&')} - availability unknown\\.$`));
  });

  it('returns null when no title is left', () => {
    const taste = emptyTaste({ recommended: catalog.titles.map((t) => t.id) });
    expect(recommend(catalog.index, taste, { seed: 1 })).toBeNull();
    expect(rankAll(catalog.index, taste, { seed: 1 })).toEqual([]);
    const noSeries = emptyTaste({ recommended: catalog.titles.filter((t) => t.kind === 'series').map((t) => t.id) });
    expect(recommend(catalog.index, noSeries, { seed: 1, kind: 'series' })).toBeNull();
  });

  it('honours rankAll limit as a prefix of the full order', () => {
    const rng = seededRandom(5);
    for (let c = 0; c < 20; c++) {
      const taste = randomTaste(rng, catalog.titles);
      const opts = randomOptions(rng, catalog);
      const full = rankAll(catalog.index, taste, opts, catalog.neighbours);
      expect(rankAll(catalog.index, taste, { ...opts, limit: 25 }, catalog.neighbours)).toEqual(full.slice(0, 25));
    }
  });
});
