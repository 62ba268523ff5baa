// Titles' descriptions, read from the database for the titles a card or a title page shows, not
// held for every title in the snapshot: at 100,000 titles they were the largest strings of the
// catalog in memory (docs/performance.md, "Memory"). The most recently shown are kept, so the card
// a user opens again and again (GET /api/recommendations/current) does not read the database.
import type { DB } from '../db/connection.js';
import { readDescriptions } from './catalog.repository.js';

/** Descriptions kept at most (about 250 characters each: 1 MB). */
export const DESCRIPTIONS_KEPT = 4096;

export class Descriptions {
  /** Insertion order is recency: a hit moves its entry to the end, the first entry goes first. */
  private readonly kept = new Map<string, string>();
  /** The snapshot (its generation in the store) the kept descriptions belong to. */
  private generation = Number.NaN;

  constructor(
    private readonly db: DB,
    private readonly limit = DESCRIPTIONS_KEPT,
  ) {}

  /**
   * The description of each of these titles ('' for an id the catalog does not hold), as of the
   * store's snapshot `generation` or newer: a newer snapshot forgets every kept one, and a caller
   * still on an older one reads them all.
   */
  async of(ids: readonly string[], generation: number): Promise<Map<string, string>> {
    if (!(generation <= this.generation)) {
      this.kept.clear();
      this.generation = generation;
    }
    const out = new Map<string, string>();
    const missing = new Set<string>();
    for (const id of ids) {
      const kept = generation === this.generation ? this.kept.get(id) : undefined;
      if (kept === undefined) {
        missing.add(id);
        continue;
      }
      out.set(id, kept);
      this.kept.delete(id);
      this.kept.set(id, kept);
    }
    if (!missing.size) return out;
    const read = new Map((await readDescriptions(this.db, [...missing])).map((r) => [r.id, r.description]));
    // Kept only under the newest snapshot seen (not one that arrived while this read ran).
    const keep = generation === this.generation;
    for (const id of missing) {
      const description = read.get(id) ?? '';
      out.set(id, description);
      if (keep) this.kept.set(id, description);
    }
    while (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
    return out;
  }
}
