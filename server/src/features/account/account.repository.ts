// Kysely only: the one transaction that removes an account.
import { sql } from 'kysely';
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
