// A recommendation row plus its catalog title, as the shared contract's Recommendation.
import type { Mood, PickNotice, Recommendation, SubscriptionWarning } from '@app/shared';
import { HISTORY_ORIGINS, MOOD_VALUES, isSyncOrigin, type SyncOrigin } from '@app/shared';
import type { CatalogStore, TitleDisplay, TitleText } from '../../catalog/catalog.store.js';
import { userLocale } from '../../i18n/messages.js';
import type { Factor } from '../../engine/index.js';
import { posterUrl } from '../../catalog/urls.js';
import type { OwnCopy } from '../../catalog/where-to-watch.js';
import type { RecommendationRow } from '../history/history.repository.js';
import { viewerOf } from '../users/user-fields.js';
import type { UserRow } from '../users/users.repository.js';

const MOODS = new Set<string>(MOOD_VALUES);
const STATUSES = new Set(['active', 'watched', 'skipped']);
const ORIGINS = new Set<string>(HISTORY_ORIGINS);

/** Where a connected app or the extension saw it watched: the row's own note, or its origin when a source wrote it. */
function watchedOn(row: { status: string; origin: string; watched_on?: string | null }): SyncOrigin | null {
  if (row.status !== 'watched') return null;
  const on = row.watched_on ?? row.origin;
  return isSyncOrigin(on) ? on : null;
}

/** The engine's notices of a pick as the row stores them (JSON), null for none. */
export function noticesOf(factors: readonly Factor[]): string | null {
  const notices: PickNotice[] = [];
  for (const f of factors) {
    if (f.kind === 'mood_unmet') notices.push({ code: 'mood_unmet', mood: f.mood, nearest_mood: f.nearest });
    if (f.kind === 'low_fit') notices.push({ code: 'low_fit', mood: null, nearest_mood: null });
  }
  return notices.length > 0 ? JSON.stringify(notices) : null;
}

const moodOrNull = (m: unknown): Mood | null => (typeof m === 'string' && MOODS.has(m) ? (m as Mood) : null);

/** The stored notices; anything the contract does not know (a hand-edited row) is left out. */
function readNotices(stored: string | null | undefined): PickNotice[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .slice(0, 4)
    .filter((n): n is Record<string, unknown> => typeof n === 'object' && n !== null && (n.code === 'mood_unmet' || n.code === 'low_fit'))
    .map((n) => ({ code: n.code as PickNotice['code'], mood: moodOrNull(n.mood), nearest_mood: moodOrNull(n.nearest_mood) }));
}

/** What a card shows when the title left the catalog after it was issued (history keeps it). */
function missingTitle(row: Pick<RecommendationRow, 'title_id' | 'movie_title' | 'platform'>, country: string | null): TitleDisplay {
  return {
    title_id: row.title_id,
    kind: 'movie',
    movie_title: row.movie_title,
    original_title: null,
    movie_description: '',
    year: 0,
    end_year: null,
    genre: '',
    genres: [],
    language: '',
    runtime: null,
    seasons: null,
    rotten_tomatoes: null,
    imdb_rating: null,
    tmdb_rating: null,
    platform: row.platform,
    region: country,
    where_to_watch: [],
    platform_logo_url: null,
    poster_url: posterUrl(row.title_id),
    poster_fallback_url: posterUrl(row.title_id),
    trailer_url: null,
    director: null,
    cast: [],
    watch_url: null,
  };
}

export function presentRecommendation(
  // A together pick's card is built from its own row, which has no notices.
  row: Omit<RecommendationRow, 'notices' | 'watched_on'> & { notices?: string | null; watched_on?: string | null },
  display: TitleDisplay | null,
  warning: SubscriptionWarning | null,
  country: string | null = null,
  saved = false,
): Recommendation {
  const rating = row.user_rating === null ? null : Number(row.user_rating) === 1;
  // Object.assign rather than a spread followed by more fields: V8 builds that literal property
  // by property, 20 us per card here against 2 us (every GET /current presents one).
  return Object.assign({}, display ?? missingTitle(row, country), {
    id: row.id,
    reason: row.reason,
    is_rated: rating !== null,
    user_rating: rating,
    status: (STATUSES.has(row.status) ? row.status : 'skipped') as Recommendation['status'],
    mood: row.mood && MOODS.has(row.mood) ? (row.mood as Mood) : null,
    created_at: row.created_at,
    origin: ORIGINS.has(row.origin) ? (row.origin as Recommendation['origin']) : 'pick',
    watched_on: watchedOn(row),
    saved,
    notices: readNotices(row.notices),
    subscription_warning: warning,
  } satisfies Omit<Recommendation, keyof TitleDisplay>);
}

/**
 * A row as the card the user sees. `saved`: the title is on the user's watchlist (callers ask the
 * watchlist once per request); `descriptions`: a page's descriptions, read in one query
 * (otherwise this card's own); `own`: the user's copies of it on their media servers (own-library.ts).
 */
export async function present(
  catalog: CatalogStore,
  row: RecommendationRow,
  warning: SubscriptionWarning | null,
  user: UserRow,
  saved = false,
  descriptions?: ReadonlyMap<string, string | TitleText>,
  own: readonly OwnCopy[] = [],
): Promise<Recommendation> {
  const title = await catalog.title(row.title_id);
  const viewer = viewerOf(user);
  // The title's name and overview in the viewer's language (English where none is known).
  const display = title ? catalog.toDisplay(title, descriptions?.get(title.id) ?? (await catalog.text(title.id, userLocale(user))), row.platform, viewer, own) : null;
  return presentRecommendation(row, display, warning, viewer.country, saved);
}
