// The platform rule by country (docs/product-decisions.md, "Country and where to watch"): from raw
// offers, through the snapshot's conversion and the engine, a pick is "on your service" only by a
// streamable offer (subscription, free, ads) in the user's country or GLOBAL; never by an offer
// from another country, never by rent or buy. Checked against a naive statement over random
// catalogs, users and seeds.
import { countryPhrase } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../engine/build-index.js';
import { rankAll, recommend } from '../engine/rank.js';
import { seededRandom } from '../engine/random.js';
import { int, pick, randomTaste, sample, syntheticCatalog, SYNTH_PLATFORMS, type Rng } from '../engine/testing/synthetic.js';
import type { EngineTitle, RecommendOptions, UserTaste } from '../engine/types.js';
import { STREAMABLE, streamingPlatforms, type Offer } from './snapshot.js';
import { OFFER_KINDS } from './sources/types.js';

const REGIONS = ['US', 'IN', 'GB', 'DE', 'GLOBAL'];
/** Beyond the engine's 31-bit platform mask, so the slow path is checked too. */
const PLATFORMS = [...SYNTH_PLATFORMS, ...Array.from({ length: 30 }, (_, i) => `Service ${i}`)];

function randomOffers(rng: Rng): Offer[] {
  if (rng() < 0.15) return [];
  const many = rng() < 0.1;
  return Array.from({ length: int(rng, 1, many ? 12 : 4) }, () => ({
    platform: many || rng() < 0.1 ? pick(rng, PLATFORMS) : pick(rng, SYNTH_PLATFORMS),
    region: pick(rng, REGIONS),
    kind: pick(rng, OFFER_KINDS),
    as_of: '2026-01',
    link: null,
    source: 'tmdb',
  }));
}

const counts = (o: Offer, region: string | null) => STREAMABLE.has(o.kind) && (region === null || o.region === region || o.region === 'GLOBAL');

/** The rule as written, on the raw offers. */
function expectedPool(titles: EngineTitle[], offers: Map<string, Offer[]>, taste: UserTaste, opts: RecommendOptions) {
  const region = opts.region ?? null;
  const excluded = new Set([...taste.recommended, ...taste.liked, ...taste.disliked, ...taste.watched, ...taste.favourites]);
  const base = titles.filter((t) => !excluded.has(t.id) && (!opts.kind || t.kind === opts.kind));
  const targets = opts.platform ? [opts.platform] : taste.platforms;
  if (targets.length === 0) return { pool: base, fallback: false };
  const on = base.filter((t) => offers.get(t.id)!.some((o) => targets.includes(o.platform) && counts(o, region)));
  if (on.length > 0) return { pool: on, fallback: false };
  return { pool: base.filter((t) => !offers.get(t.id)!.some((o) => counts(o, region))), fallback: true };
}

function regionalCatalog(seed: number) {
  const rng = seededRandom(seed);
  const offers = new Map<string, Offer[]>();
  const titles = syntheticCatalog(800, seed).map((t) => {
    const list = randomOffers(rng);
    offers.set(t.id, list);
    return { ...t, ...streamingPlatforms(list) };
  });
  return { titles, offers, index: buildIndex(titles) };
}

describe('the platform rule by country', () => {
  const { titles, offers, index } = regionalCatalog(31);
  const byId = new Map(titles.map((t) => [t.id, t]));

  it('never counts an offer from another country, or a rent or buy offer, as on your service', () => {
    const rng = seededRandom(8);
    for (let c = 0; c < 300; c++) {
      const taste = randomTaste(rng, titles);
      if (rng() < 0.2) taste.recommended = sample(rng, titles.map((t) => t.id), int(rng, 600, 800));
      const region = rng() < 0.2 ? null : pick(rng, ['US', 'IN', 'GB', 'FR']);
      const roll = rng();
      const opts: RecommendOptions = {
        seed: int(rng, 0, 1e6),
        region,
        kind: rng() < 0.2 ? pick(rng, ['movie', 'series'] as const) : undefined,
        platform: roll < 0.15 ? pick(rng, PLATFORMS) : undefined,
      };
      const { pool, fallback } = expectedPool(titles, offers, taste, opts);
      const rec = recommend(index, taste, opts);
      expect(rankAll(index, taste, opts).map((r) => r.titleId).sort()).toEqual(pool.map((t) => t.id).sort());
      if (pool.length === 0) {
        expect(rec).toBeNull();
        continue;
      }
      const own = offers.get(rec!.titleId)!;
      expect(pool.includes(byId.get(rec!.titleId)!)).toBe(true);
      expect(rec!.factors.some((f) => f.kind === 'availability_unknown')).toBe(fallback);
      const targets = opts.platform ? [opts.platform] : taste.platforms;
      if (rec!.platform !== null) {
        // The platform named on the card and in the reason streams the title where the user is.
        expect(own.some((o) => o.platform === rec!.platform && counts(o, region))).toBe(true);
        if (targets.length > 0) expect(targets).toContain(rec!.platform);
      }
      if (fallback) {
        expect(rec!.platform).toBeNull();
        expect(own.some((o) => counts(o, region))).toBe(false);
        const where = opts.platform ?? 'your platforms';
        if (region === null) expect(rec!.reason).toContain(`Not on ${where} - availability unknown.`);
        else expect(rec!.reason).toContain(`Not on ${where} in ${countryPhrase(region)}`);
        const named = /Streaming on (.+?) in /.exec(rec!.reason)?.[1];
        if (named) expect(own.some((o) => o.platform === named && STREAMABLE.has(o.kind) && !counts(o, region))).toBe(true);
      }
    }
  });

  it('a user in India with Netflix never gets a title that only Netflix US streams, while India has one', () => {
    const mk = (id: string, list: Array<[string, string, Offer['kind']]>): [EngineTitle, Offer[]] => {
      const o = list.map(([platform, region, kind]) => ({ platform, region, kind, as_of: '2026-01', link: null, source: 'tmdb' }));
      return [{ ...titles[0], id, title: id, ...streamingPlatforms(o) }, o];
    };
    const rows = [
      mk('us-only', [['Netflix', 'US', 'subscription']]),
      mk('rent-in', [['Netflix', 'IN', 'rent'], ['Netflix', 'IN', 'buy']]),
      mk('in', [['Netflix', 'IN', 'subscription']]),
      mk('global', [['Netflix', 'GLOBAL', 'free']]),
    ];
    const small = buildIndex(rows.map(([t]) => t));
    const taste: UserTaste = { genres: [], languages: [], platforms: ['Netflix'], favourites: [], liked: [], disliked: [], watched: [], recommended: [] };
    const picks = new Set(rankAll(small, taste, { seed: 1, region: 'IN' }).map((r) => r.titleId));
    expect(picks).toEqual(new Set(['in', 'global']));
    // Once those are seen: the US title, said honestly.
    const rec = recommend(small, { ...taste, recommended: ['in', 'global'] }, { seed: 1, region: 'IN' })!;
    expect(rec.titleId).toBe('us-only');
    expect(rec.platform).toBeNull();
    expect(rec.reason).toMatch(/Not on your platforms in India\. Streaming on Netflix in the United States\.$/);
    // Without a country every region counts.
    expect(new Set(rankAll(small, taste, { seed: 1 }).map((r) => r.titleId))).toEqual(new Set(['us-only', 'in', 'global']));
  });
});
