// Kysely only: the one transaction that removes an account, the export's reads of the tables no
// other feature's repository reads for it, and the operator's account list.
import { sql } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';
import { deleteInvitesTo, dissolveHouseholdOf } from '../household/household.repository.js';

/** A LIKE pattern matching `text` literally (with `escape '\'`). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Everything of one account, in the caller's transaction (docs/product-decisions.md, "Your data:
 * export and deletion"). Deleted: the user row and every row of theirs. Kept without the user:
 * payment orders (accounting) and analytics events (counts). Returns the deleted row's email, or
 * null when the account was already gone (a concurrent deletion).
 */
export async function eraseAccountRows(tx: Tx, userId: string, email: string): Promise<string | null> {
  // Kept, but no longer anyone's.
  await tx.updateTable('payment_orders').set({ user_id: null }).where('user_id', '=', userId).execute();
  const mentions = (column: 'path' | 'properties') =>
    sql<boolean>`(${sql.ref(column)} like ${`%${literal(email)}%`} escape '\\' or ${sql.ref(column)} like ${`%${literal(userId)}%`} escape '\\')`;
  await tx.updateTable('analytics_events').set({ properties: null }).where('user_id', '=', userId).where(mentions('properties')).execute();
  await tx.updateTable('analytics_events').set({ path: null }).where('user_id', '=', userId).where(mentions('path')).execute();
  await tx.updateTable('analytics_events').set({ user_id: null }).where('user_id', '=', userId).execute();

  // Rows keyed by the address rather than the id.
  await tx.deleteFrom('feedback').where('email', '=', email).execute();
  await tx.deleteFrom('login_unlock_codes').where('email', '=', email).execute();
  // A pick for two: the household dissolves (its together picks with it; the partner keeps their
  // own history), and invites sent to this address go. Invites the account sent cascade.
  await dissolveHouseholdOf(tx, userId);
  await deleteInvitesTo(tx, email);
  // Rate-limit counters named after the account: buckets end in ":<email>" or ":<id>", or hold
  // ":<email>:" (one per browser). Whole segments only, so nobody else's counter is touched.
  const buckets = [email, userId].flatMap((key) => [
    sql`bucket like ${`%:${literal(key)}`} escape '\\'`,
    sql`bucket like ${`%:${literal(key)}:%`} escape '\\'`,
  ]);
  await tx.deleteFrom('rate_limit_hits').where(sql<boolean>`(${sql.join(buckets, sql` or `)})`).execute();

  // The account's own rows (their foreign keys cascade as well; named here so the order is ours).
  // An import's items first (they belong to the import, not directly to the user).
  await tx.deleteFrom('import_items').where('import_id', 'in', tx.selectFrom('imports').select('id').where('user_id', '=', userId)).execute();
  for (const table of ['imports', 'watchlist', 'deliveries', 'recommendations', 'recommendation_quota', 'user_favourites', 'extension_tokens', 'calendar_oauth_states', 'verification_codes', 'account_deletion_codes'] as const) {
    await tx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
  const gone = await tx.deleteFrom('users').where('id', '=', userId).returning('email').executeTakeFirst();
  return gone?.email ?? null;
}

/** Each account with the latest moments of its own rows but history (npm run admin -- list). */
export function accountsForListing(db: DB) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.email',
      'u.subscription_tier',
      'u.created_at',
      'u.updated_at',
      sql<string | null>`(select max(a.created_at) from analytics_events a where a.user_id = u.id)`.as('last_event'),
      sql<string | null>`(select max(t.last_used_at) from extension_tokens t where t.user_id = u.id)`.as('last_extension'),
    ])
    .orderBy('u.created_at')
    .orderBy('u.email')
    .execute();
}

/**
 * The export's rows of the user's tables that have no reader of their own for it, each in one
 * pass with only the columns that are theirs to see (account.export.ts). Feedback carries no
 * user id: it is the account's when it gave the account's address.
 */
export function exportRows(db: DB, userId: string, email: string) {
  return Promise.all([
    db.selectFrom('recommendation_quota').select(['week_start', 'used', 'free_replacements']).where('user_id', '=', userId).orderBy('week_start').execute(),
    db
      .selectFrom('deliveries')
      .select(['local_date', 'due_at', 'status', 'kind', 'email_sent_at', 'calendar_event_id', 'created_at', 'finished_at'])
      .where('user_id', '=', userId)
      .orderBy('local_date')
      .execute(),
    db
      .selectFrom('payment_orders')
      .select(['id', 'status', 'amount', 'currency', 'created_at', 'paid_at', 'refunded_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('feedback').select(['rating', 'comment', 'email', 'page_url', 'created_at']).where('email', '=', email).orderBy('created_at').execute(),
    db.selectFrom('extension_tokens').select(['browser_name', 'created_at', 'last_used_at', 'revoked_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('analytics_events').select(['name', 'path', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('watchlist as w')
      .leftJoin('titles as t', 't.id', 'w.title_id')
      .select(['w.title_id', 't.title', 'w.added_at', 'w.import_id', 't.imdb_id', 't.tmdb_id', 't.year', 't.kind'])
      .where('w.user_id', '=', userId)
      .orderBy('w.added_at', 'desc')
      .orderBy('w.title_id')
      .execute(),
  ]);
}
