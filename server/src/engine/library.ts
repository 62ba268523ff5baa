// The user's own media-server library as one more source of availability (docs/product-decisions.md,
// "Your own library is a service"): an owned title is a candidate whatever the user's platforms
// and country, beside the titles on their services. The hard rules that are not about services
// (history, kind, tonight's constraints) still keep it out.
import type { CatalogIndex } from './catalog-index.js';
import type { UserTaste } from './types.js';

/**
 * The owned titles that may be picked: in the catalog, not stamped with `epoch` (history and
 * constraints), of the wanted kind (-1: either). Position -> the service it is on; the first
 * service listed wins for a title held twice. Bounded by the taste's list.
 */
export function ownedCandidates(index: CatalogIndex, taste: UserTaste, epoch: number, wantSeries: number): Map<number, string> {
  const out = new Map<number, string>();
  if (!taste.library) return out;
  const { excludedStamp } = index.scratch;
  for (const { id, service } of taste.library) {
    const idx = index.idToIdx.get(id);
    if (idx === undefined || out.has(idx) || excludedStamp[idx] === epoch) continue;
    if (wantSeries >= 0 && index.series[idx] !== wantSeries) continue;
    out.set(idx, service);
  }
  return out;
}

/**
 * Adds `extra` (ascending, none of them among the first `count` entries of `buffer`) to those
 * entries (ascending, distinct), in place, keeping them ascending; returns the new count. The
 * buffer is catalog-sized, so the union always fits.
 */
export function mergeOwned(buffer: Int32Array, count: number, extra: readonly number[]): number {
  // A merge from the back: every entry moves at most once and nothing is overwritten before it is read.
  let a = count - 1;
  let b = extra.length - 1;
  for (let w = count + extra.length - 1; b >= 0; w--) {
    if (a >= 0 && buffer[a] > extra[b]) buffer[w] = buffer[a--];
    else buffer[w] = extra[b--];
  }
  return count + extra.length;
}
