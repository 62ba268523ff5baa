// The TMDB sync's options, result and the names its steps share (tmdb-sync.ts runs the steps:
// tmdb-sync-queue.ts fills the queue, tmdb-sync-details.ts works through it).
import type { ProgressSink } from './progress.js';
import type { MergeTotals } from './merge.js';

export const SOURCE = 'tmdb';
export type Kind = 'movie' | 'tv';
export const KINDS: Kind[] = ['movie', 'tv'];
export const DAY_MS = 86_400_000;

export const META_KEYS = {
  discover: 'tmdb_discover_cursor',
  fullSyncAt: 'tmdb_full_sync_at',
  lastSyncDate: 'tmdb_last_sync_date',
} as const;

export interface TmdbSyncOptions {
  regions: string[];
  languages: string[];
  maxTitles: number;
  /** Titles merged per transaction. */
  batchSize?: number;
  /** Tries per title across runs before it is left as failed. */
  maxAttempts?: number;
  /** Titles whose offers are re-fetched per run, oldest first (default: 200, or 1/20 of the catalog). */
  refreshPerRun?: number;
  /** TMDB offers not confirmed for this many days are deleted. */
  offerMaxAgeDays?: number;
  /** Stops at the next batch boundary. */
  signal?: AbortSignal;
  now?: () => Date;
  /** Progress bar / log lines (default: none). */
  out?: ProgressSink;
  /** Called after each merged batch with the titles done and those queued when details began (tests use it to stop a run half-way; /metrics shows it). */
  onBatch?: (done: number, queued: number) => void;
}

export interface TmdbSyncResult {
  mode: 'full' | 'incremental';
  /** Merge totals; `invalid` includes titles whose details could not be fetched. */
  totals: MergeTotals;
  queued: number;
  processed: number;
  failed: number;
  expiredOffers: number;
  requests: number;
  stopped: boolean;
  /** The whole queue is done (a full sync finished, or an incremental one). */
  complete: boolean;
}

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
