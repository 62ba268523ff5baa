// Bring your taste: history imports (preview, confirm, undo), the watchlist, and history edits.
import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_SOURCE_PROBLEM, IMPORT_SOURCES } from '../constants.js';
import { ErrorBody } from './common.js';
import { Recommendation } from './recommendations.js';

/** A user's watchlist holds at most this many titles (saving one more answers 409). */
export const WATCHLIST_MAX = 500;

export const ImportSource = z.enum(IMPORT_SOURCES, { error: IMPORT_SOURCE_PROBLEM });
export type ImportSource = z.infer<typeof ImportSource>;

/**
 * POST /api/imports as JSON (the web app's way; multipart field `file` works too). A .zip is sent
 * base64-encoded; CSV and JSON files as text.
 */
export const CreateImportRequest = z
  .object({
    filename: z.string().trim().min(1, 'filename is required').max(255, 'filename is too long'),
    // base64 of 10 MB is 13.4 M characters.
    content: z.string({ error: 'content is required' }).max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4, 'The file is larger than 10 MB'),
    encoding: z.enum(['text', 'base64']).default('text'),
    source: ImportSource.optional(),
    /** Whose history a Netflix ViewingActivity.csv is, when it holds several profiles. */
    profile: z.string().trim().min(1, 'profile must not be empty').max(100, 'profile is too long').optional(),
  })
  .strict();
export type CreateImportRequest = z.input<typeof CreateImportRequest>;

/** POST /api/imports' 400 for a Netflix ViewingActivity.csv of several profiles and none (or one it lacks) chosen. */
export const ImportProfileRefusal = ErrorBody.extend({ profiles: z.array(z.string()) });
export type ImportProfileRefusal = z.infer<typeof ImportProfileRefusal>;

/** A catalog title as a small card (watchlist rows, import previews). */
export const TitleCard = Recommendation.pick({
  title_id: true,
  kind: true,
  movie_title: true,
  original_title: true,
  movie_description: true,
  year: true,
  end_year: true,
  genre: true,
  genres: true,
  language: true,
  runtime: true,
  seasons: true,
  rotten_tomatoes: true,
  imdb_rating: true,
  tmdb_rating: true,
  platform: true,
  region: true,
  where_to_watch: true,
  platform_logo_url: true,
  watch_url: true,
  poster_url: true,
  poster_fallback_url: true,
  trailer_url: true,
  director: true,
  cast: true,
});
export type TitleCard = z.infer<typeof TitleCard>;

/** What one entry of the file says, after the source's thresholds. */
const EntryFacts = {
  /** The entry's position in the preview (choices refer to it). */
  position: z.number().int(),
  /** The name and year as the file wrote them. */
  name: z.string(),
  year: z.number().int().nullable(),
  /** The file's own rating as written ("4.5/5", "8/10"), or null. */
  source_rating: z.string().nullable(),
  /** true like, false dislike, null neither (watched or saved only). */
  liked: z.boolean().nullable(),
  watched: z.boolean(),
  watchlist: z.boolean(),
};

export const ImportMatched = z.object({
  ...EntryFacts,
  title_id: z.string(),
  title: z.string(),
  title_year: z.number().int(),
  kind: z.enum(['movie', 'series']),
  /** The title is already in the user's history: confirming leaves that row as it is. */
  already_in_history: z.boolean(),
});
export type ImportMatched = z.infer<typeof ImportMatched>;

export const ImportCandidate = z.object({
  title_id: z.string(),
  title: z.string(),
  year: z.number().int(),
  kind: z.enum(['movie', 'series']),
});
export type ImportCandidate = z.infer<typeof ImportCandidate>;

export const ImportAmbiguous = z.object({ ...EntryFacts, candidates: z.array(ImportCandidate) });
export type ImportAmbiguous = z.infer<typeof ImportAmbiguous>;

export const ImportUnmatched = z.object({ name: z.string(), year: z.number().int().nullable() });

/** What an import wrote (or, in a preview, would write). */
export const ImportCounts = z.object({
  likes: z.number().int(),
  dislikes: z.number().int(),
  watched: z.number().int(),
  watchlist: z.number().int(),
  already_in_history: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ImportStatus = z.enum(['preview', 'confirmed', 'undone']);

export const ImportSummary = z.object({
  import_id: z.string(),
  source: ImportSource,
  filename: z.string(),
  status: ImportStatus,
  rows_read: z.number().int(),
  matched_count: z.number().int(),
  ambiguous_count: z.number().int(),
  unmatched_count: z.number().int(),
  /** Preview: what confirming would write if every ambiguous entry stayed unchosen. Confirmed: what it wrote. */
  counts: ImportCounts,
  /** An earlier confirmed import of the very same file, if any (re-importing it changes nothing). */
  same_file_imported_at: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  undone_at: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

/** POST /api/imports and GET /api/imports/:id: the preview. */
export const ImportPreview = ImportSummary.extend({
  matched: z.array(ImportMatched),
  ambiguous: z.array(ImportAmbiguous),
  /** The entries not in the catalog (the first 1,000; unmatched_count counts them all). */
  unmatched: z.array(ImportUnmatched),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ConfirmImportRequest = z
  .object({
    /** For ambiguous entries: the chosen candidate, or null to leave it out. Unlisted ones are left out. */
    choices: z
      .array(z.object({ position: z.number().int().min(0).max(1_000_000), title_id: z.string().min(1).max(64).nullable() }).strict())
      .max(50_000, 'Too many choices')
      .default([]),
  })
  .strict();
export type ConfirmImportRequest = z.input<typeof ConfirmImportRequest>;

export const ImportListResponse = z.object({ imports: z.array(ImportSummary) });
export type ImportListResponse = z.infer<typeof ImportListResponse>;

export const WatchlistItem = TitleCard.extend({
  added_at: z.string(),
  /** It streams on one of the user's services in their country. */
  on_your_services: z.boolean(),
  /** Added by an import (its id), or null when saved in the app. */
  import_id: z.string().nullable(),
});
export type WatchlistItem = z.infer<typeof WatchlistItem>;

export const WatchlistResponse = z.object({ items: z.array(WatchlistItem), total: z.number().int() });
export type WatchlistResponse = z.infer<typeof WatchlistResponse>;

export const AddToWatchlistRequest = z.object({ title_id: z.string().trim().min(1, 'title_id is required').max(64) }).strict();
export type AddToWatchlistRequest = z.input<typeof AddToWatchlistRequest>;

export const WatchlistChange = z.object({ message: z.string(), title_id: z.string(), saved: z.boolean() });
export type WatchlistChange = z.infer<typeof WatchlistChange>;

/** PATCH /api/recommendations/history/:id: change or clear the rating, mark or unmark watched. */
export const HistoryEditRequest = z
  .object({
    rating: z.boolean().nullable().optional(),
    watched: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.rating !== undefined || b.watched !== undefined, { message: 'Send rating, watched or both' });
export type HistoryEditRequest = z.input<typeof HistoryEditRequest>;
