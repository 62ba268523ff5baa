// The platforms behind TMDB's providers, in the database (docs/catalog.md, "Providers"): which
// platform each TMDB id already has, and each platform's TMDB id and logo.
import type { DatabaseHandle } from '../../db/connection.js';
import { writeTransaction } from '../../db/transaction.js';
import { ProviderLabels, providerIdsOf, providersOf } from './tmdb-platforms.js';
import type { TmdbMovieDetails, TmdbTvDetails } from '../../integrations/tmdb/types.js';

/** Platforms earlier runs made for providers we do not list: they keep their name when TMDB renames the provider. */
export async function knownProviders(handle: DatabaseHandle): Promise<ProviderLabels> {
  const rows = await handle.db.selectFrom('platforms').select(['name', 'tmdb_provider_id']).where('tmdb_provider_id', 'is not', null).execute();
  return new ProviderLabels(rows.map((r) => ({ id: Number(r.tmdb_provider_id), name: r.name })));
}

/**
 * Gives platforms TMDB named their TMDB provider id and logo, once per run, where unset; one of ours
 * also where it holds an id that is not one of its own (an earlier sync's name match put provider
 * 2, Apple's store, and its logo on Apple TV+).
 */
export async function rememberProviders(
  handle: DatabaseHandle,
  fetched: Array<{ details: TmdbMovieDetails | TmdbTvDetails | null | undefined }>,
  regions: string[],
  done: Set<string>,
  labels: ProviderLabels,
): Promise<void> {
  const seen = new Map<string, { id: number; logo: string | null }>();
  for (const f of fetched) {
    if (!f.details) continue;
    for (const [name, p] of providersOf(f.details['watch/providers'], regions, labels)) if (!done.has(name) && !seen.has(name)) seen.set(name, p);
  }
  if (!seen.size) return;
  await writeTransaction(handle, async (tx) => {
    for (const [name, p] of seen) {
      const ids = providerIdsOf(name);
      const r = await tx
        .updateTable('platforms')
        .set({ tmdb_provider_id: p.id, logo_path: p.logo })
        .where('name', '=', name)
        .where((eb) => (ids.length ? eb.or([eb('tmdb_provider_id', 'is', null), eb('tmdb_provider_id', 'not in', ids)]) : eb('tmdb_provider_id', 'is', null)))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) labels.add(p.id, name);
      done.add(name);
    }
  });
}
