// Kysely only: households, their invites, together picks and their ratings.
import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';
import type { HouseholdInvitesTable, HouseholdsTable, TogetherPicksTable, TogetherRatingsTable } from '../../db/schema.js';

type Queryable = DB | Tx;
export type HouseholdRow = Selectable<HouseholdsTable>;
export type InviteRow = Selectable<HouseholdInvitesTable>;
export type TogetherPickRow = Selectable<TogetherPicksTable>;
export type TogetherRatingRow = Selectable<TogetherRatingsTable>;

/** The household the user is in (as the inviter or the partner), if any. */
export function householdOf(db: Queryable, userId: string): Promise<HouseholdRow | undefined> {
  return db
    .selectFrom('households')
    .selectAll()
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('partner_id', '=', userId)]))
    .executeTakeFirst();
}

export function insertHousehold(tx: Tx, row: Insertable<HouseholdsTable>): Promise<HouseholdRow> {
  return tx.insertInto('households').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Dissolves the household: its together picks and their ratings go with it (cascade). */
export async function deleteHousehold(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('together_ratings').where('pick_id', 'in', tx.selectFrom('together_picks').select('id').where('household_id', '=', id)).execute();
  await tx.deleteFrom('together_picks').where('household_id', '=', id).execute();
  await tx.deleteFrom('households').where('id', '=', id).execute();
}

/** The user's invite still waiting for an answer (pending and not expired). */
export function pendingInviteFrom(db: Queryable, inviterId: string, now: Date): Promise<InviteRow | undefined> {
  return db
    .selectFrom('household_invites')
    .selectAll()
    .where('inviter_id', '=', inviterId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export function insertInvite(tx: Tx, row: Insertable<HouseholdInvitesTable>): Promise<InviteRow> {
  return tx.insertInto('household_invites').values(row).returningAll().executeTakeFirstOrThrow();
}

export function inviteByHash(db: Queryable, tokenHash: string): Promise<InviteRow | undefined> {
  return db.selectFrom('household_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Closes a pending invite (accepted or revoked); false when it was no longer pending. */
export async function closeInvite(tx: Tx, id: string, status: 'accepted' | 'revoked', now: Date): Promise<boolean> {
  const r = await tx
    .updateTable('household_invites')
    .set({ status, closed_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Revokes every pending invite the user sent. */
export async function revokeInvitesFrom(tx: Tx, inviterId: string, now: Date): Promise<void> {
  await tx.updateTable('household_invites').set({ status: 'revoked', closed_at: now.toISOString() }).where('inviter_id', '=', inviterId).where('status', '=', 'pending').execute();
}

export function insertTogetherPick(tx: Tx, row: Insertable<TogetherPicksTable>): Promise<TogetherPickRow> {
  return tx.insertInto('together_picks').values(row).returningAll().executeTakeFirstOrThrow();
}

export function latestTogetherPick(db: Queryable, householdId: string): Promise<TogetherPickRow | undefined> {
  return db.selectFrom('together_picks').selectAll().where('household_id', '=', householdId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function findTogetherPick(db: Queryable, householdId: string, id: string): Promise<TogetherPickRow | undefined> {
  // No id holds a NUL, and PostgreSQL refuses one in a text value: not found, without asking.
  if (id.includes('\u0000')) return Promise.resolve(undefined);
  return db.selectFrom('together_picks').selectAll().where('household_id', '=', householdId).where('id', '=', id).executeTakeFirst();
}

/** Every title the household was picked together: never picked together again. */
export async function togetherTitleIds(db: Queryable, householdId: string): Promise<string[]> {
  const rows = await db.selectFrom('together_picks').select('title_id').where('household_id', '=', householdId).execute();
  return rows.map((r) => r.title_id);
}

export function ratingsOf(db: Queryable, pickId: string): Promise<TogetherRatingRow[]> {
  return db.selectFrom('together_ratings').selectAll().where('pick_id', '=', pickId).execute();
}

export async function putRating(tx: Tx, row: TogetherRatingRow): Promise<void> {
  await tx
    .insertInto('together_ratings')
    .values(row)
    .onConflict((oc) => oc.columns(['pick_id', 'user_id']).doUpdateSet({ rating: row.rating, rated_at: row.rated_at, recommendation_id: row.recommendation_id }))
    .execute();
}

/** The account's household rows for its data export. */
export async function householdExportRows(db: DB, userId: string, email: string) {
  const [household, sent, received, picks] = await Promise.all([
    householdOf(db, userId),
    db.selectFrom('household_invites').select(['email', 'status', 'created_at', 'expires_at', 'closed_at']).where('inviter_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('household_invites as i')
      .innerJoin('users as u', 'u.id', 'i.inviter_id')
      .select(['u.full_name', 'u.email as inviter_email', 'i.status', 'i.created_at', 'i.expires_at', 'i.closed_at'])
      .where('i.email', '=', email.toLowerCase())
      .orderBy('i.created_at')
      .execute(),
    // Asked by them, then rated by them (and asked by the partner): each half found by its index
    // (together_picks_asked_by_idx, together_ratings_user_idx). One OR across the outer join read
    // every household's picks.
    db
      .selectFrom('together_picks as p')
      .leftJoin('together_ratings as r', (j) => j.onRef('r.pick_id', '=', 'p.id').on('r.user_id', '=', userId))
      .select(['p.title_id', 'p.movie_title', 'p.asked_by', 'p.platform', 'p.reason', 'p.created_at', 'r.rating'])
      .where('p.asked_by', '=', userId)
      .unionAll(
        db
          .selectFrom('together_ratings as r')
          .innerJoin('together_picks as p', 'p.id', 'r.pick_id')
          .select(['p.title_id', 'p.movie_title', 'p.asked_by', 'p.platform', 'p.reason', 'p.created_at', 'r.rating'])
          .where('r.user_id', '=', userId)
          .where('p.asked_by', '<>', userId),
      )
      .orderBy('created_at')
      .execute(),
  ]);
  return { household, sent, received, picks };
}

/** Account deletion: the user's household dissolves (the foreign keys would cascade too; named here so the order is ours). */
export async function dissolveHouseholdOf(tx: Tx, userId: string): Promise<void> {
  const household = await householdOf(tx, userId);
  if (household) await deleteHousehold(tx, household.id);
}

/** Account deletion: the invites sent to the address (the ones it sent go with the user row). */
export async function deleteInvitesTo(tx: Tx, email: string): Promise<void> {
  await tx.deleteFrom('household_invites').where('email', '=', email.toLowerCase()).execute();
}
