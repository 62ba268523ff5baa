// The one builder of a history row (a pick, a badge rating, a rated together pick, an imported
// title): every writer names what differs, the rest has one default here.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { HISTORY_ORIGINS } from '@app/shared';
import type { RecommendationsTable } from '../../db/schema.js';

export type HistoryOrigin = (typeof HISTORY_ORIGINS)[number];

export interface HistoryRowInput {
  seq: number;
  titleId: string;
  movieTitle: string;
  status: 'active' | 'watched' | 'skipped';
  /** true liked, false disliked, null (default) not rated. */
  rating?: boolean | null;
  /** When the rating was given; a rated row defaults to createdAt. */
  ratedAt?: string | null;
  mood?: string | null;
  platform?: string | null;
  reason: string;
  score?: number;
  notices?: string | null;
  createdAt: string;
  /** Null for the active pick; a closed row defaults to createdAt. */
  closedAt?: string | null;
  origin: HistoryOrigin;
  importId?: string | null;
}

export function historyRow(userId: string, r: HistoryRowInput): Insertable<RecommendationsTable> {
  const rated = r.rating !== undefined && r.rating !== null;
  return {
    id: randomUUID(),
    user_id: userId,
    seq: r.seq,
    title_id: r.titleId,
    movie_title: r.movieTitle,
    status: r.status,
    user_rating: rated ? (r.rating ? 1 : 0) : null,
    rated_at: r.ratedAt !== undefined ? r.ratedAt : rated ? r.createdAt : null,
    mood: r.mood ?? null,
    platform: r.platform ?? null,
    reason: r.reason,
    // A score the engine could not give a number stays 0 (a NaN is no value in either database).
    score: r.score !== undefined && Number.isFinite(r.score) ? r.score : 0,
    notices: r.notices ?? null,
    created_at: r.createdAt,
    closed_at: r.closedAt !== undefined ? r.closedAt : r.status === 'active' ? null : r.createdAt,
    origin: r.origin,
    import_id: r.importId ?? null,
  };
}
