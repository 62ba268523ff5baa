// The badge's fit (fit.ts): a rank in [0, 1] that agrees with the engine's own order, blind to the
// rules that keep a title from being picked (platforms, country, watchlist), with a short reason
// that names only what the taste really holds.
import { FIT_THRESHOLDS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { fitOf } from './fit.js';
import { rankAll, recommend } from './rank.js';
import { seededRandom } from './random.js';
import { testCatalogs } from './testing/catalogs.js';
import { int, pick, randomTaste, sample } from './testing/synthetic.js';

const catalogs = testCatalogs();

describe.each(catalogs.map((c) => [c.name, c] as const))('fit on the %s catalog', (_name, catalog) => {
  const { index, titles, neighbours } = catalog;
  const nameOf = (id: string) => catalog.byId.get(id)!.title;

  it('is null for a title the catalog does not have', () => {
    expect(fitOf(index, randomTaste(seededRandom(1), titles), 'no-such-title')).toBeNull();
  });

  it('follows the engine\'s own order for 400 random users: a better-ranked title never fits less, the best is near 1 and the last near 0', () => {
    const rng = seededRandom(700);
    for (let u = 0; u < 400; u++) {
      const taste = randomTaste(rng, titles);
      const nb = u % 2 === 0 ? neighbours : undefined;
      const ranking = rankAll(index, { ...taste, platforms: [], saved: [] }, { seed: 1 }, nb);
      if (ranking.length < 10) continue;
      const positions = [0, ...sample(rng, [...ranking.keys()], 6).sort((a, b) => a - b), ranking.length - 1];
      let previous = Infinity;
      for (const p of [...new Set(positions)].sort((a, b) => a - b)) {
        const fit = fitOf(index, taste, ranking[p].titleId, {}, nb)!;
        expect(fit.score).toBeGreaterThanOrEqual(0);
        expect(fit.score).toBeLessThanOrEqual(1);
        expect(fit.score).toBeLessThanOrEqual(previous + 1e-12);
        expect(fit.history).toBeNull();
        previous = fit.score;
      }
      expect(fitOf(index, taste, ranking[0].titleId, {}, nb)!.score).toBeGreaterThan(0.99);
      expect(fitOf(index, taste, ranking[ranking.length - 1].titleId, {}, nb)!.score).toBeLessThan(0.01);
    }
  });

  it('does not depend on the user\'s platforms, country or watchlist (those decide tonight\'s pick, not the fit)', () => {
    const rng = seededRandom(701);
    for (let u = 0; u < 100; u++) {
      const taste = randomTaste(rng, titles);
      const target = pick(rng, titles).id;
      const base = fitOf(index, { ...taste, platforms: [] }, target, {}, neighbours)!;
      const other = fitOf(index, { ...taste, platforms: sample(rng, index.platforms, int(rng, 1, 3)), saved: [target] }, target, {}, neighbours)!;
      expect(other).toEqual(base);
    }
  });

  it('says so when the title is already in the history, and still gives a score in [0, 1]', () => {
    const rng = seededRandom(702);
    let checked = 0;
    for (let u = 0; u < 200; u++) {
      const taste = randomTaste(rng, titles);
      const cases = [
        ['liked', taste.liked, 'You liked this.'],
        ['disliked', taste.disliked, 'You disliked this.'],
      ] as const;
      for (const [history, ids, reason] of cases) {
        // A title both liked and disliked by the generator is left out: a real history rates a title once.
        const only = ids.filter((id) => !taste.liked.includes(id) || !taste.disliked.includes(id));
        if (only.length === 0) continue;
        const fit = fitOf(index, taste, pick(rng, only))!;
        expect(fit.history).toBe(history);
        expect(fit.reason).toBe(reason);
        expect(fit.score).toBeGreaterThanOrEqual(0);
        expect(fit.score).toBeLessThanOrEqual(1);
        checked++;
      }
      const seenOnly = taste.watched.filter((id) => !taste.liked.includes(id) && !taste.disliked.includes(id));
      if (seenOnly.length > 0) expect(fitOf(index, taste, seenOnly[0])!.reason).toBe("You've seen this.");
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('a liked title fits its own taste better than most titles', () => {
    const rng = seededRandom(703);
    let high = 0;
    let total = 0;
    for (let u = 0; u < 200; u++) {
      const taste = randomTaste(rng, titles);
      const liked = taste.liked.filter((id) => !taste.disliked.includes(id));
      if (liked.length === 0) continue;
      total++;
      if (fitOf(index, taste, liked[liked.length - 1], {}, neighbours)!.score >= 0.5) high++;
    }
    expect(high / total).toBeGreaterThan(0.8);
  });

  it('the reason names only titles the user liked (or chose), and the people it names are the title\'s', () => {
    const rng = seededRandom(704);
    let named = 0;
    for (let u = 0; u < 400; u++) {
      const taste = randomTaste(rng, titles);
      const positives = new Set([...taste.liked, ...taste.favourites]);
      const ranking = rankAll(index, { ...taste, platforms: [], saved: [] }, { seed: 1, limit: 20 }, neighbours);
      if (ranking.length === 0) continue;
      const target = pick(rng, ranking).titleId;
      const fit = fitOf(index, taste, target, {}, neighbours)!;
      expect(fit.reason).toMatch(/^[A-Z].*\.$/);
      const lead = fit.factors.find((f) => f.kind === 'similar_to' || f.kind === 'person' || f.kind === 'co_liked');
      if (lead?.kind === 'similar_to' && fit.factors[0] === lead && fit.score >= FIT_THRESHOLDS.good) {
        for (const id of lead.titleIds) {
          expect(positives.has(id)).toBe(true);
          expect(fit.reason).toContain(nameOf(id));
        }
        named++;
      }
      // Below a good match the badge says "Maybe not for you": the reason never praises the title then.
      if (fit.score < FIT_THRESHOLDS.good) expect(fit.reason).toMatch(/^It is a lot like .+, which you disliked\.$|^Not much like what you have liked so far\.$/);
      else expect(fit.reason).not.toMatch(/disliked|Not much like/);
      if (fit.factors[0]?.kind === 'person' && fit.score >= FIT_THRESHOLDS.good) {
        const f = fit.factors[0];
        const t = catalog.byId.get(target)!;
        expect(f.role === 'director' ? t.director : t.cast.find((c) => c === f.name)).toBe(f.name);
        expect(positives.has(f.titleId)).toBe(true);
        expect(fit.reason).toContain(nameOf(f.titleId));
      }
    }
    expect(named).toBeGreaterThan(20);
  });

  it('leaves the index as it found it: the next pick is the same as without the fit', () => {
    const rng = seededRandom(705);
    for (let u = 0; u < 50; u++) {
      const taste = randomTaste(rng, titles);
      const before = recommend(index, taste, { seed: u }, neighbours);
      fitOf(index, taste, pick(rng, titles).id, {}, neighbours);
      fitOf(index, taste, taste.liked[0] ?? pick(rng, titles).id, {}, neighbours);
      expect(recommend(index, taste, { seed: u }, neighbours)).toEqual(before);
    }
  });
});
