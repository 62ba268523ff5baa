// Matching a history file's entries against the catalog with the one matcher every catalog source
// uses (catalog/sources/matcher.ts). The matcher is built once per catalog snapshot: the store
// hands out the same titles array until the catalog version moves, so the array is the cache key
// (as engine-index.ts does), and a reload builds a fresh matcher while the old one is collected.
import type { CatalogEntry } from '../../catalog/catalog.store.js';
import { TitleMatcher, type MatchResult } from '../../catalog/sources/matcher.js';
import type { ImportedEntry } from './parsers/types.js';

export interface ImportCatalog {
  matcher: TitleMatcher<CatalogEntry>;
  /** Offerable titles by id: a title missing here has left the catalog (or was retired). The matcher itself: it holds them. */
  byId: Pick<ReadonlyMap<string, CatalogEntry>, 'get' | 'has'>;
}

const cache = new WeakMap<readonly CatalogEntry[], ImportCatalog>();

export function importCatalogFor(titles: readonly CatalogEntry[]): ImportCatalog {
  let found = cache.get(titles);
  if (!found) {
    // The entries are the candidates (they have every field the matcher reads): the catalog is
    // not copied, and the matcher's own id map answers byId.
    const matcher = new TitleMatcher<CatalogEntry>(titles);
    found = { matcher, byId: matcher };
    cache.set(titles, found);
  }
  return found;
}

export type EntryMatch = { kind: 'matched'; id: string } | { kind: 'ambiguous'; ids: string[] } | { kind: 'none' };

function tryKind(matcher: TitleMatcher, e: ImportedEntry, kind: 'movie' | 'series'): MatchResult {
  return matcher.match({ kind, title: e.name, originalTitle: e.originalName ?? null, year: e.year ?? 0, tmdbId: e.tmdbId, imdbId: e.imdbId, runtime: e.runtime ?? null, short: e.short });
}

/**
 * One entry against the catalog. An entry whose kind the file does not say (Netflix rows that are
 * not episodes) is tried as a movie and as a series: one title found either way is a match, more
 * than one (from either or both) is ambiguous. With a likely kind (Letterboxd's rows are mostly
 * films), the other kind is tried only when the likely one finds nothing.
 */
export function matchEntry(matcher: TitleMatcher, e: ImportedEntry): EntryMatch {
  // Our own export names our title: on this catalog, that is the title (ids elsewhere, then names).
  if (e.titleId && matcher.has(e.titleId)) return { kind: 'matched', id: e.titleId };
  const kinds: Array<'movie' | 'series'> = e.kind ? [e.kind] : e.likelyKind === 'series' ? ['series', 'movie'] : ['movie', 'series'];
  const ids = new Set<string>();
  for (const kind of kinds) {
    if (ids.size > 0 && e.likelyKind) break;
    const m = tryKind(matcher, e, kind);
    if (m.kind === 'matched') ids.add(m.id);
    else if (m.kind === 'ambiguous') for (const id of m.ids) ids.add(id);
  }
  if (ids.size === 0) return { kind: 'none' };
  if (ids.size === 1) return { kind: 'matched', id: [...ids][0] };
  return { kind: 'ambiguous', ids: [...ids].sort() };
}
