// What the engine builds once per catalog index (scratch buffers, lookup tables) and keeps for as
// long as that index lives: a new catalog snapshot gets its own, and the old ones go with it.
import type { CatalogIndex } from './catalog-index.js';

export function perIndex<T>(make: (index: CatalogIndex) => T): (index: CatalogIndex) => T {
  const made = new WeakMap<CatalogIndex, T>();
  return (index) => {
    let value = made.get(index);
    if (value === undefined) made.set(index, (value = make(index)));
    return value;
  };
}
