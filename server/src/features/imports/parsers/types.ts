// What every history-file parser returns: one entry per title the file names, whatever the
// format. Episodes are already collapsed to their show and repeated rows merged per title.
import type { ImportSource } from '@app/shared';

export interface ImportedEntry {
  /** The title as the file writes it (a Netflix episode row gives its show's name). */
  name: string;
  /** The title's original name when the file gives it besides a localised one (IMDb's Original Title). */
  originalName?: string | null;
  /** null when the file gives none (Netflix). */
  year: number | null;
  /** Minutes, where the file gives them (IMDb's Runtime (mins)): a short never matches a feature. */
  runtime?: number | null;
  /** The file calls it a short film (IMDb's title type short or tvShort). */
  short?: boolean;
  /** null when the file does not say (Netflix rows that are not episodes): the matcher tries both. */
  kind: 'movie' | 'series' | null;
  /** With kind null: the kind the file mostly holds (Letterboxd: films), tried first; the other only when it finds nothing. */
  likelyKind?: 'movie' | 'series';
  imdbId: string | null;
  tmdbId: number | null;
  /** Our own catalog id: only our export (tonights-pick.ts) gives one. */
  titleId?: string | null;
  /** The file's own rating as written, with its scale: "4.5/5", "8/10"; null when unrated. */
  sourceRating: string | null;
  /** By the source's thresholds: true like, false dislike, null neither. */
  liked: boolean | null;
  watched: boolean;
  /** On the file's watchlist and never watched. */
  watchlist: boolean;
  /** The latest date the file gives for this title (rated, watched or added), YYYY-MM-DD. */
  happenedAt: string | null;
  /** 1-based line (or JSON item index) where the title first appears, for messages. */
  line: number;
}

export interface ParsedImport {
  source: ImportSource;
  entries: ImportedEntry[];
  /** Data rows read across every file (before merging). */
  rowsRead: number;
}

/** A file we cannot read: the message names the file and, where known, the line. Answers 400/422. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}
