// Titles' descriptions, read from the database for the titles a card or a title page shows, not
// held for every title in the snapshot: at 100,000 titles they were the largest strings of the
// catalog in memory (docs/performance.md, "Memory"). The most recently shown are kept, so the card
// a user opens again and again (GET /api/recommendations/current) does not read the database.
// In a language other than English the same read brings the title's name and overview in it
// (title_translations, joined to the same rows: no further query), kept per language.
import type { DB } from '../db/connection.js';
import { readTexts } from './catalog.repository.js';

/** What a card shows of a title in the viewer's language. */
export interface TitleText {
  /** The overview in the viewer's language where a source translated it, else the English description. */
  description: string;
  /** The name in the viewer's language, null where none is known (the English one is shown). */
  title: string | null;
}

/** Descriptions kept at most (about 250 characters each: 1 MB). */
export const DESCRIPTIONS_KEPT = 4096;

export class Descriptions {
  /** Insertion order is recency: a hit moves its entry to the end, the first entry goes first. */
  /** Keyed by locale and id ("es\u0000tt-1"). */
  private readonly kept = new Map<string, TitleText>();
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
    const texts = await this.texts(ids, generation, 'en');
    return new Map([...texts].map(([id, t]) => [id, t.description]));
  }

  /** As `of`, in `locale`: each title's overview and name in it where known, English otherwise. */
  async texts(ids: readonly string[], generation: number, locale: string): Promise<Map<string, TitleText>> {
    if (!(generation <= this.generation)) {
      this.kept.clear();
      this.generation = generation;
    }
    const out = new Map<string, TitleText>();
    const missing = new Set<string>();
    for (const id of ids) {
      const key = `${locale}\u0000${id}`;
      const kept = generation === this.generation ? this.kept.get(key) : undefined;
      if (kept === undefined) {
        missing.add(id);
        continue;
      }
      out.set(id, kept);
      this.kept.delete(key);
      this.kept.set(key, kept);
    }
    if (!missing.size) return out;
    const read = new Map((await readTexts(this.db, [...missing], locale)).map((r) => [r.id, r]));
    // Kept only under the newest snapshot seen (not one that arrived while this read ran).
    const keep = generation === this.generation;
    for (const id of missing) {
      const r = read.get(id);
      const text: TitleText = { description: r?.local_overview ?? r?.description ?? '', title: r?.local_title ?? null };
      out.set(id, text);
      if (keep) this.kept.set(`${locale}\u0000${id}`, text);
    }
    while (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
    return out;
  }
}
