// The one merge every catalog source writes through (docs/catalog.md). A batch of SourceTitles is
// matched (matcher.ts) and written in one transaction: new titles get a stable id, known titles
// are enriched field by field by source priority, and the source's offers replace its own earlier
// offers. User data points at title ids, which never change, so re-imports keep it attached.
import type { Insertable, Selectable } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.js';
import { writeTransaction, type Tx } from '../../db/transaction.js';
import type { TitleAvailabilityTable, TitlesTable } from '../../db/schema.js';
import { META, lockCatalog, readMeta, writeMeta } from '../catalog.repository.js';
import { slugify, titleId } from '../ids.js';
import { MATCH_COLUMNS, TitleMatcher, matchCandidate, type MatchCandidate } from './matcher.js';
import type { SourceName, SourceTitle } from './types.js';

type TitleRow = Selectable<TitlesTable>;

/** Whose word wins for descriptive fields: our hand-written pack, then TMDB, then the datasets. */
export const SOURCE_PRIORITY: Record<string, number> = {
  builtin: 5,
  tmdb: 4,
  'imdb-tsv': 3,
  'streaming-csv': 2,
  'platform-flags': 1,
  synthetic: 0,
};

const BATCH = 400;
/** Rows at most per merge call: a caller streams a file in batches, never one unbounded array. */
export const MAX_MERGE_BATCH = 5_000;

export type MergeOutcome = 'added' | 'updated' | 'unchanged' | 'ambiguous' | 'invalid';

export interface MergeItemResult {
  outcome: MergeOutcome;
  /** The title's id (null when ambiguous or invalid). */
  id: string | null;
  /** Ambiguous: the candidates; invalid: why. */
  detail?: string;
}

export interface MergeTotals {
  added: number;
  updated: number;
  unchanged: number;
  ambiguous: number;
  invalid: number;
  retired: number;
}

export const emptyTotals = (): MergeTotals => ({ added: 0, updated: 0, unchanged: 0, ambiguous: 0, invalid: 0, retired: 0 });

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '' || (typeof v === 'string' && v === '[]');

/** The row as this source would write it: only the fields the source speaks about. */
function sourceFields(s: SourceTitle): Partial<Insertable<TitlesTable>> {
  const out: Partial<Insertable<TitlesTable>> = {};
  const set = <K extends keyof TitlesTable>(k: K, v: Insertable<TitlesTable>[K] | undefined) => {
    if (v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')) out[k] = v;
  };
  const list = (l: string[] | undefined) => (l && l.length ? JSON.stringify(l) : undefined);
  set('original_title', s.originalTitle && s.originalTitle !== s.title ? s.originalTitle : undefined);
  set('end_year', s.kind === 'series' ? s.endYear : undefined);
  set('genres', list(s.genres));
  set('language', s.language ?? undefined);
  set('runtime', s.kind === 'movie' ? s.runtime : undefined);
  set('seasons', s.kind === 'series' ? s.seasons : undefined);
  set('episode_runtime', s.kind === 'series' ? (s.episodeRuntime ?? undefined) : undefined);
  set('episodes', s.kind === 'series' ? (s.episodes ?? undefined) : undefined);
  set('imdb_rating', s.imdbRating);
  set('rotten_tomatoes', s.rottenTomatoes);
  set('vote_count', s.voteCount);
  set('description', s.description ?? undefined);
  set('keywords', list(s.keywords));
  set('director', s.director);
  set('cast_members', list(s.cast));
  set('age_rating', s.ageRating);
  set('tmdb_id', s.tmdbId);
  set('imdb_id', s.imdbId);
  set('poster_path', s.posterPath);
  set('backdrop_path', s.backdropPath);
  set('trailer_key', s.trailerKey);
  set('tmdb_rating', s.tmdbRating);
  return out;
}

/** Fields any source may fill but only a higher-or-equal source may overwrite. */
const DESCRIPTIVE = [
  'original_title', 'end_year', 'genres', 'language', 'runtime', 'seasons', 'episode_runtime', 'episodes', 'rotten_tomatoes',
  'description', 'keywords', 'director', 'cast_members', 'age_rating',
] as const;
/** Fields whose authority is one source, whatever owns the title. */
const AUTHORITY: Partial<Record<keyof TitlesTable, string>> = {
  imdb_rating: 'imdb-tsv',
  vote_count: 'imdb-tsv',
  poster_path: 'tmdb',
  backdrop_path: 'tmdb',
  trailer_key: 'tmdb',
  tmdb_rating: 'tmdb',
};

/** Applies a source's fields to an existing row; returns the changed columns (empty: unchanged). */
export function mergeRow(existing: TitleRow, source: string, fields: Partial<Insertable<TitlesTable>>): Partial<TitleRow> {
  const mine = (SOURCE_PRIORITY[source] ?? 0) >= (SOURCE_PRIORITY[existing.source] ?? 0);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields) as Array<[keyof TitlesTable, unknown]>) {
    const current = existing[key];
    if (value === undefined || String(current) === String(value)) continue;
    if (key === 'tmdb_id' || key === 'imdb_id') {
      if (current === null) changes[key] = value; // ids are filled, never rewritten
      continue;
    }
    const authority = AUTHORITY[key];
    if (authority) {
      if (authority === source || isEmpty(current)) changes[key] = value;
      continue;
    }
    if ((DESCRIPTIVE as readonly string[]).includes(key) && (mine || isEmpty(current))) changes[key] = value;
  }
  if (mine && existing.source !== source && Object.keys(changes).length) changes.source = source;
  return changes as Partial<TitleRow>;
}

function newRow(id: string, source: string, s: SourceTitle, now: string): Insertable<TitlesTable> {
  return {
    id,
    kind: s.kind,
    title: s.title.trim(),
    year: s.year,
    genres: '[]',
    language: '',
    description: '',
    keywords: '[]',
    cast_members: '[]',
    fame: 1,
    source,
    catalog_version: 1,
    created_at: now,
    updated_at: now,
    ...sourceFields(s),
  };
}

function validate(s: SourceTitle): string | null {
  if (s.kind !== 'movie' && s.kind !== 'series') return 'kind must be movie or series';
  if (typeof s.title !== 'string' || !s.title.trim()) return 'no title';
  if (s.title.length > 300) return 'title longer than 300 characters';
  if (!Number.isInteger(s.year) || s.year < 0 || s.year > 2100) return `bad year ${s.year}`;
  return null;
}

/**
 * Writes one source's titles. Open it once per run (it loads the matcher from the database),
 * then call write() with batches; each batch is one transaction, so a crash leaves whole batches.
 */
export class CatalogMerger {
  readonly totals = emptyTotals();
  private readonly platforms = new Set<string>();
  private readonly slugs = new Set<string>();

  private constructor(
    private readonly handle: DatabaseHandle,
    readonly source: SourceName,
    readonly matcher: TitleMatcher,
    private readonly now: () => Date,
  ) {}

  static async open(handle: DatabaseHandle, source: SourceName, opts: { now?: () => Date } = {}): Promise<CatalogMerger> {
    const rows = await handle.db.selectFrom('titles').select(MATCH_COLUMNS).execute();
    const merger = new CatalogMerger(handle, source, new TitleMatcher(rows.map(matchCandidate)), opts.now ?? (() => new Date()));
    for (const p of await handle.db.selectFrom('platforms').select(['name', 'slug']).execute()) {
      merger.platforms.add(p.name);
      merger.slugs.add(p.slug);
    }
    return merger;
  }

  /** Writes a batch (at most MAX_MERGE_BATCH records) in one transaction; one result per record. */
  async write(records: SourceTitle[]): Promise<MergeItemResult[]> {
    if (records.length > MAX_MERGE_BATCH) throw new RangeError(`at most ${MAX_MERGE_BATCH} titles per batch`);
    const stamp = this.now().toISOString();
    // Matching happens inside the transaction's callback so that a retry sees the same state; the
    // in-memory matcher is updated only after the commit.
    const pendingCandidates: MatchCandidate[] = [];
    const results = await writeTransaction(this.handle, async (tx) => {
      await lockCatalog(tx, this.handle.dialect);
      const out: MergeItemResult[] = [];
      const local = new TitleMatcher();
      const planned = new Map<string, { insert?: Insertable<TitlesTable>; fields: Partial<Insertable<TitlesTable>> }>();
      const offerPlans: Array<{ id: string; s: SourceTitle }> = [];
      const takenIds = new Set<string>();
      for (const s of records) {
        const problem = validate(s);
        if (problem) {
          out.push({ outcome: 'invalid', id: null, detail: problem });
          continue;
        }
        let m = this.matcher.match(s);
        if (m.kind === 'none') m = local.match(s);
        if (m.kind === 'ambiguous') {
          out.push({ outcome: 'ambiguous', id: null, detail: m.ids.join(', ') });
          continue;
        }
        const fields = sourceFields(s);
        if (m.kind === 'matched') {
          const prev = planned.get(m.id);
          if (prev?.insert) Object.assign(prev.insert, fields);
          else planned.set(m.id, { fields: { ...prev?.fields, ...fields } });
          out.push({ outcome: prev?.insert ? 'unchanged' : 'updated', id: m.id });
          offerPlans.push({ id: m.id, s });
          continue;
        }
        const id = this.freshId(titleId(s.kind, s.title.trim(), s.year), takenIds);
        takenIds.add(id);
        const insert = newRow(id, this.source, s, stamp);
        planned.set(id, { insert, fields });
        const cand = matchCandidate({ id, kind: s.kind, title: insert.title, original_title: insert.original_title ?? null, year: s.year, tmdb_id: insert.tmdb_id ?? null, imdb_id: insert.imdb_id ?? null });
        local.add(cand);
        pendingCandidates.push(cand);
        out.push({ outcome: 'added', id });
        offerPlans.push({ id, s });
      }

      // Updates: read the stored rows once, merge field by field.
      const updateIds = [...planned].filter(([, p]) => !p.insert).map(([id]) => id);
      const stored = new Map<string, TitleRow>();
      for (let i = 0; i < updateIds.length; i += BATCH) {
        for (const r of await tx.selectFrom('titles').selectAll().where('id', 'in', updateIds.slice(i, i + BATCH)).execute()) stored.set(r.id, r);
      }
      const changed = new Set<string>();
      for (const id of updateIds) {
        const row = stored.get(id);
        if (!row) continue;
        const changes = mergeRow(row, this.source, planned.get(id)!.fields);
        if (!Object.keys(changes).length) continue;
        changed.add(id);
        await tx.updateTable('titles').set({ ...changes, retired_at: null, updated_at: stamp }).where('id', '=', id).execute();
        pendingCandidates.push(matchCandidate({ ...row, ...changes }));
      }
      const inserts = [...planned.values()].flatMap((p) => (p.insert ? [p.insert] : []));
      for (let i = 0; i < inserts.length; i += BATCH) await tx.insertInto('titles').values(inserts.slice(i, i + BATCH)).execute();

      const offersChanged = await this.writeOffers(tx, offerPlans);
      for (const r of out) {
        if (r.outcome !== 'updated' || !r.id) continue;
        if (!changed.has(r.id) && !offersChanged.has(r.id)) r.outcome = 'unchanged';
      }
      if (inserts.length || changed.size || offersChanged.size) await bumpVersion(tx);
      return out;
    });
    for (const c of pendingCandidates) this.matcher.add(c);
    for (const r of results) this.totals[r.outcome] += 1;
    return results;
  }

  /** Marks titles this source owns as retired (it no longer lists them): never offered again. */
  async retire(ids: string[]): Promise<number> {
    let n = 0;
    const stamp = this.now().toISOString();
    await writeTransaction(this.handle, async (tx) => {
      for (let i = 0; i < ids.length; i += BATCH) {
        const res = await tx
          .updateTable('titles')
          .set({ retired_at: stamp, updated_at: stamp })
          .where('id', 'in', ids.slice(i, i + BATCH))
          .where('source', '=', this.source)
          .where('retired_at', 'is', null)
          .executeTakeFirst();
        n += Number(res.numUpdatedRows);
      }
      if (n) await bumpVersion(tx);
    });
    this.totals.retired += n;
    return n;
  }

  /**
   * Deletes this source's offers last confirmed before `asOf` (stale availability ages out);
   * `scope` limits it to the platforms and region one list speaks for (a service's list).
   */
  async expireOffers(asOf: string, scope: { platforms?: string[]; region?: string } = {}): Promise<number> {
    if (scope.platforms && !scope.platforms.length) return 0;
    return writeTransaction(this.handle, async (tx) => {
      let q = tx.deleteFrom('title_availability').where('source', '=', this.source).where('as_of', '<', asOf);
      if (scope.platforms) q = q.where('platform', 'in', scope.platforms);
      if (scope.region) q = q.where('region', '=', scope.region);
      const res = await q.executeTakeFirst();
      const n = Number(res.numDeletedRows);
      if (n) await bumpVersion(tx);
      return n;
    });
  }

  private freshId(base: string, taken: Set<string>): string {
    let id = base;
    for (let n = 2; this.matcher.has(id) || taken.has(id); n++) id = `${base}-${n}`;
    return id;
  }

  /** Creates platforms a source names that we do not list (kept under the source's name). */
  private async ensurePlatforms(tx: Tx, names: Iterable<string>): Promise<void> {
    for (const name of names) {
      if (this.platforms.has(name)) continue;
      let slug = slugify(name) || 'platform';
      for (let n = 2; this.slugs.has(slug); n++) slug = `${slugify(name) || 'platform'}-${n}`;
      await tx
        .insertInto('platforms')
        .values({ name, slug, color: '#4B5563', search_url: '', hosts: '[]' })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      this.platforms.add(name);
      this.slugs.add(slug);
    }
  }

  /** Replaces the source's offers of each title that came with offers; returns titles whose offers changed. */
  private async writeOffers(tx: Tx, plans: Array<{ id: string; s: SourceTitle }>): Promise<Set<string>> {
    const changed = new Set<string>();
    const withOffers = plans.filter((p) => p.s.offers !== undefined);
    if (!withOffers.length) return changed;
    await this.ensurePlatforms(tx, new Set(withOffers.flatMap((p) => p.s.offers!.map((o) => o.platform))));
    const ids = [...new Set(withOffers.map((p) => p.id))];
    const before = new Map<string, string[]>();
    for (let i = 0; i < ids.length; i += BATCH) {
      // By title only (the primary key's prefix): a filter on source would let the planner pick
      // the (source, as_of) index and scan every offer of the source, once per batch.
      const rows = await tx.selectFrom('title_availability').selectAll().where('title_id', 'in', ids.slice(i, i + BATCH)).execute();
      for (const r of rows) if (r.source === this.source) before.set(r.title_id, [...(before.get(r.title_id) ?? []), offerKey(r)]);
    }
    const rows = new Map<string, Insertable<TitleAvailabilityTable>>();
    const regionsOf = new Map<string, Set<string> | null>();
    const platformsOf = new Map<string, Set<string> | null>();
    const widen = (m: Map<string, Set<string> | null>, id: string, l: string[] | undefined) => {
      const prev = m.get(id);
      m.set(id, prev === null || !l ? null : new Set([...(prev ?? []), ...l]));
    };
    for (const { id, s } of withOffers) {
      widen(regionsOf, id, s.offerRegions);
      widen(platformsOf, id, s.offerPlatforms);
      for (const o of s.offers!) {
        const row = { title_id: id, platform: o.platform, region: o.region, kind: o.kind, as_of: o.as_of, link: o.link ?? null, source: this.source };
        rows.set(`${id}|${o.platform}|${o.region}|${o.kind}`, row);
      }
    }
    // Kept: this source's rows outside the replaced regions and platforms.
    const after = new Map<string, string[]>();
    for (const [id, keys] of before) {
      const regions = regionsOf.get(id);
      const platforms = platformsOf.get(id);
      if (!regions && !platforms) continue;
      for (const k of keys) {
        const [platform, region] = k.split('|');
        if ((regions && !regions.has(region)) || (platforms && !platforms.has(platform))) after.set(id, [...(after.get(id) ?? []), k]);
      }
    }
    for (const r of rows.values()) after.set(r.title_id, [...(after.get(r.title_id) ?? []), offerKey(r as Selectable<TitleAvailabilityTable>)]);
    for (const id of ids) {
      const a = (before.get(id) ?? []).sort().join(';');
      const b = (after.get(id) ?? []).sort().join(';');
      if (a !== b) changed.add(id);
    }
    const replace = ids.filter((id) => changed.has(id));
    for (const id of replace) {
      // The rows to go are known: delete each by its primary key (a per-title delete filtered on
      // source and platform lists made SQLite scan the source's offers for every title).
      const kept = new Set(after.get(id) ?? []);
      for (const k of before.get(id) ?? []) {
        if (kept.has(k)) continue;
        const [platform, region, kind] = k.split('|');
        await tx
          .deleteFrom('title_availability')
          .where('title_id', '=', id)
          .where('platform', '=', platform)
          .where('region', '=', region)
          .where('kind', '=', kind)
          .where('source', '=', this.source)
          .execute();
      }
    }
    const inserts = [...rows.values()].filter((r) => changed.has(r.title_id));
    for (let i = 0; i < inserts.length; i += BATCH) {
      await tx
        .insertInto('title_availability')
        .values(inserts.slice(i, i + BATCH))
        .onConflict((oc) => oc.columns(['title_id', 'platform', 'region', 'kind']).doUpdateSet((eb) => ({
          as_of: eb.ref('excluded.as_of'),
          link: eb.ref('excluded.link'),
          source: eb.ref('excluded.source'),
        })))
        .execute();
    }
    return changed;
  }
}

const offerKey = (r: Pick<Selectable<TitleAvailabilityTable>, 'platform' | 'region' | 'kind' | 'as_of' | 'link'>) =>
  `${r.platform}|${r.region}|${r.kind}|${r.as_of}|${r.link ?? ''}`;

/** Every catalog change moves the version, so running servers reload (CatalogStore). */
async function bumpVersion(tx: Tx): Promise<void> {
  const meta = await readMeta(tx);
  await writeMeta(tx, { [META.version]: String(Number(meta.get(META.version) ?? 0) + 1) });
}
