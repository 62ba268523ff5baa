// Kysely only: catalog rows in and out. Lists are JSON text on both dialects.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { DB } from '../db/connection.js';
import type { Tx } from '../db/transaction.js';
import type { PlatformsTable, TitleAvailabilityTable, TitlesTable, TitleTranslationsTable } from '../db/schema.js';
import { searchText } from './search-text.js';
import type { Dialect } from '../db/migrations/index.js';
import { allColumns } from '../db/columns.js';

type Queryable = DB | Tx;
export type TitleRow = Selectable<TitlesTable>;
export type AvailabilityRow = Selectable<TitleAvailabilityTable>;
export type PlatformRow = Selectable<PlatformsTable>;

/** A title's row as the catalog's load reads it: every column but the description (descriptions.ts). */
export type LoadedTitleRow = Omit<TitleRow, 'description'>;

/** Every column of titles but the description, named in the catalog's load (db/columns.ts: 100,000 rows built faster). */
const LOADED_COLUMNS = allColumns<Omit<TitlesTable, 'description'>>()([
  'id', 'kind', 'title', 'original_title', 'year', 'end_year', 'genres', 'language', 'runtime', 'seasons', 'episode_runtime',
  'episodes', 'imdb_rating', 'rotten_tomatoes', 'fame', 'keywords', 'director', 'cast_members', 'source',
  'catalog_version', 'created_at', 'updated_at', 'tmdb_id', 'imdb_id', 'poster_path', 'backdrop_path', 'trailer_key',
  'tmdb_rating', 'vote_count', 'age_rating', 'retired_at',
]);

/** Rows per INSERT: 22 columns x 400 stays far below SQLite's and PostgreSQL's parameter limits. */
const BATCH = 400;

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * version: bumped by every change to the catalog (the store reloads on it); pack_version: the
 * version that wrote the current built-in pack, so builtin rows of older packs count as retired.
 */
export const META = {
  packHash: 'pack_hash',
  version: 'version',
  packVersion: 'pack_version',
  packTitles: 'pack_titles',
  loadedAt: 'loaded_at',
} as const;

export async function readMeta(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.selectFrom('catalog_meta').selectAll().execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeMeta(tx: Tx, entries: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(entries)) {
    await tx
      .insertInto('catalog_meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}

/** Only one instance loads a pack at a time; SQLite's BEGIN IMMEDIATE already serialises writers. */
export async function lockCatalog(tx: Tx, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(72310001)`.execute(tx);
}

export async function upsertPlatforms(tx: Tx, rows: Insertable<PlatformsTable>[]): Promise<void> {
  for (const batch of chunks(rows)) {
    await tx
      .insertInto('platforms')
      .values(batch)
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          slug: eb.ref('excluded.slug'),
          color: eb.ref('excluded.color'),
          search_url: eb.ref('excluded.search_url'),
          hosts: eb.ref('excluded.hosts'),
          countries: eb.ref('excluded.countries'),
        })),
      )
      .execute();
  }
}

/**
 * Inserts new titles and rewrites the descriptive fields of existing ones: the hand-written pack
 * is the highest-priority source (docs/catalog.md), so a title another source brought in first
 * becomes builtin. External ids, artwork and offers of other sources are not touched.
 */
export async function upsertBuiltinTitles(tx: Tx, rows: Insertable<TitlesTable>[]): Promise<void> {
  for (const batch of chunks(rows)) {
    await tx
      .insertInto('titles')
      .values(batch)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({
            kind: eb.ref('excluded.kind'),
            title: eb.ref('excluded.title'),
            original_title: eb.ref('excluded.original_title'),
            year: eb.ref('excluded.year'),
            end_year: eb.ref('excluded.end_year'),
            genres: eb.ref('excluded.genres'),
            language: eb.ref('excluded.language'),
            runtime: eb.ref('excluded.runtime'),
            seasons: eb.ref('excluded.seasons'),
            episode_runtime: eb.ref('excluded.episode_runtime'),
            episodes: eb.ref('excluded.episodes'),
            imdb_rating: eb.ref('excluded.imdb_rating'),
            rotten_tomatoes: eb.ref('excluded.rotten_tomatoes'),
            fame: eb.ref('excluded.fame'),
            description: eb.ref('excluded.description'),
            keywords: eb.ref('excluded.keywords'),
            director: eb.ref('excluded.director'),
            cast_members: eb.ref('excluded.cast_members'),
            source: eb.ref('excluded.source'),
            catalog_version: eb.ref('excluded.catalog_version'),
            updated_at: eb.ref('excluded.updated_at'),
            retired_at: null,
          })),
      )
      .execute();
  }
}

/** Replaces what `source` says about the given titles' availability (other sources' rows stay). */
export async function replaceAvailability(tx: Tx, titleIds: string[], rows: Insertable<TitleAvailabilityTable>[], source = 'builtin'): Promise<void> {
  for (const batch of chunks(titleIds, 900)) {
    await tx.deleteFrom('title_availability').where('source', '=', source).where('title_id', 'in', batch).execute();
  }
  for (const batch of chunks(rows)) await tx.insertInto('title_availability').values(batch).execute();
}

/** Titles ordered by id, after `after` (null: from the start), without their descriptions. */
export function titlePage(db: Queryable, after: string | null, limit: number): Promise<LoadedTitleRow[]> {
  let q = db.selectFrom('titles').select(LOADED_COLUMNS).orderBy('id').limit(limit);
  if (after !== null) q = q.where('id', '>', after);
  return q.execute();
}

/** Offers of titles with after < id <= last. */
export function availabilityBetween(db: Queryable, after: string | null, last: string): Promise<AvailabilityRow[]> {
  let q = db.selectFrom('title_availability').selectAll().where('title_id', '<=', last).orderBy('title_id').orderBy('platform').orderBy('region').orderBy('kind');
  if (after !== null) q = q.where('title_id', '>', after);
  return q.execute();
}

export function allPlatforms(db: Queryable): Promise<PlatformRow[]> {
  return db.selectFrom('platforms').selectAll().execute();
}

/** The descriptions of these titles (ids the catalog does not hold are absent). */
export async function readDescriptions(db: Queryable, ids: readonly string[]): Promise<Array<{ id: string; description: string }>> {
  const out: Array<{ id: string; description: string }> = [];
  for (const batch of chunks([...ids], 900)) out.push(...(await db.selectFrom('titles').select(['id', 'description']).where('id', 'in', batch).execute()));
  return out;
}

/** Of these ids, the ones whose row belongs to the built-in pack. */
export async function builtinIds(tx: Tx, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const batch of chunks(ids, 900)) {
    const rows = await tx.selectFrom('titles').select('id').where('source', '=', 'builtin').where('id', 'in', batch).execute();
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/** A title's texts in one of the product's other languages, as a source gives them (null: none). */
export interface TranslationInput {
  locale: string;
  title: string | null;
  overview: string | null;
}

/** Moves the catalog's version, so running servers reload (CatalogStore). */
export async function bumpCatalogVersion(tx: Tx): Promise<void> {
  const meta = await readMeta(tx);
  await writeMeta(tx, { [META.version]: String(Number(meta.get(META.version) ?? 0) + 1) });
}

/**
 * Replaces what `source` says of these titles' translations (rows of other sources stay) and moves
 * the catalog's version when anything changed, so that servers show the new texts. Returns whether
 * anything did.
 */
export async function replaceTranslations(tx: Tx, source: string, items: ReadonlyArray<{ titleId: string; translations: readonly TranslationInput[] }>, stamp: string): Promise<boolean> {
  const ids = [...new Set(items.map((i) => i.titleId))];
  if (!ids.length) return false;
  const stored = new Map<string, string>();
  for (const batch of chunks(ids, 900)) {
    const rows = await tx.selectFrom('title_translations').select(['title_id', 'locale', 'title', 'overview']).where('source', '=', source).where('title_id', 'in', batch).execute();
    for (const r of rows) stored.set(`${r.title_id}\n${r.locale}`, JSON.stringify([r.title, r.overview]));
  }
  const wanted = new Map<string, Insertable<TitleTranslationsTable>>();
  for (const item of items) {
    for (const t of item.translations) {
      wanted.set(`${item.titleId}\n${t.locale}`, { title_id: item.titleId, locale: t.locale, title: t.title, overview: t.overview, search_title: t.title ? searchText(t.title) || null : null, source, updated_at: stamp });
    }
  }
  const same = stored.size === wanted.size && [...wanted].every(([k, r]) => stored.get(k) === JSON.stringify([r.title, r.overview]));
  if (same) return false;
  for (const batch of chunks(ids, 900)) await tx.deleteFrom('title_translations').where('source', '=', source).where('title_id', 'in', batch).execute();
  // 7 columns a row: 100 rows stay far below either database's parameter limit.
  for (const batch of chunks([...wanted.values()], 100)) {
    await tx
      .insertInto('title_translations')
      .values(batch)
      .onConflict((oc) => oc.columns(['title_id', 'locale']).doNothing())
      .execute();
  }
  await bumpCatalogVersion(tx);
  return true;
}

/** A title's description, and its name and overview in `locale` when a source translated them (null otherwise). */
export interface TextRow {
  id: string;
  description: string;
  local_title: string | null;
  local_overview: string | null;
}

/**
 * The descriptions of these titles and, for a locale other than English, their translations in it:
 * one query (a left join on the titles' own rows), as many rows as ids the catalog holds.
 */
export async function readTexts(db: Queryable, ids: readonly string[], locale: string): Promise<TextRow[]> {
  if (locale === 'en') return (await readDescriptions(db, ids)).map((r) => ({ ...r, local_title: null, local_overview: null }));
  const out: TextRow[] = [];
  for (const batch of chunks([...ids], 900)) {
    const rows = await db
      .selectFrom('titles')
      .leftJoin('title_translations as tt', (j) => j.onRef('tt.title_id', '=', 'titles.id').on('tt.locale', '=', locale))
      .select(['titles.id as id', 'titles.description as description', 'tt.title as local_title', 'tt.overview as local_overview'])
      .where('titles.id', 'in', batch)
      .execute();
    out.push(...rows);
  }
  return out;
}

/** The names of these titles in `locale`, where a source translated them (no row for English). */
export async function translatedTitles(db: Queryable, ids: readonly string[], locale: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (locale === 'en' || !ids.length) return out;
  for (const batch of chunks([...ids], 900)) {
    const rows = await db.selectFrom('title_translations').select(['title_id', 'title']).where('locale', '=', locale).where('title', 'is not', null).where('title_id', 'in', batch).execute();
    for (const r of rows) out.set(r.title_id, r.title!);
  }
  return out;
}

/** Titles whose translated name (in any language) folds to one of these keys (searchText), by key. */
export async function titlesByTranslatedName(db: Queryable, keys: readonly string[]): Promise<Array<{ title_id: string; search_title: string }>> {
  const out: Array<{ title_id: string; search_title: string }> = [];
  const wanted = [...new Set(keys.filter(Boolean))];
  for (const batch of chunks(wanted, 900)) {
    const rows = await db.selectFrom('title_translations').select(['title_id', 'search_title']).where('search_title', 'in', batch).execute();
    for (const r of rows) out.push({ title_id: r.title_id, search_title: r.search_title! });
  }
  return out;
}

/**
 * Titles whose name in `locale` contains `key` (a searchText: letters, digits and marks only, so
 * nothing in it is a LIKE wildcard), at most `limit`. One scan of that language's rows.
 */
export async function titlesWithTranslatedNameContaining(db: Queryable, locale: string, key: string, limit: number): Promise<string[]> {
  if (locale === 'en' || !key) return [];
  const rows = await db.selectFrom('title_translations').select('title_id').where('locale', '=', locale).where('search_title', 'like', `%${key}%`).limit(limit).execute();
  return rows.map((r) => r.title_id);
}
