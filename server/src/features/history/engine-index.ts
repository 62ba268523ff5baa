// The engine's index is built once per catalog snapshot: the store hands out the same titles
// array until the catalog version moves, so the array itself is the cache key, and a reload
// (new array) builds a fresh index while the old one is collected with its snapshot.
import { buildIndex, type CatalogIndex } from '../../engine/index.js';
import type { EngineTitle } from '../../engine/types.js';
import { titlePositions } from '../../catalog/snapshot.js';

/** One per server, built in wiring.ts. */
export class EngineIndexes {
  private readonly cache = new WeakMap<readonly EngineTitle[], CatalogIndex>();

  for(titles: readonly EngineTitle[]): CatalogIndex {
    let index = this.cache.get(titles);
    if (!index) {
      // The snapshot's own id map when the titles are a snapshot's (always, outside tests).
      index = buildIndex(titles as EngineTitle[], titlePositions(titles));
      this.cache.set(titles, index);
      collectAfterBuild();
    }
    return index;
  }
}

/**
 * One full collection right after an index is built, when node runs with --expose-gc (`npm start`
 * does: scripts/lib.mjs). Loading a catalog and building its index leave the old generation full of
 * what they no longer need (at 100,000 titles about 130 MB, 57 MB of it live). Left to itself, V8
 * collects it during the first picks, and its sweeping then shares the machine's cores with them:
 * on PostgreSQL those picks took 30-60 ms with up to twice their length in CPU, and V8 went on
 * collecting every few seconds. Collected here, in the request that already waits for the build
 * (a few hundred ms), no full collection came in the picks that followed (docs/performance.md,
 * "The first full collection"). Without the flag, nothing happens.
 */
function collectAfterBuild(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export function indexedTitle(index: CatalogIndex, id: string): EngineTitle | undefined {
  const i = index.idToIdx.get(id);
  return i === undefined ? undefined : index.titles[i];
}
