// What confirming an import writes, decided without I/O (docs/product-decisions.md, "Bring your
// taste"): one history row per title the user has no history row for, a watchlist entry per
// title only saved for later, and nothing for titles already in history or gone from the catalog.
import type { ImportCounts } from '@app/shared';

/** An entry of the file resolved to one catalog title (matched, or an ambiguous one the user chose). */
export interface ResolvedEntry {
  position: number;
  titleId: string;
  liked: boolean | null;
  watched: boolean;
  watchlist: boolean;
  /** YYYY-MM-DD or null. */
  happenedAt: string | null;
}

export interface ImportPlan {
  /** History rows to write, oldest first (by the file's date, then its order). */
  history: ResolvedEntry[];
  watchlist: ResolvedEntry[];
  counts: ImportCounts;
}

/**
 * Several entries naming one title (two spellings in the file, or a chosen candidate that another
 * entry matched) become one: watched if any says so, the latest rating given (by date, then file
 * order), saved for later only if never watched.
 */
function mergeByTitle(entries: readonly ResolvedEntry[]): ResolvedEntry[] {
  const byTitle = new Map<string, ResolvedEntry>();
  const ordered = [...entries].sort((a, b) => compareHappened(a, b) || a.position - b.position);
  for (const e of ordered) {
    const prev = byTitle.get(e.titleId);
    if (!prev) {
      byTitle.set(e.titleId, { ...e });
      continue;
    }
    prev.watched ||= e.watched;
    if (e.liked !== null) prev.liked = e.liked;
    prev.watchlist = (prev.watchlist || e.watchlist) && !prev.watched;
    prev.position = Math.min(prev.position, e.position);
    prev.happenedAt = e.happenedAt ?? prev.happenedAt;
  }
  return [...byTitle.values()];
}

/** Unknown dates sort first (oldest): a dated entry is never made older than an undated one. */
function compareHappened(a: ResolvedEntry, b: ResolvedEntry): number {
  if (a.happenedAt === b.happenedAt) return 0;
  if (a.happenedAt === null) return -1;
  if (b.happenedAt === null) return 1;
  return a.happenedAt < b.happenedAt ? -1 : 1;
}

export function planImport(
  entries: readonly ResolvedEntry[],
  inCatalog: (titleId: string) => boolean,
  history: ReadonlySet<string>,
  saved: ReadonlySet<string>,
): ImportPlan {
  const counts: ImportCounts = { likes: 0, dislikes: 0, watched: 0, watchlist: 0, already_in_history: 0 };
  const toHistory: ResolvedEntry[] = [];
  const toWatchlist: ResolvedEntry[] = [];
  for (const e of mergeByTitle(entries.filter((x) => inCatalog(x.titleId)))) {
    if (history.has(e.titleId)) {
      // Confirming never changes an existing history row (the user's own rating stands).
      counts.already_in_history++;
    } else if (e.watched || e.liked !== null) {
      toHistory.push(e);
      if (e.liked === true) counts.likes++;
      if (e.liked === false) counts.dislikes++;
      if (e.watched) counts.watched++;
    } else if (e.watchlist && !saved.has(e.titleId)) {
      toWatchlist.push(e);
      counts.watchlist++;
    }
  }
  toHistory.sort((a, b) => compareHappened(a, b) || a.position - b.position);
  return { history: toHistory, watchlist: toWatchlist, counts };
}

/**
 * The seqs of n imported rows: below every seq the user has (minSeq; null: none) and below zero,
 * the first row (the oldest) the smallest, so the engine reads imports as older than every pick,
 * history (seq desc) lists them last, and the next pick's seq (max + 1) is unchanged.
 */
export function importSeqs(n: number, minSeq: number | null): number[] {
  const ceiling = Math.min(minSeq ?? 0, 0);
  return Array.from({ length: n }, (_, i) => ceiling - n + i);
}
