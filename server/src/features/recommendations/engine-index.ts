// The engine's index is built once per catalog snapshot: the store hands out the same titles
// array until the catalog version moves, so the array itself is the cache key, and a reload
// (new array) builds a fresh index while the old one is collected with its snapshot.
import { buildIndex, type CatalogIndex } from '../../engine/index.js';
import type { EngineTitle } from '../../engine/types.js';
import { titlePositions } from '../../catalog/snapshot.js';

const cache = new WeakMap<readonly EngineTitle[], CatalogIndex>();

export function engineIndexFor(titles: readonly EngineTitle[]): CatalogIndex {
  let index = cache.get(titles);
  if (!index) {
    // The snapshot's own id map when the titles are a snapshot's (always, outside tests).
    index = buildIndex(titles as EngineTitle[], titlePositions(titles));
    cache.set(titles, index);
  }
  return index;
}

export function indexedTitle(index: CatalogIndex, id: string): EngineTitle | undefined {
  const i = index.idToIdx.get(id);
  return i === undefined ? undefined : index.titles[i];
}
