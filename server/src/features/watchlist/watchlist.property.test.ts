// "On your services" on a watchlist entry says what the card's where-to-watch says: a streamable
// offer (never rent or buy) of one of the user's services, in their country or GLOBAL (any region
// while they have no country). Checked from raw offers for any viewer, services and offers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Offer } from '../../catalog/snapshot.js';
import { whereToWatch } from '../../catalog/where-to-watch.js';
import { yourService } from './watchlist.service.js';

const platform = fc.constantFrom('Netflix', 'Prime Video', 'Hulu', 'Max', 'netflix', 'Disney+');
const region = fc.constantFrom('US', 'IN', 'GB', 'GLOBAL');
const offer: fc.Arbitrary<Offer> = fc.record({
  platform,
  region,
  kind: fc.constantFrom('subscription', 'free', 'ads', 'rent', 'buy'),
  as_of: fc.constant('2026-01'),
  link: fc.constant(null),
  source: fc.constant('builtin'),
});
const viewer = fc.record({
  country: fc.option(fc.constantFrom('US', 'IN', 'GB', 'FR'), { nil: null }),
  // Onboarding bounds the services; any strings, repeats and case differences included.
  platforms: fc.array(fc.oneof(platform, fc.string({ maxLength: 12 }), platform.map((p) => ` ${p}`)), { maxLength: 20 }),
});

describe('yourService', () => {
  it("is a streamable offer of one of the viewer's services where they are, exactly when the card lists one as yours", () => {
    fc.assert(
      fc.property(fc.array(offer, { maxLength: 30 }), viewer, (offers, v) => {
        const found = yourService({ availability: offers }, v);
        const here = (o: Offer) => v.country === null || o.region === v.country || o.region === 'GLOBAL';
        const mine = (o: Offer) => v.platforms.some((p) => p.toLowerCase() === o.platform.toLowerCase());
        const streamable = (o: Offer) => ['subscription', 'free', 'ads'].includes(o.kind);
        expect(found !== null).toBe(offers.some((o) => here(o) && mine(o) && streamable(o)));
        if (found !== null) expect(offers.some((o) => o.platform === found && here(o) && streamable(o))).toBe(true);
        const card = whereToWatch('T', offers, v, () => undefined);
        // The card lists at most 8 places, the user's first: a service found is listed as yours.
        if (found !== null) expect(card.some((o) => o.yours && !o.elsewhere && streamable(o as unknown as Offer))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
