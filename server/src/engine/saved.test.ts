// Saved for later (the watchlist): a saved title that streams on one of the user's services in
// their country is very likely tonight's pick, and the reason says so; one that is not on their
// services is not favoured at all; saving never breaks a hard rule (rules.test.ts and
// termination.test.ts check that over random tastes with saved titles).
import { MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { MOOD_FIT, moodScores } from './mood-scores.js';
import { rankAll, recommend } from './rank.js';
import { seededRandom } from './random.js';
import { testCatalogs } from './testing/catalogs.js';
import { inPreferredLanguage } from './testing/properties.js';
import { int, pick, randomTaste, sample } from './testing/synthetic.js';
import type { UserTaste } from './types.js';

const catalogs = testCatalogs();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(catalogs.map((c) => [c.name, c] as const))('saved titles on the %s catalog', (_name, catalog) => {
  /** A random user with platforms, and one title they may be recommended that streams on one of them (any region: no country). */
  function userWithSavable(rng: () => number): { taste: UserTaste; savedId: string } | null {
    const taste = { ...randomTaste(rng, catalog.titles), platforms: sample(rng, catalog.index.platforms, int(rng, 1, 3)) };
    const ranking = rankAll(catalog.index, taste, { seed: 1 });
    if (ranking.length === 0 || ranking[0].availabilityUnknown) return null;
    const best = ranking.filter((r) => r.preferredLanguage || !ranking[0].preferredLanguage);
    return { taste, savedId: pick(rng, best).titleId };
  }

  it('a saved title on the user\'s services is tonight\'s pick for at least 95% of users, and the reason says so', () => {
    const rng = seededRandom(500);
    let tried = 0;
    let picked = 0;
    for (let c = 0; c < 200; c++) {
      const found = userWithSavable(rng);
      if (!found) continue;
      tried++;
      const rec = recommend(catalog.index, { ...found.taste, saved: [found.savedId] }, { seed: c }, c % 2 === 0 ? catalog.neighbours : undefined)!;
      if (rec.titleId !== found.savedId) continue;
      picked++;
      expect(rec.factors[0]).toEqual({ kind: 'saved', platform: rec.platform });
      expect(found.taste.platforms).toContain(rec.platform);
      expect(rec.reason).toMatch(new RegExp(`^You saved it for later, and it's on ${escape(rec.platform!)}: `));
    }
    expect(tried).toBeGreaterThan(150);
    expect(picked / tried).toBeGreaterThanOrEqual(0.95);
  });

  it('with a mood, a saved title that fits it is favoured and the reason keeps the mood; one that does not is not', () => {
    const rng = seededRandom(501);
    let fits = 0;
    for (let c = 0; c < 120; c++) {
      const found = userWithSavable(rng);
      if (!found) continue;
      const mood = pick(rng, MOOD_VALUES);
      const opts = { seed: c, mood };
      const fit = moodScores(catalog.index, mood)[catalog.index.idToIdx.get(found.savedId)!] >= MOOD_FIT;
      const taste = { ...found.taste, saved: [found.savedId] };
      const rec = recommend(catalog.index, taste, opts)!;
      if (!fit) {
        // Not favoured: the ranking is the one without the saved title.
        expect(rankAll(catalog.index, taste, opts)).toEqual(rankAll(catalog.index, found.taste, opts));
        continue;
      }
      fits++;
      if (rec.titleId === found.savedId) expect(rec.reason).toMatch(new RegExp(`^A ${mood} pick for tonight that you saved for later, and it's on ${escape(rec.platform!)}: `));
    }
    expect(fits).toBeGreaterThan(10);
  });

  it('a saved title that is not on the user\'s services is not favoured: the ranking is unchanged', () => {
    const rng = seededRandom(502);
    let checked = 0;
    for (let c = 0; c < 60; c++) {
      const taste = { ...randomTaste(rng, catalog.titles), platforms: [pick(rng, catalog.index.platforms)] };
      const elsewhere = catalog.titles.filter((t) => !t.platforms.includes(taste.platforms[0]));
      const saved = sample(rng, elsewhere, 5).map((t) => t.id);
      const opts = { seed: c };
      const before = rankAll(catalog.index, taste, opts, catalog.neighbours);
      if (before.length === 0 || before[0].availabilityUnknown) continue;
      checked++;
      expect(rankAll(catalog.index, { ...taste, saved }, opts, catalog.neighbours)).toEqual(before);
      const rec = recommend(catalog.index, { ...taste, saved }, opts, catalog.neighbours)!;
      expect(rec.factors.some((f) => f.kind === 'saved')).toBe(false);
      expect(rec.reason).not.toMatch(/saved/);
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('a user without platforms gets no boost: nothing is "on their services"', () => {
    const rng = seededRandom(503);
    for (let c = 0; c < 20; c++) {
      const taste = { ...randomTaste(rng, catalog.titles), platforms: [] };
      const saved = sample(rng, catalog.titles, 3).map((t) => t.id);
      expect(rankAll(catalog.index, { ...taste, saved }, { seed: c })).toEqual(rankAll(catalog.index, taste, { seed: c }));
    }
  });

  it('a saved title in the user\'s language wins over a turn owed to another language', () => {
    // Two languages, the last pick in the first: the second is owed a turn, yet the saved title (first language) is picked.
    const rng = seededRandom(504);
    let checked = 0;
    for (let c = 0; c < 40 && checked < 10; c++) {
      const base = { ...randomTaste(rng, catalog.titles), platforms: [pick(rng, catalog.index.platforms)] };
      const ranking = rankAll(catalog.index, base, { seed: 1 });
      const langs = [...new Set(ranking.map((r) => catalog.byId.get(r.titleId)!.language).filter(Boolean))];
      if (langs.length < 2) continue;
      const taste: UserTaste = { ...base, languages: langs.slice(0, 2) };
      const inFirst = rankAll(catalog.index, taste, { seed: 1 }).filter((r) => catalog.byId.get(r.titleId)!.language === langs[0]);
      if (inFirst.length < 2 || inFirst[0].availabilityUnknown) continue;
      const [issued, saved] = [inFirst[0].titleId, inFirst[inFirst.length - 1].titleId];
      const rec = recommend(catalog.index, { ...taste, recommended: [...taste.recommended, issued], saved: [saved] }, { seed: c })!;
      expect(inPreferredLanguage(catalog.byId.get(saved)!, taste)).toBe(true);
      expect(rec.titleId).toBe(saved);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });
});
