// A recommendation row plus its catalog title, as the shared contract's Recommendation.
import type { Mood, Recommendation, SubscriptionWarning } from '@app/shared';
import { MOOD_VALUES } from '@app/shared';
import type { TitleDisplay } from '../../catalog/catalog.store.js';
import { posterUrl } from '../../catalog/urls.js';
import type { RecommendationRow } from './recommendations.repository.js';

const MOODS = new Set<string>(MOOD_VALUES);
const STATUSES = new Set(['active', 'watched', 'skipped']);

/** What a card shows when the title left the catalog after it was issued (history keeps it). */
function missingTitle(row: RecommendationRow, country: string | null): TitleDisplay {
  return {
    title_id: row.title_id,
    kind: 'movie',
    movie_title: row.movie_title,
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
  row: RecommendationRow,
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
    origin: row.origin === 'import' || row.origin === 'badge' || row.origin === 'together' ? (row.origin as 'import' | 'badge' | 'together') : 'pick',
    saved,
    subscription_warning: warning,
  } satisfies Omit<Recommendation, keyof TitleDisplay>);
}
