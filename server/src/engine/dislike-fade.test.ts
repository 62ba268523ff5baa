// Dislikes fade like likes (docs/quality.md, "History import"): a dislike far back in a long
// imported history pushes its neighbours away less than one the user just gave (it is still never
// picked: the property tests hold that rule for any taste).
import { describe, expect, it } from 'vitest';
import { buildProfile } from './profile.js';
import { testCatalogs } from './testing/catalogs.js';
import type { UserTaste } from './types.js';
import { DEFAULT_WEIGHTS } from './weights.js';

const catalog = testCatalogs()[0];
const ids = catalog.titles.map((t) => t.id);

function taste(disliked: string, history: string[]): UserTaste {
  return { genres: [], languages: [], platforms: [], favourites: [], liked: [], disliked: [disliked], watched: history, recommended: history, saved: [] };
}

describe('dislikes fade with their place in the history', () => {
  const history = ids.slice(0, 41);
  const pushOf = (t: UserTaste) => buildProfile(catalog.index, t, DEFAULT_WEIGHTS).negatives[0].weight;

  it('the newest dislike pushes with the full dislike weight; one 40 titles back pushes far less', () => {
    const newest = pushOf(taste(history[40], history));
    const old = pushOf(taste(history[0], history));
    expect(newest).toBeGreaterThan(0);
    expect(old / newest).toBeCloseTo(0.5 ** (40 / DEFAULT_WEIGHTS.recencyHalfLife), 9);
    expect(old).toBeGreaterThan(0);
  });
});
