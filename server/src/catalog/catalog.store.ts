// The catalog as the rest of the server sees it: loaded once at start, kept in memory, and
// reloaded when catalog_meta's version moves (another instance or an importer changed it).
import type { CatalogTitle, Locale, Platform } from '@app/shared';
import type { DB } from '../db/connection.js';
import { META, allPlatforms, availabilityBetween, readMeta, titlePage, titlesByTranslatedName, titlesWithTranslatedNameContaining, translatedTitles } from './catalog.repository.js';
import { SnapshotBuilder, titlePositions, type CatalogEntry, type PlatformInfo, type Snapshot } from './snapshot.js';
import { titlesNamed } from './name-index.js';
import { posterUrls, type PosterUrls } from './urls.js';
import type { OwnCopy, Viewer } from './where-to-watch.js';
import { searchText } from './search-text.js';
import { Descriptions, type TitleText } from './descriptions.js';
import { catalogTitle, titleDisplay, type TitleDisplay } from './title-display.js';

export type { CatalogEntry, PlatformInfo } from './snapshot.js';
export type { Viewer } from './where-to-watch.js';
export type { TitleText } from './descriptions.js';

export type { TitleDisplay } from './title-display.js';

export interface CatalogStoreOptions {
  /** How often (ms) to ask the database whether the catalog version moved. */
  refreshMs?: number;
  /** TMDB's image base (TMDB_IMAGE_URL); unset: every poster is our generated one. */
  imageBaseUrl?: string | null;
}

/**
 * Titles read per query. Small pages let each page's rows die young: at 100,000 titles, pages of
 * 2,000 rows were promoted to the old generation and left the heap at 292 MB after the load,
 * pages of 500 at 175 MB (heap used after a full GC: 127 MB either way).
 */
const PAGE = 500;

/**
 * Reads the catalog in pages of PAGE titles (and their offers) so that a large catalog is never
 * held twice (rows and entries). Pages are not one transaction: a writer may commit between two,
 * so the snapshot carries the version read before the first page, and the next refresh sees the
 * newer version and reads again.
 */
async function loadSnapshot(db: DB): Promise<Snapshot> {
  const [meta, platforms] = await Promise.all([readMeta(db), allPlatforms(db)]);
  // The mean rating comes from the pages themselves (a query of every title's ratings at once
  // held 100,000 rows before the first page was read).
  const builder = new SnapshotBuilder(Number(meta.get(META.version) ?? 0), Number(meta.get(META.packVersion) ?? 0));
  let after: string | null = null;
  for (;;) {
    const rows = await titlePage(db, after, PAGE);
    if (!rows.length) break;
    const last = rows[rows.length - 1].id;
    builder.add(rows, await availabilityBetween(db, after, last));
    after = last;
    if (rows.length < PAGE) break;
  }
  return builder.finish(platforms);
}

export class CatalogStore {
  private checkedAt = performance.now();
  private pending: Promise<Snapshot> | null = null;
  private readonly descriptionsKept: Descriptions;
  /** Counts the snapshots read: descriptions kept for an older one are forgotten. */
  private generation = 0;

  private constructor(
    private readonly db: DB,
    private snap: Snapshot,
    private readonly refreshMs: number,
    private readonly imageBaseUrl: string | null,
  ) {
    this.descriptionsKept = new Descriptions(db);
  }

  static async open(db: DB, opts: CatalogStoreOptions = {}): Promise<CatalogStore> {
    return new CatalogStore(db, await loadSnapshot(db), opts.refreshMs ?? 60_000, opts.imageBaseUrl ?? null);
  }

  /** The poster a client shows (TMDB's when known) and ours to fall back on if it fails to load. */
  posterUrls(t: Pick<CatalogEntry, 'id' | 'posterPath'>): PosterUrls {
    return posterUrls(this.imageBaseUrl, t);
  }

  /** Offerable titles (not retired), most popular first. Treat as read-only. */
  async titles(): Promise<CatalogEntry[]> {
    return (await this.current()).titles;
  }

  /** Offerable titles by id, answered by the snapshot's id map (no set of 100,000 ids per caller). */
  async offeredIds(): Promise<Pick<ReadonlySet<string>, 'has'>> {
    const positions = titlePositions((await this.current()).titles)!;
    return { has: (id: string) => positions.get(id) !== undefined };
  }

  /** The descriptions of these titles, read from the database ('' for an unknown id; descriptions.ts). */
  async descriptions(ids: readonly string[]): Promise<Map<string, string>> {
    await this.current();
    return this.descriptionsKept.of(ids, this.generation);
  }

  async description(id: string): Promise<string> {
    return (await this.descriptions([id])).get(id)!;
  }

  /**
   * What a card shows of these titles in `locale`: each one's overview and name in it where a
   * source translated them, else the English ones (descriptions.ts). Read in the one query that
   * reads the descriptions; for English, exactly the descriptions.
   */
  async texts(ids: readonly string[], locale: Locale): Promise<Map<string, TitleText>> {
    await this.current();
    return this.descriptionsKept.texts(ids, this.generation, locale);
  }

  async text(id: string, locale: Locale): Promise<TitleText> {
    return (await this.texts([id], locale)).get(id)!;
  }

  /** The names of these titles in `locale` where known (none for English): for lists that show no description. */
  async localTitles(ids: readonly string[], locale: Locale): Promise<Map<string, string>> {
    return translatedTitles(this.db, ids, locale);
  }

  /**
   * Offerable titles whose name in `locale` contains `query` (folded by searchText), at most
   * `limit`, by id: what a search adds to the matches of the titles' own names.
   */
  async idsNamedInLocale(query: string, locale: Locale, limit = 200): Promise<Set<string>> {
    const key = searchText(query);
    if (!key || locale === 'en') return new Set();
    const offered = await this.offeredIds();
    return new Set((await titlesWithTranslatedNameContaining(this.db, locale, key, limit)).filter((id) => offered.has(id)));
  }

  /** Offerable titles whose translated name (any language) folds to one of these keys. */
  private async byTranslatedName(snap: Snapshot, keys: string[]): Promise<Map<string, CatalogEntry[]>> {
    const out = new Map<string, CatalogEntry[]>();
    for (const r of await titlesByTranslatedName(this.db, keys)) {
      const t = snap.byId.get(r.title_id);
      if (!t || t.retired) continue;
      const list = out.get(r.search_title) ?? [];
      if (!list.includes(t)) list.push(t);
      out.set(r.search_title, list);
    }
    return out;
  }

  /** Any title by id, retired ones included (history still shows them). */
  async title(id: string): Promise<CatalogEntry | null> {
    return (await this.current()).byId.get(id) ?? null;
  }

  /**
   * Exact match on title (or original title) ignoring case, accents and punctuation (searchText:
   * "wall-e" finds "WALL-E"); of several titles with one name the most famous wins. The map is
   * keyed by the names as given; unknown names are absent.
   */
  async findByTitles(names: string[]): Promise<Map<string, CatalogEntry>> {
    const snap = await this.current();
    const out = new Map<string, CatalogEntry>();
    const unknown: Array<[string, string]> = [];
    const mostFamous = (found: CatalogEntry[]) => [...found].sort((a, b) => b.fame - a.fame || b.popularity - a.popularity)[0];
    for (const name of names) {
      const key = searchText(name);
      const found = key ? titlesNamed(snap, key) : [];
      if (found.length) out.set(name, mostFamous(found));
      else if (key) unknown.push([name, key]);
    }
    // A name none of the titles' own names has may be one of their translated names: one query for all of them.
    if (unknown.length) {
      const translated = await this.byTranslatedName(snap, unknown.map(([, key]) => key));
      for (const [name, key] of unknown) {
        const found = translated.get(key);
        if (found?.length) out.set(name, mostFamous(found));
      }
    }
    return out;
  }

  /**
   * Offerable titles whose title or original title folds to the same text as `name` (searchText:
   * case, accents and punctuation ignored), else those with a translated name that does, most
   * popular first; empty for a name it cannot fold.
   */
  async named(name: string): Promise<CatalogEntry[]> {
    const key = searchText(name);
    if (!key) return [];
    const snap = await this.current();
    const own = titlesNamed(snap, key);
    if (own.length) return own;
    // Else by a translated name (a Spanish viewer's "Origen" is Inception).
    return ((await this.byTranslatedName(snap, [key])).get(key) ?? []).sort((a, b) => b.popularity - a.popularity);
  }

  async platforms(): Promise<Platform[]> {
    return (await this.current()).platforms.map(({ slug: _slug, ...p }) => p);
  }

  /** By name or slug. */
  async platform(nameOrSlug: string): Promise<PlatformInfo | null> {
    const snap = await this.current();
    return snap.platformByName.get(nameOrSlug) ?? snap.platformBySlug.get(nameOrSlug) ?? null;
  }

  async platformNames(): Promise<Set<string>> {
    return new Set((await this.current()).platforms.map((p) => p.name));
  }

  /** What the landing page may claim: only platforms that carry at least one of our titles count. */
  stats(): { platforms: number; titles: number; tmdb: boolean } {
    return { platforms: this.snap.platforms.filter((p) => p.title_count > 0).length, titles: this.snap.titles.length, tmdb: this.snap.usesTmdb };
  }

  version(): number {
    return this.snap.version;
  }

  /**
   * What a recommendation card shows for this title on this platform (the one the pick was
   * issued for; null: not on the user's services in their country), and where to watch it in
   * the viewer's country (their own copies first: `own`): title-display.ts.
   */
  toDisplay(t: CatalogEntry, text: string | TitleText, platform: string | null, viewer: Viewer, own: readonly OwnCopy[] = []): TitleDisplay {
    return titleDisplay(t, text, platform, viewer, own, this.snap.platformByName, this.posterUrls(t));
  }

  /** The title page shape of the shared contract (title-display.ts). */
  toCatalogTitle(t: CatalogEntry, text: string | TitleText): CatalogTitle {
    return catalogTitle(t, text, this.snap.platformByName, this.posterUrls(t));
  }

  /** Reads the catalog again now (after an import, or in tests). */
  async reload(): Promise<void> {
    this.snap = await loadSnapshot(this.db);
    this.generation++;
    this.checkedAt = performance.now();
  }

  private async current(): Promise<Snapshot> {
    if (performance.now() - this.checkedAt < this.refreshMs) return this.snap;
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<Snapshot> {
    this.checkedAt = performance.now();
    const meta = await readMeta(this.db);
    if (Number(meta.get(META.version) ?? 0) !== this.snap.version) {
      this.snap = await loadSnapshot(this.db);
      this.generation++;
    }
    return this.snap;
  }
}
