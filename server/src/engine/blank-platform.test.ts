// Regression (found by termination.test's property run): a request whose platform is blank is no
// platform request; the engine answers from the user's own services, and the property model agrees.
import { describe, expect, it } from 'vitest';
import { recommend } from './rank.js';
import { testCatalogs } from './testing/catalogs.js';
import { expectedPool } from './testing/properties.js';
import type { UserTaste } from './types.js';

const empty: UserTaste = { genres: [], languages: [], platforms: [], favourites: [], liked: [], disliked: [], watched: [], recommended: [], saved: [] };

describe('a blank requested platform', () => {
  it.each(testCatalogs().map((c) => [c.name, c] as const))('is no request on the %s catalog', (_name, catalog) => {
    const rec = recommend(catalog.index, empty, { seed: 0, platform: ' ' });
    const { pool } = expectedPool(catalog.titles, empty, { seed: 0, platform: ' ' });
    expect(rec).not.toBeNull();
    expect(pool.some((t) => t.id === rec!.titleId)).toBe(true);
  });
});
