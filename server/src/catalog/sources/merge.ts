// The one merge every catalog source writes through (docs/catalog.md). A batch of SourceTitles is
// matched (matcher.ts) and written in one transaction: new titles get a stable id, known titles
// are enriched field by field by source priority, and the source's offers replace its own earlier
// offers. User data points at title ids, which never change, so re-imports keep it attached.
import type { Insertable, Selectable } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.js';
import { writeTransaction, type Tx } from '../../db/transaction.js';
import type { TitlesTable } from '../../db/schema.js';
import { META, lockCatalog, readMeta, writeMeta } from '../catalog.repository.js';
import { titleId } from '../ids.js';
import { MATCH_COLUMNS, TitleMatcher, matchCandidate, type MatchCandidate } from './matcher.js';
import { mergeRow, newRow, sourceFields, validate } from './merge-fields.js';
import { BATCH, writeOffers, type KnownPlatforms } from './merge-offers.js';
import type { SourceName, SourceTitle } from './types.js';

type TitleRow = Selectable<TitlesTable>;

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

/**
 * Writes one source's titles. Open it once per run (it loads the matcher from the database),
 * then call write() with batches; each batch is one transaction, so a crash leaves whole batches.
 */
export class CatalogMerger {
  readonly totals = emptyTotals();
  private readonly known: KnownPlatforms = { names: new Set(), slugs: new Set() };

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
      merger.known.names.add(p.name);
      merger.known.slugs.add(p.slug);
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
        const cand = matchCandidate({ id, kind: s.kind, title: insert.title, original_title: insert.original_title ?? null, year: s.year, tmdb_id: insert.tmdb_id ?? null, imdb_id: insert.imdb_id ?? null, runtime: insert.runtime ?? null, end_year: insert.end_year ?? null });
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

      const offersChanged = await writeOffers(tx, this.source, this.known, offerPlans);
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
}

/** Every catalog change moves the version, so running servers reload (CatalogStore). */
async function bumpVersion(tx: Tx): Promise<void> {
  const meta = await readMeta(tx);
  await writeMeta(tx, { [META.version]: String(Number(meta.get(META.version) ?? 0) + 1) });
}
