// The account's data as the user may download it (GET /api/account/export): every row the server
// keeps about them, read in one pass per table with only the columns that are theirs to see.
// Never a secret: no password hash, no token or token hash, no calendar refresh token, no code.
import type { AccountExport } from '@app/shared';
import type { DB } from '../../db/connection.js';
import { userLists } from '../users/user-fields.js';
import { findUserById } from '../users/users.repository.js';
import { parseCounts } from '../imports/imports.present.js';
import { exclusionsOf, maxAgeRatingOf, tonightOf } from '../tonight/tonight.service.js';
import { householdExport } from '../household/household.export.js';
import { importsForExport } from '../imports/imports.repository.js';
import { favouritesForExport } from '../onboarding/onboarding.repository.js';
import { historyForExport } from '../history/history-reads.repository.js';
import { exportRows } from './account.repository.js';

const rating = (v: number | null): 'liked' | 'disliked' | null => (v === 1 ? 'liked' : v === 0 ? 'disliked' : null);

/** The ids that find the title again elsewhere (null: a title no longer in the catalog). */
function titleIds(t: { imdb_id: string | null; tmdb_id: number | null; year: number | null; kind: string | null }) {
  const kind = t.kind === null ? null : t.kind === 'series' ? ('series' as const) : ('movie' as const);
  return {
    imdb_id: t.imdb_id,
    tmdb_id: t.tmdb_id === null ? null : Number(t.tmdb_id),
    tmdb_kind: t.tmdb_id === null || kind === null ? null : kind === 'series' ? ('tv' as const) : ('movie' as const),
    year: t.year === null ? null : Number(t.year),
    kind,
  };
}

/** null when the account does not exist (any more). */
export async function buildAccountExport(db: DB, userId: string, now: Date): Promise<AccountExport | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const [history, favourites, [quota, deliveries, payments, feedback, browsers, analytics, watchlist], imports] = await Promise.all([
    historyForExport(db, userId),
    favouritesForExport(db, userId),
    exportRows(db, userId, user.email),
    importsForExport(db, userId),
  ]);

  const household = await householdExport(db, user);
  const historyOut = history.map((h) => ({
    id: h.id,
    seq: Number(h.seq),
    title_id: h.title_id,
    title: h.movie_title,
    status: h.status,
    rating: rating(h.user_rating === null ? null : Number(h.user_rating)),
    rated_at: h.rated_at,
    mood: h.mood,
    platform: h.platform,
    reason: h.reason,
    created_at: h.created_at,
    closed_at: h.closed_at,
    origin: h.origin === 'import' || h.origin === 'badge' || h.origin === 'together' ? (h.origin as 'import' | 'badge' | 'together') : ('pick' as const),
    import_id: h.import_id,
    ...titleIds(h),
  }));
  return {
    format: 'tonights-pick-account-export',
    version: 1,
    exported_at: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      full_name: user.full_name,
      email_verified: Boolean(user.email_verified),
      has_password: user.password_hash !== null,
      google_linked: user.google_sub !== null,
      subscription_tier: user.subscription_tier as AccountExport['profile']['subscription_tier'],
      subscription_end_date: user.subscription_end_date,
      timezone: user.timezone,
      country: user.country,
      created_at: user.created_at,
      updated_at: user.updated_at,
    },
    preferences: {
      is_onboarded: Boolean(user.is_onboarded),
      selected_genres: userLists.genres(user),
      preferred_languages: userLists.languages(user),
      ott_subscriptions: userLists.platforms(user),
      tonight: tonightOf(user),
      exclusions: exclusionsOf(user),
      max_age_rating: maxAgeRatingOf(user),
    },
    schedule: {
      email_delivery: Boolean(user.email_delivery),
      delivery_channel: user.delivery_channel,
      selected_days: userLists.days(user),
      recommendation_time: user.recommendation_time,
      recommendation_frequency: user.recommendation_frequency,
      recommendation_day: user.recommendation_day === null ? null : Number(user.recommendation_day),
      timezone: user.timezone,
    },
    favourites: favourites.map((f) => ({ title_id: f.title_id, title: f.title ?? null, position: Number(f.position), created_at: f.created_at })),
    history: historyOut,
    ratings: historyOut.flatMap((h) => (h.rating ? [{ title_id: h.title_id, title: h.title, rating: h.rating, rated_at: h.rated_at }] : [])),
    watchlist: watchlist.map((w) => ({ title_id: w.title_id, title: w.title ?? null, added_at: w.added_at, import_id: w.import_id, ...titleIds(w) })),
    weekly_usage: quota.map((q) => ({ week_start: q.week_start, used: Number(q.used), free_replacements: Number(q.free_replacements) })),
    deliveries: deliveries.map((d) => ({
      local_date: d.local_date,
      due_at: d.due_at,
      status: d.status,
      kind: d.kind,
      email_sent_at: d.email_sent_at,
      added_to_calendar: d.calendar_event_id !== null,
      created_at: d.created_at,
      finished_at: d.finished_at,
    })),
    payments: payments.map((p) => ({ ...p, amount: Number(p.amount) })),
    feedback: feedback.map((f) => ({ ...f, rating: Number(f.rating) })),
    connected_browsers: browsers,
    calendar: {
      connected: user.calendar_refresh_token !== null,
      account_email: user.calendar_account_email,
      enabled: user.calendar_refresh_token !== null && Boolean(user.calendar_enabled),
      needs_reconnect: user.calendar_refresh_token === null && Boolean(user.calendar_needs_reconnect),
    },
    analytics_events: analytics,
    household,
    imports: imports.map(({ applied, ...i }) => ({ ...i, rows_read: Number(i.rows_read), unmatched_count: Number(i.unmatched_count), counts: i.confirmed_at ? parseCounts(applied) : null })),
  };
}
