// The user row's stored fields read into the shapes the features use: the JSON lists (genres,
// languages, services, days), whom a card is for (the viewer), tonight's constraints and "Never
// show me" (toUser, the engine's taste, tonight.service.ts, the cards). Pure, and no query: a
// pick reads the row once (its lock) and every reader takes what it needs from here.
import { MAX_AGE_RATINGS, NO_EXCLUSIONS, type Exclusions, type MaxAgeRating, type TonightConstraints } from '@app/shared';
import type { Viewer } from '../../catalog/catalog.store.js';
import type { UsersTable } from '../../db/schema.js';

export const parseList = <T>(s: string): T[] => {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

type Row<K extends keyof UsersTable> = Pick<UsersTable, K>;

export const userLists = {
  genres: (row: Row<'selected_genres'>) => parseList<string>(row.selected_genres),
  platforms: (row: Row<'ott_subscriptions'>) => parseList<string>(row.ott_subscriptions),
  languages: (row: Row<'preferred_languages'>) => parseList<string>(row.preferred_languages),
  days: (row: Row<'selected_days'>) => parseList<number>(row.selected_days),
};

/** Whom a card is for: where to watch is answered in their country, their services first. */
export function viewerOf(user: Pick<UsersTable, 'country' | 'ott_subscriptions'>): Viewer {
  return { country: user.country ?? null, platforms: userLists.platforms(user) };
}

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

