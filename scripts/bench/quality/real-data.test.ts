// Checks the loaders against the real MovieLens files in ../shared/data.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countInteractions, type SplitDataset } from './dataset.js';
import { loadLooSplit } from './loaders/looSplit.js';
import { loadMl100k } from './loaders/ml100k.js';

const data = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const present = existsSync(`${data}ml-100k/u.data`) && existsSync(`${data}ml-100k-chrono-loo-split/train.csv`);

const itemsOf = (d: SplitDataset, u: number) =>
  [...d.train[u], d.validation[u], d.test[u]].map((i) => d.items[i].id).sort().join(',');

// Needs ../shared/data (MovieLens 100K and its published split); skipped when absent.
describe.skipIf(!present)('real MovieLens 100K files', () => {
  it('the published split loads with the published counts (docs/quality.md, "Inputs")', () => {
    const { dataset: d } = loadLooSplit(`${data}ml-100k-chrono-loo-split`);
    expect([d.users.length, d.items.length, countInteractions(d)]).toEqual([943, 1349, 99287]);
    expect(d.items.filter((i) => i.genres.length > 0).length).toBeGreaterThan(1340);
  });

  it('our P1 split of u.data keeps exactly the published users, items and interactions', () => {
    const ours = loadMl100k(`${data}ml-100k`).dataset;
    const published = loadLooSplit(`${data}ml-100k-chrono-loo-split`).dataset;
    expect(ours.users).toEqual(published.users);
    expect(ours.items.map((i) => i.id)).toEqual(published.items.map((i) => i.id));
    for (let u = 0; u < ours.users.length; u++) expect(itemsOf(ours, u)).toBe(itemsOf(published, u));
  });
});
