// bench:quality-reasons on the invented ML-100K fixture: every pick's liked titles land in one
// share bin, every (user, service size) pick in one fit bin, and the threshold lines add up.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOW_FIT, NAMED_SHARE } from '../../../server/src/engine/honesty.js';
import { toOurGenres } from './genres.js';
import { loadMl100k } from './loaders/ml100k.js';
import { formatReasons, measureReasons, SERVICE_SHARES } from './reasons.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

describe('honest-reasons measurement', () => {
  const { dataset: d } = loadMl100k(join(fixtures, 'ml-100k'));
  const report = measureReasons(d, d.items.map((it) => toOurGenres(it.genres)), () => {});

  it('bins every pick once per service size and every liked title with a share once', () => {
    const users = d.test.filter((t) => t >= 0).length;
    expect(report.fits.reduce((a, b) => a + b.picks, 0)).toBe(users * SERVICE_SHARES.length);
    for (const b of report.shares) {
      expect(b.observed).toBeGreaterThanOrEqual(0);
      expect(b.removed).toBeLessThanOrEqual(b.pairs);
      if (b.leftPool !== null) expect(b.leftPool).toBeGreaterThanOrEqual(0);
    }
    expect(report.fitBySize.map((s) => s.share)).toEqual(SERVICE_SHARES);
  });

  it('reads the shipped thresholds against the bins and prints them', () => {
    const t = report.thresholds;
    expect(t.namedShare).toBe(NAMED_SHARE);
    expect(t.lowFit).toBe(LOW_FIT);
    expect(t.low.picks + t.rest.picks).toBe(report.fits.reduce((a, b) => a + b.picks, 0));
    const text = formatReasons(report);
    expect(text).toContain(`Named (share >= ${NAMED_SHARE})`);
    expect(text).toContain(`Low fit (< ${LOW_FIT})`);
  });
});
