// Candidates through the platforms' own title lists (catalog-index.ts, platTitles) instead of a
// pass over the whole catalog. A user on two services of sixteen reads a few thousand entries
// where the pass reads every title; the result is the same list, in catalog order.
import type { CatalogIndex } from './catalog-index.js';

/** One person's platform rule: their services, and (when regional) the region sets their country may use. */
export interface PlatformRule {
  targets: readonly number[];
  regional: boolean;
  allowed: Uint8Array;
}

/**
 * The merge below costs about (entries x lists); the pass over the catalog about a few times its
 * size. Beyond this many entries-times-lists per title, the pass is the cheaper way.
 */
const MERGE_BUDGET = 2;

/**
 * Titles that stream on one of a rule's services (in that rule's country when regional), not
 * stamped with `epoch` in excludedStamp, of the wanted kind (-1: either), into `out`: ascending,
 * each once. Returns how many, or -1 without writing when the lists are too long to be worth it
 * (the caller's pass over the catalog then decides, with the same rule).
 */
export function gatherOnPlatforms(index: CatalogIndex, rules: readonly PlatformRule[], epoch: number, wantSeries: number, out: Int32Array): number {
  const { platTitleOff, platTitles, platTitleRegion, series } = index;
  const { excludedStamp } = index.scratch;
  // One list per (platform, rule); rules without a country share their lists (same test).
  const starts: number[] = [];
  const ends: number[] = [];
  const allowedOf: Array<Uint8Array | null> = [];
  const plain = new Set<number>();
  let entries = 0;
  for (const r of rules) {
    for (const p of r.targets) {
      if (!r.regional) {
        if (plain.has(p)) continue;
        plain.add(p);
      }
      starts.push(platTitleOff[p]);
      ends.push(platTitleOff[p + 1]);
      allowedOf.push(r.regional ? r.allowed : null);
      entries += platTitleOff[p + 1] - platTitleOff[p];
    }
  }
  const lists = starts.length;
  if (entries * lists > index.size * MERGE_BUDGET) return -1;
  // A merge of the sorted lists: the smallest head next; a title already written is skipped.
  let count = 0;
  let last = -1;
  for (;;) {
    let best = -1;
    let title = 0x7fffffff;
    for (let l = 0; l < lists; l++) {
      if (starts[l] < ends[l] && platTitles[starts[l]] < title) {
        title = platTitles[starts[l]];
        best = l;
      }
    }
    if (best < 0) return count;
    const k = starts[best]++;
    if (title === last || excludedStamp[title] === epoch || (wantSeries >= 0 && series[title] !== wantSeries)) continue;
    const allowed = allowedOf[best];
    if (allowed !== null && allowed[platTitleRegion[k]] !== 1) continue;
    out[count++] = title;
    last = title;
  }
}
