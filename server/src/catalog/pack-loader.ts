// Loads the built-in catalog pack into the database at start. Idempotent: the pack's content
// hash is kept in catalog_meta and an unchanged pack writes nothing. A changed pack is written in
// one transaction (all or nothing) and bumps the catalog version; user tables are never touched.
import { PACK_DIR } from '../paths.js';
import type { Insertable } from 'kysely';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/connection.js';
import { writeTransaction, type Tx } from '../db/transaction.js';
import { MATCH_COLUMNS, TitleMatcher, matchCandidate } from './sources/matcher.js';
import type { TitlesTable, TitleAvailabilityTable } from '../db/schema.js';
import { parsePack, readPackFiles, type Pack, type PackEntry, type RawPack } from './pack-reader.js';
import {
  META,
  builtinIds,
  lockCatalog,
  readMeta,
  replaceAvailability,
  upsertBuiltinTitles,
  upsertPlatforms,
  writeMeta,
} from './catalog.repository.js';

export const DEFAULT_PACK_DIR = PACK_DIR;

export interface LoadPackOptions {
  dir?: string;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  now?: Date;
}

export interface LoadPackResult {
  /** False when the database already held this exact pack (then nothing was parsed or written). */
  changed: boolean;
  version: number;
  hash: string;
  titles: number;
  /** Platforms in the pack; 0 when unchanged. */
  platforms: number;
  /** The lines skipped, with their reasons; empty when unchanged. */
  skipped: string[];
  ms: number;
}

function titleRow(e: PackEntry, version: number, now: string): Insertable<TitlesTable> {
  const t = e.title;
  return {
    id: e.id,
    kind: t.kind,
    title: t.title,
    original_title: t.original_title ?? null,
    year: t.year,
    end_year: t.kind === 'series' ? t.end_year : null,
    genres: JSON.stringify(t.genres),
    language: t.language,
    runtime: t.kind === 'movie' ? t.runtime : null,
    seasons: t.kind === 'series' ? t.seasons : null,
    episode_runtime: t.kind === 'series' ? t.episode_runtime : null,
    episodes: t.kind === 'series' ? (t.episodes ?? null) : null,
    imdb_rating: t.imdb,
    rotten_tomatoes: t.rt,
    fame: t.fame,
    description: t.description,
    keywords: JSON.stringify(t.keywords),
    director: t.director,
    cast_members: JSON.stringify(t.cast),
    source: 'builtin',
    catalog_version: version,
    created_at: now,
    updated_at: now,
  };
}

function availabilityRows(entries: PackEntry[], owned: Set<string>): Insertable<TitleAvailabilityTable>[] {
  const rows = new Map<string, Insertable<TitleAvailabilityTable>>();
  for (const e of entries) {
    if (!owned.has(e.id)) continue;
    for (const a of e.title.availability) {
      // The pack lists subscription offers only; a repeated (platform, region) keeps the newest as_of.
      const key = `${e.id}|${a.platform}|${a.region}`;
      const prev = rows.get(key);
      if (!prev || String(prev.as_of) < a.as_of)
        rows.set(key, { title_id: e.id, platform: a.platform, region: a.region, kind: 'subscription', as_of: a.as_of, link: null, source: 'builtin' });
    }
  }
  return [...rows.values()];
}

async function writePack(handle: DatabaseHandle, pack: Pack, now: Date): Promise<{ changed: boolean; version: number }> {
  return writeTransaction(handle, async (tx) => {
    await lockCatalog(tx, handle.dialect);
    // Read again under the lock: another instance may have loaded this pack meanwhile.
    const meta = await readMeta(tx);
    const current = Number(meta.get(META.version) ?? 0);
    if (meta.get(META.packHash) === pack.hash) return { changed: false, version: current };
    const version = current + 1;
    const stamp = now.toISOString();
    // One matcher for every source: a pack title another source brought in first (TMDB, an
    // import) keeps that title's id, so the user data already pointing at it stays attached.
    const entries = await adoptMatchedIds(tx, pack.titles);
    await upsertPlatforms(
      tx,
      pack.platforms.map((p) => ({ name: p.name, slug: p.slug, color: p.color, search_url: p.search_url, hosts: JSON.stringify(p.hosts), countries: p.countries ? JSON.stringify(p.countries) : null })),
    );
    await upsertBuiltinTitles(tx, entries.map((e) => titleRow(e, version, stamp)));
    const ids = entries.map((e) => e.id);
    const owned = await builtinIds(tx, ids);
    await replaceAvailability(tx, [...owned], availabilityRows(entries, owned));
    await writeMeta(tx, {
      [META.packHash]: pack.hash,
      [META.version]: String(version),
      [META.packVersion]: String(version),
      [META.packTitles]: String(pack.titles.length),
      [META.loadedAt]: stamp,
    });
    return { changed: true, version };
  });
}

/** Pack entries with the id of the stored title they match, when that title came from another source. */
async function adoptMatchedIds(tx: Tx, entries: PackEntry[]): Promise<PackEntry[]> {
  const others = await tx.selectFrom('titles').select(MATCH_COLUMNS).where('source', '!=', 'builtin').execute();
  if (!others.length) return entries;
  const matcher = new TitleMatcher(others.map(matchCandidate));
  const taken = new Set(entries.map((e) => e.id));
  return entries.map((e) => {
    if (matcher.has(e.id)) return e;
    const m = matcher.match({ kind: e.title.kind, title: e.title.title, originalTitle: e.title.original_title ?? null, year: e.title.year });
    if (m.kind !== 'matched' || taken.has(m.id)) return e;
    taken.add(m.id);
    return { ...e, id: m.id };
  });
}

export async function loadCatalogPack(handle: DatabaseHandle, opts: LoadPackOptions = {}): Promise<LoadPackResult> {
  const started = performance.now();
  const meta = await readMeta(handle.db);
  const elapsed = () => Math.round(performance.now() - started);
  const unchanged = (hash: string): LoadPackResult => ({
    changed: false,
    version: Number(meta.get(META.version) ?? 0),
    hash,
    titles: Number(meta.get(META.packTitles) ?? 0),
    platforms: 0,
    skipped: [],
    ms: elapsed(),
  });
  let raw: RawPack;
  let pack: Pack | null = null;
  try {
    raw = readPackFiles(opts.dir ?? DEFAULT_PACK_DIR);
    if (meta.get(META.packHash) !== raw.hash) pack = parsePack(raw);
  } catch (err) {
    // A broken pack must not stop the product: it keeps serving the catalog it already has.
    opts.logger?.error({ err }, 'catalog pack unreadable; keeping the catalog in the database');
    return unchanged(meta.get(META.packHash) ?? '');
  }
  // The common start: nothing to parse, nothing to write.
  if (!pack) return unchanged(raw.hash);
  for (const p of pack.problems) opts.logger?.warn(`catalog pack: ${p}`);
  const result = await writePack(handle, pack, opts.now ?? new Date());
  const out: LoadPackResult = { ...result, hash: pack.hash, titles: pack.titles.length, platforms: pack.platforms.length, skipped: pack.problems, ms: elapsed() };
  if (out.changed) opts.logger?.info({ version: out.version, titles: out.titles, skipped: out.skipped.length, ms: out.ms }, 'catalog pack loaded');
  return out;
}
