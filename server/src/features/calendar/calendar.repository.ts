// Queries for the calendar connection: pending authorisations and the user's calendar columns.
import type { Selectable } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { CalendarOauthStatesTable } from '../../db/schema.js';
import type { UserRow } from '../users/users.repository.js';

export type PendingStateRow = Selectable<CalendarOauthStatesTable>;

export async function insertPendingState(db: DB, row: PendingStateRow): Promise<void> {
  await db.insertInto('calendar_oauth_states').values(row).execute();
}

export async function deleteExpiredStates(db: DB, now: Date): Promise<void> {
  await db.deleteFrom('calendar_oauth_states').where('expires_at', '<=', now.toISOString()).execute();
}

/**
 * Takes a pending state out, atomically: of two requests with the same state only one gets the
 * row. Only the user it was issued to can take it, so someone else's attempt cannot burn it.
 */
export function takePendingState(db: DB, stateHash: string, userId: string): Promise<PendingStateRow | undefined> {
  return db
    .deleteFrom('calendar_oauth_states')
    .where('state_hash', '=', stateHash)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Keeps a user's newest pending attempts (a few open tabs), so repeated clicks cannot pile rows up. */
export async function trimUserStates(db: DB, userId: string, keep: number): Promise<void> {
  const newest = db.selectFrom('calendar_oauth_states').select('state_hash').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('state_hash').limit(keep);
  await db.deleteFrom('calendar_oauth_states').where('user_id', '=', userId).where('state_hash', 'not in', newest).execute();
}

export async function deleteUserStates(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('calendar_oauth_states').where('user_id', '=', userId).execute();
}

export function saveConnection(db: DB, userId: string, c: { sealedToken: string; accountEmail: string | null }, now: Date): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({
      calendar_refresh_token: c.sealedToken,
      calendar_account_email: c.accountEmail,
      calendar_enabled: 1,
      calendar_needs_reconnect: 0,
      updated_at: now.toISOString(),
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Forgets the connection the user chose to end. */
export function clearConnection(db: DB, userId: string, now: Date): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ calendar_refresh_token: null, calendar_account_email: null, calendar_enabled: 0, calendar_needs_reconnect: 0, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Drops a token Google no longer accepts and flags the reconnect. Only if the row still holds
 * that token: a reconnect that happened meanwhile keeps its new token.
 */
export async function markNeedsReconnect(db: DB, userId: string, sealedToken: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ calendar_refresh_token: null, calendar_enabled: 0, calendar_needs_reconnect: 1, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('calendar_refresh_token', '=', sealedToken)
    .execute();
}

/** Re-seals a token under the current key (finishing a key rotation), if it is unchanged. */
export async function replaceSealedToken(db: DB, userId: string, from: string, to: string): Promise<void> {
  await db.updateTable('users').set({ calendar_refresh_token: to }).where('id', '=', userId).where('calendar_refresh_token', '=', from).execute();
}

/** Only a connected calendar can be switched; undefined when the row has no token (any more). */
export function setCalendarEnabled(db: DB, userId: string, enabled: boolean, now: Date): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ calendar_enabled: enabled ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('calendar_refresh_token', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}
