// This product's own account export (GET /api/account/export, the JSON), read back as a history
// file: each history row the user watched or rated, and the watchlist. Titles are found by the
// ids the export carries (our title id, then TMDB and IMDb ids), so a remake never takes the
// place of its original; the name and year are only the last resort (an export from before ids).
import { z } from 'zod';
import { EntryMap, fail, parseDate } from './common.js';
import { parseJson } from './trakt.js';
import type { ImportedEntry } from './types.js';

const FORMAT = 'tonights-pick-account-export';

/** True when a JSON text is our export: its first key says so (JSON.stringify keeps key order). */
export function isTonightsPickExport(text: string): boolean {
  return new RegExp(`^\\s*\\{\\s*"format"\\s*:\\s*"${FORMAT}"`).test(text.slice(0, 256));
}

const Ids = {
  title_id: z.string().max(200),
  title: z.string().max(1000).nullable(),
  imdb_id: z.string().max(20).nullable().optional(),
  tmdb_id: z.number().int().nullable().optional(),
  tmdb_kind: z.enum(['movie', 'tv']).nullable().optional(),
  year: z.number().int().nullable().optional(),
  kind: z.enum(['movie', 'series']).nullable().optional(),
};
const ExportFile = z.object({
  format: z.literal(FORMAT),
  history: z.array(
    z.object({
      ...Ids,
      title: z.string().max(1000),
      status: z.string().max(40),
      rating: z.enum(['liked', 'disliked']).nullable(),
      created_at: z.string().max(40),
    }),
  ),
  watchlist: z.array(z.object({ ...Ids, added_at: z.string().max(40) })).default([]),
});
type Row = z.infer<typeof ExportFile>['history'][number] | z.infer<typeof ExportFile>['watchlist'][number];

function entryOf(r: Row, line: number): ImportedEntry {
  const kind = r.kind ?? null;
  // TMDB numbers movies and TV apart: its id only means something with the matching kind.
  const tmdbMatches = r.tmdb_kind != null && kind !== null && (r.tmdb_kind === 'tv') === (kind === 'series');
  return {
    name: r.title ?? r.title_id,
    year: r.year ?? null,
    kind,
    imdbId: r.imdb_id ?? null,
    tmdbId: tmdbMatches ? (r.tmdb_id ?? null) : null,
    titleId: r.title_id,
    sourceRating: null,
    liked: null,
    watched: false,
    watchlist: false,
    happenedAt: null,
    line,
  };
}

export function parseTonightsPick(where: string, text: string): { entries: ImportedEntry[]; rowsRead: number } {
  const parsed = ExportFile.safeParse(parseJson(where, text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`${where} is not a Tonight's Pick export we can read (${issue.path.join('.') || 'the file'}: ${issue.message}).`);
  }
  const { history, watchlist } = parsed.data;
  const titles = new EntryMap<ImportedEntry>(where);
  history.forEach((h, i) => {
    const watched = h.status === 'watched';
    // A pick passed over without a rating says nothing of the user's taste.
    if (!watched && h.rating === null) return;
    const e = titles.get(h.title_id, () => entryOf(h, i + 1));
    e.watched ||= watched;
    if (h.rating !== null) {
      e.liked = h.rating === 'liked';
      e.sourceRating = h.rating;
    }
    // The day it was picked (or the day an imported file gave): where the history shows it.
    e.happenedAt = parseDate(h.created_at) ?? e.happenedAt;
  });
  watchlist.forEach((w, i) => {
    const e = titles.get(w.title_id, () => ({ ...entryOf(w, history.length + i + 1), happenedAt: parseDate(w.added_at) }));
    e.watchlist = !e.watched && e.liked === null;
  });
  if (history.length + watchlist.length === 0) fail(`${where} holds no history and no watchlist: there is nothing to import.`);
  return { entries: titles.values(), rowsRead: history.length + watchlist.length };
}
