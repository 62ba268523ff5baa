// Queries on users, and the conversion of a row into the User of the shared contract.
import { randomUUID } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { User } from '@app/shared';
import { SCHEDULE_DEFAULTS, DEFAULT_TIMEZONE, DELIVERY_CHANNELS, isLocale } from '@app/shared';
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';
import type { UsersTable } from '../../db/schema.js';
import { allColumns } from '../../db/columns.js';
import { exclusionsOf, maxAgeRatingOf, parseList, tonightOf } from './user-fields.js';
import { keepSchedule, touchesSchedule } from './delivery-schedule.repository.js';

export type UserRow = Selectable<UsersTable>;

/**
 * Every column of users, for the session's read on every signed-in request (db/columns.ts: a faster
 * row than `users.*`). Only in reads compiled once (db/compiled-query.ts): Kysely parses each name
 * of the list whenever a query is built.
 */
export const USER_COLUMNS = allColumns<UsersTable>()([
  'id',
  'email',
  'password_hash',
  'full_name',
  'email_verified',
  'google_sub',
  'is_onboarded',
  'subscription_tier',
  'subscription_end_date',
  'calendar_refresh_token',
  'calendar_account_email',
  'calendar_enabled',
  'calendar_needs_reconnect',
  'selected_days',
  'recommendation_frequency',
  'recommendation_day',
  'recommendation_time',
  'timezone',
  'country',
  'ott_subscriptions',
  'preferred_languages',
  'selected_genres',
  'email_delivery',
  'delivery_channel',
  'tokens_valid_after',
  'created_at',
  'updated_at',
  'taste_rev',
  'tonight_max_minutes',
  'tonight_kind',
  'tonight_exploration',
  'tonight_finish',
  'exclusions',
  'max_age_rating',
  'ui_language',
]);

type Queryable = DB | Tx;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    email_verified: Boolean(row.email_verified),
    is_onboarded: Boolean(row.is_onboarded),
    subscription_tier: row.subscription_tier as User['subscription_tier'],
    subscription_end_date: row.subscription_end_date,
    calendar_connected: row.calendar_refresh_token !== null,
    calendar_enabled: Boolean(row.calendar_enabled),
    selected_days: parseList<number>(row.selected_days),
    recommendation_frequency: row.recommendation_frequency,
    recommendation_day: row.recommendation_day,
    recommendation_time: row.recommendation_time,
    timezone: row.timezone,
    country: row.country ?? null,
    ott_subscriptions: parseList<string>(row.ott_subscriptions),
    preferred_languages: parseList<string>(row.preferred_languages),
    email_delivery: Boolean(row.email_delivery),
    delivery_channel: DELIVERY_CHANNELS.find((c) => c === row.delivery_channel) ?? 'email',
    has_password: row.password_hash !== null,
    has_google: row.google_sub !== null,
    created_at: row.created_at,
    tonight: tonightOf(row),
    exclusions: exclusionsOf(row),
    max_age_rating: maxAgeRatingOf(row),
    ui_language: isLocale(row.ui_language) ? row.ui_language : null,
  };
}

export function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserByGoogleSub(db: Queryable, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  fullName: string | null;
  emailVerified: boolean;
  googleSub: string | null;
  /** The browser's zone given at sign-up (already validated); UTC without one. */
  timezone?: string;
  /** The sign-up page's language (one of LOCALES); null without one. */
  uiLanguage?: string;
  now: Date;
}

export async function insertUser(db: Queryable, u: NewUser): Promise<UserRow> {
  const now = u.now.toISOString();
  return db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email: u.email.toLowerCase(),
      password_hash: u.passwordHash,
      full_name: u.fullName,
      email_verified: u.emailVerified ? 1 : 0,
      google_sub: u.googleSub,
      is_onboarded: 0,
      subscription_tier: 'free_trial',
      subscription_end_date: null,
      calendar_refresh_token: null,
      calendar_account_email: null,
      calendar_enabled: 0,
      selected_days: JSON.stringify(SCHEDULE_DEFAULTS.selectedDays),
      recommendation_frequency: null,
      recommendation_day: null,
      recommendation_time: SCHEDULE_DEFAULTS.recommendationTime,
      timezone: u.timezone ?? DEFAULT_TIMEZONE,
      ui_language: u.uiLanguage ?? null,
      ott_subscriptions: '[]',
      preferred_languages: '[]',
      selected_genres: '[]',
      // Scheduled emails stay off until the user turns them on (docs/product-decisions.md).
      email_delivery: 0,
      tokens_valid_after: 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Rewrites the user's next delivery slot too when the patch touches anything it depends on. */
export async function updateUser(db: Queryable, id: string, patch: Updateable<UsersTable>, now: Date): Promise<UserRow> {
  const row = await db
    .updateTable('users')
    .set({ ...patch, updated_at: now.toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (touchesSchedule(patch)) await keepSchedule(db, row, now);
  return row;
}

export async function countUsers(db: Queryable): Promise<number> {
  const r = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
