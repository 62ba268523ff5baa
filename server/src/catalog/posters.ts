// The landing carousel: famous, well-rated titles, taking turns across languages so the first
// screen shows the catalog's range.
import type { CatalogEntry } from './snapshot.js';

const MIN_FAME = 4;
const MIN_QUALITY = 7;

export function carouselTitles(titles: CatalogEntry[], limit: number): CatalogEntry[] {
  let pool = titles.filter((t) => t.fame >= MIN_FAME && t.quality >= MIN_QUALITY);
  if (pool.length < limit) pool = titles;
  const byLanguage = new Map<string, CatalogEntry[]>();
  for (const t of pool) {
    const l = byLanguage.get(t.language) ?? [];
    l.push(t);
    byLanguage.set(t.language, l);
  }
  // Languages with the most famous titles go first in every round.
  const queues = [...byLanguage.values()].sort((a, b) => b.length - a.length);
  const out: CatalogEntry[] = [];
  for (let i = 0; out.length < limit; i++) {
    let took = false;
    for (const q of queues) {
      if (i < q.length && out.length < limit) {
        out.push(q[i]);
        took = true;
      }
    }
    if (!took) break;
  }
  return out;
}
