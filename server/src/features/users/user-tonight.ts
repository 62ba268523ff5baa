// Tonight's constraints and "Never show me" as the user row stores them, read into the shared
// contract's shapes (toUser, and tonight.service.ts, which merges them with a pick request).
import { MAX_AGE_RATINGS, NO_EXCLUSIONS, type Exclusions, type MaxAgeRating, type TonightConstraints } from '@app/shared';
import type { UsersTable } from '../../db/schema.js';

export type UserTonightRow = Pick<UsersTable, 'tonight_max_minutes' | 'tonight_kind' | 'tonight_exploration' | 'exclusions' | 'max_age_rating'> & {
  tonight_finish: number;
};

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

export function tonightOf(row: UserTonightRow): TonightConstraints {
  return {
    max_minutes: row.tonight_max_minutes ?? null,
    finish_tonight: Number(row.tonight_finish) === 1,
    kind: row.tonight_kind === 'movie' || row.tonight_kind === 'series' ? row.tonight_kind : null,
    exploration: row.tonight_exploration === null || row.tonight_exploration === undefined ? null : Number(row.tonight_exploration),
  };
}

export function exclusionsOf(row: UserTonightRow): Exclusions {
  if (!row.exclusions) return NO_EXCLUSIONS;
  try {
    const v = JSON.parse(row.exclusions) as Record<string, unknown>;
    return { genres: strings(v.genres), keywords: strings(v.keywords), people: strings(v.people) };
  } catch {
    return NO_EXCLUSIONS;
  }
}

export function maxAgeRatingOf(row: UserTonightRow): MaxAgeRating | null {
  return MAX_AGE_RATINGS.find((r) => r === row.max_age_rating) ?? null;
}

