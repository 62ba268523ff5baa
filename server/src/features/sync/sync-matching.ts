// A synced title against the catalog, with the one matcher every source uses
// (catalog/sources/matcher.ts): our own id when the sender resolved it, then TMDB and IMDb ids,
// then name and year. A title whose kind the source does not say is tried as both; anything but
// one title is no match (a sync cannot ask the user which one they meant, as an import does).
import type { CatalogEntry } from '../../catalog/catalog.store.js';
import { TitleMatcher } from '../../catalog/sources/matcher.js';
import type { TitleRef } from './sync-event.js';

/** Built once per catalog snapshot: the store hands out the same array until the catalog moves. */
const matchers = new WeakMap<readonly CatalogEntry[], TitleMatcher<CatalogEntry>>();

export function matcherFor(titles: readonly CatalogEntry[]): TitleMatcher<CatalogEntry> {
  let m = matchers.get(titles);
  if (!m) {
    m = new TitleMatcher<CatalogEntry>(titles);
    matchers.set(titles, m);
  }
  return m;
}

/** `inLibrary`: the titles of the person's library items this batch names (TitleRef.libraryItemId). */
export function matchRef(matcher: TitleMatcher<CatalogEntry>, ref: TitleRef, inLibrary?: ReadonlyMap<string, string>): CatalogEntry | undefined {
  if (ref.titleId) return matcher.get(ref.titleId);
  const owned = ref.libraryItemId ? inLibrary?.get(ref.libraryItemId) : undefined;
  if (owned && matcher.has(owned)) return matcher.get(owned);
  const found = new Set<string>();
  for (const kind of ref.kind ? [ref.kind] : (['movie', 'series'] as const)) {
    const m = matcher.match({
      kind,
      title: ref.name,
      originalTitle: ref.originalName ?? null,
      year: ref.year ?? 0,
      tmdbId: ref.tmdbId ?? null,
      imdbId: ref.imdbId ?? null,
    });
    if (m.kind === 'matched') found.add(m.id);
    else if (m.kind === 'ambiguous') return undefined;
  }
  return found.size === 1 ? matcher.get([...found][0]) : undefined;
}
