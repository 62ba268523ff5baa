// The export's two CSV files (docs/product-decisions.md, "Your data: export and deletion"): ours,
// one row per recommendation with the ids that find each title again, and one in Letterboxd's
// import format (https://letterboxd.com/about/importing-data/), so the films can be taken there.
import type { AccountExport } from '@app/shared';

const CSV_COLUMNS = ['recommended_at', 'title', 'title_id', 'status', 'rating', 'rated_at', 'mood', 'platform', 'reason', 'closed_at', 'imdb_id', 'tmdb_id', 'tmdb_kind', 'year', 'kind'] as const;

/**
 * One field of RFC 4180 CSV. A field a spreadsheet would read as a formula (= + - @ at the start)
 * is prefixed with an apostrophe, so opening the file never runs anything.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const lines = (rows: Array<ReadonlyArray<string | number | null>>) => `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/** Ratings and history, one row per recommendation in the order they were given. */
export function historyCsv(data: AccountExport): string {
  return lines([
    CSV_COLUMNS,
    ...data.history.map((h) => [h.created_at, h.title, h.title_id, h.status, h.rating, h.rated_at, h.mood, h.platform, h.reason, h.closed_at, h.imdb_id, h.tmdb_id, h.tmdb_kind, h.year, h.kind]),
  ]);
}

/**
 * Our like and dislike as Letterboxd stars (0.5-5): a like is 4 stars (Letterboxd's own importer
 * here reads 3.5 or more as a like), a dislike 1.5 (2 or less is a dislike); watched without a
 * rating has none. We keep no finer rating than that, so the file claims none.
 */
const LETTERBOXD_STARS = { liked: 4, disliked: 1.5 } as const;

const LETTERBOXD_COLUMNS = ['imdbID', 'tmdbID', 'Title', 'Year', 'Rating', 'WatchedDate', 'Rewatch'] as const;

/**
 * The films of the history the user watched or rated, in Letterboxd's import format. Series are
 * left out (Letterboxd lists films only), and so are picks skipped without a rating (no taste
 * either way). WatchedDate is the day the title was picked (or the imported file's date).
 */
export function letterboxdCsv(data: AccountExport): string {
  const rows = data.history.filter((h) => h.kind !== 'series' && (h.status === 'watched' || h.rating !== null));
  return lines([
    LETTERBOXD_COLUMNS,
    ...rows.map((h) => [
      h.imdb_id,
      h.tmdb_kind === 'movie' ? h.tmdb_id : null,
      h.title,
      h.year,
      h.rating === null ? null : LETTERBOXD_STARS[h.rating],
      h.status === 'watched' ? h.created_at.slice(0, 10) : null,
      'false',
    ]),
  ]);
}
