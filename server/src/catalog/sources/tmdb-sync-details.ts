// Step 3 of the TMDB sync (tmdb-sync.ts): the queued titles' details fetched, merged and marked
// done one batch at a time, so a stopped run leaves exactly the rest pending.
import type { DatabaseHandle } from '../../db/connection.js';
import { writeTransaction } from '../../db/transaction.js';
import { TmdbAuthError, type TmdbClient } from '../../integrations/tmdb/client.js';
import type { TmdbMovieDetails, TmdbTvDetails } from '../../integrations/tmdb/types.js';
import { movieToSource, tvToSource } from './tmdb-mapping.js';
import { translationsOf } from './tmdb-translations.js';
import { replaceTranslations } from '../catalog.repository.js';
import { knownProviders, rememberProviders } from './tmdb-providers.js';
import type { CatalogMerger } from './merge.js';
import { describeTotals, Progress } from './progress.js';
import type { SourceTitle } from './types.js';
import { KINDS, SOURCE, type Kind, type TmdbSyncOptions, type TmdbSyncResult } from './tmdb-sync-options.js';

interface DetailsRun {
  runId: string;
  today: string;
  batchSize: number;
  result: TmdbSyncResult;
  stopped: () => boolean;
}

/** Step 3: fetch, merge and mark done, one batch at a time. */
export async function details(handle: DatabaseHandle, client: TmdbClient, merger: CatalogMerger, opts: TmdbSyncOptions, run: DetailsRun): Promise<void> {
  const maxAttempts = opts.maxAttempts ?? 3;
  const pendingTotal = await handle.db
    .selectFrom('catalog_sync_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source', '=', SOURCE)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const progress = opts.out ? new Progress({ unit: 'titles', total: Number(pendingTotal.n), out: opts.out }) : null;
  const logosDone = new Set<string>();
  const labels = await knownProviders(handle);
  // Bounded: every batch marks each of its items tried by this run, so none is taken twice.
  for (;;) {
    if (run.stopped()) break;
    const batch = await handle.db
      .selectFrom('catalog_sync_items')
      .select(['kind', 'external_id', 'attempts'])
      .where('source', '=', SOURCE)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('run_id', 'is', null), eb('run_id', '!=', run.runId)]))
      .orderBy('queued_at')
      .orderBy('kind')
      .orderBy('external_id')
      .limit(run.batchSize)
      .execute();
    if (!batch.length) break;

    const fetched = await Promise.all(
      batch.map(async (item) => {
        const kind = item.kind as Kind;
        const id = Number(item.external_id);
        try {
          const d = kind === 'movie' ? await client.movie(id) : await client.tv(id);
          return { kind, id, attempts: Number(item.attempts), details: d, error: null as string | null };
        } catch (err) {
          if (err instanceof TmdbAuthError) throw err;
          return { kind, id, attempts: Number(item.attempts), details: undefined, error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );

    const records: SourceTitle[] = [];
    const recordOf: Array<(typeof fetched)[number]> = [];
    const gone: Array<(typeof fetched)[number]> = [];
    for (const f of fetched) {
      if (f.details === null) gone.push(f);
      else if (f.details) {
        const mapOpts = { regions: opts.regions, asOf: run.today, providers: labels };
        records.push(f.kind === 'movie' ? movieToSource(f.details as TmdbMovieDetails, mapOpts) : tvToSource(f.details as TmdbTvDetails, mapOpts));
        recordOf.push(f);
      }
    }
    const outcomes = records.length ? await merger.write(records) : [];
    // The titles' names and overviews in our other languages, from the same details response.
    const translated = recordOf.flatMap((f, i) => {
      const id = outcomes[i]?.id;
      if (!id || outcomes[i].outcome === 'invalid' || outcomes[i].outcome === 'ambiguous') return [];
      return [{ titleId: id, translations: translationsOf(f.kind === 'movie' ? 'movie' : 'series', f.details!) }];
    });
    if (translated.length) await writeTransaction(handle, (tx) => replaceTranslations(tx, SOURCE, translated, new Date().toISOString()));
    await rememberProviders(handle, fetched, opts.regions, logosDone, labels);

    // 404: TMDB no longer has it; a title TMDB brought in is retired (merge retires only its own).
    if (gone.length) {
      const ids: string[] = [];
      for (const kind of KINDS) {
        const tmdbIds = gone.filter((g) => g.kind === kind).map((g) => g.id);
        if (!tmdbIds.length) continue;
        const rows = await handle.db.selectFrom('titles').select('id').where('kind', '=', kind === 'tv' ? 'series' : 'movie').where('tmdb_id', 'in', tmdbIds).execute();
        ids.push(...rows.map((r) => r.id));
      }
      if (ids.length) await merger.retire(ids);
    }

    const at = new Date().toISOString();
    await writeTransaction(handle, async (tx) => {
      for (let i = 0; i < recordOf.length; i++) {
        const f = recordOf[i];
        const o = outcomes[i];
        const ok = o.outcome !== 'invalid' && o.outcome !== 'ambiguous';
        await tx
          .updateTable('catalog_sync_items')
          .set({ status: ok ? 'done' : 'failed', run_id: run.runId, title_id: o.id, offers_as_of: ok ? run.today : null, attempts: 0, error: ok ? null : `${o.outcome}: ${o.detail ?? ''}`.slice(0, 500), updated_at: at })
          .where('source', '=', SOURCE).where('kind', '=', f.kind).where('external_id', '=', f.id)
          .execute();
      }
      for (const g of gone) {
        await tx
          .updateTable('catalog_sync_items')
          .set({ status: 'done', run_id: run.runId, offers_as_of: null, error: 'not found on TMDB (404)', updated_at: at })
          .where('source', '=', SOURCE).where('kind', '=', g.kind).where('external_id', '=', g.id)
          .execute();
      }
      for (const f of fetched.filter((x) => x.error !== null)) {
        const attempts = f.attempts + 1;
        await tx
          .updateTable('catalog_sync_items')
          .set({ status: attempts >= maxAttempts ? 'failed' : 'pending', run_id: run.runId, attempts, error: f.error!.slice(0, 500), updated_at: at })
          .where('source', '=', SOURCE).where('kind', '=', f.kind).where('external_id', '=', f.id)
          .execute();
      }
    });
    run.result.failed += fetched.filter((x) => x.error !== null).length;
    run.result.processed += batch.length;
    progress?.tick(batch.length, describeTotals({ ...merger.totals, invalid: merger.totals.invalid + run.result.failed }));
    opts.onBatch?.(run.result.processed, Number(pendingTotal.n));
  }
}
