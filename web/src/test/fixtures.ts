import {
  PublicConfig,
  Recommendation,
  SubscriptionStatus,
  User,
  type PublicConfig as PublicConfigT,
  type Recommendation as RecommendationT,
  type SubscriptionStatus as SubscriptionStatusT,
  type User as UserT,
} from '@app/shared';

export function user(over: Partial<UserT> = {}): UserT {
  return User.parse({
    id: 'u1',
    email: 'viewer@example.test',
    full_name: 'Vera Viewer',
    email_verified: true,
    is_onboarded: true,
    subscription_tier: 'free_trial',
    subscription_end_date: null,
    calendar_connected: false,
    calendar_enabled: false,
    selected_days: [1, 2, 3, 4, 5],
    recommendation_frequency: null,
    recommendation_day: null,
    recommendation_time: '19:00',
    timezone: 'Europe/London',
    country: 'GB',
    ott_subscriptions: ['Netflix'],
    preferred_languages: ['English', 'Korean'],
    email_delivery: true,
    has_password: true,
    has_google: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });
}

export function config(over: Partial<PublicConfigT> = {}): PublicConfigT {
  return PublicConfig.parse({
    google_client_id: null,
    payments_enabled: true,
    free_weekly_limit: 3,
    free_replacements_weekly: 5,
    stats: { platforms: 16, titles: 1480, users: null },
    ...over,
  });
}

export function recommendation(over: Partial<RecommendationT> = {}): RecommendationT {
  return Recommendation.parse({
    id: 'r1',
    title_id: 't1',
    kind: 'movie',
    movie_title: 'Arrival',
    movie_description: 'A linguist is recruited to talk with visitors whose ships hover over the Earth.',
    reason: 'Because you liked Interstellar and enjoy thoughtful science fiction.',
    year: 2016,
    end_year: null,
    genre: 'Science Fiction',
    genres: ['Science Fiction', 'Drama'],
    language: 'English',
    runtime: 116,
    seasons: null,
    rotten_tomatoes: 94,
    imdb_rating: 7.9,
    platform: 'Netflix',
    platform_logo_url: '/api/catalog/platforms/netflix/logo.svg',
    watch_url: 'https://www.netflix.com/search?q=Arrival',
    poster_url: '/api/catalog/titles/t1/poster.svg',
    poster_fallback_url: '/api/catalog/titles/t1/poster.svg',
    trailer_url: null,
    director: 'Denis Villeneuve',
    cast: ['Amy Adams', 'Jeremy Renner'],
    is_rated: false,
    user_rating: null,
    status: 'active',
    mood: null,
    created_at: '2026-01-05T19:00:00.000Z',
    subscription_warning: null,
    ...over,
  });
}

export function subscription(over: Partial<SubscriptionStatusT> = {}): SubscriptionStatusT {
  // A plan without a weekly limit has no counters left to show, as the server answers.
  const uncounted = over.recommendations_limit === null;
  return SubscriptionStatus.parse({
    subscription_tier: 'free_trial',
    is_active: true,
    status: 'Active',
    expiry_reason: null,
    limit_reached: false,
    recommendations_used: 1,
    recommendations_limit: 3,
    week_resets_at: '2026-01-12T00:00:00.000Z',
    subscription_end_date: null,
    payments_enabled: true,
    recommendations_left: uncounted ? null : 2,
    free_replacements_used: 0,
    free_replacements_limit: uncounted ? null : 5,
    free_replacements_left: uncounted ? null : 5,
    ...over,
  });
}
