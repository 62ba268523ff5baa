// Test-only: the catalogs the property tests run on. The built-in pack is used when present
// (a checkout without server/catalog/titles skips those cases).
import { buildIndex } from '../build-index.js';
import type { CatalogIndex } from '../catalog-index.js';
import { buildNeighbours, type NeighbourTable } from '../neighbours.js';
import { seededRandom } from '../random.js';
import type { EngineTitle } from '../types.js';
import { loadPack } from './pack.js';
import { syntheticCatalog, syntheticInteractions } from './synthetic.js';

export interface TestCatalog {
  name: string;
  titles: EngineTitle[];
  index: CatalogIndex;
  byId: Map<string, EngineTitle>;
  neighbours: NeighbourTable;
}

function prepare(name: string, titles: EngineTitle[]): TestCatalog {
  return {
    name,
    titles,
    index: buildIndex(titles),
    byId: new Map(titles.map((t) => [t.id, t])),
    neighbours: buildNeighbours(syntheticInteractions(seededRandom(99), titles, 1500), { k: 30 }),
  };
}

let cached: TestCatalog[] | null = null;

export function testCatalogs(): TestCatalog[] {
  if (!cached) {
    const pack = loadPack();
    cached = [prepare('synthetic', syntheticCatalog(2000, 11)), ...(pack ? [prepare('built-in pack', pack)] : [])];
  }
  return cached;
}
