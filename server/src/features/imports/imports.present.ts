// Stored imports as the shared contract's preview and summary: the counts a row carries, its items
// as matched and ambiguous entries, and the summary every import endpoint answers with.
import { IMPORT_SOURCES, type ImportAmbiguous, type ImportCounts, type ImportMatched, type ImportSource, type ImportSummary } from '@app/shared';
import type { ImportCatalog } from './imports.matching.js';
import type { ResolvedEntry } from './imports.plan.js';
import type { ImportItemRow, ImportRow } from './imports.repository.js';

export const sourceOf = (s: string): ImportSource => ((IMPORT_SOURCES as readonly string[]).includes(s) ? (s as ImportSource) : 'letterboxd');
export const EMPTY_COUNTS: ImportCounts = { likes: 0, dislikes: 0, watched: 0, watchlist: 0, already_in_history: 0 };

/** The counts an import row stores (JSON), or null when absent or unreadable. */
export function parseCounts(json: string | null): ImportCounts | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as Partial<ImportCounts>;
    return {
      likes: Number(v.likes ?? 0),
      dislikes: Number(v.dislikes ?? 0),
      watched: Number(v.watched ?? 0),
      watchlist: Number(v.watchlist ?? 0),
      already_in_history: Number(v.already_in_history ?? 0),
    };
  } catch {
    return null;
  }
}

export function countsOf(json: string | null): ImportCounts {
  return parseCounts(json) ?? { ...EMPTY_COUNTS };
}

/**
 * The counts an import row carries: a preview's estimate as of its upload, a confirmed (or undone)
 * import's what it wrote, and nothing for a preview that was discarded.
 */
export function storedCounts(row: ImportRow): ImportCounts {
  return row.status === 'preview' || row.confirmed_at !== null ? countsOf(row.applied) : { ...EMPTY_COUNTS };
}

/** A stored item as the entry it resolves to (matched items only). */
export function resolvedOf(item: ImportItemRow, titleId: string): ResolvedEntry {
  return {
    position: Number(item.position),
    titleId,
    liked: item.liked === null ? null : Number(item.liked) === 1,
    watched: Number(item.watched) === 1,
    watchlist: Number(item.watchlist) === 1,
    happenedAt: item.happened_at,
  };
}

export function candidateIds(item: ImportItemRow): string[] {
  if (!item.candidates) return [];
  try {
    const v: unknown = JSON.parse(item.candidates);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

function entryFacts(item: ImportItemRow) {
  return {
    position: Number(item.position),
    name: item.name,
    year: item.year === null ? null : Number(item.year),
    source_rating: item.source_rating,
    liked: item.liked === null ? null : Number(item.liked) === 1,
    watched: Number(item.watched) === 1,
    watchlist: Number(item.watchlist) === 1,
  };
}

export function previewLists(items: readonly ImportItemRow[], cat: ImportCatalog, history: ReadonlySet<string>) {
  const matched: ImportMatched[] = [];
  const ambiguous: ImportAmbiguous[] = [];
  for (const item of items) {
    if (item.title_id !== null) {
      // A title that has left the catalog since the preview keeps the file's name (confirming skips it).
      const t = cat.byId.get(item.title_id);
      matched.push({
        ...entryFacts(item),
        title_id: item.title_id,
        title: t?.title ?? item.name,
        title_year: t?.year ?? (item.year === null ? 0 : Number(item.year)),
        kind: t?.kind ?? 'movie',
        already_in_history: history.has(item.title_id),
      });
    } else if (item.candidates !== null) {
      const candidates = candidateIds(item).flatMap((id) => {
        const t = cat.byId.get(id);
        return t ? [{ title_id: t.id, title: t.title, year: t.year, kind: t.kind }] : [];
      });
      ambiguous.push({ ...entryFacts(item), candidates });
    }
  }
  return { matched, ambiguous };
}

export function summaryOf(row: ImportRow, counts: ImportCounts, matched: number, ambiguous: number, sameFileAt: string | null): ImportSummary {
  return {
    import_id: row.id,
    source: sourceOf(row.source),
    filename: row.filename,
    status: row.status === 'confirmed' || row.status === 'undone' ? row.status : 'preview',
    rows_read: Number(row.rows_read),
    matched_count: matched,
    ambiguous_count: ambiguous,
    unmatched_count: Number(row.unmatched_count),
    counts,
    same_file_imported_at: sameFileAt,
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
    undone_at: row.undone_at,
  };
}
